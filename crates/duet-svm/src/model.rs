//! The trained model (LIBSVM's `svm_model` for C-SVC with an RBF kernel), one-vs-one training
//! over any binary solver, and prediction on the host.
//!
//! Classes are numbered in the order their labels first appear in the training data, except
//! that two classes labelled `-1` and `+1` put `+1` first (LIBSVM's rule, so its binary
//! models say `label 1 -1`). Every pair of classes `a < b` gets a binary problem with class
//! `a`'s points (in data order) as `+1` followed by class `b`'s as `−1`. A point is a support
//! vector when its α is non-zero in any of its problems; the model keeps them grouped by class,
//! in data order, with one coefficient `y α` per other class (LIBSVM's `sv_coef` layout).
//!
//! Prediction: pair `(a, b)` votes for `a` when its decision value is `> 0`, else for `b`; the
//! class with the most votes wins, ties going to the class that comes first.

use duet_core::{Error, Result};

use crate::config::SvmConfig;
use crate::solver::{Binary, BinarySolution, BinarySolver, Stop, rbf};

/// A trained C-SVC with an RBF kernel.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct SvmModel {
    /// γ of the kernel.
    pub gamma: f64,
    /// Features per point.
    pub cols: usize,
    /// The class labels, in class order.
    pub labels: Vec<f64>,
    /// Support vectors per class.
    pub nr_sv: Vec<usize>,
    /// The support vectors, row-major, grouped by class.
    pub sv: Vec<f32>,
    /// `nr_class − 1` rows of one coefficient per support vector (LIBSVM's `sv_coef`).
    pub sv_coef: Vec<Vec<f64>>,
    /// One bias per pair of classes, in pair order `(0,1), (0,2), …, (1,2), …`.
    pub rho: Vec<f64>,
    /// What training reported per pair (empty for a loaded model).
    pub pairs: Vec<PairReport>,
}

/// What one binary problem of a training run reported.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PairReport {
    /// The two classes (indices into `labels`).
    pub classes: (usize, usize),
    /// Points in the problem.
    pub points: usize,
    /// The dual objective.
    pub obj: f64,
    /// The bias.
    pub rho: f64,
    /// Steps taken.
    pub steps: u64,
    /// Iterations (see [`BinarySolution::iterations`](crate::solver::BinarySolution)).
    pub iterations: u64,
    /// Why it stopped.
    pub stop: Stop,
    /// Its last gap.
    pub gap: f64,
    /// Support vectors (non-zero α).
    pub sv: usize,
    /// Of which at the upper bound C.
    pub bounded_sv: usize,
}

/// Labels in class order and the class of each point, after checking them.
pub fn classes_of(labels: &[f64]) -> Result<(Vec<f64>, Vec<usize>)> {
    let mut classes: Vec<f64> = Vec::new();
    let mut of = Vec::with_capacity(labels.len());
    for (t, &l) in labels.iter().enumerate() {
        if !l.is_finite() {
            return Err(Error::invalid(
                format!("label of point {t}"),
                l,
                "labels must be finite numbers",
            ));
        }
        let k = match classes.iter().position(|&c| c == l) {
            Some(k) => k,
            None => {
                classes.push(l);
                classes.len() - 1
            }
        };
        of.push(k);
    }
    if classes.len() < 2 {
        return Err(Error::invalid(
            "labels",
            classes
                .first()
                .map_or("none".into(), |l| format!("all {l}")),
            "training needs at least two classes",
        ));
    }
    if classes.len() == 2 && classes[0] == -1.0 && classes[1] == 1.0 {
        classes.swap(0, 1);
        for k in &mut of {
            *k = 1 - *k;
        }
    }
    Ok((classes, of))
}

/// Checks the training matrix: shape and finite values (the first bad cell is named).
pub fn check_points(x: &[f32], rows: usize, cols: usize, what: &str) -> Result<()> {
    check_shape(x, rows, cols, what)?;
    match duet_core::par::first_non_finite(x) {
        Some(at) => Err(not_finite(x, cols, at, what)),
        None => Ok(()),
    }
}

/// The error for the NaN or infinite value at `at` of the matrix `what`.
fn not_finite(x: &[f32], cols: usize, at: usize, what: &str) -> Error {
    Error::invalid(
        format!("{what}[{}, {}]", at / cols, at % cols),
        x[at],
        "features must be finite",
    )
}

