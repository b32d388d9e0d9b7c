//! The binary C-SVC dual and its reference solver.
//!
//! The problem (LIBSVM's, for labels `y ∈ {+1, −1}` and `Q_ts = y_t y_s K(x_t, x_s)`):
//!
//! ```text
//! min ½ αᵀQα − eᵀα    subject to 0 ≤ α_t ≤ C, yᵀα = 0
//! ```
//!
//! solved by SMO exactly as LIBSVM's `Solver` does without shrinking: the gradient `G = Qα − e`
//! starts at `−e`; each step picks `i = argmax_{t ∈ I_up} −y_t G_t` (`Gmax`), then, over
//! `t ∈ I_low` with `b = Gmax + y_t G_t > 0`, the `j` minimising `−b² / (K_ii + K_tt − 2K_it)`
//! (the second-order working-set selection, WSS 3 of Fan, Chen & Lin 2005; a non-positive
//! curvature is replaced by τ = 10⁻¹²); it stops when `Gmax + max_{t ∈ I_low} y_t G_t < eps`.
//! `I_up = {t : y_t = +1, α_t < C} ∪ {t : y_t = −1, α_t > 0}`, `I_low` the mirror image. Ties
//! go to the larger index (LIBSVM's `>=`/`<=` scans). The pair's update is LIBSVM's analytic
//! two-variable solution clipped to the box, and `G` moves by the two columns of `Q`.
//!
//! `rho` is the mean of `y_t G_t` over free points (`0 < α_t < C`), or, with none, the middle
//! of the interval the bounded points allow; the objective is `½ Σ α_t (G_t − 1)`. The decision
//! value of a point `x` is `Σ y_t α_t K(x_t, x) − rho`.
//!
//! [`ReferenceSolver`] runs this in `f64` on the host (the truth the device solver is checked
//! against); [`crate::device::DeviceSolver`] runs it on a device in `f32`.

use duet_core::{Error, Result};

/// LIBSVM's τ: the curvature used when `K_ii + K_jj − 2K_ij` is not positive.
pub const TAU: f64 = 1e-12;

/// One binary problem: `rows` points of `cols` features and their `±1` labels.
#[derive(Debug, Clone, Copy)]
pub struct Binary<'a> {
    /// Data, row-major, `cols` wide: the points are its rows `pick` names or, without
    /// `pick`, all its rows (`rows × cols` values).
    pub x: &'a [f32],
    /// The rows of `x` that are the problem's points, in order (`rows` of them): a problem
    /// of one-vs-one names its two classes' rows of the whole data instead of copying them.
    pub pick: Option<&'a [usize]>,
    /// `x` as it already is in the solving device's memory (all its rows,
    /// [`BinarySolver::upload_data`]), where a device solver gathers the points instead of
    /// packing and copying them from the host; `None` (or rows of another device or shape)
    /// copies them from `x`.
    pub on_device: Option<&'a duet_core::Rows>,
    /// Number of points.
    pub rows: usize,
    /// Features per point.
    pub cols: usize,
    /// `+1.0` or `−1.0` per point.
    pub y: &'a [f64],
    /// The box constraint C.
    pub c: f64,
    /// γ of the RBF kernel.
    pub gamma: f64,
    /// The stopping tolerance.
    pub eps: f64,
    /// The step limit.
    pub max_steps: u64,
}

impl<'a> Binary<'a> {
    /// Point `t`'s features.
    ///
    /// # Panics
    /// If `t` is not a point of a problem that [`validate`] accepts.
    pub fn point(&self, t: usize) -> &'a [f32] {
        let r = self.pick.map_or(t, |p| p[t]);
        &self.x[r * self.cols..(r + 1) * self.cols]
    }
}

/// Why a solver stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Stop {
    /// The gap fell below eps.
    Converged,
    /// No violating pair is left (`I_up` empty, or no `j` with `b > 0`): optimal as well.
    NoPair,
    /// The step limit was reached first.
    StepLimit,
}

/// What a binary solve returns.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct BinarySolution {
    /// α per point.
    pub alpha: Vec<f64>,
    /// The bias: decision values are `Σ y_t α_t K(x_t, x) − rho`.
    pub rho: f64,
    /// The dual objective `½ αᵀQα − eᵀα`.
    pub obj: f64,
    /// Steps (pair updates) taken.
    pub steps: u64,
    /// Iterations: one per step for the reference and the `pair` strategy; the selected sets
    /// for `working_set` (each makes many steps on its set).
    pub iterations: u64,
    /// The last gap `Gmax + Gmax2` measured.
    pub gap: f64,
    /// Why it stopped.
    pub stop: Stop,
}

