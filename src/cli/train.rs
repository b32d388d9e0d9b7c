//! `duet train logreg`: logistic regression by gradient ascent on a device, with progress.

use std::path::PathBuf;
use std::time::Instant;

use duet::{Layout, LogregStrategy, TrainConfig};

use super::CliResult;

/// Options of `duet train logreg`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// CSV file: one example per line, the last column the 0/1 label, header optional.
    /// Default: the seed's two Gaussian blobs, 2048 × 8.
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Device to train on (cpu, wgpu:0, opencl:0); `--backend` is an alias.
    #[arg(long, alias = "backend", default_value = "wgpu:0")]
    pub device: String,
    /// Gradient-ascent iterations.
    #[arg(long, default_value_t = 50_000)]
    pub iters: u32,
    /// Learning rate.
    #[arg(long, default_value_t = 2e-4)]
    pub lr: f32,
    /// L2 regularisation λ.
    #[arg(long, default_value_t = 0.0)]
    pub l2: f32,
    /// single_group or multi_group (default: picked from the shape).
    #[arg(long)]
    pub strategy: Option<String>,
}

/// Trains and prints the weights, log-likelihood and accuracy.
pub fn main(args: &Args) -> CliResult<()> {
    let ds = match &args.data {
        Some(p) => duet::data::read_csv(p)?,
        None => duet::data::blobs(
            duet::data::SEED_ROWS,
            duet::data::SEED_COLS,
            duet::data::DEFAULT_SEED,
        ),
    };
    let dev = duet::open(&args.device)?;
    let strategy = match &args.strategy {
        Some(s) => s.parse::<LogregStrategy>()?,
        None => LogregStrategy::for_shape(ds.rows, ds.cols),
    };
    println!(
        "training on {} ({}), {} examples × {} features, {strategy}, {} iterations, lr {}, l2 {}",
        dev.name(),
        dev.info().device,
        ds.rows,
        ds.cols,
        args.iters,
        args.lr,
        args.l2
    );
    let x = dev.upload_matrix(&ds.x, ds.rows, ds.cols, Layout::RowMajor)?;
    let y = dev.upload_labels(&ds.y)?;
    let mut w = dev.zeros(ds.cols)?;
    // Runs in chunks so the bar moves; each chunk is one call with no host round trip inside.
    let chunks = 50u32.min(args.iters).max(1);
    let bar = super::progress(args.iters as u64, "training");
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} [{bar:30}] {pos}/{len} it  {msg}  {elapsed_precise}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    let start = Instant::now();
    let mut done = 0u32;
    let mut loglik = f64::NAN;
    for i in 0..chunks {
        let step = args.iters / chunks + u32::from(i < args.iters % chunks);
        if step == 0 {
            continue;
        }
        let cfg = TrainConfig {
            iters: step,
            lr: args.lr,
            l2: args.l2,
            loglik_every: 0,
        };
        let trace = dev.logreg_train_with(&x, &y, &mut w, &cfg, strategy)?;
        done += step;
        loglik = trace.loglik.last().map_or(f64::NAN, |p| p.1);
        let rate = done as f64 / start.elapsed().as_secs_f64();
        bar.set_message(format!("log-likelihood {loglik:.4}  {rate:.0} it/s"));
        bar.set_position(done as u64);
    }
    bar.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    let weights = dev.download(&w)?;
    let right =
        ds.x.chunks_exact(ds.cols)
            .zip(&ds.y)
            .filter(|(row, y)| {
                let z: f32 = row.iter().zip(&weights).map(|(a, b)| a * b).sum();
                (z > 0.0) == (**y > 0.5)
            })
            .count();
    println!("weights: {weights:?}");
    println!("log-likelihood: {loglik:.6}");
    println!(
        "training accuracy: {:.2}% ({right} of {})",
        100.0 * right as f64 / ds.rows as f64,
        ds.rows
    );
    println!(
        "{done} iterations in {elapsed:.3} s: {:.0} iterations/s (wall clock, including {chunks} host syncs for the progress bar)",
        done as f64 / elapsed
    );
    Ok(())
}
