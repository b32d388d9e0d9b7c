//! Running cases on devices and checking them against the CPU reference.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

use duet_core::{Device, DeviceInfo};
use serde::Serialize;

use crate::registry::{Binding, Case};

/// A device under test: opened with its own binding limit, and with a small one for the
/// split-binding cases.
pub struct Target {
    /// Opened with default limits.
    pub device: Device,
    /// Opened with [`SPLIT_BINDING_BYTES`](crate::registry::SPLIT_BINDING_BYTES) bindings.
    pub split: Option<Device>,
}

impl Target {
    /// What the device is.
    pub fn info(&self) -> &DeviceInfo {
        self.device.info()
    }
}

/// A case's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Status {
    /// Within its bound (or exact, or the expected error).
    Pass,
    /// Outside its bound, a wrong error, or a fault.
    Fail,
    /// Not run on this device, with the reason in `note`.
    Skip,
}

/// One case on one device.
#[derive(Debug, Clone, Serialize)]
pub struct CaseResult {
    /// The case's id.
    pub case: String,
    /// The op family (`read`, `argext`, `rbf`, `logreg`, `train`, `errors`).
    pub family: String,
    /// The device's name.
    pub device: String,
    /// Verdict.
    pub status: Status,
    /// Worst absolute error over the outputs (0 for exact ops that matched).
    pub worst_abs_error: Option<f64>,
    /// Worst error as a fraction of its bound (≤ 1 passes).
    pub worst_ratio: Option<f64>,
    /// The output and input that produced the worst error, or the mismatch.
    pub worst_input: Option<String>,
    /// What else the case observed (e.g. subnormal handling).
    pub note: Option<String>,
    /// The error, when the case failed with one.
    pub error: Option<String>,
    /// Wall time of the case on the device, seconds (upload, op, download).
    pub seconds: f64,
}

/// Runs one case on one target (its split-binding device for [`Binding::Split`] cases).
/// Faults (errors, panics) become the case's failure; nothing stops the suite.
pub fn run_case(case: &Case, target: &Target) -> CaseResult {
    match case.binding {
        Binding::Device => run_on(case, &target.device),
        Binding::Split => match &target.split {
            Some(d) => run_on(case, d),
            None => {
                let mut r = blank(case, target.info());
                r.status = Status::Skip;
                r.note = Some("no split-binding device was opened".into());
                r
            }
        },
    }
}

fn blank(case: &Case, info: &DeviceInfo) -> CaseResult {
    CaseResult {
        case: case.id.clone(),
        family: case.family().into(),
        device: info.name.clone(),
        status: Status::Fail,
        worst_abs_error: None,
        worst_ratio: None,
        worst_input: None,
        note: None,
        error: None,
        seconds: 0.0,
    }
}

/// Runs one case on `dev` as it is opened (whatever its binding limit).
pub fn run_on(case: &Case, dev: &Device) -> CaseResult {
    let mut result = blank(case, dev.info());
    let start = Instant::now();
    let outcome = catch_unwind(AssertUnwindSafe(|| case.spec.check(dev)));
    result.seconds = start.elapsed().as_secs_f64();
    match outcome {
        Err(panic) => {
            let msg = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a panic".into());
            result.error = Some(format!("panicked: {msg}"));
        }
        Ok(Err(e)) => {
            if case.spec.not_applicable(&e, dev) {
                result.status = Status::Skip;
                result.note = Some(format!(
                    "{} does not apply here: {e}",
                    case.spec.variant().unwrap_or(case.spec.op())
                ));
            } else {
                result.error = Some(e.to_string());
            }
        }
        Ok(Ok(c)) => {
            result.worst_abs_error = Some(c.worst.abs);
            result.worst_ratio = Some(c.worst.ratio);
            result.worst_input = c.worst.input;
            result.note = c.note;
            let within = c.worst.ratio <= 1.0;
            match c.extra_failure {
                Some(f) => result.error = Some(f),
                None if within => result.status = Status::Pass,
                None => {
                    result.error = Some(format!("error is {:.3}× its bound", c.worst.ratio));
                }
            }
        }
    }
    result
}