/// Checks a matrix's shape: at least one point and one feature, `rows × cols` values.
fn check_shape(x: &[f32], rows: usize, cols: usize, what: &str) -> Result<()> {
    if rows == 0 || cols == 0 {
        return Err(Error::invalid(
            what,
            format!("{rows} × {cols}"),
            "needs at least one point and one feature",
        ));
    }
    if x.len() != rows * cols {
        return Err(Error::shape(
            what,
            format!("{rows} × {cols} = {} values", rows * cols),
            format!("{} values", x.len()),
        ));
    }
    Ok(())
}

/// Trains a C-SVC one-vs-one: one binary problem per pair of classes, each solved by `solver`.
/// `progress` is called before each pair with `(pair index, pairs in all, classes)`.
pub fn train(
    x: &[f32],
    rows: usize,
    cols: usize,
    labels: &[f64],
    cfg: &SvmConfig,
    solver: &mut dyn BinarySolver,
    progress: &mut dyn FnMut(usize, usize, (usize, usize)),
) -> Result<SvmModel> {
    cfg.validate()?;
    check_shape(x, rows, cols, "x")?;
    // The finite check rides on γ's pass over X where γ is `scale`; meanwhile X is copied to
    // the device where the solver keeps it for the whole run (every pair's points are
    // gathered out of that copy: each point is in k − 1 pairs).
    let (gamma, on_device) = std::thread::scope(|s| {
        let gamma = s.spawn(|| cfg.gamma.resolve_checked(x, cols));
        let on_device = solver.upload_data(x, cols);
        (
            gamma
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e)),
            on_device,
        )
    });
    let gamma = gamma.map_err(|at| not_finite(x, cols, at, "x"))?;
    let on_device = on_device?;
    if labels.len() != rows {
        return Err(Error::shape(
            "labels",
            format!("{rows} (one per point)"),
            format!("{}", labels.len()),
        ));
    }
    let (classes, class_of) = classes_of(labels)?;
    let k = classes.len();
    let members: Vec<Vec<usize>> = (0..k)
        .map(|c| (0..rows).filter(|&t| class_of[t] == c).collect())
        .collect();
    // nonzero[t]: whether point t is a support vector of any pair.
    let mut nonzero = vec![false; rows];
    let mut sols: Vec<((usize, usize), BinarySolution)> = Vec::new();
    let pairs = k * (k - 1) / 2;
    let mut pairs_report = Vec::with_capacity(pairs);
    for a in 0..k {
        for b in a + 1..k {
            progress(sols.len(), pairs, (a, b));
            let idx: Vec<usize> = members[a].iter().chain(&members[b]).copied().collect();
            let y: Vec<f64> = idx
                .iter()
                .map(|&t| if class_of[t] == a { 1.0 } else { -1.0 })
                .collect();
            let p = Binary {
                x,
                pick: Some(&idx),
                on_device: on_device.as_ref(),
                rows: idx.len(),
                cols,
                y: &y,
                c: cfg.c,
                gamma,
                eps: cfg.eps,
                max_steps: cfg.step_limit(idx.len()),
            };
            let s = solver.solve(&p)?;
            if s.stop == Stop::StepLimit && !cfg.allow_unconverged {
                return Err(Error::execution(
                    "svm_train",
                    format!(
                        "classes {} and {}: the step limit ({} steps) was reached with the gap \
                         at {:.3e} > eps {:.0e}; raise --max-steps or pass --allow-unconverged",
                        classes[a], classes[b], p.max_steps, s.gap, cfg.eps
                    ),
                ));
            }
            for (q, &t) in idx.iter().enumerate() {
                if s.alpha[q] > 0.0 {
                    nonzero[t] = true;
                }
            }
            pairs_report.push(PairReport {
                classes: (a, b),
                points: idx.len(),
                obj: s.obj,
                rho: s.rho,
                steps: s.steps,
                iterations: s.iterations,
                stop: s.stop,
                gap: s.gap,
                sv: s.alpha.iter().filter(|&&v| v > 0.0).count(),
                bounded_sv: s.alpha.iter().filter(|&&v| v >= cfg.c).count(),
            });
            sols.push(((a, b), s));
        }
    }
    // Support vectors grouped by class, data order inside a class.
    let nr_sv: Vec<usize> = members
        .iter()
        .map(|m| m.iter().filter(|&&t| nonzero[t]).count())
        .collect();
    let mut start = vec![0usize; k];
    for c in 1..k {
        start[c] = start[c - 1] + nr_sv[c - 1];
    }
    let total: usize = nr_sv.iter().sum();
    let sv_points: Vec<usize> = members
        .iter()
        .flat_map(|m| m.iter().copied().filter(|&t| nonzero[t]))
        .collect();
    let sv = duet_core::par::gather_rows(x, cols, &sv_points);
    let mut sv_coef = vec![vec![0.0f64; total]; k - 1];
    let mut rho = Vec::with_capacity(pairs);
    for ((a, b), s) in &sols {
        let (a, b) = (*a, *b);
        let na = members[a].len();
        let mut q = start[a];
        for (r, &t) in members[a].iter().enumerate() {
            if nonzero[t] {
                sv_coef[b - 1][q] = s.alpha[r];
                q += 1;
            }
        }
        let mut q = start[b];
        for (r, &t) in members[b].iter().enumerate() {
            if nonzero[t] {
                sv_coef[a][q] = -s.alpha[na + r];
                q += 1;
            }
        }
        rho.push(s.rho);
    }
    Ok(SvmModel {
        gamma,
        cols,
        labels: classes,
        nr_sv,
        sv,
        sv_coef,
        rho,
        pairs: pairs_report,
    })
}

