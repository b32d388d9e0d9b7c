//! Benchmarks: the same op, size and data on every device, GPU time from timestamps or
//! profiling events (the method recorded with each number), wall time beside it, and every
//! bandwidth as a fraction of what the read kernel measured on the same device in the same run.
//! Each case's result is also checked against the CPU reference.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::{
    Device, Error, Extreme, Layout, LogregStrategy, RbfArgs, RbfVariant, Result, TrainConfig,
    reference,
};

/// What a benchmark case runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BenchOp {
    /// The read kernel (Σ v).
    Read,
    /// argmin or argmax.
    Arg(Extreme),
    /// One RBF rung.
    Rbf(RbfVariant),
    /// The logistic-regression gradient.
    Gradient(LogregStrategy),
    /// Training.
    Train(LogregStrategy),
}

impl BenchOp {
    /// The op's name (`read`, `argmin`, `argmax`, `rbf`, `logreg`, `train`).
    pub fn name(self) -> &'static str {
        match self {
            BenchOp::Read => "read",
            BenchOp::Arg(e) => e.op_name(),
            BenchOp::Rbf(_) => "rbf",
            BenchOp::Gradient(_) => "logreg",
            BenchOp::Train(_) => "train",
        }
    }

    /// The variant (rung or strategy), or `-`.
    pub fn variant(self) -> String {
        match self {
            BenchOp::Rbf(v) => v.name().into(),
            BenchOp::Gradient(s) | BenchOp::Train(s) => s.name().into(),
            _ => "-".into(),
        }
    }
}

/// A benchmark case: op and size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BenchCase {
    /// What runs.
    pub op: BenchOp,
    /// Vector length, points, or examples.
    pub n: usize,
    /// Dimensions / features (1 for vectors).
    pub d: usize,
    /// Training iterations (0 otherwise).
    pub iters: u32,
}

impl BenchCase {
    /// The bytes the op must read at least once (the input it streams).
    pub fn bytes(&self) -> u64 {
        4 * (self.n as u64) * (self.d as u64)
    }

    /// Floating-point operations as the seeds count them (RBF: 6 per element of X; gradient:
    /// 4 per element; reductions: 1 per element).
    pub fn flops(&self) -> f64 {
        let e = self.n as f64 * self.d as f64;
        match self.op {
            BenchOp::Rbf(_) => 6.0 * e,
            BenchOp::Gradient(_) => 4.0 * e,
            BenchOp::Train(_) => 4.0 * e * self.iters as f64,
            _ => e,
        }
    }

    /// A label for tables: `2^20`, `262144×1000`, `2048×8×50000`.
    pub fn size_label(&self) -> String {
        let pow = |n: usize| {
            if n.is_power_of_two() {
                format!("2^{}", n.trailing_zeros())
            } else {
                n.to_string()
            }
        };
        match self.op {
            BenchOp::Read | BenchOp::Arg(_) => pow(self.n),
            BenchOp::Train(_) => format!("{}×{}×{}", self.n, self.d, self.iters),
            _ => format!("{}×{}", pow(self.n), self.d),
        }
    }
}

/// Which sizes to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Sizes {
    /// Sizes that run in seconds on software drivers (llvmpipe, PoCL).
    Quick,
    /// The seeds' problems and a sweep from tiny to several times a large GPU's L2 (up to 1 GiB).
    Full,
}

/// The benchmark cases at `sizes`.
pub fn cases(sizes: Sizes) -> Vec<BenchCase> {
    let mut out = Vec::new();
    let vec_sizes: Vec<usize> = match sizes {
        Sizes::Quick => vec![1 << 10, 1 << 16, 1 << 20],
        Sizes::Full => (10..=28).step_by(2).map(|p| 1usize << p).collect(),
    };
    for &n in &vec_sizes {
        out.push(BenchCase {
            op: BenchOp::Read,
            n,
            d: 1,
            iters: 0,
        });
    }
    for e in [Extreme::Min, Extreme::Max] {
        for &n in &vec_sizes {
            out.push(BenchCase {
                op: BenchOp::Arg(e),
                n,
                d: 1,
                iters: 0,
            });
        }
    }
    let rbf_n: Vec<usize> = match sizes {
        Sizes::Quick => vec![1 << 10, 1 << 13],
        Sizes::Full => vec![1 << 10, 1 << 12, 1 << 14, 1 << 16, 1 << 18],
    };
    for v in RbfVariant::ALL {
        for &n in &rbf_n {
            out.push(BenchCase {
                op: BenchOp::Rbf(v),
                n,
                d: 1000,
                iters: 0,
            });
        }
    }
    let grad_n: Vec<usize> = match sizes {
        Sizes::Quick => vec![1 << 10, 1 << 14],
        Sizes::Full => (12..=22).step_by(2).map(|p| 1usize << p).collect(),
    };
    for s in LogregStrategy::ALL {
        for &n in &grad_n {
            if s == LogregStrategy::SingleGroup && n * 64 > 1 << 20 {
                continue;
            }
            out.push(BenchCase {
                op: BenchOp::Gradient(s),
                n,
                d: 64,
                iters: 0,
            });
        }
    }
    let iters = match sizes {
        Sizes::Quick => 200,
        Sizes::Full => 50_000,
    };
    for s in LogregStrategy::ALL {
        out.push(BenchCase {
            op: BenchOp::Train(s),
            n: 2048,
            d: 8,
            iters,
        });
    }
    out
}

