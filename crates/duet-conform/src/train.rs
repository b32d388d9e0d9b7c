//! The reference training run and its error bound.
//!
//! One GPU step is `ŵ' = fl(ŵ·(1 − lr·λ) + lr·ĝ(ŵ))`. With `e = ŵ − w` the distance to the
//! reference's iterate, `e' = (decay·I − lr·XᵀS̃X)·e + lr·δg + ρ` where S̃ is diagonal with
//! entries in [0, 1/4] (σ' ≤ 1/4). When `lr·λ_max(XᵀX)/4 ≤ 1 + decay` that matrix has 2-norm at
//! most 1, so `‖e_T‖₂ ≤ Σ_t (lr·‖δg_t‖₂ + ‖ρ_t‖₂)`: errors add up, they do not compound. δg_t
//! is the gradient's evaluation error at ŵ_t, bounded uniformly over ‖ŵ_t − w_t‖ ≤ B_t (the
//! bound so far), and ρ_t the rounding of the update (4u of its magnitude).

use duet_core::{KernelParams, TrainConfig, reference};

use crate::tolerance::{ExpAccuracy, U, gamma, score_chain, sum_chain};

/// The reference run of a training case and its bounds.
#[derive(Debug, Clone)]
pub struct TrainReference {
    /// Final weights.
    pub w: Vec<f64>,
    /// `‖ŵ_T − w_T‖₂` is at most this.
    pub w_bound: f64,
    /// The log-likelihood trace at the trace points.
    pub trace: Vec<(u32, f64)>,
    /// Bound on each trace entry's error.
    pub trace_bounds: Vec<f64>,
    /// λ_max(XᵀX), for the report.
    pub lambda_max: f64,
}

/// λ_max(XᵀX) by power iteration on the `cols × cols` Gram matrix (in f64), plus 1%.
pub fn lambda_max(x: &[f32], cols: usize) -> f64 {
    let mut gram = vec![0.0f64; cols * cols];
    for row in x.chunks_exact(cols) {
        for i in 0..cols {
            let a = row[i] as f64;
            for j in 0..cols {
                gram[i * cols + j] += a * row[j] as f64;
            }
        }
    }
    let mut v = vec![1.0f64; cols];
    let mut lambda = 0.0;
    for _ in 0..500 {
        let mut next = vec![0.0f64; cols];
        for i in 0..cols {
            next[i] = (0..cols).map(|j| gram[i * cols + j] * v[j]).sum();
        }
        let norm = next.iter().map(|a| a * a).sum::<f64>().sqrt();
        if norm == 0.0 {
            return 0.0;
        }
        lambda = norm / v.iter().map(|a| a * a).sum::<f64>().sqrt();
        v = next.iter().map(|a| a / norm).collect();
    }
    // 500 steps of the power iteration approach λ_max from below; 1% on top makes the estimate
    // an upper bound for the Gram matrices of the suite (eigen-gaps far above 1%), and never
    // exceeds Gershgorin's bound (the largest absolute row sum).
    let gershgorin = (0..cols)
        .map(|i| (0..cols).map(|j| gram[i * cols + j].abs()).sum::<f64>())
        .fold(0.0, f64::max);
    (lambda * 1.01).min(gershgorin)
}

fn norm(v: impl Iterator<Item = f64>) -> f64 {
    v.map(|a| a * a).sum::<f64>().sqrt()
}

/// How the device under test sums: its partial slots per pass, its kernel parameters and the
/// accuracy of its `exp`.
#[derive(Debug, Clone, Copy)]
pub struct Summation<'a> {
    /// Partial slots of one `multi_group` pass (1 for `single_group`).
    pub slots: usize,
    /// The device's kernel parameters.
    pub params: &'a KernelParams,
    /// The device's `exp` accuracy.
    pub acc: ExpAccuracy,
}