impl SvmModel {
    /// Writes the model in LIBSVM's format, atomically ([`crate::modelfile::save`]).
    pub fn save(&self, path: &std::path::Path) -> Result<()> {
        crate::modelfile::save(self, path)
    }

    /// Reads a model file, duet's or LIBSVM's ([`crate::modelfile::load`]).
    pub fn load(path: &std::path::Path) -> Result<SvmModel> {
        crate::modelfile::load(path)
    }

    /// Classes.
    pub fn nr_class(&self) -> usize {
        self.labels.len()
    }

    /// Support vectors in all.
    pub fn total_sv(&self) -> usize {
        self.nr_sv.iter().sum()
    }

    /// First support vector of each class.
    fn starts(&self) -> Vec<usize> {
        let mut s = vec![0usize; self.nr_class()];
        for c in 1..s.len() {
            s[c] = s[c - 1] + self.nr_sv[c - 1];
        }
        s
    }

    /// Checks points to predict: `cols` may be at most the model's (missing trailing
    /// features are zeros, as in LIBSVM's sparse format).
    pub(crate) fn check_input(&self, x: &[f32], rows: usize, cols: usize) -> Result<()> {
        if cols > self.cols {
            return Err(Error::shape(
                "x",
                format!("at most {} features (the model's)", self.cols),
                format!("{cols} features"),
            ));
        }
        if rows == 0 {
            return Ok(());
        }
        check_points(x, rows, cols, "x")
    }

    /// The decision values `Σ coef K(sv, x) − rho` of each point for each pair, row-major
    /// `rows × pairs`, in `f64` on the host (the reference the device prediction is checked
    /// against).
    pub fn decision_function(&self, x: &[f32], rows: usize, cols: usize) -> Result<Vec<f64>> {
        self.check_input(x, rows, cols)?;
        let k = self.nr_class();
        let pairs = k * (k - 1) / 2;
        let start = self.starts();
        let total = self.total_sv();
        let mut out = vec![0.0; rows * pairs];
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let per = rows.div_ceil(threads).max(1);
        std::thread::scope(|s| {
            for (chunk_no, chunk) in out.chunks_mut(per * pairs.max(1)).enumerate() {
                let start = &start;
                s.spawn(move || {
                    let mut point = vec![0.0f32; self.cols];
                    let mut kv = vec![0.0f64; total];
                    for (r, dec) in chunk.chunks_mut(pairs.max(1)).enumerate() {
                        let t = chunk_no * per + r;
                        point[..cols].copy_from_slice(&x[t * cols..(t + 1) * cols]);
                        for (s, v) in kv.iter_mut().enumerate() {
                            *v = rbf(
                                &self.sv[s * self.cols..(s + 1) * self.cols],
                                &point,
                                self.gamma,
                            );
                        }
                        let mut p = 0;
                        for a in 0..k {
                            for b in a + 1..k {
                                let (ra, rb) = (
                                    start[a]..start[a] + self.nr_sv[a],
                                    start[b]..start[b] + self.nr_sv[b],
                                );
                                let sum: f64 = self.sv_coef[b - 1][ra.clone()]
                                    .iter()
                                    .zip(&kv[ra])
                                    .chain(self.sv_coef[a][rb.clone()].iter().zip(&kv[rb]))
                                    .map(|(c, k)| c * k)
                                    .sum();
                                dec[p] = sum - self.rho[p];
                                p += 1;
                            }
                        }
                    }
                });
            }
        });
        Ok(out)
    }