/// How to measure.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct BenchConfig {
    /// Untimed runs first (at least this many).
    pub warmup: u32,
    /// Untimed runs continue until this much wall time has passed: a GPU that idled while the
    /// inputs were generated runs at its idle clock (an H100's SM clock drops to 345 MHz and
    /// takes about 0.2 s of load to return to 1980 MHz), and a few short calls do not wake it.
    pub warmup_time: Duration,
    /// Timed runs at most.
    pub reps: u32,
    /// Stop repeating once this much wall time was spent on a case.
    pub budget: Duration,
    /// Also time the CPU reference.
    pub cpu_reference: bool,
    /// Check the result against the CPU reference after timing.
    pub check: bool,
}

impl Default for BenchConfig {
    fn default() -> Self {
        BenchConfig {
            warmup: 3,
            warmup_time: Duration::from_millis(500),
            reps: 30,
            budget: Duration::from_secs(2),
            cpu_reference: true,
            check: true,
        }
    }
}

/// One measured case on one device.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Measurement {
    /// Op name.
    pub op: String,
    /// Rung or strategy.
    pub variant: String,
    /// Size label.
    pub size: String,
    /// The case.
    pub case: BenchCase,
    /// Device name.
    pub device: String,
    /// Device's own name.
    pub device_name: String,
    /// How `gpu_*` was measured.
    pub timer: String,
    /// Timed runs.
    pub reps: u32,
    /// Median device time per call, seconds.
    pub gpu_median_s: f64,
    /// Fastest device time, seconds.
    pub gpu_min_s: f64,
    /// Slowest device time, seconds.
    pub gpu_max_s: f64,
    /// Median wall time per call (submit to result on the host), seconds.
    pub wall_median_s: f64,
    /// Bytes of input streamed / median device time, GB/s (10⁹ bytes).
    pub gbps: f64,
    /// Flops / median device time, GFLOP/s.
    pub gflops: f64,
    /// Elements (or reductions) per second, 10⁹/s.
    pub g_elements_per_s: f64,
    /// Training iterations per second.
    pub iters_per_s: Option<f64>,
    /// GB/s as a percentage of the read kernel's GB/s on the same device in this run.
    pub pct_of_read: Option<f64>,
    /// The read bandwidth that percentage is relative to, GB/s.
    pub read_gbps: Option<f64>,
    /// The result against the CPU reference: worst error / bound (≤ 1 passes; NaN: not
    /// checked).
    pub check_ratio: f64,
    /// Whether the check passed.
    pub check_passed: bool,
    /// CPU reference time for the same case, seconds.
    pub cpu_reference_s: Option<f64>,
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    if v.is_empty() {
        return f64::NAN;
    }
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        0.5 * (v[m - 1] + v[m])
    }
}

/// Inputs of a case, made once and shared by every device.
pub struct Inputs {
    case: BenchCase,
    x: Vec<f32>,
    y: Vec<f32>,
    w: Vec<f32>,
}

impl Inputs {
    /// Makes a case's inputs (deterministic).
    pub fn new(case: BenchCase) -> Inputs {
        let len = case.n * case.d;
        let (x, y, w) = match case.op {
            BenchOp::Read | BenchOp::Arg(_) => {
                (crate::data::uniform(len, -1.0, 1.0, 1), vec![], vec![])
            }
            BenchOp::Rbf(_) => (crate::data::normal(len, 2), vec![], vec![]),
            BenchOp::Gradient(_) => {
                let (x, y, w) = duet_conform::inputs::logreg(
                    &duet_conform::cases::LogregData::Random {
                        seed: 3,
                        scale: 3.0,
                    },
                    case.n,
                    case.d,
                );
                (x, y, w)
            }
            BenchOp::Train(_) => {
                let d = crate::data::blobs(case.n, case.d, crate::data::DEFAULT_SEED);
                (d.x, d.y, vec![0.0; case.d])
            }
        };
        Inputs { case, x, y, w }
    }
}

fn train_cfg(case: &BenchCase) -> TrainConfig {
    TrainConfig {
        iters: case.iters,
        lr: 2e-4,
        l2: 0.01,
        loglik_every: 0,
    }
}