/// Something that solves binary problems: the reference, or a device.
pub trait BinarySolver {
    /// Solves `p`.
    fn solve(&mut self, p: &Binary<'_>) -> Result<BinarySolution>;
    /// `x` (row-major, `cols` wide) copied once into the solving device's memory, for the
    /// [`Binary::on_device`] of many problems over the same data (one-vs-one); `None` where
    /// the solver has no use for it (the default, the reference) or it does not fit.
    fn upload_data(&mut self, x: &[f32], cols: usize) -> Result<Option<duet_core::Rows>> {
        let _ = (x, cols);
        Ok(None)
    }
    /// What it runs on (`cpu`, `wgpu:0`, …), for reports.
    fn name(&self) -> String;
}

/// `rho` and the objective from the final α and gradient (LIBSVM's `calculate_rho` and
/// `½ Σ α_t (G_t + p_t)` with `p = −e`), in `f64`.
pub fn rho_and_objective(alpha: &[f64], g: &[f64], y: &[f64], c: f64) -> (f64, f64) {
    let (mut ub, mut lb) = (f64::INFINITY, f64::NEG_INFINITY);
    let (mut free, mut sum_free) = (0usize, 0.0f64);
    let mut obj = 0.0;
    for t in 0..alpha.len() {
        let yg = y[t] * g[t];
        obj += alpha[t] * (g[t] - 1.0);
        if alpha[t] >= c {
            if y[t] < 0.0 {
                ub = ub.min(yg);
            } else {
                lb = lb.max(yg);
            }
        } else if alpha[t] <= 0.0 {
            if y[t] > 0.0 {
                ub = ub.min(yg);
            } else {
                lb = lb.max(yg);
            }
        } else {
            free += 1;
            sum_free += yg;
        }
    }
    let rho = if free > 0 {
        sum_free / free as f64
    } else {
        (ub + lb) / 2.0
    };
    (rho, obj / 2.0)
}

/// `K(a, b) = exp(−γ Σ (a_k − b_k)²)` in `f64`, with the direct difference.
pub fn rbf(a: &[f32], b: &[f32], gamma: f64) -> f64 {
    let s: f64 = a
        .iter()
        .zip(b)
        .map(|(&u, &v)| {
            let d = u as f64 - v as f64;
            d * d
        })
        .sum();
    (-gamma * s).exp()
}

/// Checks a binary problem's shapes and values (the callers check labels and settings first).
pub fn validate(p: &Binary<'_>) -> Result<()> {
    match p.pick {
        None if p.x.len() != p.rows * p.cols => {
            return Err(Error::shape(
                "x",
                format!("{} × {} = {} values", p.rows, p.cols, p.rows * p.cols),
                format!("{} values", p.x.len()),
            ));
        }
        None => {}
        Some(pick) => {
            if p.cols == 0 || !p.x.len().is_multiple_of(p.cols) {
                return Err(Error::shape(
                    "x",
                    format!("whole rows of {} values", p.cols),
                    format!("{} values", p.x.len()),
                ));
            }
            if pick.len() != p.rows {
                return Err(Error::shape(
                    "pick",
                    format!("{} rows (one per point)", p.rows),
                    format!("{}", pick.len()),
                ));
            }
            let have = p.x.len() / p.cols;
            if let Some(t) = pick.iter().position(|&r| r >= have) {
                return Err(Error::invalid(
                    format!("pick[{t}]"),
                    pick[t],
                    format!("must name one of x's {have} rows"),
                ));
            }
        }
    }
    if p.y.len() != p.rows {
        return Err(Error::shape(
            "y",
            format!("{} labels", p.rows),
            format!("{}", p.y.len()),
        ));
    }
    if let Some(t) = p.y.iter().position(|&v| v != 1.0 && v != -1.0) {
        return Err(Error::invalid(
            format!("y[{t}]"),
            p.y[t],
            "must be +1 or -1",
        ));
    }
    Ok(())
}

/// The f64 reference: LIBSVM's algorithm step for step, kernel columns computed on demand
/// (rows of the two pivots, both kept in a small cache since SMO revisits them).
#[derive(Debug, Default)]
pub struct ReferenceSolver;

impl BinarySolver for ReferenceSolver {
    fn solve(&mut self, p: &Binary<'_>) -> Result<BinarySolution> {
        validate(p)?;
        Ok(solve_reference(p))
    }

    fn name(&self) -> String {
        "cpu".into()
    }
}

/// A few kernel rows, least recently used evicted.
struct RowCache<'a> {
    p: &'a Binary<'a>,
    rows: Vec<(usize, Vec<f64>)>,
    cap: usize,
}

