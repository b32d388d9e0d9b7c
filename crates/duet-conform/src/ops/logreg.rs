//! The logistic-regression gradient and log-likelihood, both strategies, against the f64
//! reference with the bound derived from each kernel's summation order.

use duet_core::chunk::{plan_matrix, plan_vector};
use duet_core::ops::logreg::plan_pass;
use duet_core::params::{
    LANE_COLS, QUAD_MAX_PITCH, SINGLE_REG_MAX_COLS, SINGLE_REG_MAX_FLOATS, WEIGHT_CACHE,
};
use duet_core::tune::{Shape, TunedOp};
use duet_core::{
    BackendKind, Device, Error, ErrorKind, KernelParams, Layout, LogregStrategy, Result, reference,
};

use crate::cases::{LogregData, around};
use crate::check::{Checked, Worst, acc_of};
use crate::registry::{
    BadCall, BenchCall, BenchCase, BenchInputs, Case, CaseSpec, DEFAULT_VARIANT, Level, OpFamily,
    Sizes, Work, sweep_points,
};
use crate::{inputs, tolerance};

/// The gradient family's descriptor.
pub struct Logreg;
/// The gradient family.
pub static LOGREG: Logreg = Logreg;

/// The strategy names (`LogregStrategy::ALL`).
pub const STRATEGIES: [&str; 2] = [LogregStrategy::ALL[0].name(), LogregStrategy::ALL[1].name()];

/// The gradient and log-likelihood of a `rows × cols` problem.
#[derive(Debug, Clone, PartialEq)]
pub struct GradientCase {
    /// The strategy.
    pub strategy: LogregStrategy,
    /// Examples.
    pub rows: usize,
    /// Features.
    pub cols: usize,
    /// Data.
    pub data: LogregData,
}

/// The partial sums a `rows × cols` pass of `strategy` adds on `dev` (the tolerance needs
/// them).
pub fn slots_for(
    dev: &Device,
    rows: usize,
    cols: usize,
    strategy: LogregStrategy,
) -> Result<usize> {
    if strategy == LogregStrategy::SingleGroup {
        return Ok(1);
    }
    let p = &logreg_params(dev, rows, cols, strategy);
    let cap = dev.info().max_binding_bytes;
    let blocks = plan_matrix(rows, cols, Layout::RowMajor, cap, p)?;
    let labels = plan_vector(rows, cap, p)?;
    Ok(plan_pass(&blocks, &labels, cols, p).slots as usize)
}

/// The parameter table a `rows × cols` call of `strategy` runs with on `dev` (tuned or the
/// device's): the summation order the tolerances follow.
pub fn logreg_params(
    dev: &Device,
    rows: usize,
    cols: usize,
    strategy: LogregStrategy,
) -> KernelParams {
    let shape = Shape {
        rows,
        cols,
        layout: Layout::RowMajor,
    };
    dev.params_for(TunedOp::Logreg, shape, Some(strategy.name()))
}

impl CaseSpec for GradientCase {
    fn family(&self) -> &'static dyn OpFamily {
        &LOGREG
    }
    fn op(&self) -> &'static str {
        "logreg"
    }
    fn variant(&self) -> Option<&'static str> {
        Some(self.strategy.name())
    }
    fn check(&self, dev: &Device) -> Result<Checked> {
        let (rows, cols) = (self.rows, self.cols);
        let (x, y, w0) = inputs::logreg(&self.data, rows, cols);
        let xm = dev.upload_matrix(&x, rows, cols, Layout::RowMajor)?;
        let ym = dev.upload_labels(&y)?;
        let wm = dev.upload(&w0)?;
        let mut g = dev.zeros(cols)?;
        let ll = dev.logreg_gradient_with(&xm, &ym, &wm, &mut g, self.strategy)?;
        let got = dev.download(&g)?;
        let wf: Vec<f64> = w0.iter().map(|&v| v as f64).collect();
        let r = reference::logreg_gradient(&x, cols, &y, &wf);
        let slots = slots_for(dev, rows, cols, self.strategy)?;
        let p = logreg_params(dev, rows, cols, self.strategy);
        let b = tolerance::logreg(&x, cols, &y, &wf, slots, &p, acc_of(dev));
        let mut w = Worst::default();
        for (j, ((&g, &want), &bound)) in got.iter().zip(&r.grad).zip(&b.grad).enumerate() {
            let err = (g as f64 - want).abs();
            w.see(err, bound, || {
                format!("g[{j}] = {g:e}, reference {want:e} (bound {bound:.3e})")
            });
        }
        w.see((ll - r.loglik).abs(), b.loglik, || {
            format!(
                "L = {ll:e}, reference {:e} (bound {:.3e})",
                r.loglik, b.loglik
            )
        });
        Ok(Checked::of(w))
    }
    /// `single_group` refuses a problem one workgroup cannot hold on a GPU: a skip.
    fn not_applicable(&self, e: &Error, dev: &Device) -> bool {
        self.strategy == LogregStrategy::SingleGroup
            && e.kind() == ErrorKind::InvalidArgument
            && dev.info().backend != BackendKind::Cpu
    }
}

