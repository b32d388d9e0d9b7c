//! Prediction on a device: the kernel values of the points against the support vectors in
//! tiles (`predict_kernel`), then the decision value of each point for each pair of classes
//! (`predict_decision`), WGSL and OpenCL twins (`shaders/predict.wgsl`, `kernels/predict.cl`)
//! through duet-core's generic launch path. Points go in chunks whose kernel matrix fits
//! [`KMAT_BYTES`] (and one binding); the decision values come back per chunk and the voting
//! runs on the host ([`SvmModel::vote`]). Support vectors larger than one binding are split
//! into blocks, as every matrix is: `predict_kernel` runs once per block; the coefficients
//! must fit one binding.
//!
//! Arithmetic is `f32` (the reference, [`SvmModel::decision_function`], is `f64`): a decision
//! value within rounding of 0 may take the other sign, so a point may be voted differently;
//! docs/conformance.md bounds how many.

use duet_core::chunk::{plan_matrix, vector_chunk_elems};
use duet_core::kernel_args::PredictParams;
use duet_core::launch::{ArgWords, Bind, KernelLaunch};
use duet_core::params::{MAX_GROUPS, PREDICT_TILE};
use duet_core::{BackendKind, Device, Error, Layout, Result};

use crate::device::one_binding;
use crate::model::SvmModel;

/// The most bytes of kernel values a chunk of points holds on the device.
pub const KMAT_BYTES: u64 = 256 << 20;

impl SvmModel {
    /// [`SvmModel::decision_function`] on `dev` (`rows × pairs`, row-major); the CPU device
    /// runs the `f64` host version.
    pub fn decision_function_on(
        &self,
        dev: &Device,
        x: &[f32],
        rows: usize,
        cols: usize,
    ) -> Result<Vec<f64>> {
        if dev.info().backend == BackendKind::Cpu || rows == 0 || self.total_sv() == 0 {
            return self.decision_function(x, rows, cols);
        }
        self.check_input(x, rows, cols)?;
        let d = self.cols;
        // Points with fewer features than the model: the missing ones are zeros.
        let padded;
        let x = if cols < d {
            padded = x
                .chunks(cols)
                .flat_map(|r| r.iter().copied().chain(std::iter::repeat_n(0.0, d - cols)))
                .collect::<Vec<f32>>();
            &padded[..]
        } else {
            x
        };
        let k = self.nr_class();
        let pairs = k * (k - 1) / 2;
        let svs = self.total_sv();
        let limit = dev.info().max_binding_bytes;
        // The same blocks as the upload's.
        let sv_blocks = plan_matrix(svs, d, Layout::RowMajor, limit, dev.params())?;
        one_binding(
            dev,
            || format!("the model's {} × {svs} coefficients", k - 1),
            svs * (k - 1),
        )?;
        // The kernel values and decision values of a chunk of points are one binding each,
        // its points one block.
        let one = vector_chunk_elems(limit, dev.params());
        let budget = (KMAT_BYTES / 4) as usize;
        let per_chunk = (budget.min(one) / svs)
            .min(one / pairs.max(1))
            .min(((limit / 4) as usize / duet_core::chunk::row_pitch(d, dev.params())).max(1))
            .min(rows)
            .max(1);
        one_binding(
            dev,
            || format!("one point's kernel values against {svs} support vectors"),
            per_chunk * svs,
        )?;
        let sv = dev.upload_matrix(&self.sv, svs, d, Layout::RowMajor)?;
        let coef: Vec<f32> = self.sv_coef.iter().flatten().map(|&c| c as f32).collect();
        let coef = dev.upload(&coef)?;
        let rho = dev.upload(&self.rho.iter().map(|&r| r as f32).collect::<Vec<_>>())?;
        let mut starts = vec![0usize; k];
        for c in 1..k {
            starts[c] = starts[c - 1] + self.nr_sv[c - 1];
        }
        let mut info = Vec::with_capacity(6 * pairs);
        for a in 0..k {
            for b in a + 1..k {
                info.extend([starts[a], self.nr_sv[a], b - 1, starts[b], self.nr_sv[b], a]);
            }
        }
        let info: Vec<f32> = info.iter().map(|&w| f32::from_bits(w as u32)).collect();
        let info = dev.upload(&info)?;
        let kmat = dev.zeros(per_chunk * svs)?;
        let dec = dev.zeros(per_chunk * pairs)?;
        let tile = PREDICT_TILE as usize;
        let mut out = Vec::with_capacity(rows * pairs);
        for begin in (0..rows).step_by(per_chunk) {
            let n = per_chunk.min(rows - begin);
            let xc = dev.upload_matrix(&x[begin * d..(begin + n) * d], n, d, Layout::RowMajor)?;
            let tiles_rows = n.div_ceil(tile);
            let outputs = n * pairs;
            let dec_groups = outputs.div_ceil(tile * tile).clamp(1, MAX_GROUPS as usize);
            // A launch over the support vectors `sv_start..sv_start + sv_rows` (tiles over
            // them), or the decision launch (all of them).
            let args = |groups: usize, tiles: usize, sv_start: usize, sv_rows: usize| {
                ArgWords::of(&PredictParams {
                    rows: n as u32,
                    cols: d as u32,
                    pitch: duet_core::chunk::row_pitch(d, dev.params()) as u32,
                    svs: svs as u32,
                    pairs: pairs as u32,
                    tiles_rows: tiles_rows as u32,
                    tiles: tiles as u32,
                    groups: groups as u32,
                    gamma: self.gamma as f32,
                    sv_start: sv_start as u32,
                    sv_rows: sv_rows as u32,
                })
            };
            // K, one launch per block of support vectors (each fills its columns).
            let mut plan: Vec<KernelLaunch<'_>> = sv_blocks
                .iter()
                .enumerate()
                .map(|(k, blk)| {
                    let tiles = tiles_rows * blk.rows.div_ceil(tile);
                    let groups = tiles.min(MAX_GROUPS as usize);
                    KernelLaunch {
                        stem: "predict",
                        entry: "predict_kernel",
                        extra: Vec::new(),
                        groups: groups as u32,
                        wg: PREDICT_TILE * PREDICT_TILE,
                        binds: vec![
                            (0, Bind::Matrix(&xc, 0)),
                            (1, Bind::Matrix(&sv, k)),
                            (2, Bind::Vector(&kmat, 0)),
                        ],
                        args: args(groups, tiles, blk.row_start, blk.rows),
                    }
                })
                .collect();
            plan.push(KernelLaunch {
                stem: "predict",
                entry: "predict_decision",
                extra: Vec::new(),
                groups: dec_groups as u32,
                wg: PREDICT_TILE * PREDICT_TILE,
                binds: vec![
                    (2, Bind::Vector(&kmat, 0)),
                    (3, Bind::Vector(&coef, 0)),
                    (4, Bind::Vector(&rho, 0)),
                    (5, Bind::Vector(&info, 0)),
                    (6, Bind::Vector(&dec, 0)),
                ],
                args: args(dec_groups, 0, 0, svs),
            });
            dev.backend().run_plan("svm_predict", &plan)?;
            let got = dev.download(&dec)?;
            out.extend(got[..outputs].iter().map(|&v| v as f64));
        }
        if let Some(t) = out.iter().position(|v| !v.is_finite()) {
            return Err(Error::execution(
                "svm_predict",
                format!(
                    "the device returned a non-finite decision value (point {})",
                    t / pairs.max(1)
                ),
            ));
        }
        Ok(out)
    }

