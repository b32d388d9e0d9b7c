//! The tuner (seed 003): for each tunable op ([`TunedOp`]) and shape bucket ([`Bucket`]), the
//! candidates of the op's search space ([`TunedOp::axes_for`] × its variants) timed on the
//! device, the fastest one that passes the op's check against the CPU reference kept when it
//! beats the defaults, and the choice written as a cache entry ([`Entry`]).
//!
//! **Search.** Per variant, coordinate descent from the device's own table: each axis in turn
//! tries all its values with the others held at the best so far, then (with
//! [`TuneConfig::joint`]) every combination of the op's joint axes ([`TunedOp::joint`]: the
//! logistic pass's rows a step, pipelining and workgroups) around the best so far, for up to
//! [`TuneConfig::rounds`] rounds (a round that changes nothing ends it). The spaces are small
//! products of a few axes with 4–5 values each (125 points for the reductions, 80 for the
//! `local_memory` rung); descent measures 13–40 of them, and the joint axes up to 54 more (3 ×
//! 3 × 6 less those measured). BENCHMARKS.md compares descent with the exhaustive search on
//! the H100 (session 8), and the joint moves with descent alone on the H200 (session 55).
//!
//! **Acceptance.** Every candidate is timed with the device timer after a warm-up; the
//! fastest candidates are then tried in order: a candidate is accepted only if it is faster
//! than the defaults by more than [`TuneConfig::margin`], passes the op's conformance check at
//! the target's shape (a fast but wrong candidate is rejected and listed), and keeps its lead
//! when timed again interleaved with the defaults. Otherwise the defaults are kept, and the
//! entry records that with no parameters and no variant (so a tuned bucket never runs slower
//! than the defaults by more than the noise, and follows the defaults of the duet that reads
//! it).

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use duet_conform::registry::{
    BenchCall, BenchCase, BenchInputs, OpFamily, Sizes, sweep_points, sweep_rows,
};
use duet_conform::{Status, run_on};
use duet_core::tune::{Axis, Baseline, Bucket, Entry, Origin, Shape, TunedOp, Tuning};
use serde::Serialize;

use crate::bench::{CLOCK_DROP_IDLE, median};
use crate::{Device, Error, ErrorKind, Layout, LogregStrategy, Result};

/// How the tuner measures and decides.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct TuneConfig {
    /// Untimed runs of the defaults before a target's first candidate (the GPU's clocks ramp
    /// up; an idle H100 sits at 345 MHz).
    pub warmup: Duration,
    /// Untimed runs before each candidate's timed ones (at least two: the first builds its
    /// kernels).
    pub candidate_warmup: Duration,
    /// Timed runs per candidate, at most.
    pub reps: u32,
    /// Time per candidate's timed runs, at most (at least three runs are timed).
    pub per_candidate: Duration,
    /// A candidate must beat the defaults by more than this fraction (0.03: 3 %).
    pub margin: f64,
    /// Rounds of coordinate descent per variant, at most.
    pub rounds: u32,
    /// Each round of descent ends with every combination of the op's joint axes
    /// ([`TunedOp::joint`]) around the best point so far (each axis's values and the best
    /// point's own): moves that win only together.
    pub joint: bool,
    /// Interleaved re-timings of the chosen candidate and the defaults before acceptance.
    pub confirm: u32,
    /// How the space is searched.
    pub search: Search,
    /// A variant whose first candidate (its defaults) is slower than the best of the variants
    /// before it by more than this factor is not searched further, and a candidate whose first
    /// timed call is slower than the best so far by more than it is not timed further (2: in
    /// every quick tune and sample run on the H100 and the H200, no variant that started 1.5×
    /// behind ended ahead).
    pub prune: f64,
    /// When the deadline passes mid-search: `true` chooses among the candidates measured so
    /// far (the defaults are measured first), checked and re-timed as usual (first-use tuning
    /// does this); `false` makes no entry for the target (`duet tune`).
    pub partial: bool,
    /// Also time the chosen candidate against the defaults at four times its bytes
    /// ([`size_edge`]), at the target's columns and at the bucket's column edges
    /// ([`edges_of`]), and keep the defaults where it loses there: an entry serves every
    /// larger size of its bucket's columns up to the next tuned bucket (session 25 found
    /// entries tuned at 4 MiB that ran 0.72× the defaults at 64 MiB on an H200; session 37 one
    /// tuned at 100 columns that passed at 100 columns four times larger and ran 0.93× at 127
    /// and 128 there, on an H100). `duet tune` does; first-use tuning, within its small budget,
    /// does not.
    pub size_edge: bool,
}

/// How the tuner searches an op's space (per variant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Search {
    /// Coordinate descent from the device's table (the default; see the module docs).
    Descent,
    /// Every combination of the axes' values.
    Exhaustive,
}

impl Search {
    /// `descent` or `exhaustive`.
    pub fn parse(s: &str) -> Result<Search> {
        match s {
            "descent" => Ok(Search::Descent),
            "exhaustive" => Ok(Search::Exhaustive),
            _ => Err(Error::invalid(
                "strategy",
                s,
                "expected descent or exhaustive",
            )),
        }
    }
}

impl Default for TuneConfig {
    fn default() -> Self {
        TuneConfig {
            warmup: Duration::from_millis(500),
            candidate_warmup: Duration::from_millis(20),
            reps: 15,
            per_candidate: Duration::from_millis(150),
            margin: 0.03,
            rounds: 2,
            joint: true,
            confirm: 3,
            search: Search::Descent,
            prune: 2.0,
            partial: false,
            size_edge: true,
        }
    }
}

impl TuneConfig {
    /// The lighter measurement of first-use tuning (`DUET_TUNE=auto`): a shorter warm-up, fewer
    /// and shorter timings, one round of descent without joint moves (their up to 54
    /// candidates do not fit its few seconds), two re-timings, and the best so far kept when
    /// the budget runs out.
    pub fn first_use() -> TuneConfig {
        TuneConfig {
            warmup: Duration::from_millis(300),
            candidate_warmup: Duration::from_millis(10),
            reps: 7,
            per_candidate: Duration::from_millis(60),
            rounds: 1,
            joint: false,
            confirm: 2,
            partial: true,
            size_edge: false,
            ..TuneConfig::default()
        }
    }
}

/// Which shapes to tune.
#[derive(Debug, Clone, PartialEq)]
pub enum Shapes {
    /// Six column counts (3 to 4096) at 4 MiB and 256 MiB: minutes per device.
    Quick,
    /// The bench's shape sweep (27 column counts × 4 MiB to 2 GiB), one shape per bucket.
    Sweep,
    /// `(rows, cols)` pairs from a file.
    List(Vec<(usize, usize)>),
    /// `duet tune --verify` only: the shapes the device's entries (its cache's and the
    /// built-in database's, retired ones included) were measured on, each in its own layout
    /// ([`Tuning::measured`](crate::tune::Tuning::measured)); no point of its own.
    Entries,
    /// `duet tune --verify` only: [`Shapes::Entries`] and the other shapes a call's lookup
    /// gives each entry (the larger sizes of its columns, and the bucket of three quarters of
    /// its columns, up to [`SIZE_EDGE_MAX_BYTES`]: [`Tuning::reach`](crate::tune::Tuning::reach));
    /// no point of its own.
    Reach,
}

