//! The tolerance policy: per op, the error allowed and why. docs/conformance.md derives each
//! bound; this module computes them. Every bound is relative to the magnitudes the error can
//! scale with (Σ|terms|, never the result alone: a gradient near the optimum is near 0).

use duet_core::{BackendKind, KernelParams};

/// Unit roundoff of `f32`: 2⁻²⁴.
pub const U: f64 = 1.0 / 16_777_216.0;

/// `γ_h = h·u / (1 − h·u)`: the relative error bound of a sum computed along a chain of `h`
/// dependent `f32` additions (Higham, Accuracy and Stability, Lemma 3.1), for any order.
pub fn gamma(h: f64) -> f64 {
    let hu = h * U;
    if hu >= 0.5 {
        f64::INFINITY
    } else {
        hu / (1.0 - hu)
    }
}

/// The smallest normal `f32`: results below it may be flushed to zero by a device.
pub const MIN_NORMAL: f64 = 1.175_494_350_822_287_5e-38;

/// What the kernel language promises for `exp`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpAccuracy {
    /// OpenCL C, full profile, `exp`: 3 ulp.
    OpenCl,
    /// WGSL `exp(x)`: 3 + 2·|x| ulp.
    Wgsl,
    /// The CPU reference: `f64`, then one rounding to `f32`.
    Reference,
}

impl ExpAccuracy {
    /// The accuracy of the backend's kernels.
    pub fn of(backend: BackendKind) -> Self {
        match backend {
            BackendKind::Wgpu => ExpAccuracy::Wgsl,
            BackendKind::OpenCl => ExpAccuracy::OpenCl,
            BackendKind::Cpu => ExpAccuracy::Reference,
        }
    }

    /// Relative error bound of `exp(x)` for a normal result: ulps × 2⁻²³ (an ulp is at most
    /// 2⁻²³ of the value), or one rounding for the reference.
    pub fn relative(self, x: f64) -> f64 {
        match self {
            ExpAccuracy::OpenCl => 3.0 * 2.0 * U,
            ExpAccuracy::Wgsl => (3.0 + 2.0 * x.abs()) * 2.0 * U,
            ExpAccuracy::Reference => U,
        }
    }

    /// Relative error bound of a division `a / b` in the language (2.5 ulp in both WGSL and
    /// OpenCL's single precision; one rounding for the reference).
    pub fn division(self) -> f64 {
        match self {
            ExpAccuracy::Reference => U,
            _ => 2.5 * 2.0 * U,
        }
    }
}

/// Bound on |Σ_gpu − Σ_ref| for the read kernel over `n` elements whose absolute values sum to
/// `abs_sum`: each work-item adds its vec4 lanes along a chain of ⌈n / (4·G·WG)⌉ loads, then 3
/// lane additions and up to 3 tail additions, then the workgroup tree (log₂ WG), then the final
/// pass adds ⌈S/WG⌉ partials and its tree. G is at least 1 and S at most `slots`.
pub fn read_sum(n: usize, abs_sum: f64, slots: usize, p: &KernelParams) -> f64 {
    let wg = p.reduce_wg as f64;
    let groups = p.reduce_groups(n) as f64;
    let chain = (n as f64 / (4.0 * groups * wg)).ceil();
    let h = chain + 6.0 + 2.0 * wg.log2() + (slots as f64 / wg).ceil() + 1.0;
    gamma(h) * abs_sum + n as f64 * f64::EPSILON * abs_sum
}

/// The RBF bound for one output: `s` the exact squared distance, `d` the dimension.
///
/// `t̂ = fl(γ·fl(Σ (a−b)²))` has relative error at most (d+3)u (one rounding in the difference,
/// one in the square, a chain of d−1 additions, one in the product with γ), so
/// `exp(−t̂) = exp(−t)·exp(±t(d+3)u)`; `exp` itself adds the language's relative error at t̂;
/// results below the smallest normal may be flushed (absolute 2⁻¹²⁶).
pub fn rbf(k_ref: f64, t: f64, d: usize, acc: ExpAccuracy) -> f64 {
    let arg_rel = gamma(d as f64 + 3.0);
    let t_hat = t * (1.0 + arg_rel);
    let from_arg = (t * arg_rel).exp_m1();
    let from_exp = acc.relative(t_hat);
    k_ref * ((1.0 + from_arg) * (1.0 + from_exp) - 1.0) + MIN_NORMAL
}