/// Runs one case on one device: warm-up, timed repetitions, a check against the reference.
pub fn measure(dev: &Device, inp: &Inputs, cfg: &BenchConfig) -> Result<Measurement> {
    let case = inp.case;
    let (n, d) = (case.n, case.d);
    // Upload once; each call then only runs the op (and reads back what it returns).
    enum Prepared {
        Vector(crate::Vector),
        Rbf(crate::Matrix, crate::Vector, crate::Vector),
        Logreg(crate::Matrix, crate::Labels, crate::Vector, crate::Vector),
    }
    let prepared = match case.op {
        BenchOp::Read | BenchOp::Arg(_) => Prepared::Vector(dev.upload(&inp.x)?),
        BenchOp::Rbf(v) => Prepared::Rbf(
            dev.upload_matrix(&inp.x, n, d, v.layout())?,
            dev.zeros(n)?,
            dev.zeros(n)?,
        ),
        BenchOp::Gradient(_) | BenchOp::Train(_) => Prepared::Logreg(
            dev.upload_matrix(&inp.x, n, d, Layout::RowMajor)?,
            dev.upload_labels(&inp.y)?,
            dev.upload(&inp.w)?,
            dev.zeros(d)?,
        ),
    };
    let rbf_args = RbfArgs {
        hi: n - 1,
        lo: n / 2,
        gamma: 0.5 / d as f32,
    };
    let mut prepared = prepared;
    let mut call = |dev: &Device| -> Result<f64> {
        match (&case.op, &mut prepared) {
            (BenchOp::Read, Prepared::Vector(v)) => dev.read_sum(v),
            (BenchOp::Arg(Extreme::Min), Prepared::Vector(v)) => {
                dev.argmin(v).map(|a| a.index as f64)
            }
            (BenchOp::Arg(Extreme::Max), Prepared::Vector(v)) => {
                dev.argmax(v).map(|a| a.index as f64)
            }
            (BenchOp::Rbf(var), Prepared::Rbf(x, a, b)) => {
                dev.rbf_rows_variant(x, rbf_args, *var, a, b)?;
                dev.finish().map(|_| 0.0)
            }
            (BenchOp::Gradient(s), Prepared::Logreg(x, y, w, g)) => {
                dev.logreg_gradient_with(x, y, w, g, *s)
            }
            (BenchOp::Train(s), Prepared::Logreg(x, y, w, _)) => {
                dev.write(w, &inp.w)?;
                dev.finish()?;
                // The weight reset above is not part of the timed call.
                let _ = dev.take_gpu_time();
                let t = dev.logreg_train_with(x, y, w, &train_cfg(&case), *s)?;
                Ok(t.loglik.last().map_or(0.0, |p| p.1))
            }
            _ => Err(Error::execution("bench", "inputs do not match the op")),
        }
    };
    let timed =
        |dev: &Device, call: &mut dyn FnMut(&Device) -> Result<f64>| -> Result<(f64, f64)> {
            dev.set_profiling(true);
            let _ = dev.take_gpu_time();
            let start = Instant::now();
            call(dev)?;
            let wall = start.elapsed().as_secs_f64();
            let gpu = dev.take_gpu_time().map_or(wall, |t| t.as_secs_f64());
            Ok((gpu, wall))
        };
    let warmups = if case.op.name() == "train" {
        1
    } else {
        cfg.warmup
    };
    let warming = Instant::now();
    let mut done = 0;
    while done < warmups || warming.elapsed() < cfg.warmup_time {
        call(dev)?;
        done += 1;
    }
    let mut gpu = Vec::new();
    let mut wall = Vec::new();
    let started = Instant::now();
    for _ in 0..cfg.reps.max(1) {
        let (g, w) = timed(dev, &mut call)?;
        gpu.push(g);
        wall.push(w);
        if started.elapsed() > cfg.budget {
            break;
        }
    }
    dev.set_profiling(false);
    // Free the device buffers before the reference check allocates its own.
    drop(prepared);
    let check_ratio = if cfg.check {
        let checked = duet_conform::run_on(&check_case(&case), dev);
        match (checked.status, checked.worst_ratio) {
            (duet_conform::Status::Pass, Some(r)) => r,
            _ => f64::INFINITY,
        }
    } else {
        f64::NAN
    };
    let reps = gpu.len() as u32;
    let gpu_min = gpu.iter().copied().fold(f64::INFINITY, f64::min);
    let gpu_max = gpu.iter().copied().fold(0.0, f64::max);
    let g = median(&mut gpu);
    let wl = median(&mut wall);
    let cpu_reference_s = if cfg.cpu_reference {
        Some(time_reference(inp))
    } else {
        None
    };
    Ok(Measurement {
        op: case.op.name().into(),
        variant: case.op.variant(),
        size: case.size_label(),
        case,
        device: dev.name().into(),
        device_name: dev.info().device.clone(),
        timer: dev.timer().to_string(),
        reps,
        gpu_median_s: g,
        gpu_min_s: gpu_min,
        gpu_max_s: gpu_max,
        wall_median_s: wl,
        gbps: case.bytes() as f64 * f64::from(case.iters.max(1)) / g / 1e9,
        gflops: case.flops() / g / 1e9,
        g_elements_per_s: (n * d) as f64 / g / 1e9,
        iters_per_s: (case.iters > 0).then(|| case.iters as f64 / g),
        pct_of_read: None,
        read_gbps: None,
        check_ratio,
        check_passed: check_ratio <= 1.0 || check_ratio.is_nan(),
        cpu_reference_s,
    })
}