/// The column counts of [`Shapes::Quick`].
pub const QUICK_COLS: [usize; 6] = [3, 13, 33, 100, 777, 4096];
/// The matrix sizes (bytes) of [`Shapes::Quick`].
pub const QUICK_BYTES: [u64; 2] = [4 << 20, 256 << 20];

impl Shapes {
    /// `quick`, `sweep`, `entries`, `reach`, or the path of a file with one shape per line (`ROWS
    /// COLS`, `ROWSxCOLS` or `ROWS,COLS`; `#` starts a comment). An unreadable file or a bad
    /// line is an error that names it.
    pub fn parse(s: &str) -> Result<Shapes> {
        match s {
            "quick" => Ok(Shapes::Quick),
            "sweep" => Ok(Shapes::Sweep),
            "entries" => Ok(Shapes::Entries),
            "reach" => Ok(Shapes::Reach),
            path => Shapes::read(Path::new(path)),
        }
    }

    fn read(path: &Path) -> Result<Shapes> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            Error::invalid(
                "shapes",
                path.display(),
                format!("not quick or sweep, and not a readable file ({e})"),
            )
        })?;
        let mut out = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let bad = |why: &str| {
                Error::invalid(
                    "shapes",
                    format!("{}:{}: {line}", path.display(), i + 1),
                    why.to_string(),
                )
            };
            let parts: Vec<&str> = line
                .split(|c: char| c == 'x' || c == ',' || c == '×' || c.is_whitespace())
                .filter(|p| !p.is_empty())
                .collect();
            let [rows, cols] = parts[..] else {
                return Err(bad("expected ROWS COLS (e.g. 100000 784)"));
            };
            let num = |p: &str| p.parse::<usize>().ok().filter(|&v| v > 0);
            match (num(rows), num(cols)) {
                (Some(r), Some(c)) => out.push((r, c)),
                _ => return Err(bad("rows and columns must be positive whole numbers")),
            }
        }
        if out.is_empty() {
            return Err(Error::invalid(
                "shapes",
                path.display(),
                "the file lists no shape",
            ));
        }
        Ok(Shapes::List(out))
    }

    /// The `(rows, cols)` points (none for [`Shapes::Entries`] and [`Shapes::Reach`], whose
    /// points are the device's entries').
    pub fn points(&self) -> Vec<(usize, usize)> {
        match self {
            Shapes::Quick => QUICK_BYTES
                .iter()
                .flat_map(|&b| QUICK_COLS.iter().map(move |&d| (sweep_rows(b, d), d)))
                .collect(),
            Shapes::Sweep => sweep_points(Sizes::Sweep),
            Shapes::List(v) => v.clone(),
            Shapes::Entries | Shapes::Reach => Vec::new(),
        }
    }
}

/// One shape to tune an op at: the representative of its bucket.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Target {
    /// The op.
    pub op: TunedOp,
    /// The layout of X (`RowMajor` for vectors).
    pub layout: Layout,
    /// Rows, or the vector length.
    pub rows: usize,
    /// Columns (1 for vectors).
    pub cols: usize,
}

impl std::fmt::Display for Target {
    /// `rbf 1000×33 row-major`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {}×{} {}",
            self.op.name(),
            self.rows,
            self.cols,
            self.layout
        )
    }
}

impl Target {
    /// `op` at `shape` (the inverse of [`Target::shape`]).
    pub fn at(op: TunedOp, shape: Shape) -> Target {
        Target {
            op,
            layout: shape.layout,
            rows: shape.rows,
            cols: shape.cols,
        }
    }

    /// The target's shape.
    pub fn shape(&self) -> Shape {
        Shape {
            rows: self.rows,
            cols: self.cols,
            layout: self.layout,
        }
    }

    /// Its bucket.
    pub fn bucket(&self) -> Bucket {
        Bucket::of(self.shape())
    }
}

/// The targets of `op` over `shapes`: one per bucket (the first shape that falls in it).
/// Vector ops take each shape's `rows × cols` elements; RBF is tuned on both layouts.
pub fn targets(op: TunedOp, shapes: &Shapes) -> Vec<Target> {
    let mut out: Vec<Target> = Vec::new();
    for t in points(op, shapes) {
        if !out.iter().any(|o| o.bucket() == t.bucket()) {
            out.push(t);
        }
    }
    out
}

/// Every shape of `op` over `shapes` ([`targets`] keeps one per bucket), without repeats.
pub fn points(op: TunedOp, shapes: &Shapes) -> Vec<Target> {
    let mut out: Vec<Target> = Vec::new();
    for (rows, cols) in shapes.points() {
        let candidates: Vec<Target> = match op {
            TunedOp::Read | TunedOp::Argext => {
                let n = sweep_rows(4 * (rows as u64) * (cols as u64), 1);
                vec![Target {
                    op,
                    layout: Layout::RowMajor,
                    rows: n,
                    cols: 1,
                }]
            }
            TunedOp::Rbf => [Layout::ColumnMajor, Layout::RowMajor]
                .into_iter()
                .map(|layout| Target {
                    op,
                    layout,
                    rows,
                    cols,
                })
                .collect(),
            TunedOp::Logreg => vec![Target {
                op,
                layout: Layout::RowMajor,
                rows,
                cols,
            }],
        };
        for t in candidates {
            if !out.contains(&t) {
                out.push(t);
            }
        }
    }
    out
}

/// What happened to one candidate.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Outcome {
    /// Timed: median device time per call, seconds.
    Timed {
        /// Seconds per call.
        gpu_s: f64,
    },
    /// Timed, then failed the check against the CPU reference: never used.
    Rejected {
        /// Seconds per call.
        gpu_s: f64,
        /// The check's failure.
        reason: String,
    },
    /// Not run: a device limit, a failed build, a strategy that does not apply.
    Skipped {
        /// Why.
        reason: String,
    },
}

/// One candidate: a variant and values for the variant's axes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Candidate {
    /// The variant (RBF rung, logistic strategy), for ops that have them.
    pub variant: Option<String>,
    /// The value of each axis.
    pub params: BTreeMap<String, u32>,
    /// Whether this is what the library runs without tuning (the defaults).
    pub default: bool,
    /// What happened.
    pub outcome: Outcome,
}

impl Candidate {
    /// Its median time, when timed and not rejected.
    pub fn time(&self) -> Option<f64> {
        match self.outcome {
            Outcome::Timed { gpu_s } => Some(gpu_s),
            _ => None,
        }
    }
}

/// The result of tuning one target.
#[derive(Debug, Clone, Serialize)]
pub struct TargetReport {
    /// The target.
    pub target: Target,
    /// Its bucket.
    pub bucket: Bucket,
    /// Every candidate, in the order measured.
    pub candidates: Vec<Candidate>,
    /// The chosen candidate (an index into `candidates`); `None` when the budget ran out first.
    pub chosen: Option<usize>,
    /// The defaults' and the chosen candidate's times from the interleaved confirmation,
    /// seconds per call.
    pub default_s: Option<f64>,
    /// See `default_s`.
    pub tuned_s: Option<f64>,
    /// Why the defaults were kept, or what else the tuner noticed.
    pub note: Option<String>,
    /// Wall time spent on the target, seconds.
    pub seconds: f64,
    /// Where that time went.
    pub phases: Phases,
    /// The cache entry (when complete).
    pub entry: Option<Entry>,
    /// The edge shapes ([`edge_shapes`]) at which the candidate that held its lead when timed
    /// again was timed against the defaults, in order, up to the first it lost at (then the
    /// defaults were kept); empty where no candidate got that far.
    pub edges: Vec<EdgeTiming>,
}