/// Runs the reference training of the `rows × cols` row-major `x` with labels `y` from the
/// weights `w0`, and accumulates the bound. Fails (with why) when the learning rate breaks the
/// contraction condition the bound needs.
pub fn train_reference(
    (x, cols, y, w0): (&[f32], usize, &[f32], &[f32]),
    cfg: &TrainConfig,
    sum: Summation<'_>,
) -> Result<TrainReference, String> {
    let Summation {
        slots,
        params: p,
        acc,
    } = sum;
    let lambda = lambda_max(x, cols);
    let lr = cfg.lr as f64;
    let decay = 1.0 - lr * cfg.l2 as f64;
    if lr * lambda / 4.0 > 1.0 + decay {
        return Err(format!(
            "lr·λ_max(XᵀX)/4 = {:.3} exceeds 1 + decay = {:.3}: the error bound needs a \
             non-expansive step",
            lr * lambda / 4.0,
            1.0 + decay
        ));
    }
    let rows = y.len();
    let gz = gamma(score_chain(cols, p));
    let gs = gamma(sum_chain(rows, cols, slots, p));
    let row_norms: Vec<f64> = x
        .chunks_exact(cols)
        .map(|r| norm(r.iter().map(|&a| a as f64)))
        .collect();
    let points = duet_core::ops::logreg::trace_points(cfg);
    let mut w: Vec<f64> = w0.iter().map(|&v| v as f64).collect();
    let mut b = 0.0f64;
    let mut trace = Vec::new();
    let mut trace_bounds = Vec::new();
    for t in 0..=cfg.iters {
        let g = reference::logreg_gradient(x, cols, y, &w);
        let wn = norm(w.iter().copied());
        let gn = norm(g.grad.iter().copied());
        // Uniform bounds over every ŵ within b of w.
        let mut dg = vec![0.0f64; cols];
        let mut ll_err = 0.0f64;
        let mut ll_terms = 0.0f64;
        for (i, (row, &yi)) in x.chunks_exact(cols).zip(y).enumerate() {
            let zabs: f64 = row
                .iter()
                .zip(&w)
                .map(|(&a, &wj)| (a as f64).abs() * (wj.abs() + b))
                .sum();
            let dz = gz * zabs;
            let z_max = g.z[i].abs() + row_norms[i] * b + dz;
            let eps_e = acc.relative(z_max);
            let dr = 0.25 * dz + (eps_e + 11.0 * U);
            for (j, &a) in row.iter().enumerate() {
                let a = (a as f64).abs();
                dg[j] += a * dr + gs * a * (1.0 + dr);
            }
            let yi = yi as f64;
            let z = g.z[i];
            let term = yi * (-z).max(0.0)
                + (1.0 - yi) * z.max(0.0)
                + (-z.abs()).exp().ln_1p()
                + row_norms[i] * b;
            ll_err += dz + (eps_e + 14.0 * U) * std::f64::consts::LN_2 + 4.0 * U * term;
            ll_terms += term;
        }
        if points.contains(&t) {
            trace.push((t, g.loglik));
            trace_bounds.push(ll_err + gs * ll_terms + gn * b + lambda / 8.0 * b * b);
        }
        if t == cfg.iters {
            break;
        }
        let dgn = norm(dg.into_iter());
        let step = decay * (wn + b) + lr * (gn + lambda / 4.0 * b + dgn);
        b += lr * dgn + 4.0 * U * step;
        for (wj, gj) in w.iter_mut().zip(&g.grad) {
            *wj = *wj * decay + lr * gj;
        }
    }
    Ok(TrainReference {
        w,
        w_bound: b,
        trace,
        trace_bounds,
        lambda_max: lambda,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lambda_of_identity_rows() {
        // X = I₃ stacked twice: XᵀX = 2·I, λ_max = 2.
        let x = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0].repeat(2);
        let l = lambda_max(&x, 3);
        assert!((l - 2.0).abs() < 0.03, "{l}");
    }

    #[test]
    fn bound_matches_reference_weights() {
        let d = duet_core::data::blobs(256, 4, 3);
        let cfg = TrainConfig {
            iters: 10,
            lr: 1e-3,
            l2: 0.0,
            loglik_every: 5,
        };
        let r = train_reference(
            (&d.x, 4, &d.y, &[0.0; 4]),
            &cfg,
            Summation {
                slots: 1,
                params: &KernelParams::DEFAULT,
                acc: ExpAccuracy::Wgsl,
            },
        )
        .unwrap();
        let (w, trace) = reference::logreg_train(&d.x, 4, &d.y, &[0.0; 4], &cfg);
        assert_eq!(r.w, w);
        assert_eq!(r.trace, trace);
        assert!(r.w_bound > 0.0 && r.w_bound < 1e-3);
    }
}