impl<'a> RowCache<'a> {
    fn row(&mut self, i: usize) -> &[f64] {
        if let Some(at) = self.rows.iter().position(|(r, _)| *r == i) {
            let hit = self.rows.remove(at);
            self.rows.push(hit);
        } else {
            if self.rows.len() >= self.cap {
                self.rows.remove(0);
            }
            let row = kernel_row(self.p, i);
            self.rows.push((i, row));
        }
        &self.rows[self.rows.len() - 1].1
    }
}

/// `K(x_i, x_t)` for every t, on every host core.
fn kernel_row(p: &Binary<'_>, i: usize) -> Vec<f64> {
    let xi = p.point(i);
    let mut out = vec![0.0; p.rows];
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let per = p.rows.div_ceil(threads).max(1024);
    std::thread::scope(|s| {
        for (k, chunk) in out.chunks_mut(per).enumerate() {
            s.spawn(move || {
                for (o, v) in chunk.iter_mut().enumerate() {
                    let t = k * per + o;
                    *v = rbf(p.point(t), xi, p.gamma);
                }
            });
        }
    });
    out
}

fn solve_reference(p: &Binary<'_>) -> BinarySolution {
    let n = p.rows;
    let (c, y) = (p.c, p.y);
    let mut alpha = vec![0.0f64; n];
    let mut g = vec![-1.0f64; n];
    // Rows of 1 MiB or less: a few hundred; larger: a few.
    let cap = ((64usize << 20) / (8 * n.max(1))).clamp(4, 256);
    let mut cache = RowCache {
        p,
        rows: Vec::new(),
        cap,
    };
    let up = |yt: f64, a: f64| if yt > 0.0 { a < c } else { a > 0.0 };
    let low = |yt: f64, a: f64| if yt > 0.0 { a > 0.0 } else { a < c };
    let mut steps = 0u64;
    let (stop, gap) = loop {
        // i: argmax over I_up of −y G.
        let (mut gmax, mut gi) = (f64::NEG_INFINITY, None);
        for t in 0..n {
            if up(y[t], alpha[t]) && -y[t] * g[t] >= gmax {
                gmax = -y[t] * g[t];
                gi = Some(t);
            }
        }
        let Some(i) = gi else {
            break (Stop::NoPair, f64::NEG_INFINITY);
        };
        let ki = cache.row(i).to_vec();
        let (mut gmax2, mut best, mut gj) = (f64::NEG_INFINITY, f64::INFINITY, None);
        for t in 0..n {
            if !low(y[t], alpha[t]) {
                continue;
            }
            let yg = y[t] * g[t];
            if yg >= gmax2 {
                gmax2 = yg;
            }
            let b = gmax + yg;
            if b > 0.0 {
                let quad = 2.0 - 2.0 * ki[t];
                let quad = if quad > 0.0 { quad } else { TAU };
                let score = -(b * b) / quad;
                if score <= best {
                    best = score;
                    gj = Some(t);
                }
            }
        }
        let gap = gmax + gmax2;
        if gap < p.eps {
            break (Stop::Converged, gap);
        }
        let Some(j) = gj else {
            break (Stop::NoPair, gap);
        };
        if steps >= p.max_steps {
            break (Stop::StepLimit, gap);
        }
        let kj = cache.row(j).to_vec();
        let (ai, aj) = (alpha[i], alpha[j]);
        let (ni, nj) = pair_update((ai, aj), (y[i], y[j]), (g[i], g[j]), ki[j], c);
        alpha[i] = ni;
        alpha[j] = nj;
        let (ci, cj) = (y[i] * (ni - ai), y[j] * (nj - aj));
        for t in 0..n {
            g[t] += y[t] * (ci * ki[t] + cj * kj[t]);
        }
        steps += 1;
    };
    let (rho, obj) = rho_and_objective(&alpha, &g, y, c);
    BinarySolution {
        alpha,
        rho,
        obj,
        steps,
        iterations: steps,
        gap,
        stop,
    }
}

