//! `duet train svm` and `duet predict`: C-SVC with an RBF kernel trained and applied on a
//! device, with LIBSVM's files (see the duet-svm crate).

use std::path::{Path, PathBuf};
use std::time::Instant;

use duet::svm::data::{self, Format, LabelledData};
use duet::svm::scale::Scaling;
use duet::svm::{DeviceSolver, Gamma, SvmConfig, SvmModel, SvmStrategy, accuracy, modelfile};

use super::CliResult;

/// Options of `duet train svm`.
#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct TrainArgs {
    /// Training data (LIBSVM sparse text, CSV with the label last, or an IDX image file whose
    /// labels file sits beside it); gzipped files are read as well.
    #[arg(
        long,
        required_unless_present = "synthetic",
        conflicts_with = "synthetic"
    )]
    pub data: Option<PathBuf>,
    /// Instead of --data: POINTS,FEATURES of two Gaussian blobs (duet's seed problem), for
    /// timing the solver at any size.
    #[arg(long)]
    pub synthetic: Option<String>,
    /// Time the device work with the device's timer (synchronises every submission) and
    /// report it with the time per step.
    #[arg(long)]
    pub profile: bool,
    /// libsvm, csv or idx (default: from the file name; `.csv` → csv, `idx` → idx).
    #[arg(long)]
    pub format: Option<String>,
    /// Test data, same format: its accuracy is reported.
    #[arg(long)]
    pub test: Option<PathBuf>,
    /// The box constraint C (> 0).
    #[arg(long, default_value_t = 1.0)]
    pub c: f64,
    /// γ: a number > 0, `scale` (1 / (features · Var X), scikit-learn's) or `auto` (1 /
    /// features, LIBSVM's default).
    #[arg(long, default_value = "scale")]
    pub gamma: String,
    /// Stopping tolerance on the maximal violating pair's gap (LIBSVM's -e).
    #[arg(long, default_value_t = 1e-3)]
    pub eps: f64,
    /// Device solver strategy: working_set (a set of 256 points by default, `--param
    /// smo_ws_q=N` for 64 to 1024; many pair updates per pass over X) or pair (one pair per
    /// step).
    #[arg(long, default_value = "working_set")]
    pub strategy: String,
    /// Override a kernel parameter, NAME=VALUE (repeatable; see duet_core::KernelParams; tuned
    /// entries that would change it are not used),
    /// e.g. --param smo_ws_q=256.
    #[arg(long = "param")]
    pub params: Vec<String>,
    /// Device to train on (cpu runs the f64 reference solver).
    #[arg(long, alias = "backend", default_value = "wgpu:0")]
    pub device: String,
    /// Write the model here (LIBSVM's model format; with --scale, the ranges go to MODEL.range
    /// in svm-scale's format).
    #[arg(long)]
    pub model: Option<PathBuf>,
    /// Scale every feature to LOWER,UPPER from its training range, as svm-scale (e.g. 0,1 or
    /// -1,1); the test data gets the training ranges.
    #[arg(long)]
    pub scale: Option<String>,
    /// Steps allowed per pair of classes (default LIBSVM's max(10⁷, 100·points)).
    #[arg(long)]
    pub max_steps: Option<u64>,
    /// Keep a model whose training hit the step limit (an error otherwise).
    #[arg(long)]
    pub allow_unconverged: bool,
    /// Use only the first N points of the training (and test) data.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Keep only points with these labels (comma separated), e.g. a binary pair of a
    /// multi-class set.
    #[arg(long, value_delimiter = ',')]
    pub classes: Option<Vec<f64>>,
    /// Device memory for the kernel-row cache, MiB (default: a quarter of the device's memory,
    /// at most 1024; at most one binding). `pair` keeps its least recently used rows there;
    /// `working_set` keeps every point's row once computed where the whole kernel matrix fits
    /// (points² × 4 bytes), else only its set's rows.
    #[arg(long)]
    pub cache_mb: Option<u64>,
    /// Device steps per submission between read-backs of the solver state.
    #[arg(long, default_value_t = 256)]
    pub steps_per_check: u32,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Options of `duet predict`.
