//! Running cases on devices and checking them against the CPU reference.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

use duet_core::chunk::{plan_matrix, plan_vector};
use duet_core::ops::logreg::plan_pass;
use duet_core::{
    ArgExtreme, BackendKind, Device, DeviceInfo, Error, ErrorKind, Extreme, Layout, LogregStrategy,
    MaskData, MaskKind, RbfArgs, RbfVariant, Result, TrainConfig, reference,
};
use serde::Serialize;

use crate::cases::{BadInput, Binding, Case, LogregData, Op};
use crate::inputs;
use crate::tolerance::{self, ExpAccuracy};
use crate::train::{Summation, train_reference};

/// A device under test: opened with its own binding limit, and with a small one for the
/// split-binding cases.
pub struct Target {
    /// Opened with default limits.
    pub device: Device,
    /// Opened with [`SPLIT_BINDING_BYTES`](crate::cases::SPLIT_BINDING_BYTES) bindings.
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

/// Tracks the worst error / bound ratio of a comparison.
#[derive(Default)]
struct Worst {
    abs: f64,
    ratio: f64,
    input: Option<String>,
}

impl Worst {
    fn see(&mut self, err: f64, bound: f64, describe: impl FnOnce() -> String) {
        let ratio = if err == 0.0 {
            0.0
        } else if bound > 0.0 {
            err / bound
        } else {
            f64::INFINITY
        };
        // NaN errors (a NaN output where the reference is finite) count as infinitely wrong.
        let ratio = if ratio.is_nan() { f64::INFINITY } else { ratio };
        if err > self.abs || err.is_nan() {
            self.abs = if err.is_nan() { f64::INFINITY } else { err };
        }
        if ratio > self.ratio || self.input.is_none() {
            self.ratio = ratio;
            self.input = Some(describe());
        }
    }
}

struct Checked {
    worst: Worst,
    note: Option<String>,
    extra_failure: Option<String>,
}

impl Checked {
    fn of(worst: Worst) -> Self {
        Checked {
            worst,
            note: None,
            extra_failure: None,
        }
    }
}

fn acc_of(dev: &Device) -> ExpAccuracy {
    ExpAccuracy::of(dev.info().backend)
}

fn arg_describe(r: &Option<ArgExtreme>) -> String {
    match r {
        Some(a) => format!(
            "index {} value {:?} (bits {:#010x})",
            a.index,
            a.value,
            a.value.to_bits()
        ),
        None => "nothing selected".into(),
    }
}

fn check_arg(
    dev: &Device,
    extreme: Extreme,
    n: usize,
    values: &crate::cases::Values,
    mask: &Option<(MaskKind, crate::cases::MaskPattern)>,
) -> Result<Checked> {
    let data = inputs::values(values, n);
    let v = dev.upload(&data)?;
    let (got, expected) = match mask {
        None => {
            let got = match extreme {
                Extreme::Min => dev.argmin(&v)?,
                Extreme::Max => dev.argmax(&v)?,
            };
            (Some(got), reference::arg_extreme(&data, None, extreme))
        }
        Some((kind, pattern)) => {
            let words = inputs::mask(*kind, pattern, n);
            let floats: Vec<f32>;
            let flags = match kind {
                MaskKind::U32 => MaskData::U32(&words),
                MaskKind::F32 => {
                    floats = words.iter().map(|&w| f32::from_bits(w)).collect();
                    MaskData::F32(&floats)
                }
            };
            let m = dev.upload_mask(flags)?;
            let got = match extreme {
                Extreme::Min => dev.argmin_masked(&v, &m)?,
                Extreme::Max => dev.argmax_masked(&v, &m)?,
            };
            (
                got,
                reference::arg_extreme(&data, Some((&words, *kind)), extreme),
            )
        }
    };
    let mut w = Worst::default();
    let err = if got == expected { 0.0 } else { f64::INFINITY };
    w.see(err, 0.0, || {
        if got == expected {
            format!("exact: {}", arg_describe(&got))
        } else {
            format!(
                "expected {}, got {}",
                arg_describe(&expected),
                arg_describe(&got)
            )
        }
    });
    Ok(Checked::of(w))
}

fn check_read(dev: &Device, n: usize, values: &crate::cases::Values) -> Result<Checked> {
    let data = inputs::values(values, n);
    let v = dev.upload(&data)?;
    let got = dev.read_sum(&v)?;
    let expected = reference::sum(&data);
    let abs_sum: f64 = data.iter().map(|x| x.abs() as f64).sum();
    let p = dev.params();
    let slots: usize = plan_vector(n, dev.info().max_binding_bytes, p)?
        .iter()
        .map(|c| p.reduce_groups(c.len) as usize)
        .sum();
    let bound = tolerance::read_sum(n, abs_sum, slots.max(1), p);
    let mut w = Worst::default();
    w.see((got - expected).abs(), bound, || {
        format!("sum {got:e} vs reference {expected:e} (Σ|x| = {abs_sum:e}, bound {bound:.3e})")
    });
    Ok(Checked::of(w))
}

fn check_rbf(dev: &Device, op: &Op) -> Result<Checked> {
    let Op::Rbf {
        variant,
        n,
        d,
        points,
        hi,
        lo,
        gamma,
    } = op
    else {
        return Err(Error::execution("conformance", "not an rbf case"));
    };
    let (n, d) = (*n, *d);
    let x = inputs::points(points, n, d);
    let args = RbfArgs {
        hi: hi.index(n),
        lo: lo.index(n),
        gamma: *gamma,
    };
    let m = dev.upload_matrix(&x, n, d, variant.layout())?;
    let mut k_hi = dev.zeros(n)?;
    let mut k_lo = dev.zeros(n)?;
    dev.rbf_rows_variant(&m, args, *variant, &mut k_hi, &mut k_lo)?;
    let got_hi = dev.download(&k_hi)?;
    let got_lo = dev.download(&k_lo)?;
    let r = reference::rbf_rows(&x, d, args.hi, args.lo, args.gamma);
    let acc = acc_of(dev);
    let g = args.gamma as f64;
    let mut w = Worst::default();
    let (mut subnormal_ref, mut flushed) = (0usize, 0usize);
    for (which, got, k_ref, s) in [
        ("k_hi", &got_hi, &r.k_hi, &r.s_hi),
        ("k_lo", &got_lo, &r.k_lo, &r.s_lo),
    ] {
        for i in 0..n {
            let bound = tolerance::rbf(k_ref[i], g * s[i], d, acc);
            let err = (got[i] as f64 - k_ref[i]).abs();
            w.see(err, bound, || {
                format!(
                    "{which}[{i}] = {:e}, reference {:e} (γ·‖x_i − x_p‖² = {:.4}, bound {bound:.3e})",
                    got[i],
                    k_ref[i],
                    g * s[i]
                )
            });
            let kr = k_ref[i] as f32;
            if kr != 0.0 && kr.is_subnormal() {
                subnormal_ref += 1;
                if got[i] == 0.0 {
                    flushed += 1;
                }
            }
        }
    }
    let mut c = Checked::of(w);
    if subnormal_ref > 0 {
        c.note = Some(format!(
            "{flushed} of {subnormal_ref} subnormal results returned as 0 ({})",
            if flushed == subnormal_ref {
                "flushes to zero"
            } else if flushed == 0 {
                "keeps subnormals"
            } else {
                "mixed"
            }
        ));
    }
    Ok(c)
}

fn slots_for(dev: &Device, rows: usize, cols: usize, strategy: LogregStrategy) -> Result<usize> {
    if strategy == LogregStrategy::SingleGroup {
        return Ok(1);
    }
    let p = dev.params();
    let cap = dev.info().max_binding_bytes;
    let blocks = plan_matrix(rows, cols, Layout::RowMajor, cap, p)?;
    let labels = plan_vector(rows, cap, p)?;
    Ok(plan_pass(&blocks, &labels, cols, p).slots as usize)
}

fn check_gradient(
    dev: &Device,
    strategy: LogregStrategy,
    rows: usize,
    cols: usize,
    data: &LogregData,
) -> Result<Checked> {
    let (x, y, w0) = inputs::logreg(data, rows, cols);
    let xm = dev.upload_matrix(&x, rows, cols, Layout::RowMajor)?;
    let ym = dev.upload_labels(&y)?;
    let wm = dev.upload(&w0)?;
    let mut g = dev.zeros(cols)?;
    let ll = dev.logreg_gradient_with(&xm, &ym, &wm, &mut g, strategy)?;
    let got = dev.download(&g)?;
    let wf: Vec<f64> = w0.iter().map(|&v| v as f64).collect();
    let r = reference::logreg_gradient(&x, cols, &y, &wf);
    let slots = slots_for(dev, rows, cols, strategy)?;
    let b = tolerance::logreg(&x, cols, &y, &wf, slots, dev.params(), acc_of(dev));
    let mut w = Worst::default();
    for (j, ((&g, &want), &bound)) in got.iter().zip(&r.grad).zip(&b.grad).enumerate() {
        let err = (g as f64 - want).abs();
        w.see(err, bound, || {
            format!("g[{j}] = {g:e}, reference {want:e} (bound {bound:.3e})")
        });
    }
    w.see((ll - r.loglik).abs(), b.loglik, || {
        format!(
            "L = {ll:e}, reference {:e} (bound {:.3e})",
            r.loglik, b.loglik
        )
    });
    Ok(Checked::of(w))
}

fn accuracy(x: &[f32], cols: usize, y: &[f32], w: &[f32]) -> f64 {
    let right = x
        .chunks_exact(cols)
        .zip(y)
        .filter(|(row, yi)| {
            let z: f32 = row.iter().zip(w).map(|(a, b)| a * b).sum();
            (z > 0.0) == (**yi > 0.5)
        })
        .count();
    right as f64 / y.len().max(1) as f64
}

#[allow(clippy::too_many_arguments)]
fn check_train(
    dev: &Device,
    strategy: LogregStrategy,
    rows: usize,
    cols: usize,
    data: &LogregData,
    cfg: &TrainConfig,
    min_accuracy: Option<f64>,
) -> Result<Checked> {
    let (x, y, w0) = inputs::logreg(data, rows, cols);
    let slots = slots_for(dev, rows, cols, strategy)?;
    let sum = Summation {
        slots,
        params: dev.params(),
        acc: acc_of(dev),
    };
    let reference = train_reference((&x, cols, &y, &w0), cfg, sum)
        .map_err(|why| Error::invalid("lr", cfg.lr, why))?;
    let xm = dev.upload_matrix(&x, rows, cols, Layout::RowMajor)?;
    let ym = dev.upload_labels(&y)?;
    let mut wm = dev.upload(&w0)?;
    let trace = dev.logreg_train_with(&xm, &ym, &mut wm, cfg, strategy)?;
    let w_got = dev.download(&wm)?;
    let err = w_got
        .iter()
        .zip(&reference.w)
        .map(|(a, b)| (*a as f64 - b).powi(2))
        .sum::<f64>()
        .sqrt();
    let mut w = Worst::default();
    w.see(err, reference.w_bound, || {
        format!(
            "‖w − w_ref‖₂ = {err:.3e} after {} iterations (bound {:.3e}; λ_max(XᵀX) = {:.1})",
            cfg.iters, reference.w_bound, reference.lambda_max
        )
    });
    let mut c = Checked::of(w);
    if trace.loglik.len() != reference.trace.len() {
        c.extra_failure = Some(format!(
            "trace has {} points, reference {}",
            trace.loglik.len(),
            reference.trace.len()
        ));
    }
    for (((t, got), (t_ref, want)), bound) in trace
        .loglik
        .iter()
        .zip(&reference.trace)
        .zip(&reference.trace_bounds)
    {
        if t != t_ref {
            c.extra_failure = Some(format!("trace point {t} where the reference has {t_ref}"));
        }
        c.worst.see((got - want).abs(), *bound, || {
            format!("L(w_{t}) = {got:.6}, reference {want:.6} (bound {bound:.3e})")
        });
    }
    if let Some(min) = min_accuracy {
        let acc = accuracy(&x, cols, &y, &w_got);
        c.note = Some(format!("training accuracy {:.2}%", 100.0 * acc));
        if acc < min {
            c.extra_failure = Some(format!(
                "training accuracy {:.2}% is below {:.0}%",
                100.0 * acc,
                100.0 * min
            ));
        }
    }
    Ok(c)
}

/// Runs the invalid call; Ok(the error it returned) or Err(why it is not an error).
fn bad_call(dev: &Device, b: BadInput) -> std::result::Result<Error, String> {
    let r: Result<()> = (|| {
        let rbf = |hi: usize, lo: usize, gamma: f32| -> Result<()> {
            let x = dev.upload_matrix(&[1.0; 15], 5, 3, Layout::ColumnMajor)?;
            let (mut a, mut c) = (dev.zeros(5)?, dev.zeros(5)?);
            dev.rbf_rows(&x, RbfArgs { hi, lo, gamma }, &mut a, &mut c)
        };
        let logreg = || -> Result<(duet_core::Matrix, duet_core::Labels)> {
            Ok((
                dev.upload_matrix(&[0.5; 12], 4, 3, Layout::RowMajor)?,
                dev.upload_labels(&[0.0, 1.0, 1.0, 0.0])?,
            ))
        };
        let train = |cfg: TrainConfig| -> Result<()> {
            let (x, y) = logreg()?;
            let mut w = dev.zeros(3)?;
            dev.logreg_train(&x, &y, &mut w, &cfg).map(|_| ())
        };
        let ok_cfg = TrainConfig {
            iters: 2,
            lr: 0.1,
            l2: 0.0,
            loglik_every: 0,
        };
        match b {
            BadInput::EmptyArgmin => dev.argmin(&dev.upload(&[])?).map(|_| ()),
            BadInput::MaskLength => {
                let v = dev.upload(&[1.0; 10])?;
                let m = dev.upload_mask(MaskData::U32(&[1; 9]))?;
                dev.argmax_masked(&v, &m).map(|_| ())
            }
            BadInput::RbfHiOutOfRange => rbf(5, 0, 1.0),
            BadInput::RbfLoOutOfRange => rbf(0, 10, 1.0),
            BadInput::GammaZero => rbf(0, 1, 0.0),
            BadInput::GammaNegative => rbf(0, 1, -1.0),
            BadInput::GammaNaN => rbf(0, 1, f32::NAN),
            BadInput::GammaInfinite => rbf(0, 1, f32::INFINITY),
            BadInput::RbfOutputLength => {
                let x = dev.upload_matrix(&[1.0; 15], 5, 3, Layout::ColumnMajor)?;
                let (mut a, mut c) = (dev.zeros(4)?, dev.zeros(5)?);
                dev.rbf_rows(
                    &x,
                    RbfArgs {
                        hi: 0,
                        lo: 1,
                        gamma: 1.0,
                    },
                    &mut a,
                    &mut c,
                )
            }
            BadInput::VariantLayout => {
                let x = dev.upload_matrix(&[1.0; 15], 5, 3, Layout::ColumnMajor)?;
                let (mut a, mut c) = (dev.zeros(5)?, dev.zeros(5)?);
                let args = RbfArgs {
                    hi: 0,
                    lo: 1,
                    gamma: 1.0,
                };
                dev.rbf_rows_variant(&x, args, RbfVariant::RowMajor, &mut a, &mut c)
            }
            BadInput::EmptyMatrix => {
                let x = dev.upload_matrix(&[], 0, 3, Layout::ColumnMajor)?;
                let (mut a, mut c) = (dev.zeros(0)?, dev.zeros(0)?);
                dev.rbf_rows(
                    &x,
                    RbfArgs {
                        hi: 0,
                        lo: 0,
                        gamma: 1.0,
                    },
                    &mut a,
                    &mut c,
                )
            }
            BadInput::MatrixDataLength => dev
                .upload_matrix(&[1.0; 7], 2, 3, Layout::RowMajor)
                .map(|_| ()),
            BadInput::MatrixNaN => {
                let mut data = [1.0; 6];
                data[4] = f32::NAN;
                dev.upload_matrix(&data, 2, 3, Layout::RowMajor).map(|_| ())
            }
            BadInput::LabelOutOfRange => dev.upload_labels(&[0.0, 2.0]).map(|_| ()),
            BadInput::WeightsLength => {
                let (x, y) = logreg()?;
                let w = dev.zeros(4)?;
                let mut g = dev.zeros(3)?;
                dev.logreg_gradient(&x, &y, &w, &mut g).map(|_| ())
            }
            BadInput::LogregLayout => {
                let x = dev.upload_matrix(&[0.5; 12], 4, 3, Layout::ColumnMajor)?;
                let y = dev.upload_labels(&[0.0, 1.0, 1.0, 0.0])?;
                let w = dev.zeros(3)?;
                let mut g = dev.zeros(3)?;
                dev.logreg_gradient(&x, &y, &w, &mut g).map(|_| ())
            }
            BadInput::ItersZero => train(TrainConfig { iters: 0, ..ok_cfg }),
            BadInput::LearningRateZero => train(TrainConfig { lr: 0.0, ..ok_cfg }),
            BadInput::L2Negative => train(TrainConfig { l2: -1.0, ..ok_cfg }),
            BadInput::TooLarge => dev.zeros(u32::MAX as usize).map(|_| ()),
            BadInput::ForeignHandle => {
                let other = Device::new(Box::new(duet_core::CpuBackend::new()));
                let v = other.upload(&[1.0, 2.0])?;
                dev.argmin(&v).map(|_| ())
            }
        }
    })();
    match r {
        Err(e) => Ok(e),
        Ok(()) => Err("the call succeeded".into()),
    }
}

fn check(dev: &Device, case: &Case) -> Result<Checked> {
    match &case.op {
        Op::ReadSum { n, values } => check_read(dev, *n, values),
        Op::Arg {
            extreme,
            n,
            values,
            mask,
        } => check_arg(dev, *extreme, *n, values, mask),
        op @ Op::Rbf { .. } => check_rbf(dev, op),
        Op::Gradient {
            strategy,
            rows,
            cols,
            data,
        } => check_gradient(dev, *strategy, *rows, *cols, data),
        Op::Train {
            strategy,
            rows,
            cols,
            data,
            cfg,
            min_accuracy,
        } => check_train(dev, *strategy, *rows, *cols, data, cfg, *min_accuracy),
        Op::Bad(b) => {
            let mut w = Worst::default();
            match bad_call(dev, *b) {
                Ok(e) if e.kind() == b.expected() => {
                    w.see(0.0, 0.0, || format!("{:?}: {e}", e.kind()));
                    Ok(Checked::of(w))
                }
                Ok(e) => {
                    let mut c = Checked::of(w);
                    c.extra_failure = Some(format!(
                        "expected {:?}, got {:?}: {e}",
                        b.expected(),
                        e.kind()
                    ));
                    Ok(c)
                }
                Err(why) => {
                    let mut c = Checked::of(w);
                    c.extra_failure = Some(format!("expected {:?}: {why}", b.expected()));
                    Ok(c)
                }
            }
        }
    }
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
        family: case.op.family().into(),
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
    let outcome = catch_unwind(AssertUnwindSafe(|| check(dev, case)));
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
            if matches!(
                case.op,
                Op::Gradient {
                    strategy: LogregStrategy::SingleGroup,
                    ..
                }
            ) && e.kind() == ErrorKind::InvalidArgument
                && dev.info().backend != BackendKind::Cpu
            {
                result.status = Status::Skip;
                result.note = Some(format!("single_group does not apply here: {e}"));
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
