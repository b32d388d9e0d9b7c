//! Arg-min and arg-max, plain and masked: exact, so a case passes only on the reference's
//! index and bits.

use duet_core::{
    ArgExtreme, Device, ErrorKind, Extreme, KernelParams, MaskData, MaskKind, Result, reference,
};

use crate::cases::{MaskPattern, Place, Values, reduction_sizes};
use crate::check::{Checked, Worst};
use crate::inputs;
use crate::ops::read::{
    chunk_thresholds, reduction_thresholds, vector_inputs, vector_sizes, vector_work,
};
use crate::registry::{
    BadCall, BenchCall, BenchCase, BenchInputs, Case, CaseSpec, Level, OpFamily, Sizes, Work,
};

/// The arg-extreme family's descriptor.
pub struct ArgExt;
/// The arg-extreme family.
pub static ARGEXT: ArgExt = ArgExt;

const OPS: [&str; 4] = ["argmin", "argmax", "argmin_masked", "argmax_masked"];

/// The name of the op (`argmin`, `argmax_masked`, …).
pub fn op_name(extreme: Extreme, masked: bool) -> &'static str {
    match (extreme, masked) {
        (Extreme::Min, false) => OPS[0],
        (Extreme::Max, false) => OPS[1],
        (Extreme::Min, true) => OPS[2],
        (Extreme::Max, true) => OPS[3],
    }
}

/// Arg-min / arg-max of `n` values, optionally masked.
#[derive(Debug, Clone, PartialEq)]
pub struct ArgCase {
    /// Which extreme.
    pub extreme: Extreme,
    /// Length.
    pub n: usize,
    /// Values.
    pub values: Values,
    /// Mask kind and pattern, for the masked forms.
    pub mask: Option<(MaskKind, MaskPattern)>,
}

fn describe(r: &Option<ArgExtreme>) -> String {
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

impl CaseSpec for ArgCase {
    fn family(&self) -> &'static dyn OpFamily {
        &ARGEXT
    }
    fn op(&self) -> &'static str {
        op_name(self.extreme, self.mask.is_some())
    }
    fn check(&self, dev: &Device) -> Result<Checked> {
        let (extreme, n) = (self.extreme, self.n);
        let data = inputs::values(&self.values, n);
        let v = dev.upload(&data)?;
        let (got, expected) = match &self.mask {
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
                format!("exact: {}", describe(&got))
            } else {
                format!("expected {}, got {}", describe(&expected), describe(&got))
            }
        });
        Ok(Checked::of(w))
    }
}

fn arg(extreme: Extreme, n: usize, values: Values) -> ArgCase {
    ArgCase {
        extreme,
        n,
        values,
        mask: None,
    }
}

fn extreme_of(op: &str) -> Extreme {
    if op.starts_with("argmin") {
        Extreme::Min
    } else {
        Extreme::Max
    }
}

struct ArgCall(duet_core::Vector, Extreme);

impl BenchCall for ArgCall {
    fn call(&mut self, dev: &Device) -> Result<f64> {
        let r = match self.1 {
            Extreme::Min => dev.argmin(&self.0)?,
            Extreme::Max => dev.argmax(&self.0)?,
        };
        Ok(r.index as f64)
    }
}