/// Error bounds of one logistic-regression evaluation, per gradient component and for the
/// log-likelihood.
#[derive(Debug, Clone, PartialEq)]
pub struct LogregBounds {
    /// `|g_gpu[j] − g_ref[j]| ≤ grad[j]`.
    pub grad: Vec<f64>,
    /// |L_gpu − L_ref| ≤ loglik.
    pub loglik: f64,
}

/// Chain length of a score z = Σ_j x_j w_j: at most k + 2 dependent additions whichever
/// kernel computes it (the register-resident kernels add the k products in sequence; the tiled
/// kernel's lanes and chunks make shorter chains).
pub fn score_chain(cols: usize, _p: &KernelParams) -> f64 {
    cols as f64 + 2.0
}

/// Chain length of a gradient column or the log-likelihood over `rows` rows: each lane of a
/// column adds at most ⌈rows / lanes_g⌉ rows, then the lane tree, then up to `slots` partials
/// over lanes_g lanes (eight chains joined pairwise) and their tree, in one level or, where a
/// pass finishes in two (`logreg_finish_split`), groups of F slots and then G group sums (F·G
/// ≥ slots > 32, so ⌈F/λ⌉ + ⌈G/λ⌉ ≤ ⌈slots/λ⌉ + 1) with a second set of joins and a second tree:
/// at most ⌈rows/λ⌉ + ⌈slots/λ⌉ + 3·log₂ WG + 8 (for the log-likelihood the same with the
/// workgroup width).
/// The four-rows-per-work-item pass (`logreg_partial_quad`) keeps a sum per row of its quads
/// (each at most as long as a lane's) and adds the four in sequence: 3 more wherever the
/// parameters send the shape there (the bound covers both strategies, as the score's does).
pub fn sum_chain(rows: usize, cols: usize, slots: usize, p: &KernelParams) -> f64 {
    let t = p.logreg_tiling(cols);
    let lanes = t.lanes_g.min(p.logreg_wg) as f64;
    let quad = p.partial_quad(cols, duet_core::chunk::row_pitch(cols, p));
    (rows as f64 / lanes).ceil()
        + (slots as f64 / lanes).ceil()
        + 3.0 * (p.logreg_wg as f64).log2()
        + 8.0
        + if quad { 3.0 } else { 0.0 }
}

/// The logistic-regression bounds at weights `w` for a row-major `x`, labels `y` (in `[0, 1]`),
/// derived in docs/conformance.md: the score error δz_i ≤ γ_{h_z}·Σ_j |x_ij w_j|; the residual
/// error |δr_i| ≤ σ(1−σ)·δz_i + (ε_exp + 11u)·m_i with m_i = y(1−σ) + (1−y)σ; the gradient
/// error ≤ Σ_i |x_ij|·|δr_i| + γ_{h_g}·Σ_i |x_ij|·(|r_i| + |δr_i|); the log-likelihood term
/// error ≤ |r_i|·δz_i + (ε_exp + 14u)·log1p(e_i) + 4u·ℓ_i, summed with γ_{h_g}·Σ ℓ_i. Each
/// bound also holds on a device that flushes subnormal operands or results to zero (WGSL
/// allows it; llvmpipe and NVIDIA's Vulkan do it): the absolute losses of
/// [`logreg_flush`] are added.
pub fn logreg(
    x: &[f32],
    cols: usize,
    y: &[f32],
    w: &[f64],
    slots: usize,
    p: &KernelParams,
    acc: ExpAccuracy,
) -> LogregBounds {
    let (relative, flush) = logreg_parts(x, cols, y, w, slots, p, acc);
    LogregBounds {
        grad: relative
            .grad
            .iter()
            .zip(&flush.grad)
            .map(|(r, f)| r + f)
            .collect(),
        loglik: relative.loglik + flush.loglik,
    }
}

