//! Logistic-regression training on the device, both strategies, against a reference that
//! replays the same iterations in f64 with a bound that follows the error through them.

use duet_core::{Device, Error, ErrorKind, Layout, LogregStrategy, Result, TrainConfig, reference};

use crate::cases::LogregData;
use crate::check::{Checked, Worst, acc_of};
use crate::inputs;
use crate::ops::logreg::{STRATEGIES, slots_for, small_problem};
use crate::registry::{
    BadCall, BenchCall, BenchCase, BenchInputs, Case, CaseSpec, Level, OpFamily, Sizes, Work,
    sweep_points,
};
use crate::train::{Summation, train_reference};

/// The training family's descriptor.
pub struct Train;
/// The training family.
pub static TRAIN: Train = Train;

/// Training on a `rows × cols` problem.
#[derive(Debug, Clone, PartialEq)]
pub struct TrainCase {
    /// The strategy.
    pub strategy: LogregStrategy,
    /// Examples.
    pub rows: usize,
    /// Features.
    pub cols: usize,
    /// Data.
    pub data: LogregData,
    /// Settings.
    pub cfg: TrainConfig,
    /// Required training accuracy (blobs), if any.
    pub min_accuracy: Option<f64>,
}

fn accuracy(x: &[f32], cols: usize, y: &[f32], w: &[f32]) -> f64 {
    let right = x
        .chunks_exact(cols)
        .zip(y)
        .filter(|(row, yi)| {
            let z: f32 = row.iter().zip(w).map(|(a, b)| a * b).sum();
            (z > 0.0) == (**yi > 0.5)
        })
        .count();
    right as f64 / y.len().max(1) as f64
}

impl CaseSpec for crate::ops::logreg::DefaultStrategy<TrainCase> {
    fn family(&self) -> &'static dyn OpFamily {
        &TRAIN
    }
    fn op(&self) -> &'static str {
        "train"
    }
    fn variant(&self) -> Option<&'static str> {
        Some(crate::registry::DEFAULT_VARIANT)
    }
    fn check(&self, dev: &Device) -> Result<Checked> {
        TrainCase {
            strategy: dev.logreg_strategy_at(self.0.rows, self.0.cols),
            ..self.0.clone()
        }
        .check(dev)
    }
}

impl CaseSpec for TrainCase {
    fn family(&self) -> &'static dyn OpFamily {
        &TRAIN
    }
    fn op(&self) -> &'static str {
        "train"
    }
    fn variant(&self) -> Option<&'static str> {
        Some(self.strategy.name())
    }
    fn check(&self, dev: &Device) -> Result<Checked> {
        let (rows, cols, cfg) = (self.rows, self.cols, &self.cfg);
        let (x, y, w0) = inputs::logreg(&self.data, rows, cols);
        let slots = slots_for(dev, rows, cols, self.strategy)?;
        let sum = Summation {
            slots,
            params: &crate::ops::logreg::logreg_params(dev, rows, cols, self.strategy),
            acc: acc_of(dev),
        };
        let reference = train_reference((&x, cols, &y, &w0), cfg, sum)
            .map_err(|why| Error::invalid("lr", cfg.lr, why))?;
        let xm = dev.upload_matrix(&x, rows, cols, Layout::RowMajor)?;
        let ym = dev.upload_labels(&y)?;
        let mut wm = dev.upload(&w0)?;
        let trace = dev.logreg_train_with(&xm, &ym, &mut wm, cfg, self.strategy)?;
        let w_got = dev.download(&wm)?;
        let err = w_got
            .iter()
            .zip(&reference.w)
            .map(|(a, b)| (*a as f64 - b).powi(2))
            .sum::<f64>()
            .sqrt();
        let mut w = Worst::default();
        w.see(err, reference.w_bound, || {
            format!(
                "‖w − w_ref‖₂ = {err:.3e} after {} iterations (bound {:.3e}; λ_max(XᵀX) = {:.1})",
                cfg.iters, reference.w_bound, reference.lambda_max
            )
        });
        let mut c = Checked::of(w);
        if trace.loglik.len() != reference.trace.len() {
            c.extra_failure = Some(format!(
                "trace has {} points, reference {}",
                trace.loglik.len(),
                reference.trace.len()
            ));
        }
        for (((t, got), (t_ref, want)), bound) in trace
            .loglik
            .iter()
            .zip(&reference.trace)
            .zip(&reference.trace_bounds)
        {
            if t != t_ref {
                c.extra_failure = Some(format!("trace point {t} where the reference has {t_ref}"));
            }
            c.worst.see((got - want).abs(), *bound, || {
                format!("L(w_{t}) = {got:.6}, reference {want:.6} (bound {bound:.3e})")
            });
        }
        if let Some(min) = self.min_accuracy {
            let acc = accuracy(&x, cols, &y, &w_got);
            c.note = Some(format!("training accuracy {:.2}%", 100.0 * acc));
            if acc < min {
                c.extra_failure = Some(format!(
                    "training accuracy {:.2}% is below {:.0}%",
                    100.0 * acc,
                    100.0 * min
                ));
            }
        }
        Ok(c)
    }
}