/// One edge shape of the tuner's check: the defaults and the candidate timed interleaved on one
/// upload ([`edge_shapes`]).
#[derive(Debug, Clone, Serialize)]
pub struct EdgeTiming {
    /// The shape timed.
    pub rows: usize,
    /// See `rows`.
    pub cols: usize,
    /// What the shape is to the target: "the bucket's edge" or "the next size up".
    pub what: &'static str,
    /// The defaults' device time, seconds per call (median of the interleaved timings).
    pub default_s: f64,
    /// The candidate's, likewise.
    pub tuned_s: f64,
    /// The larger of the two timings' spreads (max / min − 1): the check's allowance where it
    /// exceeds [`EDGE_TOLERANCE`].
    pub noise: f64,
    /// Whether the candidate lost here (slower than the defaults beyond the allowance).
    pub lost: bool,
}

impl TargetReport {
    /// The defaults' time over the tuned time (1: the defaults were kept).
    pub fn gain(&self) -> Option<f64> {
        Some(self.default_s? / self.tuned_s?)
    }
}

/// The registry op that benchmarks and checks `op` (arg-extreme: `argmin`; one entry covers
/// all four arg-extreme ops).
fn bench_op(op: TunedOp) -> &'static str {
    match op {
        TunedOp::Argext => "argmin",
        other => other.name(),
    }
}

/// The case of `t`'s op with `variant` at `rows × cols` (the bench and check harness's).
fn bench_case(t: &Target, variant: Option<&str>, rows: usize, cols: usize) -> BenchCase {
    BenchCase {
        op: bench_op(t.op).into(),
        variant: variant.unwrap_or("-").into(),
        n: rows,
        d: cols,
        iters: 0,
    }
}

/// The variants of `t`'s op at its layout, the one the library runs by itself on `dev` for
/// `t`'s shape first.
fn plan(dev: &Device, t: &Target) -> Vec<Option<&'static str>> {
    // The device's own variant first: one rule, the one a device's tuning checks entries by.
    let default = Device::default_variant(dev.backend(), t.op, t.shape());
    let mut v: Vec<Option<&'static str>> = match t.op {
        TunedOp::Read | TunedOp::Argext => vec![None],
        TunedOp::Rbf => crate::RbfVariant::ALL
            .into_iter()
            .filter(|r| r.layout() == t.layout)
            .map(|r| Some(r.name()))
            .collect(),
        TunedOp::Logreg => LogregStrategy::ALL
            .into_iter()
            .map(|s| Some(s.name()))
            .collect(),
    };
    v.sort_by_key(|r| *r != default);
    v
}

/// Runs `call` untimed for `time` after its first call (an idle GPU's clocks ramp up;
/// [`crate::bench::warm_up`]), stopping at its first error (the timed runs after it report
/// that).
fn warm_up(dev: &Device, call: &mut dyn BenchCall, time: Duration) {
    let _ = crate::bench::warm_up(dev, call, 1, time);
}

/// Median device time of `call` on `dev` as it is set up now. The first warm-up call builds the
/// kernels; where that took longer than [`CLOCK_DROP_IDLE`], the GPU idled long enough for its
/// clocks to drop, and the warm-up is `cfg.warmup` again rather than `cfg.candidate_warmup`. A
/// candidate whose first timed call takes more than `cutoff` seconds is not timed further (it
/// cannot win), and that one time is returned. Timings whose first third ran slower than their
/// last ([`speeding_up`](crate::bench::speeding_up): a clock still rising) are warmed up for
/// `cfg.warmup` and taken again, at most [`RETIMES`](crate::bench::RETIMES) times, as
/// `duet bench` does: a candidate timed on a rising clock would look slower than it is.
fn time_call(dev: &Device, call: &mut dyn BenchCall, cfg: &TuneConfig, cutoff: f64) -> Result<f64> {
    let first_s = crate::bench::warm_up(dev, call, 2, cfg.candidate_warmup)?;
    if first_s > CLOCK_DROP_IDLE.as_secs_f64() {
        crate::bench::warm_up(dev, call, 1, cfg.warmup)?;
    }
    let mut retimes = 0;
    loop {
        let mut times = timed_calls(dev, call, cfg, cutoff)?;
        if crate::bench::speeding_up(&times).is_some() && retimes < crate::bench::RETIMES {
            retimes += 1;
            crate::bench::warm_up(dev, call, 1, cfg.warmup)?;
            continue;
        }
        return Ok(median(&mut times));
    }
}

/// Device seconds of up to `cfg.reps` calls of `call` (at least 3, then while
/// `cfg.per_candidate` lasts), in the order they ran; only one where that one took more than
/// `cutoff`.
fn timed_calls(
    dev: &Device,
    call: &mut dyn BenchCall,
    cfg: &TuneConfig,
    cutoff: f64,
) -> Result<Vec<f64>> {
    dev.set_profiling(true);
    let _ = dev.take_gpu_time();
    let start = Instant::now();
    let mut times = Vec::new();
    let result = (|| {
        while times.len() < cfg.reps.max(1) as usize
            && (times.len() < 3 || start.elapsed() < cfg.per_candidate)
        {
            let wall = Instant::now();
            call.call(dev)?;
            let wall = wall.elapsed().as_secs_f64();
            let t = dev.take_gpu_time().map_or(wall, |t| t.as_secs_f64());
            times.push(t);
            if times.len() == 1 && t > cutoff {
                break;
            }
        }
        Ok(())
    })();
    dev.set_profiling(false);
    result.map(|()| times)
}

/// The tuning that runs `variant` with `values` at `t`'s bucket.
fn entry_for(
    t: &Target,
    variant: Option<&str>,
    values: &BTreeMap<String, u32>,
    source: &str,
) -> Entry {
    Entry {
        op: t.op,
        bucket: t.bucket(),
        source: source.to_string(),
        params: values.clone(),
        variant: variant.map(str::to_string),
        measured_shape: (t.rows, t.cols),
        tuned_s: f64::NAN,
        default_s: f64::NAN,
        baseline: None,
    }
}

/// Every combination of the values of `axes` (parameter, values), the other parameters as in
/// `base`.
fn product<'v>(
    axes: impl IntoIterator<Item = (&'v str, Vec<u32>)>,
    base: &BTreeMap<String, u32>,
) -> Vec<BTreeMap<String, u32>> {
    let mut out = vec![base.clone()];
    for (param, values) in axes {
        out = out
            .into_iter()
            .flat_map(|p| {
                values.iter().map(move |&v| {
                    let mut q = p.clone();
                    q.insert(param.to_string(), v);
                    q
                })
            })
            .collect();
    }
    out
}

