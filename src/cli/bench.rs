//! `duet bench`: every op × size × variant × device, timed on the device, related to the read
//! kernel's bandwidth measured in the same run.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use duet::bench::{
    BenchCase, BenchConfig, Inputs, Measurement, Sizes, apply_work_model, cases, is_bound, measure,
    relate_backends, relate_to_read,
};
use duet::{OpenOptions, open_with};

use super::{CliResult, output};

/// Options of `duet bench`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[arg(long, value_delimiter = ',', help = super::op_help())]
    pub op: Vec<String>,
    #[command(flatten)]
    pub devices: super::DeviceArgs,
    /// Size labels to run (as printed: 2^20, 2^18×1000, 2048×8×50000), comma separated.
    #[arg(long, value_delimiter = ',')]
    pub size: Vec<String>,
    #[arg(long, value_delimiter = ',', help = super::variant_help())]
    pub variant: Vec<String>,
    /// quick (seconds on software drivers), full (the seeds' problems, up to 1 GiB), sweep (every
    /// op over 27 column counts × matrices of 4 MiB to 2 GiB, with heat maps) or sweep-quick
    /// (the same columns at small sizes: a correctness check of every kernel at odd shapes).
    #[arg(long, default_value = "full")]
    pub sizes: String,
    /// With --sizes sweep: only these matrix sizes, in MiB (of 4, 16, 64, 256, 1024, 2048).
    #[arg(long, value_delimiter = ',')]
    pub sweep_mib: Vec<u64>,
    /// Only cases with these column counts; with --sizes sweep or sweep-quick any count from 1 to
    /// 65 536 (the grid's are 1, 2, 3, 4, 5, 7, 8, 13, 16, …; others are added to it).
    #[arg(long, value_delimiter = ',')]
    pub cols: Vec<usize>,
    /// Timed repetitions per case (at most).
    #[arg(long, default_value_t = 30)]
    pub reps: u32,
    /// Untimed warm-up runs per case (at least).
    #[arg(long, default_value_t = 3)]
    pub warmup: u32,
    /// Warm-up runs go on until this many milliseconds have passed after the first (which
    /// builds the case's kernels), so an idle GPU's clocks have ramped up before the timed
    /// runs.
    #[arg(long, default_value_t = 500)]
    pub warmup_ms: u64,
    /// Seconds of repetitions per case at most (above 0, at most 3600).
    #[arg(long, default_value_t = 2.0)]
    pub budget: f64,
    /// Time each case on this many separate uploads of its inputs (1 to 16), each warmed up
    /// and timed as the first: the JSON's `upload_medians_s` holds each upload's median GPU
    /// time (the table shows the first's), and a case whose uploads differ by more than 10 %
    /// is named (where its inputs landed in device memory, or a device whose pace changed
    /// between them).
    #[arg(long, default_value_t = 1)]
    pub uploads: u32,
    /// Skip timing the CPU reference.
    #[arg(long)]
    pub no_cpu: bool,
    /// Skip checking each result against the CPU reference (for parameter sweeps).
    #[arg(long)]
    pub no_check: bool,
    /// Override a kernel parameter, NAME=VALUE (repeatable; see duet_core::KernelParams; tuned
    /// entries that would change it are not used),
    /// e.g. --param reduce_unroll=8.
    #[arg(long = "param")]
    pub params: Vec<String>,
    /// Build WGSL with naga's runtime checks (slower; the default trusts duet's kernels).
    #[arg(long)]
    pub checked: bool,
    /// Write every measurement as JSON.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Write every measurement as CSV.
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// Draw the plots (.svg or .png).
    #[arg(long)]
    pub plot: Option<PathBuf>,
    /// Also print where each case's wall time goes, phase by phase (median µs per call, from
    /// calls with profiling off; the phases are in the JSON either way).
    #[arg(long)]
    pub phases: bool,
    /// Do not measure: read the measurements from a JSON file written by `--json` (on another
    /// machine, say; plain or gzipped) and print, convert and plot them.
    #[arg(long)]
    pub from_json: Option<PathBuf>,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct Saved {
    duet_version: String,
    devices: Vec<duet::DeviceInfo>,
    measurements: Vec<Measurement>,
}

