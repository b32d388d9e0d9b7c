//! The reference computations on host slices, in `f64`: the truth every backend is checked
//! against. [`CpuBackend`](crate::cpu::CpuBackend) wraps these behind the backend trait; the
//! conformance suite calls them directly to get unrounded values and the magnitudes its error
//! bounds are relative to.

use crate::handle::{MaskKind, mask_word_selects};
use crate::ops::argext::{ArgExtreme, Extreme};
use crate::ops::logreg::{TrainConfig, sigmoid_pair, softplus, trace_points};

/// Rows per task of the references that spread their rows over all cores. The split is fixed,
/// so a result does not depend on the number of threads. (The tuner and the benchmarks check
/// matrices of up to 2 GiB; one core took a minute for the largest logistic check.)
pub const ROWS_PER_TASK: usize = 1 << 15;

/// `f` over the row ranges of `rows` rows split into tasks of [`ROWS_PER_TASK`] rows, on all
/// cores; the results in row order (the conformance suite's error bounds use it too).
pub fn par_rows<T: Send>(rows: usize, f: impl Fn(std::ops::Range<usize>) -> T + Sync) -> Vec<T> {
    par_tasks(rows, ROWS_PER_TASK, f)
}

/// `f` over the ranges of `0..len` split into tasks of `per_task` items, on all cores; the
/// results in order (the task boundaries do not depend on the number of threads).
pub fn par_tasks<T: Send>(
    len: usize,
    per_task: usize,
    f: impl Fn(std::ops::Range<usize>) -> T + Sync,
) -> Vec<T> {
    let per_task = per_task.max(1);
    let tasks = len.div_ceil(per_task).max(1);
    let range = |t: usize| t * per_task..((t + 1) * per_task).min(len);
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(tasks);
    if threads <= 1 {
        return (0..tasks).map(|t| f(range(t))).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut out: Vec<Option<T>> = (0..tasks).map(|_| None).collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let t = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if t >= tasks {
                            break done;
                        }
                        done.push((t, f(range(t))));
                    }
                })
            })
            .collect();
        for w in workers {
            match w.join() {
                Ok(done) => {
                    for (t, r) in done {
                        out[t] = Some(r);
                    }
                }
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    });
    out.into_iter().flatten().collect()
}

/// Σ v in `f64`.
pub fn sum(v: &[f32]) -> f64 {
    v.iter().map(|&x| x as f64).sum()
}

/// Arg-min / arg-max by the rules of [`ops::argext`](crate::ops::argext), with float
/// comparisons. `mask` holds raw words of the given kind. `None` when nothing is selected.
pub fn arg_extreme(
    v: &[f32],
    mask: Option<(&[u32], MaskKind)>,
    extreme: Extreme,
) -> Option<ArgExtreme> {
    let mut best: Option<(usize, f32)> = None;
    for (i, &x) in v.iter().enumerate() {
        if let Some((words, kind)) = mask
            && !mask_word_selects(words[i], kind)
        {
            continue;
        }
        if x.is_nan() {
            // The first NaN wins, whatever came before or after.
            return Some(ArgExtreme { value: x, index: i });
        }
        let better = match best {
            None => true,
            // Strict comparison keeps the earlier index on ties; -0.0 == +0.0 here.
            Some((_, b)) => match extreme {
                Extreme::Min => x < b,
                Extreme::Max => x > b,
            },
        };
        if better {
            best = Some((i, x));
        }
    }
    best.map(|(index, value)| ArgExtreme { value, index })
}

/// RBF rows in `f64`: returns `(k_hi, k_lo)` for a row-major `rows × cols` matrix, and the
/// squared distances `(s_hi, s_lo)` the bounds need.
pub struct RbfReference {
    /// `exp(-γ s_hi[i])`.
    pub k_hi: Vec<f64>,
    /// `exp(-γ s_lo[i])`.
    pub k_lo: Vec<f64>,
    /// `Σ_j (x_ij − x_hi,j)²`.
    pub s_hi: Vec<f64>,
    /// `Σ_j (x_ij − x_lo,j)²`.
    pub s_lo: Vec<f64>,
}