/// One pass of a round of search over a variant's axes.
enum Pass<'a> {
    /// Each value of one axis, the others at the best point so far (descent).
    Axis(&'a Axis),
    /// Every combination of the joint axes' values and the best point's own, the others at
    /// the best point so far ([`TuneConfig::joint`]).
    Joint(Vec<&'a Axis>),
    /// Every combination of every axis (exhaustive search).
    Product,
}

/// The passes of one round: descent's axes one at a time, then (with `joint`) the axes of
/// [`TunedOp::joint`] among `axes` together where there are two or more; exhaustive search's
/// one product.
fn passes<'a>(op: TunedOp, axes: &'a [Axis], search: Search, joint: bool) -> Vec<Pass<'a>> {
    match search {
        Search::Exhaustive => vec![Pass::Product],
        Search::Descent => {
            let mut out: Vec<Pass<'a>> = axes.iter().map(Pass::Axis).collect();
            let together: Vec<&Axis> = axes
                .iter()
                .filter(|a| op.joint().contains(&a.param))
                .collect();
            if joint && together.len() >= 2 {
                out.push(Pass::Joint(together));
            }
            out
        }
    }
}

/// The candidates of `pass` around `best` (`base`: the variant's defaults, for the product).
fn pass_tries(
    pass: &Pass<'_>,
    axes: &[Axis],
    best: &BTreeMap<String, u32>,
    base: &BTreeMap<String, u32>,
) -> Vec<BTreeMap<String, u32>> {
    match pass {
        Pass::Axis(axis) => axis
            .values
            .iter()
            .map(|&v| {
                let mut p = best.clone();
                p.insert(axis.param.to_string(), v);
                p
            })
            .collect(),
        Pass::Joint(together) => product(
            together.iter().map(|a| {
                let mut values = a.values.to_vec();
                if let Some(&own) = best.get(a.param)
                    && !values.contains(&own)
                {
                    values.push(own);
                }
                (a.param, values)
            }),
            best,
        ),
        Pass::Product => product(axes.iter().map(|a| (a.param, a.values.to_vec())), base),
    }
}

/// Wall time of a target's parts, seconds.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Phases {
    /// Making the host inputs and uploading them.
    pub inputs: f64,
    /// Timing the candidates.
    pub search: f64,
    /// The checks against the CPU reference (fresh data, the suite's tolerances).
    pub check: f64,
    /// The interleaved re-timings against the defaults.
    pub confirm: f64,
    /// The bucket-edge shapes and the size edge: their inputs, uploads and re-timings.
    pub edge: f64,
}

/// The one prepared call of a shape, switched between variants on its one upload
/// ([`BenchCall::set_variant`]) and prepared again only for a variant that cannot read it.
struct Prepared<'a> {
    family: &'static dyn OpFamily,
    inputs: &'a BenchInputs,
    t: Target,
    call: Option<(Option<&'static str>, Box<dyn BenchCall + 'a>)>,
}

impl<'a> Prepared<'a> {
    fn new(family: &'static dyn OpFamily, inputs: &'a BenchInputs, t: Target) -> Prepared<'a> {
        Prepared {
            family,
            inputs,
            t,
            call: None,
        }
    }

    /// The call, set to `variant`.
    fn with(
        &mut self,
        dev: &Device,
        variant: Option<&'static str>,
    ) -> Result<&mut (dyn BenchCall + 'a)> {
        let reuse = match (&mut self.call, variant) {
            (Some((v, _)), _) if *v == variant => true,
            (Some((v, call)), Some(name)) => {
                let switched = call.set_variant(name)?;
                if switched {
                    *v = variant;
                }
                switched
            }
            _ => false,
        };
        if !reuse {
            // The old upload goes before the new one is made.
            self.call = None;
            let case = bench_case(&self.t, variant, self.t.rows, self.t.cols);
            self.call = Some((variant, self.family.bench_prepare(dev, &case, self.inputs)?));
        }
        match &mut self.call {
            Some((_, call)) => Ok(call.as_mut()),
            None => Err(Error::invalid(
                "variant",
                variant.unwrap_or("-"),
                "no call prepared",
            )),
        }
    }
}

/// Tunes `op` at target `t` on `dev` (opened with tuning off: its own table is the defaults),
/// calling `progress` after each candidate. Stops early, with no entry, once `deadline` has
/// passed. `dev`'s tuning is left empty.
pub fn tune_target(
    dev: &mut Device,
    t: &Target,
    cfg: &TuneConfig,
    deadline: Instant,
    progress: &mut dyn FnMut(&Candidate),
) -> Result<TargetReport> {
    let started = Instant::now();
    let base = *dev.params();
    let info = dev.info().clone();
    let limits = (info.max_workgroup_size, info.max_workgroup_memory);
    let source =
        t.op.source_hash(t.layout, &|stem| dev.backend().kernel_source(stem))
            .ok_or_else(|| {
                Error::invalid(
                    "device",
                    &info.name,
                    "has no kernels to tune (the CPU reference)",
                )
            })?;
    let variants = plan(dev, t);
    let family: &'static dyn OpFamily = bench_case(t, None, t.rows, t.cols).family()?;
    let inputs = family.bench_inputs(&bench_case(t, variants[0], t.rows, t.cols));
    dev.set_tuning(Tuning::none());
    let mut report = TargetReport {
        target: *t,
        bucket: t.bucket(),
        candidates: Vec::new(),
        chosen: None,
        default_s: None,
        tuned_s: None,
        note: None,
        seconds: 0.0,
        phases: Phases::default(),
        entry: None,
        edges: Vec::new(),
    };
    let mut prepared = Prepared::new(family, &inputs, *t);
    let mut notes = Vec::new();
    let mut out_of_time = false;
    // The fastest time of any candidate so far, and of the variants searched before this one.
    let mut best_any = f64::INFINITY;
    'variants: for (vi, &variant) in variants.iter().enumerate() {
        let axes = t.op.axes_for_shape(variant, t.cols);
        let base_values = t.op.values_in(variant, &base);
        let prep = Instant::now();
        let ready = prepared.with(dev, variant).map(|_| ());
        if vi == 0 {
            report.phases.inputs = started.elapsed().as_secs_f64();
        } else {
            report.phases.inputs += prep.elapsed().as_secs_f64();
        }
        let search = Instant::now();
        if let Err(e) = ready {
            let c = Candidate {
                variant: variant.map(str::to_string),
                params: base_values,
                default: vi == 0,
                outcome: Outcome::Skipped {
                    reason: e.to_string(),
                },
            };
            progress(&c);
            report.candidates.push(c);
            continue;
        }
        if vi == 0 {
            // The clocks ramp up on the defaults.
            warm_up(dev, prepared.with(dev, variant)?, cfg.warmup);
        }
        let best_before = best_any;
        let mut best = base_values.clone();
        let mut best_s = f64::INFINITY;
        // Descent visits one axis at a time, then the joint axes together; exhaustive search
        // is one pass over the product.
        let passes = passes(t.op, &axes, cfg.search, cfg.joint);
        let rounds = match cfg.search {
            Search::Descent => cfg.rounds.max(1),
            Search::Exhaustive => 1,
        };
        'rounds: for round in 0..rounds {
            let before = best.clone();
            // Round 0 starts with the variant at the device's own table.
            let mut tries: Vec<BTreeMap<String, u32>> = Vec::new();
            if round == 0 {
                tries.push(base_values.clone());
            }
            for pass in &passes {
                let mut axis_tries = tries.clone();
                tries.clear();
                axis_tries.extend(pass_tries(pass, &axes, &best, &base_values));
                for values in axis_tries {
                    let seen = report
                        .candidates
                        .iter()
                        .any(|c| c.variant.as_deref() == variant && c.params == values);
                    if seen {
                        continue;
                    }
                    // First-use tuning measures the defaults whatever the budget left.
                    let must = cfg.partial && report.candidates.is_empty();
                    if Instant::now() > deadline && !must {
                        out_of_time = true;
                        break 'variants;
                    }
                    let is_default = vi == 0 && values == base_values;
                    let entry = entry_for(t, variant, &values, &source);
                    let outcome = match entry.apply(&base).and_then(|p| {
                        let p = p.fit_selection(limits.1);
                        p.validate(limits.0, limits.1)?;
                        Ok(p)
                    }) {
                        Err(e) => Outcome::Skipped {
                            reason: e.to_string(),
                        },
                        Ok(_) => {
                            dev.set_tuning(if is_default {
                                Tuning::none()
                            } else {
                                Tuning::from_entries(vec![entry], Origin::Cache)
                            });
                            let cutoff = if is_default {
                                f64::INFINITY
                            } else {
                                cfg.prune * best_any
                            };
                            match time_call(dev, prepared.with(dev, variant)?, cfg, cutoff) {
                                Ok(s) => Outcome::Timed { gpu_s: s },
                                Err(e) => Outcome::Skipped {
                                    reason: e.to_string(),
                                },
                            }
                        }
                    };
                    let first_of_variant = !report
                        .candidates
                        .iter()
                        .any(|c| c.variant.as_deref() == variant && c.time().is_some());
                    let time = match outcome {
                        Outcome::Timed { gpu_s } => Some(gpu_s),
                        _ => None,
                    };
                    if let Some(s) = time {
                        if s < best_s {
                            best_s = s;
                            best = values.clone();
                        }
                        best_any = best_any.min(s);
                    }
                    let c = Candidate {
                        variant: variant.map(str::to_string),
                        params: values,
                        default: is_default,
                        outcome,
                    };
                    progress(&c);
                    report.candidates.push(c);
                    // A variant whose start point is far behind the variants before it is
                    // not searched further.
                    if let Some(s) = time
                        && first_of_variant
                        && vi > 0
                        && s > cfg.prune * best_before
                    {
                        notes.push(format!(
                            "{} not searched: its first candidate took {:.1}× the best so far",
                            variant.unwrap_or("-"),
                            s / best_before
                        ));
                        break 'rounds;
                    }
                }
            }
            if best == before {
                break;
            }
        }
        report.phases.search += search.elapsed().as_secs_f64();
    }
    dev.set_tuning(Tuning::none());
    if out_of_time {
        notes.push("the budget ran out before this target was done".into());
    }
    if !out_of_time || cfg.partial {
        choose(dev, t, cfg, &mut prepared, &mut report, &source, &mut notes)?;
    }
    dev.set_tuning(Tuning::none());
    if !notes.is_empty() {
        report.note = Some(notes.join("; "));
    }
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}