/// Prints the table (only its footer where the rows were `streamed` as they were measured) and
/// writes the files.
fn outputs(args: &Args, saved: &Saved, streamed: bool) -> CliResult<()> {
    if streamed {
        out!("{TABLE_FOOTER}");
    } else {
        out!("{}", table(&saved.measurements));
    }
    if args.phases {
        out!("{}", phase_table(&saved.measurements));
    }
    save_files(args, saved, true)
}

/// The measurements with their % of the read bound and wgpu/OpenCL ratio filled in.
fn related(devices: &[duet::DeviceInfo], mut measurements: Vec<Measurement>) -> Saved {
    relate_to_read(&mut measurements);
    relate_backends(&mut measurements);
    Saved {
        duet_version: env!("CARGO_PKG_VERSION").into(),
        devices: devices.to_vec(),
        measurements,
    }
}

/// Writes text to stdout at once (rows printed while a run goes on).
fn out_str(text: &str) -> CliResult<()> {
    out!("{text}");
    Ok(())
}

/// Writes the `--json` and `--csv` files and, with `plot`, the `--plot` file (each
/// atomically). The tables are also written after every measurement, so an interrupted run keeps
/// what it measured.
fn save_files(args: &Args, saved: &Saved, plot: bool) -> CliResult<()> {
    if let Some(p) = &args.json {
        output::write_atomic("--json", p, serde_json::to_string_pretty(saved)?.as_bytes())?;
    }
    if let Some(p) = &args.csv {
        output::write_atomic("--csv", p, csv(&saved.measurements).as_bytes())?;
    }
    if let Some(p) = args.plot.as_ref().filter(|_| plot) {
        output::with_temp_path("--plot", p, |tmp| {
            duet::plot::write(tmp, &saved.measurements)
                .map_err(|e| format!("--plot {}: {e}", p.display()).into())
        })?;
    }
    Ok(())
}

/// Checks the options before any work: numbers finite and in range, output paths writable,
/// every `--op` and `--variant` value naming something duet has, and every `--size` one of
/// `sizes`' (the `--sizes` set).
fn check_args(args: &Args, sizes: Sizes) -> CliResult<()> {
    if !(args.budget.is_finite() && args.budget > 0.0 && args.budget <= MAX_BUDGET_S) {
        return Err(format!(
            "--budget {}: must be a number of seconds above 0 and at most {MAX_BUDGET_S}",
            args.budget
        )
        .into());
    }
    if args.reps == 0 {
        return Err("--reps 0: must be at least 1".into());
    }
    if !(1..=MAX_UPLOADS).contains(&args.uploads) {
        return Err(format!("--uploads {}: must be 1 to {MAX_UPLOADS}", args.uploads).into());
    }
    if args.warmup_ms > 600_000 {
        return Err(format!("--warmup-ms {}: must be at most 600000", args.warmup_ms).into());
    }
    for (what, path) in [
        ("--json", &args.json),
        ("--csv", &args.csv),
        ("--plot", &args.plot),
    ] {
        if let Some(p) = path {
            output::check_writable(what, p)?;
        }
    }
    if let Some(p) = &args.plot
        && !matches!(p.extension().and_then(|e| e.to_str()), Some("svg" | "png"))
    {
        return Err(format!("--plot {}: the file must end in .svg or .png", p.display()).into());
    }
    duet::conform::Selection::new(&args.op, &args.variant).map_err(super::as_option)?;
    let own = size_labels(&cases(sizes));
    if let Some(bad) = args.size.iter().find(|g| !own.contains(g)) {
        let owners: Vec<&str> = Sizes::NAMES
            .iter()
            .filter(|(_, s)| size_labels(&cases(*s)).contains(bad))
            .map(|(name, _)| *name)
            .collect();
        return Err(size_error(bad, &args.sizes, sizes, &own, &owners).into());
    }
    Ok(())
}

/// The distinct size labels of `cases`, sorted.
fn size_labels(cases: &[BenchCase]) -> Vec<String> {
    let mut labels: Vec<String> = cases.iter().map(BenchCase::size_label).collect();
    labels.sort_unstable();
    labels.dedup();
    labels
}

