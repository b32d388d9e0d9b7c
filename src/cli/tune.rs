//! `duet tune`: kernel parameters measured per device and shape bucket, kept in the tuning
//! cache (see `duet::tuner` and `duet::tune`); `--show` lists what the cache holds.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use duet::tune::{TuneMode, TunedOp, cache};
use duet::tuner::{
    Outcome, Search, Shapes, TargetReport, TuneConfig, summarize, targets, tune_target,
};
use duet::{BackendKind, OpenOptions};

use super::{CliResult, output};

/// Options of `duet tune`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Ops to tune (read, argext, rbf, logreg), comma separated; default all.
    #[arg(long, value_delimiter = ',')]
    pub op: Vec<String>,
    #[command(flatten)]
    pub devices: super::DeviceArgs,
    /// quick (6 column counts at 4 MiB and 256 MiB), sweep (the bench's shape sweep: 27
    /// column counts × 4 MiB to 2 GiB), a file of `ROWS COLS` lines, or (with --verify)
    /// entries: the shapes the device's entries were measured on, each in its layout, or
    /// reach: those and the other shapes where each entry is the one a call finds (4 and 16
    /// times its size, and three quarters of its bucket's columns, up to 1 GiB).
    #[arg(long, default_value = "quick")]
    pub shapes: String,
    /// How each op's space is searched: descent (coordinate descent from the defaults, 13–40
    /// candidates per variant, and up to 54 joint moves of the logistic pass; see --no-joint)
    /// or exhaustive (every combination: up to 125).
    #[arg(long, default_value = "descent")]
    pub strategy: String,
    /// Descent without its joint moves (every combination of the logistic pass's rows a step,
    /// pipelining and workgroups around the best point, after each round of one axis at a
    /// time): to compare the two.
    #[arg(long)]
    pub no_joint: bool,
    /// Start the search from the device's table with this parameter changed, NAME=VALUE
    /// (repeatable): the defaults a candidate must beat then are not the device's, so only with
    /// --dry-run (e.g. to see whether the search finds its way back from an older default).
    #[arg(long = "param", requires = "dry_run", conflicts_with_all = ["verify", "import", "show"])]
    pub params: Vec<String>,
    /// Seconds for the whole run (above 0): targets not done by then are listed as such and
    /// get no entry.
    #[arg(long, default_value_t = 1200.0)]
    pub budget: f64,
    /// Timed runs per candidate, at most.
    #[arg(long, default_value_t = 15)]
    pub reps: u32,
    /// A candidate must beat the defaults by more than this many percent.
    #[arg(long, default_value_t = 3.0)]
    pub margin_pct: f64,
    /// The cache directory (default: DUET_CACHE_DIR, else $XDG_CACHE_HOME/duet, else
    /// ~/.cache/duet).
    #[arg(long)]
    pub cache_dir: Option<PathBuf>,
    /// Measure and report, but write nothing to the cache.
    #[arg(long)]
    pub dry_run: bool,
    /// Write the report (every candidate of every target) as JSON.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Do not tune: list the entries of every cache file in the cache directory.
    #[arg(long)]
    pub show: bool,
    /// Do not tune: time, at every shape of --shapes (not one per bucket), the entry the
    /// device would use (cache, then built-in) against the defaults, interleaved on one upload,
    /// and report the gains (the check that tuned is never slower than the defaults).
    #[arg(long)]
    pub verify: bool,
    /// With --verify: also time the entries set aside because the defaults they were measured
    /// against are no longer the device's, as if they were used; `scripts/builtin_db.py
    /// --drop-slower REPORT --stamp REPORT` then drops those that lose and records today's
    /// defaults on those that hold.
    #[arg(long)]
    pub retired: bool,
    /// Do not tune: store the entries of another device's tuning file (same backend, e.g. a
    /// GPU's results on another GPU) for the selected devices, to measure what running one
    /// GPU with another's parameters costs. Entries for other kernels are skipped.
    #[arg(long)]
    pub import: Option<PathBuf>,
}

#[derive(serde::Serialize)]
struct Report<'a> {
    duet_version: &'static str,
    config: TuneConfig,
    shapes: &'a str,
    /// --param: the table the search started from, where it was not the device's.
    params: &'a [String],
    devices: Vec<DeviceReport>,
}

