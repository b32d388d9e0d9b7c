//! SVM training on the device (duet-svm's `DeviceSolver`, kernels `smo`) against the f64
//! reference solver: the whole model — objective, rho, predictions — within the tolerances of
//! `duet_svm::check` (docs/conformance.md, "SVM training").

use duet_core::{Device, Error, ErrorKind, Result};
use duet_svm::data::LabelledData;
use duet_svm::{DeviceSolver, Gamma, ReferenceSolver, SvmConfig, SvmStrategy, check};

use crate::check::{Checked, Worst};
use crate::registry::{
    BadCall, BenchCall, BenchCase, BenchInputs, Case, CaseSpec, Level, OpFamily, Sizes, Work,
};

/// The SMO family's descriptor.
pub struct Smo;
/// The SMO family.
pub static SMO: Smo = Smo;

/// The strategies (variants): [`SvmStrategy`]'s names.
const STRATEGIES: [&str; 2] = [SvmStrategy::Pair.name(), SvmStrategy::WorkingSet.name()];

fn strategy_named(name: &str) -> Result<SvmStrategy> {
    name.parse()
}

/// Points of the converged check a benchmark case gets (the reference's cost grows with them).
pub const CHECK_POINTS: usize = 1500;

/// Training a C-SVC on blobs (two classes) or on `classes` Gaussian clusters.
#[derive(Debug, Clone, PartialEq)]
pub struct SmoCase {
    /// Points.
    pub rows: usize,
    /// Features.
    pub cols: usize,
    /// Classes (2: duet's blobs; more: clusters around random centres).
    pub classes: usize,
    /// C.
    pub c: f64,
    /// γ.
    pub gamma: f64,
    /// The row cache's size in rows (None: the default; `pair` only).
    pub cache_rows: Option<usize>,
    /// The device solver's strategy.
    pub strategy: SvmStrategy,
}

/// The case's points and labels: every other pair of points trains, the rest is held out.
fn problem(case: &SmoCase) -> (LabelledData, LabelledData) {
    let (rows, cols) = (case.rows, case.cols);
    let (x, y): (Vec<f32>, Vec<f64>) = if case.classes == 2 {
        let b = duet_core::data::blobs(rows, cols, duet_core::data::DEFAULT_SEED);
        (b.x, b.y.iter().map(|&v| v as f64).collect())
    } else {
        let centres = duet_core::data::normal(case.classes * cols, 17);
        let noise = duet_core::data::normal(rows * cols, 18);
        let x = (0..rows * cols)
            .map(|i| 2.0 * centres[(i / cols) % case.classes * cols + i % cols] + noise[i])
            .collect();
        (
            x,
            (0..rows)
                .map(|t| (t % case.classes) as f64 * 10.0)
                .collect(),
        )
    };
    let pick = |odd: usize| {
        let idx: Vec<usize> = (0..rows).filter(|t| (t / 2) % 2 == odd).collect();
        LabelledData {
            x: idx
                .iter()
                .flat_map(|&t| x[t * cols..(t + 1) * cols].iter().copied())
                .collect(),
            rows: idx.len(),
            cols,
            y: idx.iter().map(|&t| y[t]).collect(),
        }
    };
    (pick(0), pick(1))
}

fn config(case: &SmoCase) -> SvmConfig {
    SvmConfig {
        c: case.c,
        gamma: Gamma::Value(case.gamma),
        steps_per_check: 64,
        ..SvmConfig::default()
    }
}

impl CaseSpec for SmoCase {
    fn family(&self) -> &'static dyn OpFamily {
        &SMO
    }
    fn op(&self) -> &'static str {
        "smo"
    }
    fn variant(&self) -> Option<&'static str> {
        Some(self.strategy.name())
    }
    fn check(&self, dev: &Device) -> Result<Checked> {
        let (train, test) = problem(self);
        let cfg = config(self);
        let fit = |solver: &mut dyn duet_svm::BinarySolver| {
            duet_svm::train(
                &train.x,
                train.rows,
                train.cols,
                &train.y,
                &cfg,
                solver,
                &mut |_, _, _| {},
            )
        };
        let truth = fit(&mut ReferenceSolver)?;
        let mut solver = DeviceSolver::new(dev, cfg.steps_per_check)
            .with_strategy(self.strategy)
            .with_cache_bytes(self.cache_rows.map(|r| (4 * r * train.rows) as u64));
        let got = fit(&mut solver)?;
        let (og, ot) = (check::objectives(&got), check::objectives(&truth));
        let mut w = Worst::default();
        match check::agree(
            &got,
            &truth,
            (&og, &ot),
            &test.x,
            (test.rows, test.cols),
            &test.y,
        ) {
            Ok(a) => {
                w.see(a.objective_rel, check::OBJECTIVE_REL, || {
                    format!("objective (relative difference {:.2e})", a.objective_rel)
                });
                w.see(a.rho_abs, check::RHO_ABS, || {
                    format!("rho (difference {:.2e})", a.rho_abs)
                });
                let mut c = Checked::of(w);
                c.note = Some(format!(
                    "{} SVs, {:.2}% of held-out predictions alike, accuracy {:.2}%",
                    got.total_sv(),
                    100.0 * a.same_predictions,
                    a.accuracy.0
                ));
                Ok(c)
            }
            Err(why) => Ok(Checked::failed(why)),
        }
    }
}