/// The message for a `--size` that `--sizes NAME` (`sizes`, whose labels are `own`) lacks:
/// the sets that have it (`owners`), or how a sweep picks its points, or the set's sizes.
fn size_error(bad: &str, name: &str, sizes: Sizes, own: &[String], owners: &[&str]) -> String {
    if let Some(first) = owners.first() {
        format!(
            "--size {bad}: a size of --sizes {}, not of --sizes {name} (add --sizes {first})",
            owners.join(" and ")
        )
    } else if sizes.is_sweep() {
        format!(
            "--size {bad}: not a point of --sizes {name}; a sweep's points are chosen with \
             --cols and --sweep-mib"
        )
    } else {
        format!(
            "--size {bad}: not a size of --sizes {name}, whose sizes are {}",
            own.join(", ")
        )
    }
}

/// The largest `--budget`: an hour of repetitions per case.
const MAX_BUDGET_S: f64 = 3600.0;

/// Most uploads `--uploads` takes.
const MAX_UPLOADS: u32 = 16;

/// A case whose slowest upload's median exceeds its fastest's by this factor is named
/// (`--uploads`): more than the few percent that calls of one upload vary by.
const UPLOAD_SPREAD: f64 = 1.1;

fn keep(args: &Args, sel: &duet::conform::Selection, c: &BenchCase) -> bool {
    sel.selects_bench(c)
        && (args.size.is_empty() || args.size.iter().any(|s| *s == c.size_label()))
        && (args.cols.is_empty() || args.cols.contains(&c.d))
        && in_sweep_sizes(args, c)
}

/// --sweep-mib: a sweep point's matrix (or the bound's vector) within a factor of 2 of a
/// chosen size (points round their rows down to fit); everything when none is chosen.
fn in_sweep_sizes(args: &Args, c: &BenchCase) -> bool {
    let mib = c.input_bytes() as f64 / (1u64 << 20) as f64;
    args.sweep_mib.is_empty()
        || args
            .sweep_mib
            .iter()
            .any(|&m| mib <= m as f64 && mib > m as f64 / 2.0)
}

fn secs(s: f64) -> String {
    if !s.is_finite() {
        "-".into()
    } else if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{:.1} µs", s * 1e6)
    }
}

/// The measurements as a text table, one row per case and device.
pub fn table(ms: &[Measurement]) -> String {
    let mut out = table_header();
    for m in ms {
        out.push_str(&table_row(m));
    }
    out.push_str(TABLE_FOOTER);
    out
}

/// The text table's column names (one line).
fn table_header() -> String {
    format!(
        "{:<8} {:<13} {:<14} {:<9} {:>10} {:>21} {:>10} {:>8} {:>8} {:>7} {:>6} {:>10} {:>6} {:>9} {:<8}\n",
        "op",
        "variant",
        "size",
        "device",
        "gpu med",
        "gpu min–max",
        "wall med",
        "GB/s",
        "GFLOP/s",
        "%read",
        "w/cl",
        "iter/s",
        "check",
        "cpu ref",
        "params"
    )
}

/// One measurement as a line of the text table.
fn table_row(m: &Measurement) -> String {
    let pct = m.pct_of_read.map_or("-".into(), |p| format!("{p:.1}"));
    let its = m.iters_per_s.map_or("-".into(), |i| format!("{i:.0}"));
    let ratio = m.wgpu_over_opencl.map_or("-".into(), |r| format!("{r:.2}"));
    let check = if m.check_ratio.is_nan() {
        "-".into()
    } else if m.check_passed {
        format!("{:.2}b", m.check_ratio)
    } else {
        "FAIL".into()
    };
    format!(
        "{:<8} {:<13} {:<14} {:<9} {:>10} {:>21} {:>10} {:>8.1} {:>8.1} {:>7} {:>6} {:>10} {:>6} {:>9} {:<8}\n",
        m.op,
        m.variant,
        m.size,
        m.device,
        secs(m.gpu_median_s),
        format!("{}–{}", secs(m.gpu_min_s), secs(m.gpu_max_s)),
        secs(m.wall_median_s),
        m.gbps,
        m.gflops,
        pct,
        ratio,
        its,
        check,
        m.cpu_reference_s.map_or("-".into(), secs),
        if m.params_from.is_empty() {
            "-"
        } else {
            &m.params_from
        },
    )
}