#[derive(serde::Serialize)]
struct DeviceReport {
    device: duet::DeviceInfo,
    cache_file: Option<PathBuf>,
    summary: Option<duet::tuner::Summary>,
    targets: Vec<TargetReport>,
    not_reached: usize,
}

fn cache_dir(args: &Args) -> CliResult<PathBuf> {
    args.cache_dir
        .clone()
        .or_else(cache::cache_dir)
        .ok_or_else(|| "no cache directory: set DUET_CACHE_DIR or HOME, or pass --cache-dir".into())
}

fn ops(args: &Args) -> CliResult<Vec<TunedOp>> {
    let names: Vec<&str> = args
        .op
        .iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect();
    if names.is_empty() {
        return Ok(TunedOp::ALL.to_vec());
    }
    names
        .into_iter()
        .map(|n| TunedOp::parse(n).map_err(super::as_option))
        .collect()
}

/// `--show`: every cache file's entries.
fn show(args: &Args) -> CliResult<bool> {
    let dir = cache_dir(args)?;
    let files = cache::list(&dir);
    if files.is_empty() {
        outln!("no tuning files in {}", dir.display());
        return Ok(true);
    }
    for (path, file) in files {
        match file {
            Err(why) => outln!("{}: not usable ({why})", path.display()),
            Ok(f) => {
                outln!(
                    "{} — {} {} ({}; duet {})",
                    path.display(),
                    f.key.backend,
                    f.key.device,
                    f.key.driver,
                    f.key.duet_version
                );
                outln!(
                    "  {:<7} {:<30} {:<13} {:>10} {:>10} {:>6}  params",
                    "op",
                    "bucket",
                    "variant",
                    "tuned",
                    "default",
                    "gain"
                );
                for e in &f.entries {
                    let params: Vec<String> =
                        e.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
                    outln!(
                        "  {:<7} {:<30} {:<13} {:>10} {:>10} {:>6.2}  {}",
                        e.op.name(),
                        e.bucket.to_string(),
                        e.variant.as_deref().unwrap_or("-"),
                        secs(e.tuned_s),
                        secs(e.default_s),
                        e.default_s / e.tuned_s,
                        params.join(" ")
                    );
                }
            }
        }
    }
    Ok(true)
}

fn secs(s: f64) -> String {
    if !s.is_finite() {
        "-".into()
    } else if s >= 1e-3 {
        format!("{:.3} ms", s * 1e3)
    } else {
        format!("{:.1} µs", s * 1e6)
    }
}

/// One line per target: the defaults, the choice and the gain.
fn line(r: &TargetReport) -> String {
    let t = &r.target;
    let mut s = String::new();
    let _ = write!(
        s,
        "{:<7} {:>9}×{:<5} {:<12}",
        t.op.name(),
        t.rows,
        t.cols,
        t.layout.to_string()
    );
    let rejected = r
        .candidates
        .iter()
        .filter(|c| matches!(c.outcome, Outcome::Rejected { .. }))
        .count();
    let skipped = r
        .candidates
        .iter()
        .filter(|c| matches!(c.outcome, Outcome::Skipped { .. }))
        .count();
    match (r.chosen.map(|i| &r.candidates[i]), r.gain()) {
        (Some(c), Some(g)) => {
            let params: Vec<String> = c.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
            let _ = write!(
                s,
                " {:>10} → {:>10} ×{g:.2} {} {}{}",
                secs(r.default_s.unwrap_or(f64::NAN)),
                secs(r.tuned_s.unwrap_or(f64::NAN)),
                c.variant.as_deref().unwrap_or("-"),
                if c.default {
                    "(defaults kept)".to_string()
                } else {
                    params.join(" ")
                },
                format_args!(
                    " [{} candidates, {rejected} rejected, {skipped} skipped, {:.1} s]",
                    r.candidates.len(),
                    r.seconds
                )
            );
        }
        _ => {
            let _ = write!(
                s,
                " not done: {}",
                r.note.as_deref().unwrap_or("no candidate could be timed")
            );
        }
    }
    s
}