/// The candidate's and the defaults' times, `cfg.confirm` times interleaved on `prepared`:
/// the medians (defaults, candidate) and the noise of the measurement: the larger of the two
/// series' spreads (max / min − 1).
fn interleaved(
    dev: &mut Device,
    cfg: &TuneConfig,
    prepared: &mut Prepared<'_>,
    default: Option<&'static str>,
    candidate: Option<&'static str>,
    entry: &Entry,
) -> Result<(f64, f64, f64)> {
    let (mut d_times, mut c_times) = (Vec::new(), Vec::new());
    for _ in 0..cfg.confirm.max(1) {
        dev.set_tuning(Tuning::none());
        d_times.push(time_call(
            dev,
            prepared.with(dev, default)?,
            cfg,
            f64::INFINITY,
        )?);
        dev.set_tuning(Tuning::from_entries(vec![entry.clone()], Origin::Cache));
        c_times.push(time_call(
            dev,
            prepared.with(dev, candidate)?,
            cfg,
            f64::INFINITY,
        )?);
    }
    dev.set_tuning(Tuning::none());
    let noise = spread(&d_times).max(spread(&c_times));
    Ok((median(&mut d_times), median(&mut c_times), noise))
}

/// max / min − 1 of `v` (0 for fewer than two values).
fn spread(v: &[f64]) -> f64 {
    let max = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let min = v.iter().copied().fold(f64::INFINITY, f64::min);
    if v.len() < 2 || min <= 0.0 {
        0.0
    } else {
        max / min - 1.0
    }
}

/// A candidate may be slower than the defaults at its bucket's edges by at most this
/// fraction, or the measurement's noise where that is larger.
pub const EDGE_TOLERANCE: f64 = 0.01;

/// One shape's tuned entry timed against the defaults (`duet tune --verify`).
#[derive(Debug, Clone, Serialize)]
pub struct Verified {
    /// The shape.
    pub target: Target,
    /// Where the entry comes from.
    pub origin: Origin,
    /// The entry's bucket (the shape's own, or the nearest smaller size's: `Tuning::lookup`).
    pub bucket: Bucket,
    /// The entry's variant (RBF rung, logistic strategy), for ops that have them.
    pub variant: Option<String>,
    /// The entry's parameters.
    pub params: BTreeMap<String, u32>,
    /// Whether the entry runs exactly what the defaults run (then nothing is timed).
    pub same: bool,
    /// The defaults' device time, seconds per call (median of `confirm` interleaved timings).
    pub default_s: Option<f64>,
    /// The entry's, timed interleaved with the defaults on the same upload.
    pub tuned_s: Option<f64>,
    /// The spread of the repeated timings (max / min − 1, the larger of the two series).
    pub noise: Option<f64>,
    /// The device's defaults at the entry's measured shape, as `duet tune` records them with a
    /// new entry ([`Baseline`]): what `scripts/builtin_db.py --stamp` records on a built-in
    /// entry that held against them.
    pub baseline: Baseline,
}

impl Verified {
    /// The defaults' time over the tuned time (above 1: the entry is faster).
    pub fn gain(&self) -> Option<f64> {
        Some(self.default_s? / self.tuned_s?)
    }

    /// The shape's own bucket where its entry is another column bucket's: the lookup's parent
    /// rule gave it the entry of the power of two above its three-quarter bucket (at its size
    /// or a smaller one). Tuning the own bucket gives the shape an entry of its own, which the
    /// lookup finds first. `None` where the entry is of the shape's own columns.
    pub fn through_parent(&self) -> Option<Bucket> {
        self.bucket.reaching(self.target.shape())
    }
}

