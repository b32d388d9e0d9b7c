//! `duet train logreg`: logistic regression by gradient ascent on a device, with progress.

use std::path::PathBuf;
use std::time::Instant;

use duet::{Layout, LogregStrategy, TrainConfig};

use super::CliResult;

/// Options of `duet train logreg`.
#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// CSV file: one example per line, the last column the 0/1 label (first line: see --header).
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
    /// Whether the CSV's first line is a header: yes, no, or auto (a header only when none of
    /// its cells is a number).
    #[arg(long, default_value = "auto")]
    pub header: String,
    /// Override a kernel parameter, NAME=VALUE (repeatable; see duet_core::KernelParams; tuned
    /// entries that would change it are not used), e.g. --param logreg_max_groups=264.
    #[arg(long = "param")]
    pub params: Vec<String>,
}

/// A log-likelihood this many times its value at w = 0 (more negative) means the steps diverge:
/// gradient ascent with a step small enough to be stable never falls below where it started.
const DIVERGED_FACTOR: f64 = 4.0;

/// Trains and prints the weights, log-likelihood and accuracy.
pub fn main(args: &Args) -> CliResult<()> {
    // The settings first, before any data is read: the value checks name the option.
    duet::ops::logreg::validate_train(&TrainConfig {
        iters: args.iters,
        lr: args.lr,
        l2: args.l2,
        loglik_every: 0,
    })
    .map_err(super::as_option)?;
    if !(args.lr * args.l2).is_finite() {
        return Err(format!(
            "--lr {} --l2 {}: their product (the weight decay per step) overflows f32",
            args.lr, args.l2
        )
        .into());
    }
    let header: duet::data::Header = args.header.parse().map_err(super::as_option)?;
    let opts = super::param_options(&args.params)?;
    let ds = match &args.data {
        Some(p) => {
            let csv = duet::data::read_csv_with(p, header)?;
            if let Some((line, text)) = &csv.header {
                eprintln!("{}: line {line} taken as the header: {text}", p.display());
            }
            csv.data
        }
        None => duet::data::blobs(
            duet::data::SEED_ROWS,
            duet::data::SEED_COLS,
            duet::data::DEFAULT_SEED,
        ),
    };
    let dev = duet::open_with(&args.device, &opts)?;
    let strategy = match &args.strategy {
        Some(s) => s.parse::<LogregStrategy>().map_err(super::as_option)?,
        None => LogregStrategy::for_shape(ds.rows, ds.cols),
    };
    outln!(
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
    // The log-likelihood at w = 0 is −n·ln 2; gradient ascent with a stable step only raises it.
    let start_loglik = -(ds.rows as f64) * std::f64::consts::LN_2;
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
        if !loglik.is_finite() || loglik < start_loglik * DIVERGED_FACTOR {
            bar.finish_and_clear();
            return Err(format!(
                "training diverged by iteration {done}: log-likelihood {loglik:.6e} (at w = 0 it \
                 is {start_loglik:.6e}); lower --lr (now {}){}",
                args.lr,
                if args.l2 > 0.0 { " or --l2" } else { "" }
            )
            .into());
        }
        let rate = done as f64 / start.elapsed().as_secs_f64();
        bar.set_message(format!("log-likelihood {loglik:.4}  {rate:.0} it/s"));
        bar.set_position(done as u64);
    }
    bar.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    let weights = dev.download(&w)?;
    if let Some(j) = weights.iter().position(|v| !v.is_finite()) {
        return Err(format!(
            "training diverged by iteration {done}: weight {j} is {}; lower --lr",
            weights[j]
        )
        .into());
    }
    let right =
        ds.x.chunks_exact(ds.cols)
            .zip(&ds.y)
            .filter(|(row, y)| {
                let z: f32 = row.iter().zip(&weights).map(|(a, b)| a * b).sum();
                (z > 0.0) == (**y > 0.5)
            })
            .count();
    outln!("weights: {weights:?}");
    outln!("log-likelihood: {loglik:.6}");
    outln!(
        "training accuracy: {:.2}% ({right} of {})",
        100.0 * right as f64 / ds.rows as f64,
        ds.rows
    );
    outln!(
        "{done} iterations in {elapsed:.3} s: {:.0} iterations/s (wall clock, including {chunks} host syncs for the progress bar)",
        done as f64 / elapsed
    );
    Ok(())
}
