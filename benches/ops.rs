//! Criterion benchmarks of every op of the registry on every device at hand, at the quick
//! benchmark sizes (they also finish in seconds on llvmpipe and PoCL). Each sample is the device's own time for the calls (GPU
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
use duet::Device;
use duet::bench::Sizes;

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

/// Every benchmark case of the op registry at the quick sizes, the largest of each op and
/// variant: one criterion group per op and size, one function per variant and device. The
/// device calls are the registry's own (`OpFamily::bench_prepare`), as `duet bench` runs them.
fn all(c: &mut Criterion) {
    let devs = devices();
    let picked = duet::conform::registry::largest_per_variant(duet::bench::cases(Sizes::Quick));
    for case in &picked {
        let family = case.family().expect("a registered op");
        let inputs = family.bench_inputs(case);
        let mut g = c.benchmark_group(format!("{}_{}", case.op, case.size_label()));
        for dev in &devs {
            let mut call = family
                .bench_prepare(dev, case, &inputs)
                .expect("inputs upload");
            let id = if case.variant == "-" {
                BenchmarkId::new(case.op.clone(), dev.name())
            } else {
                BenchmarkId::new(case.variant.clone(), dev.name())
            };
            g.bench_function(id, |b| {
                b.iter_custom(|iters| {
                    device_time(dev, iters, || {
                        call.call(dev).expect("the op runs");
                    })
                })
            });
        }
        g.finish();
    }
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