/// Times the entry `tuning` has for `t` against the defaults on `dev` (opened with tuning
/// off), interleaved on one upload after a clock warm-up of `cfg.warmup`: `None` when no entry
/// applies to `t`. An entry that runs exactly the defaults is reported as `same`, untimed.
pub fn verify_point(
    dev: &mut Device,
    t: &Target,
    tuning: &Tuning,
    cfg: &TuneConfig,
) -> Result<Option<Verified>> {
    let Some((entry, origin)) = tuning.lookup(t.op, t.shape()) else {
        return Ok(None);
    };
    let entry = entry.clone();
    dev.set_tuning(Tuning::none());
    let base = *dev.params();
    let default = plan(dev, t).first().copied().flatten();
    let candidate = match entry.variant.as_deref() {
        None => default,
        Some(name) => static_variant(dev, t, Some(name)),
    };
    let same = candidate == default && entry.apply(&base)? == base;
    let baseline = Baseline::of(
        t.op,
        &base,
        Device::default_variant(dev.backend(), t.op, entry.measured()),
        entry.measured(),
    );
    let mut v = Verified {
        target: *t,
        origin,
        bucket: entry.bucket,
        variant: entry.variant.clone(),
        params: entry.params.clone(),
        same,
        default_s: None,
        tuned_s: None,
        noise: None,
        baseline,
    };
    if same {
        return Ok(Some(v));
    }
    let family: &'static dyn OpFamily = bench_case(t, None, t.rows, t.cols).family()?;
    let inputs = family.bench_inputs(&bench_case(t, default, t.rows, t.cols));
    let mut prepared = Prepared::new(family, &inputs, *t);
    warm_up(dev, prepared.with(dev, default)?, cfg.warmup);
    let (d, s, noise) = interleaved(dev, cfg, &mut prepared, default, candidate, &entry)?;
    v.default_s = Some(d);
    v.tuned_s = Some(s);
    v.noise = Some(noise);
    Ok(Some(v))
}

/// The `&'static` name among `t`'s variants that equals `name`.
fn static_variant(dev: &Device, t: &Target, name: Option<&str>) -> Option<&'static str> {
    plan(dev, t).into_iter().find(|v| *v == name).flatten()
}

/// Picks the fastest candidate that beats the defaults, passes the check and keeps its lead
/// when timed again; else the defaults. Fills `report.chosen`, the times and the entry.
fn choose(
    dev: &mut Device,
    t: &Target,
    cfg: &TuneConfig,
    prepared: &mut Prepared<'_>,
    report: &mut TargetReport,
    source: &str,
    notes: &mut Vec<String>,
) -> Result<()> {
    let Some(default_i) = report
        .candidates
        .iter()
        .position(|c| c.default && c.time().is_some())
    else {
        notes.push("the defaults could not be timed; nothing to compare with".into());
        return Ok(());
    };
    let default_s = report.candidates[default_i].time().unwrap_or(f64::NAN);
    let default_variant = static_variant(dev, t, report.candidates[default_i].variant.as_deref());
    let mut order: Vec<usize> = (0..report.candidates.len())
        .filter(|&i| {
            report.candidates[i]
                .time()
                .is_some_and(|s| s < default_s * (1.0 - cfg.margin))
        })
        .collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (report.candidates[a].time(), report.candidates[b].time());
        x.unwrap_or(f64::INFINITY)
            .total_cmp(&y.unwrap_or(f64::INFINITY))
    });
    let mut chosen = default_i;
    let (mut tuned_s, mut confirmed_default) = (default_s, default_s);
    for i in order {
        let c = report.candidates[i].clone();
        let variant = static_variant(dev, t, c.variant.as_deref());
        let entry = entry_for(t, c.variant.as_deref(), &c.params, source);
        // The check at the target's shape, through the tuned path.
        let check = Instant::now();
        dev.set_tuning(Tuning::from_entries(vec![entry.clone()], Origin::Cache));
        let check_case = bench_case(t, c.variant.as_deref(), t.rows, t.cols);
        let checked = run_on(&prepared.family.bench_check(&check_case)?, dev);
        report.phases.check += check.elapsed().as_secs_f64();
        if checked.status != Status::Pass {
            let reason = checked
                .error
                .unwrap_or_else(|| "the check did not pass".into());
            report.candidates[i].outcome = Outcome::Rejected {
                gpu_s: c.time().unwrap_or(f64::NAN),
                reason,
            };
            continue;
        }
        // Interleaved re-timing: the defaults, then the candidate, `confirm` times.
        let confirm = Instant::now();
        let (d, s, noise) = interleaved(dev, cfg, prepared, default_variant, variant, &entry)?;
        report.phases.confirm += confirm.elapsed().as_secs_f64();
        confirmed_default = d;
        tuned_s = d;
        // A lead inside the re-timing's own spread is not a lead.
        if s >= d * (1.0 - cfg.margin.max(noise)) {
            notes.push(format!(
                "the fastest candidate's lead did not hold when timed again ({:.1} µs vs the defaults' {:.1} µs, timings spread {:.1} %); the defaults are kept",
                s * 1e6,
                d * 1e6,
                noise * 100.0
            ));
            break;
        }
        // The bucket also holds shapes unlike the target's: the candidate must not lose at its
        // edge (the bucket's column count with the same bytes) either.
        let edge = Instant::now();
        let lost = edge_check(
            dev,
            t,
            cfg,
            prepared.family,
            default_variant,
            variant,
            &entry,
            &mut report.edges,
        )?;
        report.phases.edge += edge.elapsed().as_secs_f64();
        match lost {
            Some(why) => notes.push(why),
            None => {
                chosen = i;
                tuned_s = s;
            }
        }
        break;
    }
    let c = &report.candidates[chosen];
    // Where the defaults are kept, the entry names no variant and no parameters: the device's
    // own choices, which may differ between shapes of one bucket (the RBF rung for a
    // column-major matrix, the `row_lanes` workgroups by rows) and between duet versions (a
    // later default), are what the defaults are.
    let kept = BTreeMap::new();
    let (variant, params) = if chosen == default_i {
        (None, &kept)
    } else {
        (c.variant.as_deref(), &c.params)
    };
    let mut entry = entry_for(t, variant, params, source);
    entry.tuned_s = tuned_s;
    entry.default_s = confirmed_default;
    // What the entry beat: a device whose defaults later differ does not use it.
    if chosen != default_i {
        let default_variant = report.candidates[default_i].variant.as_deref();
        entry.baseline = Some(Baseline::of(
            t.op,
            dev.params(),
            default_variant,
            entry.measured(),
        ));
    }
    report.chosen = Some(chosen);
    report.default_s = Some(confirmed_default);
    report.tuned_s = Some(tuned_s);
    report.entry = Some(entry);
    Ok(())
}

/// The shapes at the edges of `t`'s bucket, at about the same bytes: the bucket's column count
/// (its most: a power of two or three quarters of one, [`Bucket::cols_of`]) and, above the
/// target's, the odd count three below it (45 for the bucket of 33–48 columns, 61 for 49–64),
/// each when it is another shape of the same bucket. (On the H100 a bucket tuned at 33
/// columns, when 33–64 were one bucket, chose the `column_major` rung, ×1.07 faster at 64
/// columns and ×0.92 at 61: an odd column count is a shape of its own.)
pub fn edges_of(t: &Target) -> Vec<Target> {
    let top = t.bucket().cols as usize;
    if t.cols == 1 || top == t.cols {
        return Vec::new();
    }
    [top, top.saturating_sub(3)]
        .into_iter()
        .filter(|&c| c > t.cols)
        .map(|cols| Target {
            rows: sweep_rows(4 * (t.rows as u64) * (t.cols as u64), cols),
            cols,
            ..*t
        })
        .filter(|e| e.bucket() == t.bucket())
        .collect()
}

/// Most bytes of X at the size edge ([`size_edge`]): a larger one is not timed (its upload and
/// the host's copy of it would cost more than the candidate search).
pub const SIZE_EDGE_MAX_BYTES: u64 = 1 << 30;