/// `--import`: another device's entries stored under each selected device's key.
fn import(
    args: &Args,
    file: &std::path::Path,
    devices: &[duet::DeviceInfo],
    dir: &std::path::Path,
) -> CliResult<bool> {
    if args.dry_run {
        return Err("--import with --dry-run would do nothing".into());
    }
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("--import {}: cannot read ({e})", file.display()))?;
    let from: cache::TuneFile = serde_json::from_str(&text)
        .map_err(|e| format!("--import {}: not a tuning file ({e})", file.display()))?;
    let mut stored_any = false;
    for info in devices {
        if info.backend.prefix() != from.key.backend {
            outln!(
                "{}: skipped (the file is for {}, this is {})",
                info.name,
                from.key.backend,
                info.backend.prefix()
            );
            continue;
        }
        let Some(dev) = open_untuned(info, "imported")? else {
            continue;
        };
        let entries: Vec<_> = from
            .entries
            .iter()
            .filter(|e| {
                e.op.source_hash(e.bucket.layout, &|stem| dev.backend().kernel_source(stem))
                    .as_deref()
                    == Some(e.source.as_str())
            })
            .cloned()
            .collect();
        let key = duet::tune::DeviceKey::of(dev.info());
        let stored = cache::store(dir, &key, &entries)?;
        outln!(
            "{}: {} of {} entries of {} ({}) stored in {}",
            info.name,
            entries.len(),
            from.entries.len(),
            from.key.device,
            from.key.driver,
            stored.path.display()
        );
        stored_any |= !entries.is_empty();
    }
    Ok(stored_any)
}

/// Runs `duet tune`.
/// Writes `report` to `--json`, if given (after each device, so a stopped run keeps what it
/// measured).
fn save_json(args: &Args, report: &impl serde::Serialize) -> CliResult<()> {
    if let Some(p) = &args.json {
        output::write_atomic(
            "--json",
            p,
            serde_json::to_string_pretty(report)?.as_bytes(),
        )?;
    }
    Ok(())
}

/// `info`'s device with tuning off (its own table is the defaults), or `None` after saying
/// on stdout that it was not `what` and why (one device that does not open does not stop the
/// others).
fn open_untuned(info: &duet::DeviceInfo, what: &str) -> CliResult<Option<duet::Device>> {
    open_untuned_with(info, what, duet::KernelParams::DEFAULT)
}

/// [`open_untuned`] with the table `params` (its automatic values still the backend's; none
/// pinned: the tuner's candidates change any of them).
fn open_untuned_with(
    info: &duet::DeviceInfo,
    what: &str,
    params: duet::KernelParams,
) -> CliResult<Option<duet::Device>> {
    let opts = OpenOptions {
        tune: Some(TuneMode::Off),
        params,
        ..OpenOptions::default()
    };
    match duet::open_with(&info.name, &opts) {
        Ok(d) => Ok(Some(d)),
        Err(e) => {
            outln!("{}: not {what}: {e}", info.name);
            Ok(None)
        }
    }
}

#[derive(serde::Serialize)]
struct VerifyReport {
    duet_version: &'static str,
    shapes: String,
    devices: Vec<(duet::DeviceInfo, Vec<duet::tuner::Verified>)>,
}