/// The RBF kernel rows of [`ops::rbf`](crate::ops::rbf), in `f64`.
pub fn rbf_rows(x: &[f32], cols: usize, hi: usize, lo: usize, gamma: f32) -> RbfReference {
    let rows = x.len() / cols;
    let ph = &x[hi * cols..(hi + 1) * cols];
    let pl = &x[lo * cols..(lo + 1) * cols];
    let g = gamma as f64;
    let parts = par_rows(rows, |range| {
        rbf_part(&x[range.start * cols..range.end * cols], cols, ph, pl, g)
    });
    let mut r = RbfReference {
        k_hi: Vec::with_capacity(rows),
        k_lo: Vec::with_capacity(rows),
        s_hi: Vec::with_capacity(rows),
        s_lo: Vec::with_capacity(rows),
    };
    for p in parts {
        r.k_hi.extend(p.k_hi);
        r.k_lo.extend(p.k_lo);
        r.s_hi.extend(p.s_hi);
        r.s_lo.extend(p.s_lo);
    }
    r
}

/// [`rbf_rows`] of the rows of `x`.
fn rbf_part(x: &[f32], cols: usize, ph: &[f32], pl: &[f32], g: f64) -> RbfReference {
    let rows = x.len() / cols;
    let mut r = RbfReference {
        k_hi: Vec::with_capacity(rows),
        k_lo: Vec::with_capacity(rows),
        s_hi: Vec::with_capacity(rows),
        s_lo: Vec::with_capacity(rows),
    };
    for row in x.chunks_exact(cols) {
        let (mut sh, mut sl) = (0.0f64, 0.0f64);
        for j in 0..cols {
            let a = row[j] as f64;
            let dh = a - ph[j] as f64;
            let dl = a - pl[j] as f64;
            sh += dh * dh;
            sl += dl * dl;
        }
        r.s_hi.push(sh);
        r.s_lo.push(sl);
        r.k_hi.push((-g * sh).exp());
        r.k_lo.push((-g * sl).exp());
    }
    r
}

/// The gradient and log-likelihood of [`ops::logreg`](crate::ops::logreg) in `f64`, with the
/// per-row scores the bounds need.
pub struct GradientReference {
    /// g = Xᵀ (y − σ(Xw)).
    pub grad: Vec<f64>,
    /// L = Σ y log σ(z) + (1 − y) log(1 − σ(z)).
    pub loglik: f64,
    /// z = Xw.
    pub z: Vec<f64>,
    /// r = y − σ(z).
    pub residual: Vec<f64>,
}

/// The logistic-regression gradient and log-likelihood in `f64` for a row-major `x`. The sums
/// run over blocks of rows in order ([`ROWS_PER_TASK`]), each block on one core.
pub fn logreg_gradient(x: &[f32], cols: usize, y: &[f32], w: &[f64]) -> GradientReference {
    let rows = y.len().min(x.len() / cols.max(1));
    let parts = par_rows(rows, |range| {
        logreg_part(
            &x[range.start * cols..range.end * cols],
            cols,
            &y[range.clone()],
            w,
        )
    });
    let mut out = GradientReference {
        grad: vec![0.0f64; cols],
        loglik: 0.0,
        z: Vec::with_capacity(rows),
        residual: Vec::with_capacity(rows),
    };
    for p in parts {
        for (g, v) in out.grad.iter_mut().zip(&p.grad) {
            *g += v;
        }
        out.loglik += p.loglik;
        out.z.extend(p.z);
        out.residual.extend(p.residual);
    }
    out
}