/// [`logreg`]'s two parts: the relative bounds, and the absolute flush terms
/// ([`logreg_flush`], [`flush_additions`]) that a device flushing subnormals may use up.
#[allow(clippy::too_many_arguments)]
fn logreg_parts(
    x: &[f32],
    cols: usize,
    y: &[f32],
    w: &[f64],
    slots: usize,
    p: &KernelParams,
    acc: ExpAccuracy,
) -> (LogregBounds, LogregBounds) {
    let rows = y.len().min(x.len() / cols.max(1));
    let gz = gamma(score_chain(cols, p));
    let gs = gamma(sum_chain(rows, cols, slots, p));
    let adds = flush_additions(rows, slots, p) * MIN_NORMAL;
    // Per block of rows, per column: Σ|x| dr, Σ|x| (|r| + dr) and the flush terms; the
    // log-likelihood's bound terms, Σ of its terms and its flush terms; summed over blocks in
    // order.
    let parts = duet_core::reference::par_rows(rows, |range| {
        let mut b = BlockSums::new(cols);
        let xs = &x[range.start * cols..range.end * cols];
        for (row, &yi) in xs.chunks_exact(cols).zip(&y[range]) {
            let yi = yi as f64;
            let mut z = 0.0f64;
            let mut zabs = 0.0f64;
            for (&a, &b) in row.iter().zip(w) {
                z += a as f64 * b;
                zabs += (a as f64 * b).abs();
            }
            let dz = gz * zabs;
            let (s, one_minus) = duet_core::ops::logreg::sigmoid_pair(z);
            let e = (-z.abs()).exp();
            let eps_e = acc.relative(z.abs() + dz);
            let m = yi * one_minus + (1.0 - yi) * s;
            let r = yi * one_minus - (1.0 - yi) * s;
            let dr = s * one_minus * dz + (eps_e + 11.0 * U) * m;
            let flush = logreg_flush(row, w);
            for (j, &a) in row.iter().enumerate() {
                let a = (a as f64).abs();
                b.grad_abs[j] += a * dr;
                b.grad_terms[j] += a * (r.abs() + dr);
                b.grad_flush[j] += a * flush.residual + MIN_NORMAL;
            }
            let l1p = e.ln_1p();
            let term = yi * (-z).max(0.0) + (1.0 - yi) * z.max(0.0) + l1p;
            b.ll += r.abs() * dz + (eps_e + 14.0 * U) * l1p + 4.0 * U * term;
            b.ll_terms += term;
            b.ll_flush += r.abs() * flush.score + flush.term;
        }
        b
    });
    let mut t = BlockSums::new(cols);
    for b in parts {
        for j in 0..cols {
            t.grad_abs[j] += b.grad_abs[j];
            t.grad_terms[j] += b.grad_terms[j];
            t.grad_flush[j] += b.grad_flush[j];
        }
        t.ll += b.ll;
        t.ll_terms += b.ll_terms;
        t.ll_flush += b.ll_flush;
    }
    let relative = LogregBounds {
        grad: t
            .grad_abs
            .iter()
            .zip(&t.grad_terms)
            .map(|(a, g)| a + gs * g)
            .collect(),
        loglik: t.ll + gs * t.ll_terms,
    };
    let flush = LogregBounds {
        grad: t.grad_flush.iter().map(|f| f + adds).collect(),
        loglik: t.ll_flush + adds,
    };
    (relative, flush)
}

/// [`logreg_parts`]'s sums over a block of rows.
struct BlockSums {
    grad_abs: Vec<f64>,
    grad_terms: Vec<f64>,
    grad_flush: Vec<f64>,
    ll: f64,
    ll_terms: f64,
    ll_flush: f64,
}

impl BlockSums {
    fn new(cols: usize) -> Self {
        BlockSums {
            grad_abs: vec![0.0; cols],
            grad_terms: vec![0.0; cols],
            grad_flush: vec![0.0; cols],
            ll: 0.0,
            ll_terms: 0.0,
            ll_flush: 0.0,
        }
    }
}

/// What flushing subnormals to zero can lose in one row of the logistic kernels, beyond the
/// relative bounds (docs/conformance.md, "Flushing"). Every operation whose result is
/// subnormal may return 0 instead (an absolute loss below `MIN_NORMAL`, the smallest normal
/// `f32`), and a subnormal operand may be read as 0.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LogregFlush {
    /// Loss in the score z: the k products and k + 2 sums, each flushed (`2k + 2` times
    /// `MIN_NORMAL`), and every product whose factor x_ij or w_j is subnormal (read as 0:
    /// the whole |x_ij·w_j|).
    pub score: f64,
    /// Loss in the residual r: the score's through |∂σ/∂z| ≤ 1/4, plus `5·MIN_NORMAL` (e and
    /// e·σ flushed, carried into y·(1−σ) and (1−y)·σ, whose weights add to 1; the two products
    /// and the difference flushed).
    pub residual: f64,
    /// Loss in the log-likelihood term: the `log1p` series (s, s², the products of the last
    /// step: ≤ 5), `y·max(−z, 0)`, `(1−y)·max(z, 0)` and the two sums (≤ 5): `10·MIN_NORMAL`.
    pub term: f64,
}

