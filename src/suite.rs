//! Running the conformance suite on devices by name: what `duet conform` and the tests share.

use duet_conform::report::Report;
use duet_conform::{Case, CaseResult, Level, SPLIT_BINDING_BYTES, Target, run_case};

use crate::{BackendKind, DeviceInfo, DeviceList, Error, OpenOptions, Result, open_with};

/// Opens a device for the suite with `opts`: once with its own limits and once with
/// [`SPLIT_BINDING_BYTES`] bindings (for the cases that split data over bindings).
pub fn open_target(name: &str, opts: &OpenOptions) -> Result<Target> {
    let device = open_with(name, opts)?;
    let split = open_with(
        name,
        &OpenOptions {
            max_binding_bytes: Some(SPLIT_BINDING_BYTES),
            ..opts.clone()
        },
    )?;
    Ok(Target {
        device,
        split: Some(split),
    })
}

/// The devices a suite run uses, and what it lacks.
pub struct Targets {
    /// The opened devices, in [`column_order`].
    pub targets: Vec<(DeviceInfo, Target)>,
    /// Report lines that fail the run: a required backend that is unavailable or has no
    /// selected device, and every selected device that could not be opened.
    pub missing: Vec<String>,
    /// Unavailable backends that were not required, to be reported as skipped.
    pub skipped: Vec<String>,
    /// The same-GPU pairs of `list` by name (wgpu, OpenCL), for the report.
    pub pairs: Vec<(String, String)>,
}

/// Opens the `chosen` devices of `list` for a suite run (see [`open_target`]) and collects what
/// is missing: `required` backends are never skipped silently.
pub fn open_targets(
    list: &DeviceList,
    chosen: &[DeviceInfo],
    required: &[BackendKind],
    opts: &OpenOptions,
) -> Targets {
    let mut missing = Vec::new();
    let mut skipped = Vec::new();
    for (backend, why) in &list.unavailable {
        let msg = format!("{backend}: not available ({why})");
        if required.contains(backend) {
            missing.push(msg);
        } else {
            skipped.push(msg);
        }
    }
    for r in required {
        if !chosen.iter().any(|d| d.backend == *r) && !list.unavailable.iter().any(|(b, _)| b == r)
        {
            missing.push(format!("{r}: required but no such device was selected"));
        }
    }
    let mut targets = Vec::new();
    for info in column_order(list, chosen) {
        match open_target(&info.name, opts) {
            Ok(t) => targets.push((info, t)),
            Err(e) => missing.push(format!(
                "{} ({}): could not open: {e}",
                info.name, info.device
            )),
        }
    }
    let pairs = list
        .pairs()
        .iter()
        .map(|(a, b)| (a.name.clone(), b.name.clone()))
        .collect();
    Targets {
        targets,
        missing,
        skipped,
        pairs,
    }
}

/// Orders devices for reports: cpu first, then each wgpu device followed by the OpenCL
/// device that is the same physical GPU, then the remaining OpenCL devices.
pub fn column_order(list: &DeviceList, chosen: &[DeviceInfo]) -> Vec<DeviceInfo> {
    let has = |n: &str| chosen.iter().any(|d| d.name == n);
    let mut out: Vec<DeviceInfo> = chosen
        .iter()
        .filter(|d| d.backend == BackendKind::Cpu)
        .cloned()
        .collect();
    let pairs = list.pairs();
    for d in chosen.iter().filter(|d| d.backend == BackendKind::Wgpu) {
        out.push(d.clone());
        for (_, cl) in pairs.iter().filter(|(w, _)| w.name == d.name) {
            if has(&cl.name) && !out.iter().any(|o| o.name == cl.name) {
                out.push((*cl).clone());
            }
        }
    }
    for d in chosen.iter().filter(|d| d.backend == BackendKind::OpenCl) {
        if !out.iter().any(|o| o.name == d.name) {
            out.push(d.clone());
        }
    }
    out
}

/// Which backends must be present: `DUET_REQUIRE=wgpu,opencl` (or a `--require` list).
pub fn parse_require(list: &str) -> Result<Vec<BackendKind>> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| match s {
            "wgpu" => Ok(BackendKind::Wgpu),
            "opencl" => Ok(BackendKind::OpenCl),
            "cpu" => Ok(BackendKind::Cpu),
            other => Err(Error::invalid(
                "backend",
                other,
                "expected wgpu, opencl or cpu",
            )),
        })
        .collect()
}

/// Runs `cases` on every target, calling `progress` after each case.
pub fn run(
    level: Level,
    checked_shaders: bool,
    targets: &[(DeviceInfo, Target)],
    cases: &[Case],
    missing: Vec<String>,
    same_gpu: Vec<(String, String)>,
    mut progress: impl FnMut(&CaseResult),
) -> Report {
    let mut results = Vec::with_capacity(cases.len() * targets.len());
    for case in cases {
        for (_, target) in targets {
            let r = run_case(case, target);
            progress(&r);
            results.push(r);
        }
    }
    Report {
        duet_version: env!("CARGO_PKG_VERSION").to_string(),
        level,
        checked_shaders,
        devices: targets.iter().map(|(i, _)| i.clone()).collect(),
        missing,
        same_gpu,
        results,
    }
}