/// A run of at most `steps` steps on a prepared problem: the timed call.
struct SmoCall<'a> {
    inputs: &'a BenchInputs,
    rows: usize,
    cols: usize,
    steps: u64,
    strategy: SvmStrategy,
}

impl BenchCall for SmoCall<'_> {
    fn call(&mut self, dev: &Device) -> Result<f64> {
        let y: Vec<f64> = self.inputs.y.iter().map(|&v| v as f64).collect();
        let cfg = SvmConfig {
            c: 1.0,
            gamma: Gamma::Auto,
            max_steps: Some(self.steps),
            allow_unconverged: true,
            // One check for the whole run: no launches after the last step.
            steps_per_check: self.steps.min(4096) as u32,
            ..SvmConfig::default()
        };
        let mut solver = DeviceSolver::new(dev, cfg.steps_per_check).with_strategy(self.strategy);
        let m = duet_svm::train(
            &self.inputs.x,
            self.rows,
            self.cols,
            &y,
            &cfg,
            &mut solver,
            &mut |_, _, _| {},
        )?;
        Ok(m.rho.first().copied().unwrap_or(0.0))
    }
}

fn bad(dev: &Device, x: &[f32], y: &[f64], cfg: SvmConfig) -> Result<()> {
    let mut s = DeviceSolver::new(dev, 8);
    duet_svm::train(
        x,
        y.len(),
        x.len() / y.len(),
        y,
        &cfg,
        &mut s,
        &mut |_, _, _| {},
    )
    .map(|_| ())
}