/// LIBSVM's two-variable update (`Solver::Solve`, `C_i = C_j = C`, `K_ii = K_jj = 1`):
/// the new `(α_i, α_j)` from the old ones, the labels, the gradients and `K_ij`.
pub fn pair_update(
    (ai, aj): (f64, f64),
    (yi, yj): (f64, f64),
    (gi, gj): (f64, f64),
    kij: f64,
    c: f64,
) -> (f64, f64) {
    let quad = 2.0 - 2.0 * kij;
    let quad = if quad > 0.0 { quad } else { TAU };
    let (mut ni, mut nj);
    if yi != yj {
        let delta = (-gi - gj) / quad;
        let diff = ai - aj;
        ni = ai + delta;
        nj = aj + delta;
        if diff > 0.0 {
            if nj < 0.0 {
                nj = 0.0;
                ni = diff;
            }
        } else if ni < 0.0 {
            ni = 0.0;
            nj = -diff;
        }
        if diff > 0.0 {
            if ni > c {
                ni = c;
                nj = c - diff;
            }
        } else if nj > c {
            nj = c;
            ni = c + diff;
        }
    } else {
        let delta = (gi - gj) / quad;
        let sum = ai + aj;
        ni = ai - delta;
        nj = aj + delta;
        if sum > c {
            if ni > c {
                ni = c;
                nj = sum - c;
            }
        } else if nj < 0.0 {
            nj = 0.0;
            ni = sum;
        }
        if sum > c {
            if nj > c {
                nj = c;
                ni = sum - c;
            }
        } else if ni < 0.0 {
            ni = 0.0;
            nj = sum;
        }
    }
    (ni, nj)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picked_points_are_rows_of_x_and_bad_picks_are_named() {
        let x = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]; // 3 rows × 2
        let y = [1.0, -1.0];
        let pick = [2, 0];
        let p = Binary {
            pick: Some(&pick),
            rows: 2,
            ..problem(&x, &y, 2)
        };
        validate(&p).expect("a valid pick");
        assert_eq!((p.point(0), p.point(1)), (&[5.0, 6.0][..], &[1.0, 2.0][..]));
        let far = [0, 3];
        let e = validate(&Binary {
            pick: Some(&far),
            ..p
        })
        .expect_err("row 3 of 3");
        assert!(e.to_string().contains("pick[1]"), "{e}");
        let short = [0];
        let e = validate(&Binary {
            pick: Some(&short),
            ..p
        })
        .expect_err("one pick for two points");
        assert!(e.to_string().contains("pick"), "{e}");
        let e = validate(&Binary { cols: 4, ..p }).expect_err("6 values are not rows of 4");
        assert!(e.to_string().contains("whole rows of 4"), "{e}");
    }

    fn problem<'a>(x: &'a [f32], y: &'a [f64], cols: usize) -> Binary<'a> {
        Binary {
            x,
            pick: None,
            on_device: None,
            rows: y.len(),
            cols,
            y,
            c: 1.0,
            gamma: 0.5,
            eps: 1e-3,
            max_steps: 1000,
        }
    }

    #[test]
    fn two_points_are_solved_in_closed_form() {
        // Two points at distance 1: K = e^{-γ}; the optimum puts α = 1/(1 − K) on both when
        // it is inside the box (here C = 10), rho = 0 by symmetry.
        let x = [0.0f32, 1.0];
        let y = [1.0, -1.0];
        let mut p = problem(&x, &y, 1);
        p.c = 10.0;
        let s = ReferenceSolver.solve(&p).expect("solve");
        let k = (-0.5f64).exp();
        let a = 1.0 / (1.0 - k);
        assert!(
            (s.alpha[0] - a).abs() < 1e-9 && (s.alpha[1] - a).abs() < 1e-9,
            "{s:?}"
        );
        assert!(s.rho.abs() < 1e-9);
        assert!((s.obj + a).abs() < 1e-9, "objective −α: {}", s.obj);
        assert_eq!(s.stop, Stop::Converged);
    }

    #[test]
    fn the_box_holds_and_the_constraint_is_kept() {
        let x: Vec<f32> = (0..40).map(|i| ((i * 37) % 11) as f32 / 3.0).collect();
        let y: Vec<f64> = (0..20)
            .map(|i| if (i * 7) % 3 == 0 { 1.0 } else { -1.0 })
            .collect();
        let p = problem(&x, &y, 2);
        let s = ReferenceSolver.solve(&p).expect("solve");
        assert!(s.alpha.iter().all(|&a| (0.0..=1.0).contains(&a)));
        let ya: f64 = s.alpha.iter().zip(&y).map(|(a, y)| a * y).sum();
        assert!(ya.abs() < 1e-12, "yᵀα = {ya}");
        assert!(s.obj < 0.0);
    }

    #[test]
    fn labels_must_be_plus_minus_one() {
        let x = [0.0f32, 1.0];
        let y = [1.0, 0.0];
        let e = ReferenceSolver
            .solve(&problem(&x, &y, 1))
            .expect_err("0 label");
        assert!(e.to_string().contains("y[1]"), "{e}");
    }

    #[test]
    fn the_step_limit_stops() {
        let x: Vec<f32> = (0..200).map(|i| ((i * 37) % 101) as f32 / 10.0).collect();
        let y: Vec<f64> = (0..100)
            .map(|i| if (i * 7) % 3 == 0 { 1.0 } else { -1.0 })
            .collect();
        let mut p = problem(&x, &y, 2);
        p.max_steps = 2;
        let s = ReferenceSolver.solve(&p).expect("solve");
        assert_eq!((s.stop, s.steps), (Stop::StepLimit, 2));
    }
}