/// What the text table's columns mean.
const TABLE_FOOTER: &str = concat!(
    "gpu: device time per call (timestamps / profiling events; see `timer` in JSON); ",
    "%read: GB/s over the read kernel's on the same device in this run; ",
    "w/cl: GPU time through wgpu over OpenCL; ",
    "check: worst error / bound against the CPU reference (-: not checked); ",
    "params: where the tuned parameters came from (cache, built-in, default; the values are in the JSON and CSV)\n"
);

/// Where each case's wall time goes: the median of each phase per call, in µs, beside the
/// median wall time and the median GPU time.
pub fn phase_table(ms: &[Measurement]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<8} {:<13} {:<14} {:<9} {:>9} {:>9}  phases (median µs per call)",
        "op", "variant", "size", "device", "wall µs", "gpu µs"
    );
    for m in ms {
        let phases: Vec<String> = m
            .wall_phases
            .iter()
            .map(|p| format!("{} {:.1}", p.name, p.median_s * 1e6))
            .collect();
        let _ = writeln!(
            out,
            "{:<8} {:<13} {:<14} {:<9} {:>9.1} {:>9.1}  {}",
            m.op,
            m.variant,
            m.size,
            m.device,
            m.wall_median_s * 1e6,
            m.gpu_median_s * 1e6,
            if phases.is_empty() {
                "-".to_string()
            } else {
                phases.join(", ")
            }
        );
    }
    out.push_str("wall: the op's call to its result, profiling off; phases: the backend's marks (Device::take_phases), medians, so they need not add up to the wall median\n");
    out
}

/// The measurements as CSV.
pub fn csv(ms: &[Measurement]) -> String {
    let mut out = String::from(
        "op,variant,size,n,d,iters,device,device_name,timer,reps,gpu_median_s,gpu_min_s,gpu_max_s,wall_median_s,gbps,gflops,g_elements_per_s,iters_per_s,pct_of_read,read_gbps,check_ratio,check_passed,cpu_reference_s,wgpu_over_opencl,params,params_from,first_call_s,retimed,unsteady,upload_medians_s\n",
    );
    for m in ms {
        let opt = |v: Option<f64>| v.map_or(String::new(), |x| format!("{x}"));
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},\"{}\",{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},\"{}\",{}",
            m.op,
            m.variant,
            m.size,
            m.case.n,
            m.case.d,
            m.case.iters,
            m.device,
            m.device_name.replace('"', "'"),
            m.timer,
            m.reps,
            m.gpu_median_s,
            m.gpu_min_s,
            m.gpu_max_s,
            m.wall_median_s,
            m.gbps,
            m.gflops,
            m.g_elements_per_s,
            opt(m.iters_per_s),
            opt(m.pct_of_read),
            opt(m.read_gbps),
            m.check_ratio,
            m.check_passed,
            opt(m.cpu_reference_s),
            opt(m.wgpu_over_opencl),
            m.params,
            m.params_from,
            opt(m.first_call_s),
            m.retimed.len(),
            m.unsteady.as_deref().unwrap_or("").replace('"', "'"),
            m.upload_medians_s
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
    out
}

/// Reads files written before the op registry (duet 0.1.0 up to 2026-11-23), whose cases named
/// their op as an enum (`"Read"`, `{"Rbf": "LocalMemory"}`) and had no variant: each such case
/// takes the op and variant names its measurement carries, which every version wrote.
fn upgrade_saved(saved: &mut serde_json::Value) {
    let Some(ms) = saved
        .get_mut("measurements")
        .and_then(serde_json::Value::as_array_mut)
    else {
        return;
    };
    for m in ms {
        let names = (m.get("op").cloned(), m.get("variant").cloned());
        if let (Some(op), Some(variant), Some(case)) = (names.0, names.1, m.get_mut("case"))
            && case.get("variant").is_none()
            && let Some(case) = case.as_object_mut()
        {
            case.insert("op".into(), op);
            case.insert("variant".into(), variant);
        }
    }
}