/// The benchmark's settings for `case`: the seed's learning rate on the seed's problem
/// (2048 × 8); elsewhere `0.5 / (n·d)`, which keeps gradient ascent on the blobs contracting
/// at any shape (`lr·λ_max(XᵀX)` stays below a few, `λ_max ≤ trace ≈ n·d·E[x²]`), so the run
/// can be checked against the reference's bound.
fn bench_cfg(case: &BenchCase) -> TrainConfig {
    let seed_shape = (case.n, case.d) == (2048, 8);
    TrainConfig {
        iters: case.iters,
        lr: if seed_shape {
            2e-4
        } else {
            0.5 / (case.n as f32 * case.d as f32)
        },
        l2: 0.01,
        loglik_every: 0,
    }
}

struct TrainCall<'a> {
    x: duet_core::Matrix,
    y: duet_core::Labels,
    w: duet_core::Vector,
    w0: &'a [f32],
    cfg: TrainConfig,
    strategy: LogregStrategy,
}

impl BenchCall for TrainCall<'_> {
    fn call(&mut self, dev: &Device) -> Result<f64> {
        dev.write(&mut self.w, self.w0)?;
        dev.finish()?;
        // The weight reset above is not part of the timed call.
        let _ = dev.take_gpu_time();
        let t = dev.logreg_train_with(&self.x, &self.y, &mut self.w, &self.cfg, self.strategy)?;
        Ok(t.loglik.last().map_or(0.0, |p| p.1))
    }
}

fn bad_train(dev: &Device, cfg: TrainConfig) -> Result<()> {
    let (x, y) = small_problem(dev)?;
    let mut w = dev.zeros(3)?;
    dev.logreg_train(&x, &y, &mut w, &cfg).map(|_| ())
}

const OK_CFG: TrainConfig = TrainConfig {
    iters: 2,
    lr: 0.1,
    l2: 0.0,
    loglik_every: 0,
};