/// `--verify`: every shape's entry against the defaults, per device.
fn verify(
    args: &Args,
    ops: &[TunedOp],
    shapes: &Shapes,
    chosen: &[duet::DeviceInfo],
    dir: &std::path::Path,
) -> CliResult<bool> {
    let cfg = TuneConfig {
        reps: args.reps,
        ..TuneConfig::default()
    };
    let mut report = VerifyReport {
        duet_version: env!("CARGO_PKG_VERSION"),
        shapes: args.shapes.clone(),
        devices: Vec::new(),
    };
    let mut all_ok = true;
    for info in chosen {
        let Some(mut dev) = open_untuned(info, "verified")? else {
            all_ok = false;
            continue;
        };
        let key = duet::tune::DeviceKey::of(dev.info());
        let mut tuning = duet::tune::Tuning::load(&key, TuneMode::Cached, Some(dir), &|stem| {
            dev.backend().kernel_source(stem)
        });
        // As the device would use them: an entry whose recorded defaults are no longer the
        // device's (`Baseline`) is not verified, it is not used; with --retired it is timed
        // as if it were.
        if args.retired {
            tuning.keep_retired();
        }
        dev.prepare_tuning(&mut tuning);
        for w in tuning.warnings() {
            outln!("{}: {w}", info.name);
        }
        if let Some((n, what)) = tuning.stale() {
            outln!(
                "{}: {n} entr{} measured against other defaults ({}): {}",
                info.name,
                if n == 1 { "y" } else { "ies" },
                what.join(", "),
                if args.retired {
                    "timed below as if used (--retired)"
                } else {
                    "not used (--retired times them)"
                }
            );
            for r in tuning.retired() {
                outln!("  {r}");
            }
        }
        let all: Vec<duet::tuner::Target> = if matches!(shapes, Shapes::Entries | Shapes::Reach) {
            ops.iter()
                .flat_map(|&op| {
                    let at = move |s| duet::tuner::Target::at(op, s);
                    let found = if *shapes == Shapes::Reach {
                        tuning.reach(op, duet::tuner::SIZE_EDGE_MAX_BYTES)
                    } else {
                        tuning.measured(op)
                    };
                    found.into_iter().map(at)
                })
                .collect()
        } else {
            ops.iter()
                .flat_map(|&op| duet::tuner::points(op, shapes))
                .collect()
        };
        let bar = super::progress(all.len() as u64, &info.name);
        let mut done = Vec::new();
        for t in &all {
            bar.set_message(t.to_string());
            match duet::tuner::verify_point(&mut dev, t, &tuning, &cfg) {
                Ok(Some(v)) => {
                    if let Some(g) = v.gain() {
                        bar.suspend(|| {
                            println!(
                                "{} {t}: defaults {} tuned {} (×{g:.3}) [{} {} {} {:?}]{}",
                                info.name,
                                secs(v.default_s.unwrap_or(f64::NAN)),
                                secs(v.tuned_s.unwrap_or(f64::NAN)),
                                v.origin,
                                v.bucket,
                                v.variant.as_deref().unwrap_or("-"),
                                v.params,
                                if v.through_parent().is_some() {
                                    " through the parent rule"
                                } else {
                                    ""
                                }
                            )
                        });
                    }
                    done.push(v);
                }
                Ok(None) => {}
                Err(e) => {
                    all_ok = false;
                    bar.suspend(|| println!("{} {t}: {e}", info.name));
                }
            }
            bar.inc(1);
        }
        bar.finish_and_clear();
        let gains: Vec<f64> = done.iter().filter_map(|v| v.gain()).collect();
        // Slower than the defaults by more than 2 % (the summary's count).
        let slower = |g: f64| g < 1.0 / 1.02;
        let same = done.iter().filter(|v| v.same).count();
        if gains.is_empty() {
            outln!(
                "{}: {} shapes with an entry, {same} run the defaults' parameters; none differs",
                info.name,
                done.len()
            );
        } else {
            let geo = (gains.iter().map(|g| g.ln()).sum::<f64>() / gains.len() as f64).exp();
            let worst = gains.iter().copied().fold(f64::INFINITY, f64::min);
            let best = gains.iter().copied().fold(0.0, f64::max);
            let slower_n = gains.iter().copied().filter(|&g| slower(g)).count();
            outln!(
                "{}: {} shapes with an entry, {same} run the defaults' parameters; the other {}: geometric mean ×{geo:.3}, best ×{best:.2}, worst ×{worst:.3}, {slower_n} slower than the defaults by more than 2 %",
                info.name,
                done.len(),
                gains.len()
            );
            let mut own: Vec<String> = done
                .iter()
                .filter(|v| v.gain().is_some_and(slower))
                .filter_map(|v| v.through_parent().map(|b| format!("{} {b}", v.target.op)))
                .collect();
            own.sort();
            own.dedup();
            if !own.is_empty() {
                outln!(
                    "{}: slower shapes that take a power-of-two bucket's entry through the parent rule have no entry of their own columns; tuning these buckets gives them one, which the lookup finds first (docs/tuning.md): {}",
                    info.name,
                    own.join("; ")
                );
            }
        }
        report.devices.push((dev.info().clone(), done));
        save_json(args, &report)?;
    }
    Ok(all_ok)
}

