//! A call's device time against the same work's share of a training loop: where a backend's
//! extra microseconds per call are (issue 13's "wgpu within 15 % of OpenCL" at 64 MiB). For
//! each device named, on one upload of a `rows × cols` row-major matrix:
//!
//! - the read kernel over as many floats, and the logistic gradient, one call at a time (GPU
//!   time of each call, median of `CALLS`);
//! - gradient-ascent training of 1 and of `ITERS` iterations (one call each, many dispatches in
//!   one submission), median of `ROUNDS` rounds each, alternating; the difference over
//!   `ITERS − 1` is what one more iteration costs the device inside a loop, where no per-call
//!   floor (the first dispatch's launch, the timer's window) repeats.
//!
//! ```text
//! cargo run --release --example per_call -- wgpu:0,opencl:1 262143 64 [ITERS]
//! ```
//!
//! Each device warms its clock for ≥ 0.5 s on the gradient first. Output: one line per device,
//! µs.

use std::error::Error;
use std::time::{Duration, Instant};

use duet::{Device, Layout, TrainConfig};

const CALLS: usize = 31;
const ROUNDS: usize = 7;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The device time of `f`, in µs (profiling on).
fn timed(dev: &Device, f: impl FnOnce() -> duet::Result<()>) -> Result<f64, Box<dyn Error>> {
    let _ = dev.take_gpu_time();
    f()?;
    let t = dev.take_gpu_time().ok_or("the device reported no time")?;
    Ok(t.as_secs_f64() * 1e6)
}

fn run(name: &str, rows: usize, cols: usize, iters: u32) -> Result<(), Box<dyn Error>> {
    let dev = duet::open(name)?;
    // Uniform features in [−1, 1) (`data::blobs` costs cols² a row: minutes at 4 096 columns),
    // labels from the first column's sign.
    let n = rows.checked_mul(cols).ok_or("ROWS × COLS overflows")?;
    let x = duet::data::uniform(n, -1.0, 1.0, duet::data::DEFAULT_SEED);
    let y: Vec<f32> = (0..rows)
        .map(|r| if x[r * cols] > 0.0 { 1.0 } else { 0.0 })
        .collect();
    let xm = dev.upload_matrix(&x, rows, cols, Layout::RowMajor)?;
    let yl = dev.upload_labels(&y)?;
    let w = dev.upload(&vec![0.01; cols])?;
    let mut grad = dev.zeros(cols)?;
    let v = dev.upload(&x)?;
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(600) {
        dev.logreg_gradient(&xm, &yl, &w, &mut grad)?;
    }
    dev.set_profiling(true);
    let mut read = Vec::new();
    let mut gradient = Vec::new();
    for _ in 0..CALLS {
        read.push(timed(&dev, || dev.read_sum(&v).map(|_| ()))?);
        gradient.push(timed(&dev, || {
            dev.logreg_gradient(&xm, &yl, &w, &mut grad).map(|_| ())
        })?);
    }
    let (mut one, mut many) = (Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        for (k, out) in [(1, &mut one), (iters, &mut many)] {
            let mut wt = dev.upload(&vec![0.0; cols])?;
            let cfg = TrainConfig {
                iters: k,
                lr: 1e-6,
                l2: 0.0,
                loglik_every: 0,
            };
            out.push(timed(&dev, || {
                dev.logreg_train(&xm, &yl, &mut wt, &cfg).map(|_| ())
            })?);
        }
    }
    let (one, many) = (median(one), median(many));
    let per_iter = (many - one) / f64::from(iters - 1);
    println!(
        "{name} ({}): {rows}×{cols}: read {:.1}, gradient {:.1}, train 1 iteration {:.1}, {iters} iterations {:.1}: {:.2} an iteration",
        dev.info().device,
        median(read),
        median(gradient),
        one,
        many,
        per_iter
    );
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        return Err("usage: per_call DEVICES ROWS COLS [ITERS]".into());
    }
    let rows: usize = args[1]
        .parse()
        .map_err(|e| format!("ROWS {}: {e}", args[1]))?;
    let cols: usize = args[2]
        .parse()
        .map_err(|e| format!("COLS {}: {e}", args[2]))?;
    let iters: u32 = match args.get(3) {
        Some(s) => s.parse().map_err(|e| format!("ITERS {s}: {e}"))?,
        None => 201,
    };
    if rows == 0 || cols == 0 {
        return Err(format!("ROWS and COLS must be at least 1 (got {rows} × {cols})").into());
    }
    if iters < 2 {
        return Err(format!("ITERS must be at least 2 (got {iters})").into());
    }
    for name in args[0].split(',') {
        if let Err(e) = run(name, rows, cols, iters) {
            eprintln!("{name}: {e}");
        }
    }
    Ok(())
}