/// The size edge of `t`: its columns at four times its bytes (the next size bucket up), where
/// that is at most [`SIZE_EDGE_MAX_BYTES`]. A tuned entry also serves the larger sizes of its
/// columns until the next tuned bucket, so a candidate that wins at the target but loses here
/// would slow them down.
pub fn size_edge(t: &Target) -> Option<Target> {
    let up = 16 * t.rows as u64 * t.cols as u64;
    (up <= SIZE_EDGE_MAX_BYTES).then(|| Target {
        rows: sweep_rows(up, t.cols),
        ..*t
    })
}

/// The shapes `edge_check` times, in order: the bucket's column edges at the target's bytes
/// ([`edges_of`]), then, with `sized`, the size edges ([`size_edge`]) of the target and of
/// those column edges; each with what a note calls it and whether a device too small for it
/// skips it.
pub fn edge_shapes(t: &Target, sized: bool) -> Vec<(Target, &'static str, bool)> {
    let same_bytes = edges_of(t);
    let up: Vec<Target> = if sized {
        std::iter::once(t)
            .chain(&same_bytes)
            .filter_map(size_edge)
            .collect()
    } else {
        Vec::new()
    };
    same_bytes
        .into_iter()
        .map(|e| (e, "the bucket's edge", false))
        .chain(up.into_iter().map(|e| (e, "the next size up", true)))
        .collect()
}

/// Times the defaults and the candidate (tuned as `entry`) interleaved at each edge of `t`'s
/// bucket ([`edges_of`]) and, where `cfg.size_edge`, at the size edges ([`size_edge`]) of `t`
/// and of those column edges, each on one upload, adding each timing to `timings`: `Some(why)`
/// at the first edge where the candidate is slower by more than [`EDGE_TOLERANCE`] (or the
/// timings' spread) or cannot run (an invalid argument there), else `None` (also when there
/// is no edge). A size edge the device cannot hold (too large, out of memory) is not timed.
#[allow(clippy::too_many_arguments)]
fn edge_check(
    dev: &mut Device,
    t: &Target,
    cfg: &TuneConfig,
    family: &'static dyn OpFamily,
    default: Option<&'static str>,
    candidate: Option<&'static str>,
    entry: &Entry,
    timings: &mut Vec<EdgeTiming>,
) -> Result<Option<String>> {
    for (e, what, optional) in edge_shapes(t, cfg.size_edge) {
        let inputs = family.bench_inputs(&bench_case(t, default, e.rows, e.cols));
        let mut prepared = Prepared::new(family, &inputs, e);
        let (d, s, noise) = match interleaved(dev, cfg, &mut prepared, default, candidate, entry) {
            Err(err)
                if optional
                    && matches!(
                        err.kind(),
                        ErrorKind::TooLarge | ErrorKind::OutOfDeviceMemory
                    ) =>
            {
                continue;
            }
            // The candidate cannot run there (a strategy or a parameter this device refuses
            // at that shape, e.g. `single_group` past a software adapter's loop limit): it
            // would fail the calls of that shape, so it loses there.
            Err(err) if err.kind() == ErrorKind::InvalidArgument => {
                return Ok(Some(format!(
                    "the fastest candidate cannot run at {what}, {}×{} ({err}); the defaults are kept",
                    e.rows, e.cols
                )));
            }
            other => other?,
        };
        let lost = edge_lost(d, s, noise);
        timings.push(EdgeTiming {
            rows: e.rows,
            cols: e.cols,
            what,
            default_s: d,
            tuned_s: s,
            noise,
            lost,
        });
        if lost {
            return Ok(Some(format!(
                "the fastest candidate loses at {what}, {}×{} ({:.1} µs vs the defaults' {:.1} µs); the defaults are kept",
                e.rows,
                e.cols,
                s * 1e6,
                d * 1e6
            )));
        }
    }
    Ok(None)
}

/// Whether a candidate timed `tuned_s` against the defaults' `default_s` at an edge, with the
/// timings' spread `noise`, loses there: slower by more than [`EDGE_TOLERANCE`] or the
/// spread, whichever is larger.
pub fn edge_lost(default_s: f64, tuned_s: f64, noise: f64) -> bool {
    tuned_s > default_s * (1.0 + EDGE_TOLERANCE.max(noise))
}

/// The geometric mean of the gains of `reports` (complete ones), with the best and worst.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Summary {
    /// Targets tuned to completion.
    pub targets: usize,
    /// Geometric mean of default time / tuned time.
    pub geomean_gain: f64,
    /// Largest gain.
    pub best_gain: f64,
    /// Smallest gain (1: the defaults were kept).
    pub worst_gain: f64,
}