fn gradient(strategy: LogregStrategy, rows: usize, cols: usize, data: LogregData) -> GradientCase {
    GradientCase {
        strategy,
        rows,
        cols,
        data,
    }
}

/// Rows of a reduce or finish threshold case of `cols` columns: 30 011 (a full grid of
/// workgroups, partial slots in every one), fewer where X would pass [`THRESHOLD_X_BYTES`]
/// (a `--param` that moves the threshold to tens of thousands of columns asks for no more
/// than a device binding holds), never under 67.
fn threshold_rows(cols: usize) -> usize {
    (THRESHOLD_X_BYTES / (4 * cols.max(1))).clamp(67, 30_011)
}

/// The most X a threshold case of [`threshold_rows`] uploads (64 MiB): the default
/// parameters' thresholds (at most a few hundred columns) stay under it at 30 011 rows.
const THRESHOLD_X_BYTES: usize = 64 << 20;

struct GradientCall {
    x: duet_core::Matrix,
    y: duet_core::Labels,
    w: duet_core::Vector,
    g: duet_core::Vector,
    strategy: LogregStrategy,
}

impl BenchCall for GradientCall {
    fn call(&mut self, dev: &Device) -> Result<f64> {
        dev.logreg_gradient_with(&self.x, &self.y, &self.w, &mut self.g, self.strategy)
    }
    fn set_variant(&mut self, variant: &str) -> Result<bool> {
        self.strategy = variant.parse()?;
        Ok(true)
    }
}

/// The strategy a benchmark case names, or ([`DEFAULT_VARIANT`]) the one `dev` picks for its
/// shape ([`Device::logreg_strategy_at`]: tuned, else the library's rule).
pub fn strategy_of(case: &BenchCase, dev: &Device) -> Result<LogregStrategy> {
    if case.variant == DEFAULT_VARIANT {
        Ok(dev.logreg_strategy_at(case.n, case.d))
    } else {
        case.variant.parse()
    }
}

/// A case with the strategy the device picks by itself for its shape (a sweep's `default`).
#[derive(Debug, Clone, PartialEq)]
pub struct DefaultStrategy<C>(pub C);

impl CaseSpec for DefaultStrategy<GradientCase> {
    fn family(&self) -> &'static dyn OpFamily {
        &LOGREG
    }
    fn op(&self) -> &'static str {
        "logreg"
    }
    fn variant(&self) -> Option<&'static str> {
        Some(DEFAULT_VARIANT)
    }
    fn check(&self, dev: &Device) -> Result<Checked> {
        GradientCase {
            strategy: dev.logreg_strategy_at(self.0.rows, self.0.cols),
            ..self.0.clone()
        }
        .check(dev)
    }
}

/// The benchmark's data (random X, scores of order 3).
const BENCH_DATA: LogregData = LogregData::Random {
    seed: 3,
    scale: 3.0,
};

/// A 4 × 3 problem for the invalid calls.
pub fn small_problem(dev: &Device) -> Result<(duet_core::Matrix, duet_core::Labels)> {
    Ok((
        dev.upload_matrix(&[0.5; 12], 4, 3, Layout::RowMajor)?,
        dev.upload_labels(&[0.0, 1.0, 1.0, 0.0])?,
    ))
}