/// [`logreg_gradient`] of the rows of `x`.
fn logreg_part(x: &[f32], cols: usize, y: &[f32], w: &[f64]) -> GradientReference {
    let mut grad = vec![0.0f64; cols];
    let mut loglik = 0.0f64;
    let mut zs = Vec::with_capacity(y.len());
    let mut rs = Vec::with_capacity(y.len());
    for (row, &yi) in x.chunks_exact(cols).zip(y) {
        let z: f64 = row.iter().zip(w).map(|(&a, &b)| a as f64 * b).sum();
        let yi = yi as f64;
        let (s, one_minus_s) = sigmoid_pair(z);
        // y − σ = y(1 − σ) − (1 − y)σ: no cancellation for 0/1 labels.
        let r = yi * one_minus_s - (1.0 - yi) * s;
        loglik -= yi * softplus(-z) + (1.0 - yi) * softplus(z);
        for (g, &a) in grad.iter_mut().zip(row) {
            *g += a as f64 * r;
        }
        zs.push(z);
        rs.push(r);
    }
    GradientReference {
        grad,
        loglik,
        z: zs,
        residual: rs,
    }
}

/// Gradient ascent in `f64` from `w0`; returns the final weights and the log-likelihood trace
/// at [`trace_points`].
pub fn logreg_train(
    x: &[f32],
    cols: usize,
    y: &[f32],
    w0: &[f32],
    cfg: &TrainConfig,
) -> (Vec<f64>, Vec<(u32, f64)>) {
    let mut w: Vec<f64> = w0.iter().map(|&v| v as f64).collect();
    let points = trace_points(cfg);
    let mut trace = Vec::with_capacity(points.len());
    let decay = 1.0 - cfg.lr as f64 * cfg.l2 as f64;
    let lr = cfg.lr as f64;
    let mut next_point = points.iter().peekable();
    for t in 0..cfg.iters {
        let g = logreg_gradient(x, cols, y, &w);
        if next_point.peek().is_some_and(|&&p| p == t) {
            next_point.next();
            trace.push((t, g.loglik));
        }
        for (wj, gj) in w.iter_mut().zip(&g.grad) {
            *wj = *wj * decay + lr * gj;
        }
    }
    let last = logreg_gradient(x, cols, y, &w);
    trace.push((cfg.iters, last.loglik));
    (w, trace)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arg_rules() {
        let v = [3.0, 1.0, 1.0, f32::NAN, 0.5, f32::NAN];
        let r = arg_extreme(&v, None, Extreme::Min).unwrap();
        assert_eq!(r.index, 3);
        let v = [0.0, -0.0, 5.0, 5.0];
        assert_eq!(arg_extreme(&v, None, Extreme::Min).unwrap().index, 0);
        assert_eq!(arg_extreme(&v, None, Extreme::Max).unwrap().index, 2);
        let words = [0u32, 0, 1, 0];
        let m = arg_extreme(&v, Some((&words, MaskKind::U32)), Extreme::Min).unwrap();
        assert_eq!(m.index, 2);
        let none = [0u32; 4];
        assert!(arg_extreme(&v, Some((&none, MaskKind::U32)), Extreme::Max).is_none());
    }

    #[test]
    fn rbf_identity_is_one() {
        let x = [1.0, 2.0, 3.0, 1.0, 2.0, 3.0, 10.0, 0.0, 0.0];
        let r = rbf_rows(&x, 3, 0, 2, 0.5);
        assert_eq!(r.k_hi[0], 1.0);
        assert_eq!(r.k_hi[1], 1.0);
        assert_eq!(r.k_lo[2], 1.0);
        assert!(r.k_hi[2] < 1e-10);
    }

    #[test]
    fn gradient_matches_finite_difference() {
        let x = [0.5, -1.0, 2.0, 0.25, -0.3, 0.8];
        let y = [1.0, 0.0, 1.0];
        let w = [0.3, -0.2];
        let g = logreg_gradient(&x, 2, &y, &w);
        for j in 0..2 {
            let h = 1e-6;
            let mut wp = w;
            wp[j] += h;
            let mut wm = w;
            wm[j] -= h;
            let fd = (logreg_gradient(&x, 2, &y, &wp).loglik
                - logreg_gradient(&x, 2, &y, &wm).loglik)
                / (2.0 * h);
            assert!((fd - g.grad[j]).abs() < 1e-8, "{fd} vs {}", g.grad[j]);
        }
    }
}