/// See [`Summary`].
pub fn summarize(reports: &[TargetReport]) -> Option<Summary> {
    let gains: Vec<f64> = reports.iter().filter_map(TargetReport::gain).collect();
    if gains.is_empty() {
        return None;
    }
    let log_mean = gains.iter().map(|g| g.ln()).sum::<f64>() / gains.len() as f64;
    Some(Summary {
        targets: gains.len(),
        geomean_gain: log_mean.exp(),
        best_gain: gains.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        worst_gain: gains.iter().copied().fold(f64::INFINITY, f64::min),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descent_ends_each_round_with_the_joint_axes_together() {
        let op = TunedOp::Logreg;
        let mg = Some("multi_group");
        let axes = op.axes_for_shape(mg, 700);
        let all = passes(op, &axes, Search::Descent, true);
        assert_eq!(all.len(), axes.len() + 1);
        let Some(Pass::Joint(together)) = all.last() else {
            panic!("the last pass is not the joint one");
        };
        let names: Vec<&str> = together.iter().map(|a| a.param).collect();
        assert_eq!(names, op.joint());
        // OpenCL's table leaves rows a step and pipelining to the row (0): 3 × 3 × 6.
        let mut best = op.values_in(mg, &crate::KernelParams::DEFAULT);
        best.insert("logreg_rps".into(), 0);
        best.insert("logreg_pipeline".into(), 0);
        best.insert("logreg_max_groups".into(), 528);
        best.insert("logreg_wg".into(), 512);
        let tries = pass_tries(all.last().unwrap(), &axes, &best, &best);
        assert_eq!(tries.len(), 54);
        let mut distinct = tries.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 54);
        // Each holds the other axes at the best point, and session 54's move is among them.
        assert!(
            tries
                .iter()
                .all(|p| p["logreg_wg"] == 512 && p.len() == best.len())
        );
        assert!(tries.contains(&best));
        assert!(tries.iter().any(|p| p["logreg_rps"] == 2
            && p["logreg_pipeline"] == 2
            && p["logreg_max_groups"] == 264));
        // Without joint moves, on single_group (none of the axes), and in exhaustive search:
        // no joint pass.
        assert_eq!(passes(op, &axes, Search::Descent, false).len(), axes.len());
        let sg = op.axes_for_shape(Some("single_group"), 700);
        assert!(
            passes(op, &sg, Search::Descent, true)
                .iter()
                .all(|p| matches!(p, Pass::Axis(_)))
        );
        let rbf = TunedOp::Rbf.axes_for_shape(Some("sliced"), 700);
        assert_eq!(
            passes(TunedOp::Rbf, &rbf, Search::Descent, true).len(),
            rbf.len()
        );
        assert!(matches!(
            passes(op, &axes, Search::Exhaustive, true).as_slice(),
            [Pass::Product]
        ));
    }

    #[test]
    fn targets_are_one_per_bucket_and_rbf_gets_both_layouts() {
        let t = targets(TunedOp::Rbf, &Shapes::Quick);
        let mut buckets: Vec<Bucket> = t.iter().map(Target::bucket).collect();
        buckets.sort();
        buckets.dedup();
        assert_eq!(buckets.len(), t.len());
        assert_eq!(t.len(), 2 * QUICK_COLS.len() * QUICK_BYTES.len());
        let v = targets(TunedOp::Read, &Shapes::Quick);
        assert_eq!(v.len(), QUICK_BYTES.len(), "{v:?}");
        assert!(v.iter().all(|t| t.cols == 1));
    }

    #[test]
    fn a_verified_shape_says_when_its_entry_came_through_the_parent_rule() {
        // Session 53 on the H200: the 4 096-column bucket's entry ran 3 072 columns ×0.70.
        let at = |rows, cols, entry_cols| Verified {
            target: Target {
                op: TunedOp::Logreg,
                layout: Layout::RowMajor,
                rows,
                cols,
            },
            origin: Origin::BuiltIn,
            bucket: Bucket {
                cols: entry_cols,
                size_log2: 26,
                layout: Layout::RowMajor,
            },
            variant: Some("multi_group".into()),
            params: BTreeMap::new(),
            same: false,
            default_s: Some(85.4e-6),
            tuned_s: Some(122.8e-6),
            noise: Some(0.01),
            baseline: Baseline {
                variant: None,
                params: BTreeMap::new(),
                launch: BTreeMap::new(),
            },
        };
        let child = at(21_844, 3_072, 4_096).through_parent();
        assert_eq!(
            child,
            Some(Bucket {
                cols: 3_072,
                size_log2: 26,
                layout: Layout::RowMajor
            })
        );
        // Its own columns, at its size or (a larger shape) through a smaller size's entry.
        assert_eq!(at(16_383, 4_096, 4_096).through_parent(), None);
        assert_eq!(at(65_532, 4_000, 4_096).through_parent(), None);
        // 2 049 columns are the three-quarter bucket's lowest.
        assert!(at(65_532, 2_049, 4_096).through_parent().is_some());
    }

    #[test]
    fn the_edges_are_the_buckets_column_count_and_the_odd_one_below() {
        let t = Target {
            op: TunedOp::Logreg,
            layout: Layout::RowMajor,
            rows: 31_775,
            cols: 33,
        };
        let e = edges_of(&t);
        assert_eq!(e.iter().map(|e| e.cols).collect::<Vec<_>>(), [48, 45]);
        let upper = edges_of(&Target { cols: 50, ..t });
        assert_eq!(upper.iter().map(|e| e.cols).collect::<Vec<_>>(), [64, 61]);
        assert!(
            e.iter()
                .all(|e| e.bucket() == t.bucket() && e.rows < t.rows)
        );
        // A power-of-two column count is its own edge; vectors have none; the odd edge must
        // lie above the target's columns (13 is the bucket of 9–16's target and its odd edge).
        assert!(edges_of(&Target { cols: 64, ..t }).is_empty());
        // The size edge: the same columns at four times the bytes, not above 1 GiB.
        let up = size_edge(&t).expect("below the cap");
        assert_eq!(up.cols, t.cols);
        assert_eq!(up.bucket().size_log2, t.bucket().size_log2 + 2);
        let big = Target {
            rows: sweep_rows(SIZE_EDGE_MAX_BYTES / 2, t.cols),
            ..t
        };
        assert!(size_edge(&big).is_none());
        assert!(edges_of(&Target { cols: 1, ..t }).is_empty());
        let e = edges_of(&Target { cols: 13, ..t });
        assert_eq!(e.iter().map(|e| e.cols).collect::<Vec<_>>(), [16]);
        // What edge_check times: the column edges at the same bytes, then the target and those
        // edges at four times the bytes (the larger sizes an entry serves).
        let all = edge_shapes(&t, true);
        let shape =
            |(e, _, optional): &(Target, &str, bool)| (e.cols, e.bucket().size_log2, *optional);
        let s = t.bucket().size_log2;
        assert_eq!(
            all.iter().map(shape).collect::<Vec<_>>(),
            [
                (48, s, false),
                (45, s, false),
                (33, s + 2, true),
                (48, s + 2, true),
                (45, s + 2, true)
            ]
        );
        assert_eq!(
            edge_shapes(&t, false).len(),
            2,
            "no size edges unless asked"
        );
        assert!(
            edge_shapes(&big, true)
                .iter()
                .all(|(e, _, _)| e.bucket() == big.bucket())
        );
    }

    #[test]
    fn shape_files_name_the_bad_line() {
        assert_eq!(Shapes::parse("entries").ok(), Some(Shapes::Entries));
        assert_eq!(Shapes::parse("reach").ok(), Some(Shapes::Reach));
        assert!(
            Shapes::Entries.points().is_empty() && Shapes::Reach.points().is_empty(),
            "the device's entries give them"
        );
        let dir = std::env::temp_dir().join(format!("duet-shapes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.txt");
        std::fs::write(&good, "# rows cols\n1000 13\n2000x7 # odd\n\n3,5\n").unwrap();
        assert_eq!(
            Shapes::parse(good.to_str().unwrap()).unwrap(),
            Shapes::List(vec![(1000, 13), (2000, 7), (3, 5)])
        );
        let bad = dir.join("bad.txt");
        std::fs::write(&bad, "1000 13\n1000 -1\n").unwrap();
        let e = Shapes::parse(bad.to_str().unwrap())
            .unwrap_err()
            .to_string();
        assert!(e.contains("bad.txt:2"), "{e}");
        let e = Shapes::parse("/no/such/file").unwrap_err().to_string();
        assert!(e.contains("/no/such/file"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_summary_is_a_geometric_mean() {
        let r = |d: f64, s: f64| TargetReport {
            target: Target {
                op: TunedOp::Read,
                layout: Layout::RowMajor,
                rows: 1,
                cols: 1,
            },
            bucket: Bucket::of(Shape {
                rows: 1,
                cols: 1,
                layout: Layout::RowMajor,
            }),
            candidates: Vec::new(),
            chosen: Some(0),
            default_s: Some(d),
            tuned_s: Some(s),
            note: None,
            seconds: 0.0,
            phases: Phases::default(),
            entry: None,
            edges: Vec::new(),
        };
        let s = summarize(&[r(4.0, 1.0), r(1.0, 1.0)]).unwrap();
        assert!((s.geomean_gain - 2.0).abs() < 1e-12);
        assert_eq!((s.best_gain, s.worst_gain, s.targets), (4.0, 1.0, 2));
    }

    #[test]
    fn a_candidate_loses_at_an_edge_beyond_the_tolerance_or_the_spread() {
        // 1 % is allowed, not more.
        assert!(!edge_lost(100.0, 101.0, 0.0));
        assert!(edge_lost(100.0, 101.5, 0.0));
        // A larger spread widens the allowance: 14 % slower passes with a 15 % spread.
        assert!(!edge_lost(100.0, 114.0, 0.15));
        assert!(edge_lost(100.0, 116.0, 0.15));
        // Faster never loses.
        assert!(!edge_lost(100.0, 90.0, 0.0));
    }
}