    /// [`SvmModel::predict`] with the decision values from `dev`.
    pub fn predict_on(
        &self,
        dev: &Device,
        x: &[f32],
        rows: usize,
        cols: usize,
    ) -> Result<Vec<f64>> {
        let dec = self.decision_function_on(dev, x, rows, cols)?;
        Ok(self.vote(&dec, rows))
    }
}

/// The largest difference between an `f32` decision value of this module and the `f64`
/// reference that rounding can explain, for each pair, at the point `x` (docs/conformance.md):
/// with `u = 2⁻²⁴`, a squared distance `σ` summed over `d` features carries a relative error of
/// at most `(d + 2)u`, so `K = exp(−γσ)` one of `γσ(d + 2)u + 4u` (the exponent's error, then
/// exp's 3 ulp and the product); the sum over `S` support vectors adds `(S + 1)u Σ|c K|`, and
/// the coefficients and rho their rounding to `f32` (`u` each).
pub fn decision_bound(m: &SvmModel, x: &[f32]) -> Vec<f64> {
    let u = f64::from(f32::EPSILON) / 2.0;
    let d = m.cols as f64;
    let k = m.nr_class();
    let mut starts = vec![0usize; k];
    for c in 1..k {
        starts[c] = starts[c - 1] + m.nr_sv[c - 1];
    }
    let mut point = vec![0.0f32; m.cols];
    point[..x.len().min(m.cols)].copy_from_slice(&x[..x.len().min(m.cols)]);
    let terms: Vec<(f64, f64)> = (0..m.total_sv())
        .map(|s| {
            let sv = &m.sv[s * m.cols..(s + 1) * m.cols];
            let sigma: f64 = sv
                .iter()
                .zip(&point)
                .map(|(&a, &b)| (a as f64 - b as f64).powi(2))
                .sum();
            let kv = (-m.gamma * sigma).exp();
            (kv, m.gamma * sigma * (d + 2.0) * u + 4.0 * u)
        })
        .collect();
    let mut out = Vec::new();
    for a in 0..k {
        for b in a + 1..k {
            let mut abs_sum = 0.0;
            let mut err = 0.0;
            for (row, class) in [(b - 1, a), (a, b)] {
                let range = starts[class]..starts[class] + m.nr_sv[class];
                for (c, t) in m.sv_coef[row][range.clone()].iter().zip(&terms[range]) {
                    let ck = c.abs() * t.0;
                    abs_sum += ck;
                    err += ck * (t.1 + u);
                }
            }
            let rho = m.rho[out.len()].abs();
            out.push(err + (m.total_sv() as f64 + 1.0) * u * abs_sum + 2.0 * u * rho);
        }
    }
    out
}