/// Runs the benchmarks; returns whether every result checked out.
pub fn main(args: &Args) -> CliResult<bool> {
    let sizes = Sizes::NAMES
        .iter()
        .find(|(name, _)| *name == args.sizes)
        .map(|(_, s)| *s)
        .ok_or_else(|| {
            let names: Vec<&str> = Sizes::NAMES.iter().map(|n| n.0).collect();
            format!(
                "--sizes {}: expected one of {}",
                args.sizes,
                names.join(", ")
            )
        })?;
    let sweep_mib: Vec<u64> = duet::conform::registry::sweep_bytes(Sizes::Sweep)
        .into_iter()
        .map(|b| b >> 20)
        .collect();
    if let Some(bad) = args.sweep_mib.iter().find(|m| !sweep_mib.contains(m)) {
        return Err(format!(
            "--sweep-mib {bad}: expected some of {}",
            sweep_mib
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        )
        .into());
    }
    check_args(args, sizes)?;
    let every: Vec<BenchCase> = Sizes::NAMES.iter().flat_map(|(_, s)| cases(*s)).collect();
    // A sweep runs at any column count asked for; other sizes only at their cases' counts.
    let max_cols = duet::conform::registry::MAX_SWEEP_COLS;
    if let Some(bad) = args.cols.iter().find(|&&c| {
        if sizes.is_sweep() {
            c == 0 || c > max_cols
        } else {
            !every.iter().any(|e| e.d == c)
        }
    }) {
        if sizes.is_sweep() {
            return Err(format!("--cols {bad}: expected 1 to {max_cols}").into());
        }
        let mut cols: Vec<usize> = every.iter().map(|e| e.d).collect();
        cols.sort_unstable();
        cols.dedup();
        let cols: Vec<String> = cols.iter().map(usize::to_string).collect();
        return Err(format!(
            "--cols {bad}: no case of --sizes {} has it; expected some of {} (a sweep takes any)",
            args.sizes,
            cols.join(", ")
        )
        .into());
    }
    if let Some(p) = &args.from_json {
        let text = read_text(p).map_err(|e| format!("--from-json {}: {e}", p.display()))?;
        let not_ours = |e: serde_json::Error| {
            format!(
                "--from-json {}: not a duet bench JSON file: {e}",
                p.display()
            )
        };
        let mut value: serde_json::Value = serde_json::from_str(&text).map_err(not_ours)?;
        upgrade_saved(&mut value);
        let mut saved: Saved = serde_json::from_value(value).map_err(not_ours)?;
        // GB/s and the % of read follow the current model (bytes moved), from the file's own
        // times and reads.
        apply_work_model(&mut saved.measurements);
        relate_to_read(&mut saved.measurements);
        relate_backends(&mut saved.measurements);
        outputs(args, &saved, false)?;
        return Ok(
            !saved.measurements.is_empty() && saved.measurements.iter().all(|m| m.check_passed)
        );
    }
    let list = duet::devices();
    let chosen =
        duet::suite::column_order(&list, &args.devices.select(&list, &["wgpu", "opencl"])?);
    if chosen.is_empty() {
        return Err("no device selected (see `duet devices`)".into());
    }
    let opts = OpenOptions {
        checked_shaders: args.checked,
        ..super::param_options(&args.params)?
    };
    let mut devices = Vec::new();
    // A selected device that does not open is a failure of the run (the others still run).
    let mut opened_all = true;
    for info in &chosen {
        match open_with(&info.name, &opts) {
            Ok(d) => devices.push(d),
            Err(e) => {
                eprintln!("{}: could not open: {e}", info.name);
                opened_all = false;
            }
        }
    }
    if devices.is_empty() {
        return Err("no selected device could be opened (the reasons are above)".into());
    }
    let cfg = BenchConfig {
        warmup: args.warmup,
        warmup_time: Duration::from_millis(args.warmup_ms),
        reps: args.reps,
        budget: Duration::from_secs_f64(args.budget),
        cpu_reference: !args.no_cpu,
        check: !args.no_check,
        uploads: args.uploads,
    };
    let sel = duet::conform::Selection::new(&args.op, &args.variant).map_err(super::as_option)?;
    // Column counts outside the sweep's grid get the sweep's cases at them.
    let extra: Vec<usize> = args
        .cols
        .iter()
        .copied()
        .filter(|c| !duet::conform::registry::SWEEP_COLS.contains(c))
        .collect();
    let mut todo: Vec<BenchCase> = cases(sizes)
        .into_iter()
        .chain(duet::conform::registry::sweep_cases_at(sizes, &extra))
        .filter(|c| keep(args, &sel, c))
        .collect();
    if todo.is_empty() {
        return Err(format!(
            "the selection (--op, --size, --variant) names no case of --sizes {}",
            args.sizes
        )
        .into());
    }
    // The read kernel is the bound: always measure it, first (at the sizes --sweep-mib keeps).
    if !todo.iter().any(is_bound) {
        let mut reads: Vec<BenchCase> = cases(sizes)
            .into_iter()
            .filter(|c| is_bound(c) && in_sweep_sizes(args, c))
            .collect();
        reads.append(&mut todo);
        todo = reads;
    }
    let bar = super::progress((todo.len() * devices.len()) as u64, "benchmarks");
    bar.suspend(|| out_str(&table_header()))?;
    let mut printed = 0;
    let mut ms = Vec::new();
    let mut all_ok = opened_all;
    let mut made: Option<Inputs> = None;
    for case in &todo {
        // Consecutive cases of one family at one shape (a sweep point's variants) share their
        // inputs: generating a 2 GiB matrix takes seconds.
        let current = match made.take() {
            Some(prev) => prev.reuse(case.clone())?,
            None => Inputs::new(case.clone())?,
        };
        let inputs = &*made.insert(current);
        let mut cpu_time = None;
        for dev in &devices {
            bar.set_message(format!("{} {} {}", case.op, case.size_label(), dev.name()));
            let c = BenchConfig {
                cpu_reference: cfg.cpu_reference && cpu_time.is_none(),
                ..cfg
            };
            match measure(dev, inputs, &c) {
                Ok(mut m) => {
                    if m.cpu_reference_s.is_some() {
                        cpu_time = m.cpu_reference_s;
                    }
                    m.cpu_reference_s = cpu_time;
                    all_ok &= m.check_passed;
                    if let Some(why) = &m.unsteady {
                        bar.suspend(|| {
                            eprintln!(
                                "{} {} {} on {}: still speeding up after {} re-timings ({why}): \
                                 its GPU time is slower than the device runs; warm up longer \
                                 (--warmup-ms)",
                                case.op,
                                case.variant,
                                case.size_label(),
                                dev.name(),
                                m.retimed.len()
                            )
                        });
                    }
                    if let Some(spread) = m.upload_spread().filter(|s| *s > UPLOAD_SPREAD) {
                        let each: Vec<String> = m
                            .upload_medians_s
                            .iter()
                            .map(|s| format!("{:.1}", s * 1e6))
                            .collect();
                        bar.suspend(|| {
                            eprintln!(
                                "{} {} {} on {}: its {} uploads timed {} µs (×{spread:.2}): \
                                 where its inputs landed, or a device whose pace changed",
                                case.op,
                                case.variant,
                                case.size_label(),
                                dev.name(),
                                each.len(),
                                each.join(", ")
                            )
                        });
                    }
                    ms.push(m);
                    save_files(args, &related(&chosen, ms.clone()), false)?;
                }
                Err(e) => {
                    all_ok = false;
                    bar.suspend(|| {
                        eprintln!("{} {} on {}: {e}", case.op, case.size_label(), dev.name())
                    });
                }
            }
            bar.inc(1);
        }
        // The case's rows as soon as every device has run it (its read and its other backend
        // are measured by then), so a run that is stopped keeps what it printed.
        let now = related(&chosen, ms.clone());
        let rows: String = now.measurements[printed..].iter().map(table_row).collect();
        printed = ms.len();
        bar.suspend(|| out_str(&rows))?;
    }
    bar.finish_and_clear();
    eprintln!("benchmark settings: {cfg:?}");
    let retimed = ms.iter().filter(|m| !m.retimed.is_empty()).count();
    if retimed > 0 {
        eprintln!(
            "{retimed} of {} cases were timed again: their first timing showed a device still \
             speeding up (the JSON's `retimed` and `unsteady` say which and why)",
            ms.len()
        );
    }
    let saved = related(&chosen, ms);
    outputs(args, &saved, true)?;
    Ok(all_ok)
}

/// The text of `path`, decompressed when it is gzip (the raw files under docs/ are kept as
/// `.json.gz`).
fn read_text(path: &std::path::Path) -> std::io::Result<String> {
    use std::io::Read;
    let bytes = std::fs::read(path)?;
    if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut text = String::new();
        flate2::read::GzDecoder::new(&bytes[..]).read_to_string(&mut text)?;
        Ok(text)
    } else {
        String::from_utf8(bytes)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }
}