/// After a tune: for each new entry that sets something and that the lookup's parent rule also
/// gives to shapes of the three-quarter bucket below it (which has no entry of its own there),
/// a line saying so: nothing timed the entry at those columns (session 53 on an H200: such
/// entries ran them ×0.70–0.96), `--verify --shapes reach` times them, and tuning one of those
/// columns gives them an entry of their own.
fn parent_rule_hints(
    dev: &duet::Device,
    key: &duet::tune::DeviceKey,
    dir: &std::path::Path,
    done: &[duet::tuner::TargetReport],
) -> CliResult<()> {
    let mut tuning = duet::tune::Tuning::load(key, TuneMode::Cached, Some(dir), &|stem| {
        dev.backend().kernel_source(stem)
    });
    dev.prepare_tuning(&mut tuning);
    let mut reach: std::collections::BTreeMap<&'static str, Vec<duet::tune::Shape>> =
        std::collections::BTreeMap::new();
    for r in done {
        let Some(e) = r
            .entry
            .as_ref()
            .filter(|e| !e.params.is_empty() || e.variant.is_some())
        else {
            continue;
        };
        let op = r.target.op;
        let through: Vec<_> = reach
            .entry(op.name())
            .or_insert_with(|| tuning.reach(op, duet::tuner::SIZE_EDGE_MAX_BYTES))
            .iter()
            .copied()
            .filter(|&s| {
                e.bucket.reaching(s).is_some()
                    && tuning
                        .lookup(op, s)
                        .is_some_and(|(found, _)| found.bucket == e.bucket)
            })
            .collect();
        if let Some(s) = through.first() {
            outln!(
                "{}: {op} {}: the entry also serves {} through the parent rule (that bucket has no entry), untimed there: `duet tune --verify --shapes reach` times it at {} such shape{} (e.g. {}×{}); tuning a shape of those columns gives them an entry of their own",
                dev.info().name,
                e.bucket,
                duet::tune::Bucket::of(*s),
                through.len(),
                if through.len() == 1 { "" } else { "s" },
                s.rows,
                s.cols
            );
        }
    }
    Ok(())
}