#[derive(Debug, clap::Args)]
pub struct PredictArgs {
    /// A model file (duet's or LIBSVM's, C-SVC with an RBF kernel).
    #[arg(long)]
    pub model: PathBuf,
    /// Points to predict, with labels (their accuracy is printed).
    #[arg(long)]
    pub data: PathBuf,
    /// libsvm, csv or idx (default: from the file name).
    #[arg(long)]
    pub format: Option<String>,
    /// Write one predicted label per line here (svm-predict's output), atomically.
    #[arg(long)]
    pub output: Option<PathBuf>,
    /// Also write the decision values (one line per point, one value per pair of classes).
    #[arg(long)]
    pub decision_values: bool,
    /// svm-scale range file to apply first (default: MODEL.range when it exists).
    #[arg(long)]
    pub scale_file: Option<PathBuf>,
    /// Device to predict on (cpu: the f64 host version).
    #[arg(long, alias = "backend", default_value = "wgpu:0")]
    pub device: String,
    /// Use only the first N points.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Keep only points with these labels (comma separated), as `train svm --classes`.
    #[arg(long, value_delimiter = ',')]
    pub classes: Option<Vec<f64>>,
}

fn format_of(path: &Path, given: &Option<String>) -> CliResult<Format> {
    match given {
        Some(f) => Ok(f.parse().map_err(super::as_option)?),
        None => Ok(Format::guess(path)),
    }
}

fn load(
    path: &Path,
    format: Format,
    limit: Option<usize>,
    classes: &Option<Vec<f64>>,
) -> CliResult<LabelledData> {
    let mut d = data::read(path, format)?;
    if let Some(keep) = classes {
        d = d.only(keep);
    }
    if let Some(n) = limit {
        d = d.head(n);
    }
    if d.rows == 0 {
        return Err(format!("{}: no points left after --classes/--limit", path.display()).into());
    }
    Ok(d)
}

/// Training needs two distinct labels: a file (or what `--classes` and `--limit` left of it)
/// with one is named here, before a device opens.
fn two_classes(
    d: &LabelledData,
    path: &Path,
    classes: &Option<Vec<f64>>,
    limit: Option<usize>,
) -> CliResult<()> {
    let Some(&first) = d.y.first() else {
        return Ok(());
    };
    if d.y.iter().any(|&l| l != first) {
        return Ok(());
    }
    let mut after = Vec::new();
    if let Some(keep) = classes {
        let keep: Vec<String> = keep.iter().map(f64::to_string).collect();
        after.push(format!("--classes {}", keep.join(",")));
    }
    if let Some(n) = limit {
        after.push(format!("--limit {n}"));
    }
    let after = if after.is_empty() {
        String::new()
    } else {
        format!(" (after {})", after.join(" and "))
    };
    Err(format!(
        "{}: every label is {first}{after}: training needs at least two classes",
        path.display()
    )
    .into())
}

fn range_path(model: &Path) -> PathBuf {
    let mut s = model.as_os_str().to_owned();
    s.push(".range");
    PathBuf::from(s)
}

/// The summary of a training run (`--json`).
#[derive(serde::Serialize)]
struct Summary<'a> {
    device: String,
    points: usize,
    features: usize,
    classes: usize,
    c: f64,
    gamma: f64,
    eps: f64,
    strategy: String,
    train_seconds: f64,
    gpu_seconds: Option<f64>,
    steps: u64,
    /// One per step (`pair`), or the sets `working_set` selected.
    iterations: u64,
    objective: Vec<f64>,
    rho: &'a [f64],
    support_vectors: usize,
    train_accuracy: f64,
    test_accuracy: Option<f64>,
    test_points: Option<usize>,
    predict_seconds: Option<f64>,
}