/// The conformance case that checks a benchmark case's op at its size (fresh data from the
/// suite's generators, the suite's tolerances).
pub fn check_case(case: &BenchCase) -> duet_conform::Case {
    use duet_conform::cases::{LogregData, Op, Place, Points, Values};
    let (n, d) = (case.n, case.d);
    let op = match case.op {
        BenchOp::Read => Op::ReadSum {
            n,
            values: Values::Random(1),
        },
        BenchOp::Arg(extreme) => Op::Arg {
            extreme,
            n,
            values: Values::Random(1),
            mask: None,
        },
        BenchOp::Rbf(variant) => Op::Rbf {
            variant,
            n,
            d,
            points: Points::Random(2),
            hi: Place::End,
            lo: Place::Middle,
            gamma: 0.5 / d as f32,
        },
        BenchOp::Gradient(strategy) => Op::Gradient {
            strategy,
            rows: n,
            cols: d,
            data: LogregData::Random {
                seed: 3,
                scale: 3.0,
            },
        },
        BenchOp::Train(strategy) => Op::Train {
            strategy,
            rows: n,
            cols: d,
            data: LogregData::Blobs(crate::data::DEFAULT_SEED),
            cfg: train_cfg(case),
            min_accuracy: None,
        },
    };
    duet_conform::Case {
        id: format!(
            "bench check {} {} {}",
            case.op.name(),
            case.op.variant(),
            case.size_label()
        ),
        op,
        binding: duet_conform::Binding::Device,
    }
}

/// Times the CPU reference on the case once (seconds).
pub fn time_reference(inp: &Inputs) -> f64 {
    let case = inp.case;
    let start = Instant::now();
    match case.op {
        BenchOp::Read => {
            std::hint::black_box(reference::sum(&inp.x));
        }
        BenchOp::Arg(e) => {
            std::hint::black_box(reference::arg_extreme(&inp.x, None, e));
        }
        BenchOp::Rbf(_) => {
            std::hint::black_box(reference::rbf_rows(
                &inp.x,
                case.d,
                case.n - 1,
                case.n / 2,
                0.5,
            ));
        }
        BenchOp::Gradient(_) => {
            let w: Vec<f64> = inp.w.iter().map(|&v| v as f64).collect();
            std::hint::black_box(reference::logreg_gradient(&inp.x, case.d, &inp.y, &w));
        }
        BenchOp::Train(_) => {
            std::hint::black_box(reference::logreg_train(
                &inp.x,
                case.d,
                &inp.y,
                &inp.w,
                &train_cfg(&case),
            ));
        }
    }
    start.elapsed().as_secs_f64()
}

/// Fills `pct_of_read`: each case's GB/s over the read kernel's GB/s at the same byte count on
/// the same device (or, for sizes the read sweep did not run, its best plateau).
pub fn relate_to_read(all: &mut [Measurement]) {
    let reads: Vec<(String, u64, f64)> = all
        .iter()
        .filter(|m| m.case.op == BenchOp::Read)
        .map(|m| (m.device.clone(), m.case.bytes(), m.gbps))
        .collect();
    for m in all.iter_mut() {
        if m.case.op == BenchOp::Read || m.case.iters > 0 {
            continue;
        }
        let same = reads
            .iter()
            .filter(|(dev, _, _)| *dev == m.device)
            .min_by_key(|(_, b, _)| b.abs_diff(m.case.bytes()));
        if let Some((_, bytes, gbps)) = same {
            // Within a factor of 2 of the read size, use it; else the device's plateau.
            let base = if (*bytes as f64 / m.case.bytes() as f64 - 1.0).abs() <= 1.0 {
                *gbps
            } else {
                reads
                    .iter()
                    .filter(|(dev, _, _)| *dev == m.device)
                    .map(|r| r.2)
                    .fold(0.0, f64::max)
            };
            m.read_gbps = Some(base);
            m.pct_of_read = Some(100.0 * m.gbps / base);
        }
    }
}
