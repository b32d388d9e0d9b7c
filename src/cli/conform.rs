//! `duet conform`: the conformance suite on the chosen devices.

use std::path::PathBuf;

use duet::conform::{Level, Status, suite};
use duet::suite::{Targets, open_targets, parse_require, run};

use super::output;

/// Options of `duet conform`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub devices: super::DeviceArgs,
    #[arg(long, value_delimiter = ',', help = super::op_help())]
    pub op: Vec<String>,
    #[arg(long, value_delimiter = ',', help = super::variant_help())]
    pub variant: Vec<String>,
    /// quick (minutes on software drivers) or full (adds the large sizes, for GPUs).
    #[arg(long, default_value = "quick")]
    pub level: String,
    /// Override a kernel parameter, NAME=VALUE (repeatable; see duet_core::KernelParams; tuned
    /// entries that would change it are not used),
    /// e.g. --param reduce_unroll=8.
    #[arg(long = "param")]
    pub params: Vec<String>,
    /// Build WGSL with naga's runtime checks (bounds clamps, loop bounding).
    #[arg(long)]
    pub checked: bool,
    /// Backends that must be present (wgpu,opencl); DUET_REQUIRE sets it too.
    #[arg(long, value_delimiter = ',', env = "DUET_REQUIRE")]
    pub require: Vec<String>,
    /// Write the report as JSON.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Write the report as JUnit XML.
    #[arg(long)]
    pub junit: Option<PathBuf>,
    /// Print one row per case, not only the summary.
    #[arg(long)]
    pub cases: bool,
}

/// How often a running suite rewrites its `--json` report.
const PARTIAL_EVERY: std::time::Duration = std::time::Duration::from_secs(5);

/// Runs the suite; returns whether everything passed.
pub fn main(args: &Args) -> super::CliResult<bool> {
    let level = match args.level.as_str() {
        "quick" => Level::Quick,
        "full" => Level::Full,
        other => return Err(format!("--level must be quick or full, not `{other}`").into()),
    };
    let sel = duet::conform::Selection::new(&args.op, &args.variant).map_err(super::as_option)?;
    for (what, path) in [("--json", &args.json), ("--junit", &args.junit)] {
        if let Some(p) = path {
            output::check_writable(what, p)?;
        }
    }
    let required = parse_require(&args.require.join(","))
        .map_err(|e| format!("--require (or DUET_REQUIRE): {e}"))?;
    let list = duet::devices();
    let chosen = args.devices.select(&list, &[])?;
    let opts = duet::OpenOptions {
        checked_shaders: args.checked,
        ..super::param_options(&args.params)?
    };
    let Targets {
        targets,
        missing,
        skipped,
        pairs,
    } = open_targets(&list, &chosen, &required, &opts);
    for msg in &skipped {
        eprintln!("skipped backend {msg}");
    }
    let tables: Vec<duet::KernelParams> = targets.iter().map(|(_, t)| *t.device.params()).collect();
    let all = suite(level, &tables);
    let cases: Vec<_> = all.into_iter().filter(|c| sel.selects_case(c)).collect();
    if cases.is_empty() {
        return Err("the selection (--op, --variant) names no case of this level".into());
    }
    let bar = super::progress((cases.len() * targets.len()) as u64, "conformance");
    // A long run rewrites its JSON report every few seconds, so an interrupt keeps what was
    // checked (the final write replaces it).
    let mut partial = duet::conform::report::Report {
        duet_version: env!("CARGO_PKG_VERSION").to_string(),
        level,
        checked_shaders: args.checked,
        devices: targets.iter().map(|(i, _)| i.clone()).collect(),
        missing: missing.clone(),
        same_gpu: pairs.clone(),
        results: Vec::new(),
    };
    let mut last_write = std::time::Instant::now();
    let mut write_error = None;
    let report = run(level, args.checked, &targets, &cases, missing, pairs, |r| {
        if let Some(p) = &args.json {
            partial.results.push(r.clone());
            if last_write.elapsed() >= PARTIAL_EVERY && write_error.is_none() {
                last_write = std::time::Instant::now();
                write_error = output::write_atomic("--json", p, partial.to_json().as_bytes()).err();
            }
        }
        bar.set_message(format!("{} {}", r.device, r.family));
        if r.status == Status::Fail {
            bar.suspend(|| {
                eprintln!(
                    "FAIL [{}] {}: {}",
                    r.device,
                    r.case,
                    r.error.as_deref().unwrap_or("")
                )
            });
        }
        bar.inc(1);
    });
    bar.finish_and_clear();
    if args.cases {
        outln!("{}", report.case_table());
    }
    outln!("{}", report.summary_table());
    let notes = report.notes();
    if !notes.is_empty() {
        outln!("observations:\n{notes}");
    }
    let problems = report.problems();
    if !problems.is_empty() {
        outln!("{problems}");
    }
    let (pass, fail, skip) = report.counts();
    outln!(
        "{pass} passed, {fail} failed, {skip} skipped, {} missing, on {} device(s); WGSL runtime checks {}",
        report.missing.len(),
        targets.len(),
        if args.checked { "on" } else { "off" }
    );
    if let Some(e) = write_error {
        return Err(e);
    }
    if let Some(p) = &args.json {
        output::write_atomic("--json", p, report.to_json().as_bytes())?;
    }
    if let Some(p) = &args.junit {
        output::write_atomic("--junit", p, report.to_junit().as_bytes())?;
    }
    if cases.is_empty() || targets.is_empty() {
        eprintln!("error: the selection ran no case");
        return Ok(false);
    }
    Ok(report.passed())
}