/// Trains, prints the summary, writes the model.
pub fn train(args: &TrainArgs) -> CliResult<()> {
    let gamma: Gamma = args.gamma.parse().map_err(super::as_option)?;
    let strategy: SvmStrategy = args.strategy.parse().map_err(super::as_option)?;
    let cfg = SvmConfig {
        c: args.c,
        gamma,
        eps: args.eps,
        max_steps: args.max_steps,
        allow_unconverged: args.allow_unconverged,
        strategy,
        steps_per_check: args.steps_per_check,
    };
    cfg.validate().map_err(super::as_option)?;
    if args.limit == Some(0) {
        return Err("--limit 0: must be at least 1".into());
    }
    let scaling_range = match args.scale.as_deref() {
        Some(text) => {
            let v: Vec<Option<f64>> = text.split(',').map(|w| w.trim().parse().ok()).collect();
            match v.as_slice() {
                [Some(lo), Some(hi)] => Some((*lo, *hi)),
                _ => {
                    return Err(
                        format!("--scale {text}: expected LOWER,UPPER, e.g. 0,1 or -1,1").into(),
                    );
                }
            }
        }
        None => None,
    };
    let mut train = match (&args.data, &args.synthetic) {
        (Some(path), _) => load(
            path,
            format_of(path, &args.format)?,
            args.limit,
            &args.classes,
        )?,
        (None, Some(spec)) => synthetic(spec)?,
        (None, None) => return Err("--data FILE or --synthetic POINTS,FEATURES is needed".into()),
    };
    if let Some(path) = &args.data {
        two_classes(&train, path, &args.classes, args.limit)?;
    }
    let mut test = match &args.test {
        Some(p) => Some(load(
            p,
            format_of(p, &args.format)?,
            args.limit,
            &args.classes,
        )?),
        None => None,
    };
    let scaling = match scaling_range {
        Some((lo, hi)) => {
            let s = Scaling::fit(&train.x, train.cols, lo, hi).map_err(super::as_option)?;
            s.apply(&mut train.x, train.cols);
            if let Some(t) = test.as_mut() {
                if t.cols > train.cols {
                    return Err(format!(
                        "{}: {} features, more than the training data's {}",
                        args.test
                            .as_deref()
                            .unwrap_or(Path::new("--test"))
                            .display(),
                        t.cols,
                        train.cols
                    )
                    .into());
                }
                s.apply(&mut t.x, t.cols);
            }
            Some(s)
        }
        None => None,
    };
    let dev = duet::open_with(&args.device, &super::param_options(&args.params)?)?;
    let quiet = args.json;
    if !quiet {
        outln!(
            "training C-SVC (RBF) on {} ({}): {} points × {} features, C {}, γ {}, eps {}, {strategy}",
            dev.name(),
            dev.info().device,
            train.rows,
            train.cols,
            cfg.c,
            cfg.gamma.resolve(&train.x, train.cols),
            cfg.eps
        );
    }
    let bar = indicatif::ProgressBar::new_spinner();
    if quiet {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    dev.set_profiling(args.profile);
    let start = Instant::now();
    let pair_label = std::cell::RefCell::new(String::new());
    if args.cache_mb == Some(0) {
        return Err("--cache-mb 0: the row cache needs at least two rows".into());
    }
    let mut solver = DeviceSolver::new(&dev, cfg.steps_per_check)
        .with_strategy(cfg.strategy)
        .with_cache_bytes(args.cache_mb.map(|m| m << 20))
        .with_progress(|steps, gap| {
            let rate = steps as f64 / start.elapsed().as_secs_f64();
            bar.set_message(format!(
                "{}  step {steps}  gap {gap:.3e}  {rate:.0} steps/s",
                pair_label.borrow()
            ));
            bar.tick();
        });
    let model = duet::svm::train(
        &train.x,
        train.rows,
        train.cols,
        &train.y,
        &cfg,
        &mut solver,
        &mut |p, all, _| *pair_label.borrow_mut() = format!("pair {}/{all}", p + 1),
    );
    drop(solver);
    bar.finish_and_clear();
    let model = model.map_err(super::as_option)?;
    let train_seconds = start.elapsed().as_secs_f64();
    let gpu_seconds = dev.take_gpu_time().map(|d| d.as_secs_f64());
    dev.set_profiling(false);
    let steps: u64 = model.pairs.iter().map(|p| p.steps).sum();
    if let Some(p) = model
        .pairs
        .iter()
        .find(|p| p.stop == duet::svm::Stop::StepLimit)
    {
        eprintln!(
            "warning: classes {} and {} stopped at the step limit ({} steps, gap {:.3e} > eps): the model is not converged",
            model.labels[p.classes.0], model.labels[p.classes.1], p.steps, p.gap
        );
    }
    let train_pred = model.predict_on(&dev, &train.x, train.rows, train.cols)?;
    let train_acc = accuracy(&train_pred, &train.y);
    let (test_acc, predict_seconds) = match &test {
        Some(t) => {
            let s = Instant::now();
            let pred = model.predict_on(&dev, &t.x, t.rows, t.cols)?;
            (Some(accuracy(&pred, &t.y)), Some(s.elapsed().as_secs_f64()))
        }
        None => (None, None),
    };
    if let Some(path) = &args.model {
        modelfile::save(&model, path)?;
        if let Some(s) = &scaling {
            s.save(&range_path(path))?;
        }
    }
    let summary = Summary {
        device: dev.name().to_string(),
        points: train.rows,
        features: train.cols,
        classes: model.nr_class(),
        c: cfg.c,
        gamma: model.gamma,
        eps: cfg.eps,
        strategy: strategy.to_string(),
        train_seconds,
        gpu_seconds,
        steps,
        iterations: model.pairs.iter().map(|p| p.iterations).sum(),
        objective: model.pairs.iter().map(|p| p.obj).collect(),
        rho: &model.rho,
        support_vectors: model.total_sv(),
        train_accuracy: train_acc,
        test_accuracy: test_acc,
        test_points: test.as_ref().map(|t| t.rows),
        predict_seconds,
    };
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&summary)?);
        return Ok(());
    }
    print_summary(&model, &summary)?;
    if let Some(path) = &args.model {
        outln!("model: {}", path.display());
        if scaling.is_some() {
            outln!(
                "scaling ranges: {} (svm-scale -r reads it)",
                range_path(path).display()
            );
        }
    }
    Ok(())
}

