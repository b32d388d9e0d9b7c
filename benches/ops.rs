//! Criterion benchmarks of every op on every device at hand, at sizes that also finish in
//! seconds on llvmpipe and PoCL. Each sample is the device's own time for the calls (GPU
//! timestamps on wgpu, profiling events on OpenCL; wall time where a device has neither, as on
//! the CPU reference), read through `Device::take_gpu_time`.
//!
//! ```text
//! cargo bench --bench ops                       # every device
//! DUET_DEVICES=wgpu:0,opencl:1 cargo bench --bench ops -- rbf
//! ```
//!
//! `duet bench` measures the same ops at full sizes with the read bound beside them; these
//! benches are for tracking changes with criterion's statistics.

// A benchmark stops at a failed setup step: the panic message says which.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion};
use duet::{Device, Layout, LogregStrategy, RbfArgs, RbfVariant, TrainConfig};

/// The devices to benchmark: `DUET_DEVICES` (comma separated) or every device found.
fn devices() -> Vec<Device> {
    let wanted: Option<Vec<String>> = std::env::var("DUET_DEVICES")
        .ok()
        .map(|s| s.split(',').map(|d| d.trim().to_string()).collect());
    let list = duet::devices();
    for (backend, why) in &list.unavailable {
        eprintln!("benches: {backend:?} not available: {why}");
    }
    list.devices
        .iter()
        .filter(|d| wanted.as_ref().is_none_or(|w| w.contains(&d.name)))
        .filter_map(|d| match duet::open(&d.name) {
            Ok(dev) => Some(dev),
            Err(e) => {
                eprintln!("benches: skipping {}: {e}", d.name);
                None
            }
        })
        .collect()
}

/// Runs `call` `iters` times and returns the device time it took (wall time when the device
/// has no timer). `call` must finish its work before returning.
fn device_time(dev: &Device, iters: u64, mut call: impl FnMut()) -> Duration {
    dev.set_profiling(true);
    let _ = dev.take_gpu_time();
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        let start = Instant::now();
        call();
        let wall = start.elapsed();
        total += dev.take_gpu_time().unwrap_or(wall);
    }
    dev.set_profiling(false);
    total
}

fn reductions(c: &mut Criterion, devs: &[Device]) {
    let n = 1 << 20;
    let x = duet::data::uniform(n, -1.0, 1.0, 1);
    let mut g = c.benchmark_group("reduce_2^20");
    for dev in devs {
        let v = dev.upload(&x).expect("upload");
        g.bench_function(BenchmarkId::new("read", dev.name()), |b| {
            b.iter_custom(|iters| {
                device_time(dev, iters, || {
                    dev.read_sum(&v).expect("read");
                })
            })
        });
        g.bench_function(BenchmarkId::new("argmin", dev.name()), |b| {
            b.iter_custom(|iters| {
                device_time(dev, iters, || {
                    dev.argmin(&v).expect("argmin");
                })
            })
        });
        g.bench_function(BenchmarkId::new("argmax", dev.name()), |b| {
            b.iter_custom(|iters| {
                device_time(dev, iters, || {
                    dev.argmax(&v).expect("argmax");
                })
            })
        });
    }
    g.finish();
}

fn rbf(c: &mut Criterion, devs: &[Device]) {
    let (n, d) = (1 << 12, 256);
    let x = duet::data::normal(n * d, 2);
    let args = RbfArgs {
        hi: n - 1,
        lo: n / 2,
        gamma: 0.5 / d as f32,
    };
    let mut g = c.benchmark_group("rbf_2^12x256");
    for dev in devs {
        for v in RbfVariant::ALL {
            let m = dev.upload_matrix(&x, n, d, v.layout()).expect("upload");
            let mut hi = dev.zeros(n).expect("zeros");
            let mut lo = dev.zeros(n).expect("zeros");
            g.bench_function(BenchmarkId::new(v.to_string(), dev.name()), |b| {
                b.iter_custom(|iters| {
                    device_time(dev, iters, || {
                        dev.rbf_rows_variant(&m, args, v, &mut hi, &mut lo)
                            .expect("rbf");
                        dev.finish().expect("finish");
                    })
                })
            });
        }
    }
    g.finish();
}

fn logreg(c: &mut Criterion, devs: &[Device]) {
    let (n, k) = (1 << 12, 64);
    let data = duet::data::blobs(n, k, duet::data::DEFAULT_SEED);
    let mut g = c.benchmark_group("logreg_gradient_2^12x64");
    for dev in devs {
        let x = dev
            .upload_matrix(&data.x, n, k, Layout::RowMajor)
            .expect("upload");
        let y = dev.upload_labels(&data.y).expect("upload");
        let w = dev.zeros(k).expect("zeros");
        let mut grad = dev.zeros(k).expect("zeros");
        for s in LogregStrategy::ALL {
            g.bench_function(BenchmarkId::new(s.to_string(), dev.name()), |b| {
                b.iter_custom(|iters| {
                    device_time(dev, iters, || {
                        dev.logreg_gradient_with(&x, &y, &w, &mut grad, s)
                            .expect("gradient");
                    })
                })
            });
        }
    }
    g.finish();

    // The seed's problem, 100 iterations per sample.
    let (n, k) = (2048, 8);
    let data = duet::data::blobs(n, k, duet::data::DEFAULT_SEED);
    let cfg = TrainConfig {
        iters: 100,
        lr: 2e-4,
        l2: 0.0,
        loglik_every: 0,
    };
    let mut g = c.benchmark_group("logreg_train_2048x8x100");
    for dev in devs {
        let x = dev
            .upload_matrix(&data.x, n, k, Layout::RowMajor)
            .expect("upload");
        let y = dev.upload_labels(&data.y).expect("upload");
        let mut w = dev.zeros(k).expect("zeros");
        for s in LogregStrategy::ALL {
            g.bench_function(BenchmarkId::new(s.to_string(), dev.name()), |b| {
                b.iter_custom(|iters| {
                    device_time(dev, iters, || {
                        dev.logreg_train_with(&x, &y, &mut w, &cfg, s)
                            .expect("train");
                    })
                })
            });
        }
    }
    g.finish();
}

fn all(c: &mut Criterion) {
    let devs = devices();
    reductions(c, &devs);
    rbf(c, &devs);
    logreg(c, &devs);
}

fn main() {
    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        // Criterion's plots need system fonts that minimal machines lack; `duet bench --plot`
        // draws the plots.
        .without_plots()
        .configure_from_args();
    all(&mut c);
    c.final_summary();
}