pub fn main(args: &Args) -> CliResult<bool> {
    if args.show {
        return show(args);
    }
    if !(args.budget.is_finite() && args.budget > 0.0 && args.budget <= 86_400.0) {
        return Err(format!(
            "--budget {}: must be a number of seconds above 0 and at most 86400",
            args.budget
        )
        .into());
    }
    if args.reps == 0 {
        return Err("--reps 0: must be at least 1".into());
    }
    if args.retired && !args.verify {
        return Err("--retired: only with --verify (it times retired entries)".into());
    }
    if !(args.margin_pct.is_finite() && (0.0..50.0).contains(&args.margin_pct)) {
        return Err(format!("--margin-pct {}: must be 0 to 50", args.margin_pct).into());
    }
    let ops = ops(args)?;
    // The table the search starts from (--param, dry runs only): checked before any work.
    let start = duet::KernelParams::DEFAULT.with_assignments(&args.params)?;
    let shapes = Shapes::parse(&args.shapes).map_err(super::as_option)?;
    if matches!(shapes, Shapes::Entries | Shapes::Reach) && !args.verify {
        return Err(format!(
            "--shapes {}: only with --verify (the shapes of the device's entries)",
            args.shapes
        )
        .into());
    }
    if let Some(p) = &args.json {
        output::check_writable("--json", p)?;
    }
    let dir = cache_dir(args)?;
    if !args.dry_run && !args.verify {
        // Fail before measuring anything when the cache cannot be written.
        let unwritable = |why: String| -> Box<dyn std::error::Error> {
            format!(
                "cache directory {}: {why}; pass --cache-dir, or --dry-run to write nothing",
                dir.display()
            )
            .into()
        };
        cache::ensure_dir(&dir).map_err(|e| unwritable(e.to_string()))?;
        let probe = dir.join(".duet-write-probe");
        std::fs::write(&probe, b"")
            .and_then(|()| std::fs::remove_file(&probe))
            .map_err(|e| unwritable(format!("cannot write there ({e})")))?;
    }
    let list = duet::devices();
    let chosen = args.devices.select(&list, &["wgpu", "opencl"])?;
    if let Some(cpu) = chosen.iter().find(|d| d.backend == BackendKind::Cpu) {
        return Err(format!(
            "--device {}: the CPU reference has no kernel parameters to tune",
            cpu.name
        )
        .into());
    }
    if let Some(file) = &args.import {
        return import(args, file, &chosen, &dir);
    }
    if args.verify {
        return verify(args, &ops, &shapes, &chosen, &dir);
    }
    let cfg = TuneConfig {
        search: Search::parse(&args.strategy).map_err(super::as_option)?,
        reps: args.reps,
        margin: args.margin_pct / 100.0,
        joint: !args.no_joint,
        ..TuneConfig::default()
    };
    let deadline = Instant::now() + Duration::from_secs_f64(args.budget);
    let mut report = Report {
        duet_version: env!("CARGO_PKG_VERSION"),
        config: cfg,
        shapes: &args.shapes,
        params: &args.params,
        devices: Vec::new(),
    };
    let mut all_done = true;
    for info in &chosen {
        let Some(mut dev) = open_untuned_with(info, "tuned", start)? else {
            all_done = false;
            continue;
        };
        let key = duet::tune::DeviceKey::of(dev.info());
        let all: Vec<_> = ops.iter().flat_map(|&op| targets(op, &shapes)).collect();
        outln!(
            "{} ({}): {} targets, cache {}",
            info.name,
            info.device,
            all.len(),
            if args.dry_run {
                "not written (--dry-run)".to_string()
            } else {
                cache::tune_path(&dir, &key).display().to_string()
            }
        );
        let bar = super::progress(all.len() as u64, &info.name);
        let mut done = Vec::new();
        let mut not_reached = 0;
        let device_started = Instant::now();
        for t in &all {
            if Instant::now() > deadline {
                not_reached += 1;
                continue;
            }
            bar.set_message(t.to_string());
            let r = tune_target(&mut dev, t, &cfg, deadline, &mut |_| bar.tick())?;
            bar.inc(1);
            bar.suspend(|| println!("{}", line(&r)));
            if let (Some(e), false) = (&r.entry, args.dry_run) {
                cache::store(&dir, &key, std::slice::from_ref(e))?;
            }
            done.push(r);
        }
        bar.finish_and_clear();
        let total =
            |f: fn(&duet::tuner::Phases) -> f64| done.iter().map(|r| f(&r.phases)).sum::<f64>();
        outln!(
            "{}: {:.0} s for {} targets (inputs and uploads {:.0} s, candidates {:.0} s, checks {:.0} s, re-timing {:.0} s, bucket and size edges {:.0} s)",
            info.name,
            device_started.elapsed().as_secs_f64(),
            done.len(),
            total(|p| p.inputs),
            total(|p| p.search),
            total(|p| p.check),
            total(|p| p.confirm),
            total(|p| p.edge)
        );
        let summary = summarize(&done);
        if let Some(s) = &summary {
            outln!(
                "{}: {} targets tuned; tuned over default: geometric mean ×{:.3}, best ×{:.2}, worst ×{:.2}",
                info.name,
                s.targets,
                s.geomean_gain,
                s.best_gain,
                s.worst_gain
            );
        }
        if !args.dry_run {
            parent_rule_hints(&dev, &key, &dir, &done)?;
        }
        let incomplete = done.iter().filter(|r| r.entry.is_none()).count() + not_reached;
        if incomplete > 0 {
            all_done = false;
            outln!(
                "{}: {incomplete} of {} targets not tuned (budget {} s)",
                info.name,
                all.len(),
                args.budget
            );
        }
        report.devices.push(DeviceReport {
            device: dev.info().clone(),
            cache_file: (!args.dry_run).then(|| cache::tune_path(&dir, &key)),
            summary,
            targets: done,
            not_reached,
        });
        save_json(args, &report)?;
    }
    Ok(all_done)
}