fn print_summary(model: &SvmModel, s: &Summary<'_>) -> CliResult<()> {
    let k = model.nr_class();
    if k == 2 {
        outln!("objective: {:.6}   rho: {:.6}", s.objective[0], s.rho[0]);
    } else {
        let total: f64 = s.objective.iter().sum();
        outln!(
            "{k} classes, {} pairs: objectives sum to {total:.6}",
            s.objective.len()
        );
    }
    let bounded: usize = model.pairs.iter().map(|p| p.bounded_sv).sum();
    outln!(
        "support vectors: {} ({} at C in some pair)   steps: {}{}   classes: {:?}",
        s.support_vectors,
        bounded,
        s.steps,
        if s.iterations == s.steps {
            String::new()
        } else {
            format!(" in {} iterations", s.iterations)
        },
        model.labels
    );
    outln!(
        "training accuracy: {:.2}% of {}",
        s.train_accuracy,
        s.points
    );
    if let (Some(a), Some(n)) = (s.test_accuracy, s.test_points) {
        outln!("test accuracy: {a:.2}% of {n}");
    }
    outln!(
        "trained in {:.3} s ({:.0} steps/s, wall clock including uploads)",
        s.train_seconds,
        s.steps as f64 / s.train_seconds
    );
    if let Some(g) = s.gpu_seconds {
        outln!(
            "device time: {g:.3} s, {:.1} µs per step (timer: {})",
            1e6 * g / s.steps.max(1) as f64,
            "the device's own"
        );
    }
    Ok(())
}

/// `--synthetic POINTS,FEATURES`: two Gaussian blobs, labels 0 and 1.
fn synthetic(spec: &str) -> CliResult<LabelledData> {
    let v: Vec<Option<usize>> = spec.split(',').map(|w| w.trim().parse().ok()).collect();
    let (rows, cols) = match v.as_slice() {
        [Some(r), Some(c)] if *r >= 2 && *c >= 1 => (*r, *c),
        _ => {
            return Err(format!(
                "--synthetic {spec}: expected POINTS,FEATURES with at least 2 points and 1 feature"
            )
            .into());
        }
    };
    let d = duet::data::blobs(rows, cols, duet::data::DEFAULT_SEED);
    Ok(LabelledData {
        x: d.x,
        rows,
        cols,
        y: d.y.iter().map(|&v| v as f64).collect(),
    })
}

/// Predicts, prints the accuracy, writes the labels.
pub fn predict(args: &PredictArgs) -> CliResult<()> {
    if args.limit == Some(0) {
        return Err("--limit 0: must be at least 1".into());
    }
    let model = modelfile::load(&args.model)?;
    let format = format_of(&args.data, &args.format)?;
    let mut d = load(&args.data, format, args.limit, &args.classes)?;
    if d.cols > model.cols {
        return Err(format!(
            "{}: {} features, more than the model's {}",
            args.data.display(),
            d.cols,
            model.cols
        )
        .into());
    }
    let range = match &args.scale_file {
        Some(p) => Some(p.clone()),
        None => Some(range_path(&args.model)).filter(|p| p.exists()),
    };
    if let Some(r) = &range {
        let s = Scaling::load(r, model.cols)?;
        s.apply(&mut d.x, d.cols);
        eprintln!("scaled with {}", r.display());
    }
    let dev = duet::open(&args.device)?;
    let start = Instant::now();
    let dec = model.decision_function_on(&dev, &d.x, d.rows, d.cols)?;
    let pred = model.vote(&dec, d.rows);
    let secs = start.elapsed().as_secs_f64();
    if let Some(out) = &args.output {
        let pairs = model.rho.len();
        let mut text = String::new();
        for (t, p) in pred.iter().enumerate() {
            text.push_str(&format!("{p}"));
            if args.decision_values {
                for v in &dec[t * pairs..(t + 1) * pairs] {
                    text.push_str(&format!(" {v}"));
                }
            }
            text.push('\n');
        }
        modelfile::write_atomic(out, text.as_bytes())?;
    }
    let right = pred.iter().zip(&d.y).filter(|(a, b)| a == b).count();
    outln!(
        "Accuracy = {:.4}% ({right}/{}) on {} in {secs:.3} s",
        accuracy(&pred, &d.y),
        d.rows,
        dev.name()
    );
    Ok(())
}