impl OpFamily for ArgExt {
    fn name(&self) -> &'static str {
        "argext"
    }
    fn about(&self) -> &'static str {
        "arg-min and arg-max, optionally masked (argmin, argmax, argmin_masked, argmax_masked)"
    }
    fn ops(&self) -> &'static [&'static str] {
        &OPS
    }
    fn cases(&self, level: Level) -> Vec<Case> {
        let mut out = Vec::new();
        for extreme in [Extreme::Min, Extreme::Max] {
            let name = op_name(extreme, false);
            let masked = op_name(extreme, true);
            for n in reduction_sizes(level) {
                out.push(Case::new(
                    format!("{name} n={n} random"),
                    arg(extreme, n, Values::Random(n as u64)),
                ));
            }
            for n in [1, 257, 4097, 65537] {
                for (label, values) in [
                    ("all-equal", Values::AllEqual(0.25)),
                    ("all-NaN", Values::AllNaN),
                    ("±inf", Values::Infinities),
                    ("±0", Values::SignedZeros),
                    ("subnormals", Values::Subnormals),
                ] {
                    out.push(Case::new(
                        format!("{name} n={n} {label}"),
                        arg(extreme, n, values),
                    ));
                }
            }
            for n in [257, 4097, 65537, (1 << 20) + 3] {
                for (label, places) in [
                    ("start", vec![Place::Start, Place::Middle]),
                    ("middle", vec![Place::Middle, Place::End]),
                    ("end", vec![Place::End]),
                    (
                        "wg-boundary",
                        vec![Place::At(1023), Place::At(1024), Place::At(4096)],
                    ),
                    ("vec4-lanes", vec![Place::At(7), Place::At(6), Place::At(5)]),
                ] {
                    out.push(Case::new(
                        format!("{name} n={n} ties@{label}"),
                        arg(extreme, n, Values::Ties(places)),
                    ));
                }
                for (label, places) in [
                    ("start", vec![Place::Start, Place::End]),
                    ("middle", vec![Place::Middle, Place::End]),
                    ("end", vec![Place::End]),
                ] {
                    out.push(Case::new(
                        format!("{name} n={n} NaN@{label}"),
                        arg(extreme, n, Values::NaN(places)),
                    ));
                }
            }
            for kind in [MaskKind::U32, MaskKind::F32] {
                for n in [1, 3, 257, 4097, 65537] {
                    for (label, m) in [
                        ("all-off", MaskPattern::AllOff),
                        ("one-on", MaskPattern::OneOn(Place::Middle)),
                        ("one-on-last", MaskPattern::OneOn(Place::End)),
                        ("alternating", MaskPattern::Alternating),
                        ("random", MaskPattern::Random(n as u64)),
                    ] {
                        out.push(Case::new(
                            format!("{masked} {kind:?} n={n} {label}"),
                            ArgCase {
                                extreme,
                                n,
                                values: Values::Ties(vec![Place::At(2), Place::Middle]),
                                mask: Some((kind, m)),
                            },
                        ));
                    }
                }
            }
            // Beyond one binding: 1 MiB bindings hold 262144 elements.
            for n in [262_144, 262_145, 655_361] {
                out.push(Case::split(
                    format!("{name} n={n} random"),
                    arg(extreme, n, Values::Random(7)),
                ));
                out.push(Case::split(
                    format!("{name} n={n} ties@chunk-boundary"),
                    arg(
                        extreme,
                        n,
                        Values::Ties(vec![Place::At(262_144), Place::At(262_143), Place::End]),
                    ),
                ));
                out.push(Case::split(
                    format!("{masked} n={n} random"),
                    ArgCase {
                        extreme,
                        n,
                        values: Values::Random(9),
                        mask: Some((MaskKind::U32, MaskPattern::Random(3))),
                    },
                ));
            }
        }
        out
    }
    fn threshold_cases(&self, params: &[KernelParams]) -> Vec<Case> {
        let mut out = Vec::new();
        for n in reduction_thresholds(params) {
            for extreme in [Extreme::Min, Extreme::Max] {
                out.push(Case::new(
                    format!("{} n={n} threshold", op_name(extreme, false)),
                    arg(extreme, n, Values::Ties(vec![Place::End, Place::Start])),
                ));
            }
        }
        for n in chunk_thresholds(params) {
            out.push(Case::split(
                format!("{} n={n} threshold", op_name(Extreme::Max, true)),
                ArgCase {
                    extreme: Extreme::Max,
                    n,
                    values: Values::Ties(vec![Place::End, Place::Start]),
                    mask: Some((MaskKind::U32, MaskPattern::Random(n as u64))),
                },
            ));
        }
        out
    }
    fn bad_calls(&self) -> Vec<BadCall> {
        vec![
            BadCall {
                family: &ARGEXT,
                name: "EmptyArgmin",
                expected: ErrorKind::InvalidArgument,
                call: |dev| dev.argmin(&dev.upload(&[])?).map(|_| ()),
            },
            BadCall {
                family: &ARGEXT,
                name: "MaskLength",
                expected: ErrorKind::ShapeMismatch,
                call: |dev| {
                    let v = dev.upload(&[1.0; 10])?;
                    let m = dev.upload_mask(MaskData::U32(&[1; 9]))?;
                    dev.argmax_masked(&v, &m).map(|_| ())
                },
            },
        ]
    }
    fn bench_cases(&self, sizes: Sizes) -> Vec<BenchCase> {
        let mut out = Vec::new();
        for extreme in [Extreme::Min, Extreme::Max] {
            for n in vector_sizes(sizes) {
                out.push(BenchCase {
                    op: op_name(extreme, false).into(),
                    variant: "-".into(),
                    n,
                    d: 1,
                    iters: 0,
                });
            }
        }
        out
    }
    fn work(&self, case: &BenchCase) -> Work {
        vector_work(case)
    }
    fn bench_inputs(&self, case: &BenchCase) -> BenchInputs {
        vector_inputs(case)
    }
    fn bench_prepare<'a>(
        &self,
        dev: &Device,
        case: &BenchCase,
        inputs: &'a BenchInputs,
    ) -> Result<Box<dyn BenchCall + 'a>> {
        Ok(Box::new(ArgCall(
            dev.upload(&inputs.x)?,
            extreme_of(&case.op),
        )))
    }
    fn bench_check(&self, case: &BenchCase) -> Result<Case> {
        Ok(Case::new(
            format!("bench check {} {}", case.op, case.size_label()),
            arg(extreme_of(&case.op), case.n, Values::Random(1)),
        ))
    }
    fn bench_reference(&self, case: &BenchCase, inputs: &BenchInputs) {
        std::hint::black_box(reference::arg_extreme(
            &inputs.x,
            None,
            extreme_of(&case.op),
        ));
    }
}
