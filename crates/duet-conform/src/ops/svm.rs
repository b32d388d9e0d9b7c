//! SVM training ops: `svm_update_f` (the SMO step's update of the optimality indicators),
//! against the f64 reference with the bound of docs/conformance.md.

use duet_core::ops::svm::update_f_reference;
use duet_core::{Device, ErrorKind, KernelParams, Result};

use crate::cases::{Place, Values, reduction_sizes};
use crate::check::{Checked, Worst};
use crate::ops::read::{chunk_thresholds, vector_sizes};
use crate::registry::{
    BadCall, BenchCall, BenchCase, BenchInputs, Case, CaseSpec, Level, OpFamily, Sizes, Work,
};
use crate::{cases::around, inputs, tolerance};

/// Bound of one element of `svm_update_f`: `f + (c_hi·k_hi + c_lo·k_lo)` in `f32` takes four
/// roundings (two products, two sums; a fused multiply-add only removes some), so the result
/// is within `γ_3·S` of the exact value, `S = |f| + |c_hi·k_hi| + |c_lo·k_lo|`
/// (docs/conformance.md), plus `3·MIN_NORMAL` for a device that flushes subnormal products or
/// sums to zero.
fn update_f_bound(s: f64) -> f64 {
    tolerance::gamma(3.0) * s + 3.0 * tolerance::MIN_NORMAL
}

/// The SVM family's descriptor.
pub struct Svm;
/// The SVM family.
pub static SVM: Svm = Svm;

/// `f ← f + c_hi·k_hi + c_lo·k_lo` on `n` elements.
#[derive(Debug, Clone, PartialEq)]
pub struct UpdateCase {
    /// Length.
    pub n: usize,
    /// Values of f.
    pub f: Values,
    /// Values of k_hi and k_lo.
    pub k: (Values, Values),
    /// The coefficients.
    pub c: (f32, f32),
}

impl CaseSpec for UpdateCase {
    fn family(&self) -> &'static dyn OpFamily {
        &SVM
    }
    fn op(&self) -> &'static str {
        "update_f"
    }
    fn check(&self, dev: &Device) -> Result<Checked> {
        let n = self.n;
        let f0 = inputs::values(&self.f, n);
        let k_hi = inputs::values(&self.k.0, n);
        let k_lo = inputs::values(&self.k.1, n);
        let (c_hi, c_lo) = self.c;
        let mut f = dev.upload(&f0)?;
        let (h, l) = (dev.upload(&k_hi)?, dev.upload(&k_lo)?);
        dev.svm_update_f(&mut f, &h, &l, c_hi, c_lo)?;
        let got = dev.download(&f)?;
        let want = update_f_reference(&f0, &k_hi, &k_lo, c_hi, c_lo);
        let mut w = Worst::default();
        for i in 0..n {
            let exact = want[i];
            let rounded = exact as f32;
            // Where the exact value is not a finite f32 (an input NaN or ±∞, or overflow), the
            // result must be what IEEE f32 arithmetic gives: the same non-finite value.
            let err = if rounded.is_finite() {
                (got[i] as f64 - exact).abs()
            } else if got[i] == rounded || (got[i].is_nan() && rounded.is_nan()) {
                0.0
            } else {
                f64::INFINITY
            };
            let s = (f0[i] as f64).abs()
                + (c_hi as f64 * k_hi[i] as f64).abs()
                + (c_lo as f64 * k_lo[i] as f64).abs();
            let bound = update_f_bound(s);
            w.see(err, bound, || {
                format!(
                    "f[{i}] = {:e}, reference {exact:e} (f = {:e}, k_hi = {:e}, k_lo = {:e}, bound {bound:.3e})",
                    got[i], f0[i], k_hi[i], k_lo[i]
                )
            });
        }
        Ok(Checked::of(w))
    }
}

fn update(n: usize, seed: u64, c: (f32, f32)) -> UpdateCase {
    UpdateCase {
        n,
        f: Values::Random(seed),
        k: (Values::Random(seed + 1), Values::Random(seed + 2)),
        c,
    }
}

struct UpdateCall {
    f: duet_core::Vector,
    k_hi: duet_core::Vector,
    k_lo: duet_core::Vector,
}

impl BenchCall for UpdateCall {
    fn call(&mut self, dev: &Device) -> Result<f64> {
        dev.svm_update_f(&mut self.f, &self.k_hi, &self.k_lo, BENCH_C.0, BENCH_C.1)?;
        dev.finish().map(|_| 0.0)
    }
}

/// The benchmark's coefficients.
const BENCH_C: (f32, f32) = (0.25, -0.5);

/// Three vectors of `n` elements (k_hi of `n_hi`) for the invalid calls.
fn bad_update(dev: &Device, n_hi: usize, c: (f32, f32)) -> Result<()> {
    let mut f = dev.upload(&[1.0; 8])?;
    let (h, l) = (dev.upload(&vec![0.5; n_hi])?, dev.upload(&[0.5; 8])?);
    dev.svm_update_f(&mut f, &h, &l, c.0, c.1)
}