/// The flush losses of one row `row` of X at weights `w` ([`LogregFlush`]).
pub fn logreg_flush(row: &[f32], w: &[f64]) -> LogregFlush {
    let k = row.len() as f64;
    let read_as_zero: f64 = row
        .iter()
        .zip(w)
        .filter(|&(&a, &b)| (a as f64).abs() < MIN_NORMAL || b.abs() < MIN_NORMAL)
        .map(|(&a, &b)| (a as f64 * b).abs())
        .sum();
    let score = (2.0 * k + 2.0) * MIN_NORMAL + read_as_zero;
    LogregFlush {
        score,
        residual: score / 4.0 + 5.0 * MIN_NORMAL,
        term: 10.0 * MIN_NORMAL,
    }
}

/// Additions of a gradient column's (or the log-likelihood's) reduction whose results a
/// flushing device may flush: the rows' chains (one addition a row), the quad pass's four row
/// sums a work-item, the trees of every work-item of every slot (`slots × logreg_wg`, four
/// times over for the quad pass), the slots' sums and the finish's or the reduce's tree and
/// joins. Each loses below `MIN_NORMAL`; the count is over every addition, not a chain.
pub fn flush_additions(rows: usize, slots: usize, p: &KernelParams) -> f64 {
    let wg = p.logreg_wg as f64;
    let slots = slots.max(1) as f64;
    rows as f64 + 4.0 * slots * wg + 2.0 * slots + 2.0 * wg + 16.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gamma_grows_with_the_chain() {
        assert!(gamma(1.0) > U && gamma(1.0) < 1.01 * U);
        assert!(gamma(1e3) > 1e3 * U);
        assert!(gamma(1e8).is_infinite());
    }

    /// A separable set fitted to saturation at |z| ≈ 95 has a subnormal gradient: the bound
    /// admits a device that flushes it to 0 (and only through the flush terms), while at
    /// |z| ≈ 30 (normal residuals) the flush terms are a negligible part of the bound.
    #[test]
    fn logreg_bound_admits_a_flushed_gradient_only_where_it_is_subnormal() {
        use crate::cases::LogregData;
        let p = KernelParams::DEFAULT;
        let (rows, cols, slots) = (2048, 8, 396);
        let bounds = |z: f32| {
            let (x, y, w) =
                crate::inputs::logreg(&LogregData::Separated { seed: 5, z }, rows, cols);
            let w: Vec<f64> = w.iter().map(|&v| v as f64).collect();
            let r = duet_core::reference::logreg_gradient(&x, cols, &y, &w);
            let whole = logreg(&x, cols, &y, &w, slots, &p, ExpAccuracy::Wgsl);
            let (relative, flush) = logreg_parts(&x, cols, &y, &w, slots, &p, ExpAccuracy::Wgsl);
            (r, whole, relative, flush)
        };
        let (r, b, relative, _) = bounds(95.0);
        assert!(r.grad.iter().any(|g| *g != 0.0) && r.loglik != 0.0);
        for ((g, bound), rel) in r.grad.iter().zip(&b.grad).zip(&relative.grad) {
            assert!(g.abs() < 1e-30, "{g:e}");
            assert!(g.abs() <= *bound, "0 must pass: |{g:e}| > {bound:e}");
            assert!(
                g.abs() > *rel,
                "without the flush terms 0 fails: {g:e} {rel:e}"
            );
        }
        assert!(r.loglik.abs() <= b.loglik && r.loglik.abs() > relative.loglik);
        let (r, b, _, flush) = bounds(30.0);
        for ((g, bound), f) in r.grad.iter().zip(&b.grad).zip(&flush.grad) {
            assert!(g.abs() > 1e3 * bound, "{g:e} {bound:e}");
            assert!(*f < 1e-12 * bound, "{f:e} {bound:e}");
        }
    }

    #[test]
    fn rbf_bound_is_exact_at_one() {
        // Identical points: t = 0, k = 1: only exp's own error and the flush floor remain.
        let b = rbf(1.0, 0.0, 1000, ExpAccuracy::OpenCl);
        assert!((6.0 * U..7.0 * U).contains(&b));
    }
}