    /// The predicted label of each point (one-vs-one voting over [`decision_function`]).
    ///
    /// [`decision_function`]: SvmModel::decision_function
    pub fn predict(&self, x: &[f32], rows: usize, cols: usize) -> Result<Vec<f64>> {
        let dec = self.decision_function(x, rows, cols)?;
        Ok(self.vote(&dec, rows))
    }

    /// One-vs-one voting over decision values (`rows × pairs`, row-major).
    pub fn vote(&self, dec: &[f64], rows: usize) -> Vec<f64> {
        let k = self.nr_class();
        let pairs = k * (k - 1) / 2;
        (0..rows)
            .map(|t| {
                let mut votes = vec![0usize; k];
                let mut p = 0;
                for a in 0..k {
                    for b in a + 1..k {
                        if dec[t * pairs + p] > 0.0 {
                            votes[a] += 1;
                        } else {
                            votes[b] += 1;
                        }
                        p += 1;
                    }
                }
                let mut best = 0;
                for c in 1..k {
                    if votes[c] > votes[best] {
                        best = c;
                    }
                }
                self.labels[best]
            })
            .collect()
    }
}

/// The share of `predicted` equal to `truth`, in percent.
pub fn accuracy(predicted: &[f64], truth: &[f64]) -> f64 {
    if truth.is_empty() {
        return 0.0;
    }
    let hits = predicted.iter().zip(truth).filter(|(p, t)| p == t).count();
    100.0 * hits as f64 / truth.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::ReferenceSolver;

    #[test]
    fn class_order_follows_libsvm() {
        let (c, of) = classes_of(&[-1.0, 1.0, -1.0]).expect("classes");
        assert_eq!((c, of), (vec![1.0, -1.0], vec![1, 0, 1]));
        let (c, _) = classes_of(&[3.0, 1.0, 2.0, 3.0]).expect("classes");
        assert_eq!(c, vec![3.0, 1.0, 2.0]);
        let e = classes_of(&[2.0, 2.0]).expect_err("one class");
        assert!(e.to_string().contains("two classes"), "{e}");
        assert!(classes_of(&[1.0, f64::NAN]).is_err());
    }

    #[test]
    fn three_separated_classes_are_learned() {
        // Three clusters on a line; every point is predicted right.
        let mut x = Vec::new();
        let mut y = Vec::new();
        for i in 0..30 {
            let class = i % 3;
            x.push(class as f32 * 10.0 + (i as f32 * 0.37).sin());
            y.push([5.0, 7.0, 9.0][class]);
        }
        let cfg = SvmConfig {
            gamma: crate::Gamma::Value(0.1),
            c: 10.0,
            ..Default::default()
        };
        let m = train(&x, 30, 1, &y, &cfg, &mut ReferenceSolver, &mut |_, _, _| {}).expect("train");
        assert_eq!(m.labels, vec![5.0, 7.0, 9.0]);
        assert_eq!(m.rho.len(), 3);
        assert_eq!(m.sv_coef.len(), 2);
        assert_eq!(m.predict(&x, 30, 1).expect("predict"), y);
        let e = m.predict(&[1.0, 2.0], 1, 2).expect_err("too many columns");
        assert!(e.to_string().contains("at most 1 features"), "{e}");
    }

    #[test]
    fn bad_points_are_named() {
        let e = check_points(&[1.0, f32::INFINITY], 1, 2, "x").expect_err("inf");
        assert!(e.to_string().contains("x[0, 1]"), "{e}");
        let e = check_points(&[], 0, 2, "x").expect_err("empty");
        assert!(e.to_string().contains("at least one point"), "{e}");
    }
}
