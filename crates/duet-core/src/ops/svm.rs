//! SVM training ops (seeds 002 and 004): the pieces of an SMO step that run on the device.
//!
//! `update_f`: after a step changes `α_hi` and `α_lo`, the optimality indicators move by the
//! two kernel rows,
//!
//! ```text
//! f[i] ← f[i] + c_hi · k_hi[i] + c_lo · k_lo[i]        (c = Δα · y of each pivot)
//! ```
//!
//! for every i, evaluated in `f32` on the GPU as `t = c_hi·k_hi[i] + c_lo·k_lo[i]`,
//! `f[i] + t` (a compiler may contract a product and a sum into one fused multiply-add, which
//! only removes roundings) and in `f64` on the CPU reference, rounded once to `f32`. IEEE
//! rules for NaN and ±Inf in the vectors; a product or partial sum beyond `f32`'s range
//! overflows to ±∞ as `f32` arithmetic does (so `∞ − ∞` can give NaN where the `f64` reference
//! is finite: in SMO, |Δα·y·k| ≤ C, far inside the range). `c_hi` and `c_lo` must be finite;
//! the three vectors must have the same length (an empty one is a no-op).

use crate::chunk::plan_vector;
use crate::device::Device;
use crate::error::{Error, Result};
use crate::handle::Vector;
use crate::kernel_args::SvmUpdateParams;
use crate::launch::{ArgWords, Bind, KernelLaunch};

/// Checks `update_f`'s arguments: lengths (`f`, `k_hi`, `k_lo`) and coefficients.
pub fn validate_update_f(lens: (usize, usize, usize), c_hi: f32, c_lo: f32) -> Result<()> {
    for (name, len) in [("k_hi", lens.1), ("k_lo", lens.2)] {
        if len != lens.0 {
            return Err(Error::shape(
                name,
                format!("{} elements (the length of f)", lens.0),
                format!("{len} elements"),
            ));
        }
    }
    for (name, c) in [("c_hi", c_hi), ("c_lo", c_lo)] {
        if !c.is_finite() {
            return Err(Error::invalid(name, c, "must be finite"));
        }
    }
    Ok(())
}

/// The reference: `f[i] + c_hi·k_hi[i] + c_lo·k_lo[i]` in `f64`, for each i.
pub fn update_f_reference(f: &[f32], k_hi: &[f32], k_lo: &[f32], c_hi: f32, c_lo: f32) -> Vec<f64> {
    f.iter()
        .zip(k_hi.iter().zip(k_lo))
        .map(|(&f, (&h, &l))| f as f64 + (c_hi as f64 * h as f64 + c_lo as f64 * l as f64))
        .collect()
}

/// The launches of `update_f` on a device that splits vectors of `len` elements over bindings
/// of `max_binding_bytes`: one `svm_update_f` launch per chunk (the three vectors are chunked
/// alike: same length, same device), each a grid-stride loop of at most `MAX_GROUPS`
/// workgroups of `reduce_wg`.
pub fn plan_update_f<'a>(
    (f, k_hi, k_lo): (&'a Vector, &'a Vector, &'a Vector),
    (c_hi, c_lo): (f32, f32),
    max_binding_bytes: u64,
    params: &crate::KernelParams,
) -> Result<Vec<KernelLaunch<'a>>> {
    let wg = params.reduce_wg;
    Ok(plan_vector(f.len(), max_binding_bytes, params)?
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let groups = c
                .len
                .div_ceil(wg as usize)
                .clamp(1, crate::params::MAX_GROUPS as usize) as u32;
            KernelLaunch {
                stem: "svm",
                entry: "svm_update_f",
                extra: Vec::new(),
                groups,
                wg,
                binds: vec![
                    (0, Bind::Vector(f, i)),
                    (1, Bind::Vector(k_hi, i)),
                    (2, Bind::Vector(k_lo, i)),
                ],
                args: ArgWords::of(&SvmUpdateParams {
                    len: c.len as u32,
                    groups,
                    c_hi,
                    c_lo,
                }),
            }
        })
        .collect())
}

impl Device {
    /// `f[i] ← f[i] + c_hi·k_hi[i] + c_lo·k_lo[i]` for every i (see [`ops::svm`](crate::ops::svm)): the
    /// SMO step's update of the optimality indicators from the pair's kernel rows. Queued like
    /// the other ops that return nothing.
    pub fn svm_update_f(
        &self,
        f: &mut Vector,
        k_hi: &Vector,
        k_lo: &Vector,
        c_hi: f32,
        c_lo: f32,
    ) -> Result<()> {
        for (name, v) in [("f", &*f), ("k_hi", k_hi), ("k_lo", k_lo)] {
            self.check_owner(name, v.owner())?;
        }
        validate_update_f((f.len(), k_hi.len(), k_lo.len()), c_hi, c_lo)?;
        if f.is_empty() {
            return Ok(());
        }
        if self.info().backend == crate::BackendKind::Cpu {
            // The reference is the CPU backend's implementation.
            let (f0, h, l) = (
                self.download(f)?,
                self.download(k_hi)?,
                self.download(k_lo)?,
            );
            let mut out = Vec::new();
            self.backend().run_on_host(&mut || {
                out = update_f_reference(&f0, &h, &l, c_hi, c_lo)
                    .into_iter()
                    .map(|v| v as f32)
                    .collect();
            });
            return self.write(f, &out);
        }
        let plan = plan_update_f(
            (f, k_hi, k_lo),
            (c_hi, c_lo),
            self.info().max_binding_bytes,
            self.params(),
        )?;
        self.backend().run_plan("svm_update_f", &plan)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn update_f_names_what_is_wrong() {
        let e = validate_update_f((4, 3, 4), 1.0, 1.0).expect_err("length");
        assert!(e.to_string().contains("k_hi"), "{e}");
        let e = validate_update_f((4, 4, 4), 1.0, f32::NAN).expect_err("NaN");
        assert!(e.to_string().contains("c_lo"), "{e}");
        assert!(validate_update_f((0, 0, 0), 0.0, -2.0).is_ok());
        assert_eq!(
            update_f_reference(&[1.0, -1.0], &[0.5, 1.0], &[2.0, 0.0], 2.0, -0.25),
            vec![1.5, 1.0]
        );
    }

    #[test]
    fn plan_covers_every_chunk() {
        let dev = Device::new(Box::new(crate::CpuBackend::new()));
        let n = 10_000;
        let (f, h, l) = (
            dev.zeros(n).expect("zeros"),
            dev.zeros(n).expect("zeros"),
            dev.zeros(n).expect("zeros"),
        );
        let p = crate::KernelParams::DEFAULT;
        // 16 KiB bindings: 4096 floats each, three chunks.
        let plan = plan_update_f((&f, &h, &l), (1.0, 2.0), 16 << 10, &p).expect("plan");
        assert_eq!(plan.len(), 3);
        let lens: Vec<u32> = plan.iter().map(|l| l.args.words[0]).collect();
        assert_eq!(lens, vec![4096, 4096, 1808]);
        assert!(plan.iter().all(|l| l.binds.len() == 3 && l.groups >= 1));
    }
}
