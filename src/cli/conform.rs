//! `duet conform`: the conformance suite on the chosen devices.

use std::path::PathBuf;

use duet::conform::{Level, Status, suite};
use duet::suite::{Targets, open_targets, parse_require, run};

/// Options of `duet conform`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Backends to test (wgpu, opencl, cpu), comma separated; default all.
    #[arg(long, value_delimiter = ',')]
    pub backend: Vec<String>,
    /// Devices to test by name (cpu, wgpu:0, opencl:1), comma separated; default all.
    #[arg(long, value_delimiter = ',')]
    pub device: Vec<String>,
    /// Only devices whose own name contains this text (e.g. H100).
    #[arg(long)]
    pub device_name: Option<String>,
    /// Ops to test (read, argext, rbf, logreg, train, errors), comma separated; default all.
    #[arg(long, value_delimiter = ',')]
    pub op: Vec<String>,
    /// quick (minutes on software drivers) or full (adds the large sizes, for GPUs).
    #[arg(long, default_value = "quick")]
    pub level: String,
    /// Override a kernel parameter, NAME=VALUE (repeatable; see duet_core::KernelParams),
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

/// Runs the suite; returns whether everything passed.
pub fn main(args: &Args) -> super::CliResult<bool> {
    let level = match args.level.as_str() {
        "quick" => Level::Quick,
        "full" => Level::Full,
        other => return Err(format!("--level must be quick or full, not `{other}`").into()),
    };
    let list = duet::devices();
    let required = parse_require(&args.require.join(","))?;
    let chosen = super::select(
        &list,
        &args.backend,
        &args.device,
        args.device_name.as_deref(),
    )?;
    let params = duet::KernelParams::DEFAULT.with_assignments(&args.params)?;
    let Targets {
        targets,
        missing,
        skipped,
        pairs,
    } = open_targets(&list, &chosen, &required, args.checked, &params);
    for msg in &skipped {
        eprintln!("skipped backend {msg}");
    }
    let cases: Vec<_> = suite(level)
        .into_iter()
        .filter(|c| args.op.is_empty() || args.op.iter().any(|o| o == c.op.family()))
        .collect();
    let bar = super::progress((cases.len() * targets.len()) as u64, "conformance");
    let report = run(level, args.checked, &targets, &cases, missing, pairs, |r| {
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
        println!("{}", report.case_table());
    }
    println!("{}", report.summary_table());
    let notes = report.notes();
    if !notes.is_empty() {
        println!("observations:\n{notes}");
    }
    let problems = report.problems();
    if !problems.is_empty() {
        println!("{problems}");
    }
    let (pass, fail, skip) = report.counts();
    println!(
        "{pass} passed, {fail} failed, {skip} skipped, {} missing, on {} device(s); WGSL runtime checks {}",
        report.missing.len(),
        targets.len(),
        if args.checked { "on" } else { "off" }
    );
    if let Some(p) = &args.json {
        std::fs::write(p, report.to_json())?;
    }
    if let Some(p) = &args.junit {
        std::fs::write(p, report.to_junit())?;
    }
    Ok(report.passed())
}