impl OpFamily for Svm {
    fn name(&self) -> &'static str {
        "svm"
    }
    fn about(&self) -> &'static str {
        "SVM training ops (update_f: the SMO step's update of f from two kernel rows)"
    }
    fn ops(&self) -> &'static [&'static str] {
        &["update_f"]
    }
    fn cases(&self, level: Level) -> Vec<Case> {
        let mut out = Vec::new();
        for n in reduction_sizes(level) {
            out.push(Case::new(
                format!("update_f n={n} random"),
                update(n, n as u64, (0.7, -1.3)),
            ));
        }
        for n in [1, 257, 4097] {
            out.push(Case::new(
                format!("update_f n={n} c=0"),
                update(n, 3, (0.0, 0.0)),
            ));
            out.push(Case::new(
                format!("update_f n={n} c_lo=0"),
                update(n, 4, (2.5, 0.0)),
            ));
            for (label, f) in [
                ("f ±inf", Values::Infinities),
                ("f NaN", Values::NaN(vec![Place::Start, Place::End])),
                ("f subnormals", Values::Subnormals),
                ("f ±0", Values::SignedZeros),
            ] {
                out.push(Case::new(
                    format!("update_f n={n} {label}"),
                    UpdateCase {
                        n,
                        f,
                        k: (Values::Random(5), Values::Random(6)),
                        c: (1e-3, -2e-3),
                    },
                ));
            }
            // Large coefficients against small f: cancellation is measured against S.
            out.push(Case::new(
                format!("update_f n={n} cancellation"),
                UpdateCase {
                    n,
                    f: Values::AllEqual(1.0),
                    k: (Values::AllEqual(0.5), Values::AllEqual(0.25)),
                    c: (1e4, -2e4),
                },
            ));
        }
        // Beyond one binding: 1 MiB bindings hold 262144 elements.
        for n in [262_144, 262_145, 655_361] {
            out.push(Case::split(
                format!("update_f n={n} random"),
                update(n, 9, (0.3, 0.6)),
            ));
        }
        out
    }
    /// Lengths around the workgroup and around a split binding's chunk.
    fn threshold_cases(&self, params: &[KernelParams]) -> Vec<Case> {
        let mut out = Vec::new();
        for n in around(params.iter().map(|p| p.reduce_wg as usize)) {
            out.push(Case::new(
                format!("update_f n={n} threshold"),
                update(n, n as u64, (0.5, 0.5)),
            ));
        }
        for n in chunk_thresholds(params) {
            out.push(Case::split(
                format!("update_f n={n} threshold"),
                update(n, n as u64, (0.5, -0.5)),
            ));
        }
        out
    }
    fn bad_calls(&self) -> Vec<BadCall> {
        vec![
            BadCall {
                family: &SVM,
                name: "UpdateLength",
                expected: ErrorKind::ShapeMismatch,
                call: |dev| bad_update(dev, 7, (1.0, 1.0)),
            },
            BadCall {
                family: &SVM,
                name: "UpdateCoefficientNaN",
                expected: ErrorKind::InvalidArgument,
                call: |dev| bad_update(dev, 8, (f32::NAN, 1.0)),
            },
            BadCall {
                family: &SVM,
                name: "UpdateCoefficientInfinite",
                expected: ErrorKind::InvalidArgument,
                call: |dev| bad_update(dev, 8, (1.0, f32::INFINITY)),
            },
        ]
    }
    fn bench_cases(&self, sizes: Sizes) -> Vec<BenchCase> {
        vector_sizes(sizes)
            .into_iter()
            .map(|n| BenchCase {
                op: "update_f".into(),
                variant: "-".into(),
                n,
                d: 1,
                iters: 0,
            })
            .collect()
    }
    /// Reads f, k_hi and k_lo and writes f: 16 bytes and 4 flops per element.
    fn work(&self, case: &BenchCase) -> Work {
        let n = case.n as f64;
        Work {
            bytes: 16.0 * n,
            flops: 4.0 * n,
        }
    }
    fn bench_inputs(&self, case: &BenchCase) -> BenchInputs {
        BenchInputs {
            x: duet_core::data::uniform(case.n, -1.0, 1.0, 1),
            y: duet_core::data::uniform(case.n, 0.0, 1.0, 2),
            w: duet_core::data::uniform(case.n, 0.0, 1.0, 3),
        }
    }
    fn bench_prepare<'a>(
        &self,
        dev: &Device,
        _case: &BenchCase,
        inputs: &'a BenchInputs,
    ) -> Result<Box<dyn BenchCall + 'a>> {
        Ok(Box::new(UpdateCall {
            f: dev.upload(&inputs.x)?,
            k_hi: dev.upload(&inputs.y)?,
            k_lo: dev.upload(&inputs.w)?,
        }))
    }
    fn bench_check(&self, case: &BenchCase) -> Result<Case> {
        Ok(Case::new(
            format!("bench check update_f {}", case.size_label()),
            update(case.n, 1, BENCH_C),
        ))
    }
    fn bench_reference(&self, _case: &BenchCase, inputs: &BenchInputs) {
        std::hint::black_box(update_f_reference(
            &inputs.x, &inputs.y, &inputs.w, BENCH_C.0, BENCH_C.1,
        ));
    }
}