impl OpFamily for Logreg {
    fn name(&self) -> &'static str {
        "logreg"
    }
    fn about(&self) -> &'static str {
        "the logistic-regression gradient and log-likelihood"
    }
    fn ops(&self) -> &'static [&'static str] {
        &["logreg"]
    }
    fn variants(&self) -> &'static [&'static str] {
        &STRATEGIES
    }
    fn cases(&self, level: Level) -> Vec<Case> {
        let mut out = Vec::new();
        let rows_list: &[usize] = &[1, 3, 64, 2048, 100_003];
        let cols_list: &[usize] = &[1, 2, 3, 4, 5, 7, 8, 17, 33, 64, 256];
        for strategy in LogregStrategy::ALL {
            let s = strategy.name();
            for &rows in rows_list {
                for &cols in cols_list {
                    if strategy == LogregStrategy::SingleGroup && rows * cols > 1 << 20 {
                        continue;
                    }
                    if level == Level::Quick && rows * cols > 1 << 22 {
                        continue;
                    }
                    out.push(Case::new(
                        format!("gradient {s} n={rows} k={cols}"),
                        gradient(
                            strategy,
                            rows,
                            cols,
                            LogregData::Random {
                                seed: (rows * 31 + cols) as u64,
                                scale: 3.0,
                            },
                        ),
                    ));
                }
            }
            for (rows, cols) in [(64, 4), (2048, 8), (100_003, 33)] {
                if strategy == LogregStrategy::SingleGroup && rows * cols > 1 << 20 {
                    continue;
                }
                for (label, data) in [
                    ("|z|≈100", LogregData::Saturated { seed: 1, z: 100.0 }),
                    ("|z|≈1e4", LogregData::Saturated { seed: 2, z: 1e4 }),
                    (
                        "separated |z|≈95",
                        LogregData::Separated { seed: 5, z: 95.0 },
                    ),
                    (
                        "separated |z|≈30",
                        LogregData::Separated { seed: 6, z: 30.0 },
                    ),
                    (
                        "labels=0",
                        LogregData::ConstantLabels {
                            seed: 3,
                            label: 0.0,
                        },
                    ),
                    (
                        "labels=1",
                        LogregData::ConstantLabels {
                            seed: 4,
                            label: 1.0,
                        },
                    ),
                ] {
                    out.push(Case::new(
                        format!("gradient {s} n={rows} k={cols} {label}"),
                        gradient(strategy, rows, cols, data),
                    ));
                }
            }
            if strategy == LogregStrategy::MultiGroup {
                // (100 003, 3) and (100 003, 7): blocks of 87 381 and 37 449 unpadded rows at 1
                // MiB bindings, so a later block's labels start off a multiple of 4 (the
                // four-rows pass's one-at-a-time label loads).
                for (rows, cols) in [
                    (70_001, 3),
                    (70_001, 5),
                    (70_001, 8),
                    (100_003, 3),
                    (100_003, 7),
                    (300, 3000),
                ] {
                    out.push(Case::split(
                        format!("gradient {s} n={rows} k={cols}"),
                        gradient(
                            strategy,
                            rows,
                            cols,
                            LogregData::Random {
                                seed: 11,
                                scale: 2.0,
                            },
                        ),
                    ));
                }
            }
            if level == Level::Full && strategy == LogregStrategy::MultiGroup {
                out.push(Case::new(
                    format!("gradient {s} n=4194304 k=64"),
                    gradient(
                        strategy,
                        1 << 22,
                        64,
                        LogregData::Random {
                            seed: 12,
                            scale: 3.0,
                        },
                    ),
                ));
            }
        }
        out
    }
    /// Columns at every column threshold (the column chunk `logreg_tile`, the narrow/wide
    /// switch at `logreg_wg` columns, the weight cache, the register-resident limits and each
    /// doubling of the register-resident pass's lanes per row), with
    /// rows enough for several tiles; rows at the row thresholds (`logreg_rows`, the
    /// register-resident kernel's rows); and, for `multi_group`, steps around the grid cap and
    /// columns around the widest pass that finishes in its last workgroup.
    fn threshold_cases(&self, params: &[KernelParams]) -> Vec<Case> {
        let mut out = Vec::new();
        let col_thresholds = around(params.iter().flat_map(|p| {
            let lanes = (0..=p.logreg_wg.trailing_zeros()).map(|i| (LANE_COLS << i) as usize);
            [
                p.logreg_tile as usize,
                p.logreg_wg as usize,
                WEIGHT_CACHE as usize,
                p.partial_reg_max_cols(),
                // The four-rows-per-work-item pass, up to this pitch (unpadded columns; 9,
                // "never", puts the cases at the widest row it could take).
                (p.logreg_quad_pitch as usize).min(QUAD_MAX_PITCH),
                SINGLE_REG_MAX_COLS as usize,
                // The widest lone gradient that finishes where X is small (logreg_finish_lone).
                duet_core::params::FINISH_LONE_MAX_COLS,
            ]
            .into_iter()
            .chain(lanes)
        }));
        let row_thresholds = around(params.iter().flat_map(|p| {
            [
                p.logreg_rows as usize,
                // The register-resident single_group kernel: rows per work-item × columns.
                p.logreg_wg as usize * (SINGLE_REG_MAX_FLOATS / 8) as usize,
            ]
        }));
        for strategy in LogregStrategy::ALL {
            let s = strategy.name();
            let case = |rows: usize, cols: usize, seed: u64| {
                Case::new(
                    format!("gradient {s} n={rows} k={cols} threshold"),
                    gradient(
                        strategy,
                        rows,
                        cols,
                        LogregData::Random { seed, scale: 2.0 },
                    ),
                )
            };
            for &cols in &col_thresholds {
                let rows = if cols > 4096 { 5 } else { 67 };
                out.push(case(rows, cols, cols as u64));
            }
            for &rows in &row_thresholds {
                for cols in [1, 8] {
                    out.push(case(rows, cols, rows as u64));
                }
            }
            if strategy == LogregStrategy::MultiGroup {
                // The grid cap: steps of the register-resident passes (k = 8: four rows per
                // work-item where logreg_quad_pitch allows; k = 12: one, three vec4s a lane;
                // k = 16: four, capped at logreg_full_groups; k = 100 and 700: 8 and 64 lanes a
                // row, two rows a step, pipelined, capped at half of logreg_max_groups where rows
                // a step and the pipeline are left to the row, KernelParams::partial_wide) around
                // their most workgroups.
                for cols in [8, 12, 16, 100, 700] {
                    let grid = around(params.iter().map(|p| {
                        let pitch = duet_core::chunk::row_pitch(cols, p);
                        p.pass_rows_per_step(cols, pitch) * p.pass_max_groups(cols, pitch) as usize
                    }));
                    for rows in grid.into_iter().filter(|&r| r <= 1 << 21) {
                        out.push(case(rows, cols, 9));
                    }
                }
                // One reduce tile's columns (over a full grid's partial slots), and the widest
                // pass whose last workgroup sums the partial slots (logreg_last_group,
                // logreg_finish_cols), over many workgroups.
                let reduce_cols = around(params.iter().flat_map(|p| {
                    [
                        duet_core::ops::logreg::reduce_cols(usize::MAX, p.logreg_max_groups, p),
                        p.finish_cols(),
                    ]
                }));
                for cols in reduce_cols {
                    out.push(case(threshold_rows(cols), cols, 11));
                }
            }
        }
        // A step around the grid cap can fall on a row threshold (since the rows a step follow
        // the row, 1 025 rows of 8 columns are both): that shape runs once.
        let mut seen = std::collections::HashSet::new();
        out.retain(|c| seen.insert(c.id.clone()));
        out
    }
    fn bad_calls(&self) -> Vec<BadCall> {
        vec![
            BadCall {
                family: &LOGREG,
                name: "LabelOutOfRange",
                expected: ErrorKind::InvalidArgument,
                call: |dev| dev.upload_labels(&[0.0, 2.0]).map(|_| ()),
            },
            BadCall {
                family: &LOGREG,
                name: "WeightsLength",
                expected: ErrorKind::ShapeMismatch,
                call: |dev| {
                    let (x, y) = small_problem(dev)?;
                    let w = dev.zeros(4)?;
                    let mut g = dev.zeros(3)?;
                    dev.logreg_gradient(&x, &y, &w, &mut g).map(|_| ())
                },
            },
            BadCall {
                family: &LOGREG,
                name: "LogregLayout",
                expected: ErrorKind::InvalidArgument,
                call: |dev| {
                    let x = dev.upload_matrix(&[0.5; 12], 4, 3, Layout::ColumnMajor)?;
                    let y = dev.upload_labels(&[0.0, 1.0, 1.0, 0.0])?;
                    let w = dev.zeros(3)?;
                    let mut g = dev.zeros(3)?;
                    dev.logreg_gradient(&x, &y, &w, &mut g).map(|_| ())
                },
            },
        ]
    }
    /// The seeds' k = 64 over n; in a sweep, every point with both strategies (`single_group`
    /// where one workgroup holds it) and the default.
    fn bench_cases(&self, sizes: Sizes) -> Vec<BenchCase> {
        let case = |n: usize, d: usize, variant: &str| BenchCase {
            op: "logreg".into(),
            variant: variant.into(),
            n,
            d,
            iters: 0,
        };
        if sizes.is_sweep() {
            return self.sweep_cases(sizes, &sweep_points(sizes));
        }
        let mut out = Vec::new();
        let grad_n: Vec<usize> = match sizes {
            Sizes::Quick => vec![1 << 10, 1 << 14],
            _ => (12..=22).step_by(2).map(|p| 1usize << p).collect(),
        };
        for s in LogregStrategy::ALL {
            for &n in grad_n.iter().filter(|&&n| single_group_fits(s, n, 64)) {
                out.push(case(n, 64, s.name()));
            }
        }
        out
    }
    /// Bytes: X and the labels read once (4 bytes per example, which matters at small k);
    /// flops: 4 per element of X (the seeds' count).
    /// Both strategies (`single_group` where one workgroup holds the point) and the default
    /// at every point.
    fn sweep_cases(&self, _sizes: Sizes, points: &[(usize, usize)]) -> Vec<BenchCase> {
        let case = |n: usize, d: usize, variant: &str| BenchCase {
            op: "logreg".into(),
            variant: variant.into(),
            n,
            d,
            iters: 0,
        };
        let mut out = Vec::new();
        for &(n, d) in points {
            for s in LogregStrategy::ALL
                .into_iter()
                .filter(|&s| single_group_fits(s, n, d))
            {
                out.push(case(n, d, s.name()));
            }
            out.push(case(n, d, DEFAULT_VARIANT));
        }
        out
    }
    fn work(&self, case: &BenchCase) -> Work {
        let x = case.input_bytes() as f64;
        Work {
            bytes: x + 4.0 * case.n as f64,
            flops: x,
        }
    }
    fn bench_inputs(&self, case: &BenchCase) -> BenchInputs {
        let (x, y, w) = inputs::logreg(&BENCH_DATA, case.n, case.d);
        BenchInputs { x, y, w }
    }
    fn bench_prepare<'a>(
        &self,
        dev: &Device,
        case: &BenchCase,
        inputs: &'a BenchInputs,
    ) -> Result<Box<dyn BenchCall + 'a>> {
        Ok(Box::new(GradientCall {
            x: dev.upload_matrix(&inputs.x, case.n, case.d, Layout::RowMajor)?,
            y: dev.upload_labels(&inputs.y)?,
            w: dev.upload(&inputs.w)?,
            g: dev.zeros(case.d)?,
            strategy: strategy_of(case, dev)?,
        }))
    }
    fn bench_check(&self, case: &BenchCase) -> Result<Case> {
        let id = format!("bench check logreg {} {}", case.variant, case.size_label());
        Ok(if case.variant == DEFAULT_VARIANT {
            let c = gradient(LogregStrategy::MultiGroup, case.n, case.d, BENCH_DATA);
            Case::new(id, DefaultStrategy(c))
        } else {
            Case::new(
                id,
                gradient(case.variant.parse()?, case.n, case.d, BENCH_DATA),
            )
        })
    }
    fn bench_reference(&self, case: &BenchCase, inputs: &BenchInputs) {
        let w: Vec<f64> = inputs.w.iter().map(|&v| v as f64).collect();
        std::hint::black_box(reference::logreg_gradient(&inputs.x, case.d, &inputs.y, &w));
    }
    fn plot_variant(&self) -> Option<&'static str> {
        Some(LogregStrategy::MultiGroup.name())
    }
}

/// Whether benchmarks run strategy `s` at `n × d`: `single_group` only where one workgroup's
/// pass over X stays short (at most 2^20 elements).
fn single_group_fits(s: LogregStrategy, n: usize, d: usize) -> bool {
    s != LogregStrategy::SingleGroup || n * d <= 1 << 20
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threshold_rows_fill_the_grid_and_stay_under_the_cap() {
        // The default thresholds keep their 30 011 rows.
        assert_eq!(threshold_rows(33), 30_011);
        assert_eq!(threshold_rows(257), 30_011);
        // A threshold moved to 65 536 columns: 256 rows, 64 MiB of X, not 7.9 GB.
        assert_eq!(threshold_rows(65_536), 256);
        assert!(threshold_rows(65_537) * 65_537 * 4 <= THRESHOLD_X_BYTES);
        assert_eq!(threshold_rows(usize::MAX / 8), 67);
    }
}