impl OpFamily for Smo {
    fn name(&self) -> &'static str {
        "smo"
    }
    fn about(&self) -> &'static str {
        "SVM training (C-SVC, RBF kernel, SMO with LIBSVM's WSS 3) on the device"
    }
    fn ops(&self) -> &'static [&'static str] {
        &["smo"]
    }
    fn variants(&self) -> &'static [&'static str] {
        &STRATEGIES
    }
    /// Blobs at odd shapes (column counts that take 1, 2 and 8 slices per point), a large C,
    /// three classes (one-vs-one), and a 3-row cache that evicts nearly every step.
    fn cases(&self, level: Level) -> Vec<Case> {
        let case = |rows, cols, classes, c, gamma, cache_rows, strategy| SmoCase {
            rows,
            cols,
            classes,
            c,
            gamma,
            cache_rows,
            strategy,
        };
        let (pair, ws) = (SvmStrategy::Pair, SvmStrategy::WorkingSet);
        let mut list = Vec::new();
        for s in [pair, ws] {
            list.push(case(300, 7, 2, 1.0, 0.5, None, s));
            list.push(case(257, 61, 2, 10.0, 0.05, None, s));
            list.push(case(450, 5, 3, 1.0, 0.2, None, s));
        }
        // A 3-row cache: the pair strategy evicts nearly every step; the working set keeps its
        // rows by place. With the default cache and more training points (half the rows) than
        // a set, it keeps them by point (the whole kernel matrix fits).
        list.push(case(301, 13, 2, 1.0, 0.3, Some(3), pair));
        list.push(case(301, 13, 2, 1.0, 0.3, Some(3), ws));
        list.push(case(601, 13, 2, 1.0, 0.3, None, ws));
        // Fewer points than a working set: every candidate fits.
        list.push(case(41, 3, 2, 1.0, 0.5, None, ws));
        if level == Level::Full {
            for s in [pair, ws] {
                list.push(case(200, 300, 2, 100.0, 0.01, None, s));
                list.push(case(1001, 33, 2, 1.0, 0.1, None, s));
            }
        }
        // X over several bindings: 1 100 training points of 600 features are 2.6 MB, three
        // blocks of points at SPLIT_BINDING_BYTES (the last one shorter); the pivots come from
        // every block. The pair strategy also with a 3-row cache (X read at nearly every pass).
        // The working set keeps rows by place there (1 100² floats exceed one binding), and by
        // point on 300 training points of 1 000 features (X over two bindings, its kernel
        // matrix and the set's 256 × 1 000 features in one each).
        let split = [
            case(2200, 600, 2, 1.0, 0.002, None, pair),
            case(2200, 600, 2, 1.0, 0.002, Some(3), pair),
            case(2200, 600, 2, 1.0, 0.002, None, ws),
            case(600, 1000, 2, 1.0, 0.001, None, ws),
        ];
        let id = |c: &SmoCase| {
            format!(
                "smo {} {}×{} classes={} C={} γ={}{}",
                c.strategy,
                c.rows,
                c.cols,
                c.classes,
                c.c,
                c.gamma,
                c.cache_rows
                    .map_or(String::new(), |r| format!(" cache={r} rows"))
            )
        };
        let mut cases: Vec<Case> = list.into_iter().map(|c| Case::new(id(&c), c)).collect();
        cases.extend(split.into_iter().map(|c| Case::split(id(&c), c)));
        cases
    }
    fn bad_calls(&self) -> Vec<BadCall> {
        let bad_call = |name, call| BadCall {
            family: &SMO,
            name,
            expected: ErrorKind::InvalidArgument,
            call,
        };
        vec![
            bad_call("SvmCZero", |dev| {
                bad(
                    dev,
                    &[0.0, 1.0],
                    &[1.0, -1.0],
                    SvmConfig {
                        c: 0.0,
                        ..SvmConfig::default()
                    },
                )
            }),
            bad_call("SvmGammaNegative", |dev| {
                bad(
                    dev,
                    &[0.0, 1.0],
                    &[1.0, -1.0],
                    SvmConfig {
                        gamma: Gamma::Value(-1.0),
                        ..SvmConfig::default()
                    },
                )
            }),
            bad_call("SvmOneClass", |dev| {
                bad(dev, &[0.0, 1.0], &[1.0, 1.0], SvmConfig::default())
            }),
            bad_call("SvmNanFeature", |dev| {
                bad(dev, &[0.0, f32::NAN], &[1.0, -1.0], SvmConfig::default())
            }),
        ]
    }
    /// A fixed number of steps (pair updates: 200; 20 in quick sizes) on blobs, each strategy:
    /// 2¹²×64 (quick); 2¹⁴, 2¹⁸ and 2²⁰ points of 64 features and 12 000 × 784 (full). No
    /// sweep points.
    fn bench_cases(&self, sizes: Sizes) -> Vec<BenchCase> {
        let shapes: &[(usize, usize, u32)] = match sizes {
            Sizes::Quick => &[(1 << 12, 64, 20)],
            Sizes::Full => &[
                (1 << 14, 64, 200),
                (1 << 18, 64, 200),
                (1 << 20, 64, 200),
                (12_000, 784, 200),
            ],
            Sizes::Sweep | Sizes::SweepQuick => &[],
        };
        shapes
            .iter()
            .flat_map(|&(n, d, iters)| {
                STRATEGIES.map(|variant| BenchCase {
                    op: "smo".into(),
                    variant: variant.into(),
                    n,
                    d,
                    iters,
                })
            })
            .collect()
    }
    /// Two passes over X per step (no row-cache hits), 3 flops per element each: what the
    /// `pair` strategy does; `working_set` is credited the same work for the same steps, so
    /// the two strategies' figures compare directly.
    fn work(&self, case: &BenchCase) -> Work {
        let steps = f64::from(case.iters.max(1));
        let x = case.input_bytes() as f64;
        Work {
            bytes: 2.0 * x * steps,
            flops: 2.0 * 3.0 * (case.n * case.d) as f64 * steps,
        }
    }
    fn bench_inputs(&self, case: &BenchCase) -> BenchInputs {
        let d = duet_core::data::blobs(case.n, case.d, duet_core::data::DEFAULT_SEED);
        BenchInputs {
            x: d.x,
            y: d.y,
            w: Vec::new(),
        }
    }
    fn bench_prepare<'a>(
        &self,
        _dev: &Device,
        case: &BenchCase,
        inputs: &'a BenchInputs,
    ) -> Result<Box<dyn BenchCall + 'a>> {
        Ok(Box::new(SmoCall {
            inputs,
            rows: case.n,
            cols: case.d,
            steps: u64::from(case.iters.max(1)),
            strategy: strategy_named(&case.variant)?,
        }))
    }
    /// A converged run at the case's column count on its first [`CHECK_POINTS`] points (the
    /// timed run stops after a fixed number of steps, which no reference can replay exactly).
    fn bench_check(&self, case: &BenchCase) -> Result<Case> {
        if case.n < 4 {
            return Err(Error::invalid(
                "n",
                case.n,
                "an SVM case needs at least 4 points",
            ));
        }
        let rows = case.n.min(CHECK_POINTS);
        Ok(Case::new(
            format!("bench check smo {} {}×{}", case.variant, rows, case.d),
            SmoCase {
                rows,
                cols: case.d,
                classes: 2,
                c: 1.0,
                gamma: 1.0 / case.d as f64,
                cache_rows: None,
                strategy: strategy_named(&case.variant)?,
            },
        ))
    }
    fn bench_reference(&self, case: &BenchCase, inputs: &BenchInputs) {
        let y: Vec<f64> = inputs
            .y
            .iter()
            .map(|&v| if v > 0.5 { 1.0 } else { -1.0 })
            .collect();
        let p = duet_svm::Binary {
            x: &inputs.x,
            pick: None,
            on_device: None,
            rows: case.n,
            cols: case.d,
            y: &y,
            c: 1.0,
            gamma: 1.0 / case.d as f64,
            eps: 1e-3,
            max_steps: u64::from(case.iters.max(1)),
        };
        std::hint::black_box(duet_svm::BinarySolver::solve(&mut ReferenceSolver, &p).ok());
    }
}