impl OpFamily for Train {
    fn name(&self) -> &'static str {
        "train"
    }
    fn about(&self) -> &'static str {
        "logistic-regression training (gradient ascent) on the device"
    }
    fn ops(&self) -> &'static [&'static str] {
        &["train"]
    }
    fn variants(&self) -> &'static [&'static str] {
        &STRATEGIES
    }
    fn cases(&self, _level: Level) -> Vec<Case> {
        let mut out = Vec::new();
        for strategy in LogregStrategy::ALL {
            let s = strategy.name();
            for iters in [1, 10, 1000] {
                out.push(Case::new(
                    format!("train {s} blobs 2048×8 iters={iters}"),
                    TrainCase {
                        strategy,
                        rows: 2048,
                        cols: 8,
                        data: LogregData::Blobs(duet_core::data::DEFAULT_SEED),
                        cfg: TrainConfig {
                            iters,
                            lr: 2e-4,
                            l2: 0.01,
                            loglik_every: iters.min(250),
                        },
                        min_accuracy: (iters == 1000).then_some(0.95),
                    },
                ));
            }
        }
        out
    }
    /// The narrow and wide paths (8 and 100 columns) in a few iterations.
    fn threshold_cases(&self, _params: &[duet_core::KernelParams]) -> Vec<Case> {
        let mut out = Vec::new();
        for strategy in LogregStrategy::ALL {
            for cols in [8, 100] {
                out.push(Case::new(
                    format!("train {} n=67 k={cols} threshold", strategy.name()),
                    TrainCase {
                        strategy,
                        rows: 67,
                        cols,
                        data: LogregData::Random {
                            seed: 5,
                            scale: 1.0,
                        },
                        cfg: TrainConfig {
                            iters: 3,
                            lr: 1e-3,
                            l2: 0.01,
                            loglik_every: 1,
                        },
                        min_accuracy: None,
                    },
                ));
            }
        }
        out
    }
    fn bad_calls(&self) -> Vec<BadCall> {
        let bad = |name, call| BadCall {
            family: &TRAIN,
            name,
            expected: ErrorKind::InvalidArgument,
            call,
        };
        vec![
            bad("ItersZero", |dev| {
                bad_train(dev, TrainConfig { iters: 0, ..OK_CFG })
            }),
            bad("LearningRateZero", |dev| {
                bad_train(dev, TrainConfig { lr: 0.0, ..OK_CFG })
            }),
            bad("L2Negative", |dev| {
                bad_train(dev, TrainConfig { l2: -1.0, ..OK_CFG })
            }),
        ]
    }
    /// The seed's problem (2048 × 8) with both strategies; in a sweep, `multi_group` at every
    /// point (10 iterations; 3 in the quick sweep).
    fn bench_cases(&self, sizes: Sizes) -> Vec<BenchCase> {
        let case = |n: usize, d: usize, s: LogregStrategy, iters: u32| BenchCase {
            op: "train".into(),
            variant: s.name().into(),
            n,
            d,
            iters,
        };
        match sizes {
            Sizes::Sweep | Sizes::SweepQuick => self.sweep_cases(sizes, &sweep_points(sizes)),
            Sizes::Quick | Sizes::Full => {
                let iters = if sizes == Sizes::Quick { 200 } else { 50_000 };
                LogregStrategy::ALL
                    .into_iter()
                    .map(|s| case(2048, 8, s, iters))
                    .collect()
            }
        }
    }
    /// `multi_group` at every point (10 iterations; 3 in the quick sweep).
    fn sweep_cases(&self, sizes: Sizes, points: &[(usize, usize)]) -> Vec<BenchCase> {
        let iters = if sizes == Sizes::Sweep { 10 } else { 3 };
        points
            .iter()
            .map(|&(n, d)| BenchCase {
                op: "train".into(),
                variant: LogregStrategy::MultiGroup.name().into(),
                n,
                d,
                iters,
            })
            .collect()
    }
    /// A gradient pass per iteration: X and the labels read, 4 flops per element of X.
    fn work(&self, case: &BenchCase) -> Work {
        let iters = f64::from(case.iters.max(1));
        let x = case.input_bytes() as f64;
        Work {
            bytes: (x + 4.0 * case.n as f64) * iters,
            flops: x * iters,
        }
    }
    fn bench_inputs(&self, case: &BenchCase) -> BenchInputs {
        let d = duet_core::data::blobs(case.n, case.d, duet_core::data::DEFAULT_SEED);
        BenchInputs {
            x: d.x,
            y: d.y,
            w: vec![0.0; case.d],
        }
    }
    fn bench_prepare<'a>(
        &self,
        dev: &Device,
        case: &BenchCase,
        inputs: &'a BenchInputs,
    ) -> Result<Box<dyn BenchCall + 'a>> {
        Ok(Box::new(TrainCall {
            x: dev.upload_matrix(&inputs.x, case.n, case.d, Layout::RowMajor)?,
            y: dev.upload_labels(&inputs.y)?,
            w: dev.upload(&inputs.w)?,
            w0: &inputs.w,
            cfg: bench_cfg(case),
            strategy: crate::ops::logreg::strategy_of(case, dev)?,
        }))
    }
    fn bench_check(&self, case: &BenchCase) -> Result<Case> {
        let id = format!("bench check train {} {}", case.variant, case.size_label());
        let train = |strategy| TrainCase {
            strategy,
            rows: case.n,
            cols: case.d,
            data: LogregData::Blobs(duet_core::data::DEFAULT_SEED),
            cfg: bench_cfg(case),
            min_accuracy: None,
        };
        Ok(if case.variant == crate::registry::DEFAULT_VARIANT {
            Case::new(
                id,
                crate::ops::logreg::DefaultStrategy(train(LogregStrategy::MultiGroup)),
            )
        } else {
            Case::new(id, train(case.variant.parse()?))
        })
    }
    fn bench_reference(&self, case: &BenchCase, inputs: &BenchInputs) {
        std::hint::black_box(reference::logreg_train(
            &inputs.x,
            case.d,
            &inputs.y,
            &inputs.w,
            &bench_cfg(case),
        ));
    }
}
