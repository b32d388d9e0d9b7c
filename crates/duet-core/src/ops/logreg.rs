//! Logistic regression by gradient ascent (seeds 000 and 001).
//!
//! For X (`n × k`, row-major), labels y (in `[0, 1]`, checked at upload) and weights w:
//!
//! ```text
//! z = X w
//! g = Xᵀ (y − σ(z))                                   the gradient of L
//! L = Σ y·log σ(z) + (1 − y)·log(1 − σ(z))            the log-likelihood (≤ 0)
//!   = −Σ [ y·softplus(−z) + (1 − y)·softplus(z) ]     the form every backend evaluates
//! softplus(t) = max(t, 0) + log1p(exp(−|t|))
//! ```
//!
//! Both come from one pass over X. σ and 1 − σ are formed from `e = exp(−|z|)` as `1/(1+e)` and
//! `e/(1+e)`, so nothing overflows, nothing cancels, and no `log(0)` happens for any finite z:
//! at |z| = 1e4 the results are exact in the limit (σ ∈ {0, 1}, softplus(t) = max(t, 0)).
//!
//! Training: `w ← w·(1 − lr·λ) + lr·g` repeated on the device, with no host round trip per
//! iteration.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};

/// How a backend runs the gradient and the training loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum LogregStrategy {
    /// Seed 001: the whole loop in one kernel on one workgroup; for small `n × k`.
    SingleGroup,
    /// Seed 000: per iteration, a pass over X by many workgroups and a second step that reduces
    /// their partial gradients and updates w; for large `n × k`.
    MultiGroup,
}

impl LogregStrategy {
    /// Both strategies.
    pub const ALL: [LogregStrategy; 2] = [LogregStrategy::SingleGroup, LogregStrategy::MultiGroup];

    /// The strategy picked when none is named: one workgroup while X is small enough that one
    /// workgroup's pass is cheaper than the launch and barrier cost of a multi-group iteration.
    pub fn for_shape(rows: usize, cols: usize) -> LogregStrategy {
        if rows.saturating_mul(cols) <= SINGLE_GROUP_MAX_ELEMS {
            LogregStrategy::SingleGroup
        } else {
            LogregStrategy::MultiGroup
        }
    }

    /// `single_group` or `multi_group`.
    pub const fn name(self) -> &'static str {
        match self {
            LogregStrategy::SingleGroup => "single_group",
            LogregStrategy::MultiGroup => "multi_group",
        }
    }
}

/// The largest `n × k` for which [`LogregStrategy::for_shape`] picks one workgroup.
pub const SINGLE_GROUP_MAX_ELEMS: usize = 1 << 16;

impl fmt::Display for LogregStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for LogregStrategy {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        LogregStrategy::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| Error::invalid("strategy", s, "expected single_group or multi_group"))
    }
}

/// A training run's settings.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct TrainConfig {
    /// Gradient-ascent iterations (≥ 1).
    pub iters: u32,
    /// Learning rate (finite, > 0).
    pub lr: f32,
    /// L2 regularisation λ (finite, ≥ 0): each step scales w by `1 − lr·λ`.
    pub l2: f32,
    /// Record the log-likelihood every this many iterations (0: only after the last).
    pub loglik_every: u32,
}

impl Default for TrainConfig {
    /// The seed's run: 50,000 iterations; lr 2e-4 keeps the step stable on the seed's
    /// 2048 × 8 blobs (lr·λ_max(XᵀX)/4 ≈ 0.7).
    fn default() -> Self {
        TrainConfig {
            iters: 50_000,
            lr: 2e-4,
            l2: 0.0,
            loglik_every: 0,
        }
    }
}

/// What a training run returns besides the weights (which stay on the device).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct TrainTrace {
    /// `(t, L(w_t))` for `t = m, 2m, …` and always for the last iteration, where `w_t` are the
    /// weights after `t` updates.
    pub loglik: Vec<(u32, f64)>,
}

/// The iterations at which a run records the log-likelihood.
pub fn trace_points(cfg: &TrainConfig) -> Vec<u32> {
    let mut pts: Vec<u32> = match cfg.iters.checked_div(cfg.loglik_every) {
        None => Vec::new(),
        Some(steps) => (1..=steps).map(|i| i * cfg.loglik_every).collect(),
    };
    if pts.last() != Some(&cfg.iters) {
        pts.push(cfg.iters);
    }
    pts
}

/// Checks a gradient call's shapes.
pub fn validate_gradient(
    rows: usize,
    cols: usize,
    labels: usize,
    w: usize,
    grad: usize,
) -> Result<()> {
    if rows == 0 || cols == 0 {
        return Err(Error::invalid(
            "x",
            format!("{rows} × {cols}"),
            "the matrix needs at least one row and one column",
        ));
    }
    if rows > u32::MAX as usize || cols > u32::MAX as usize {
        return Err(Error::TooLarge {
            what: "logistic-regression matrix rows or columns (count)".into(),
            needed: rows.max(cols) as u64,
            limit: u32::MAX as u64,
        });
    }
    if labels != rows {
        return Err(Error::shape(
            "y",
            format!("{rows} labels"),
            format!("{labels} labels"),
        ));
    }
    if w != cols {
        return Err(Error::shape(
            "w",
            format!("{cols} weights"),
            format!("{w} weights"),
        ));
    }
    if grad != cols {
        return Err(Error::shape(
            "grad",
            format!("{cols} elements"),
            format!("{grad} elements"),
        ));
    }
    Ok(())
}

/// Checks a training run's settings.
pub fn validate_train(cfg: &TrainConfig) -> Result<()> {
    if cfg.iters == 0 {
        return Err(Error::invalid("iters", 0, "must be at least 1"));
    }
    if !(cfg.lr.is_finite() && cfg.lr > 0.0) {
        return Err(Error::invalid("lr", cfg.lr, "must be finite and > 0"));
    }
    if !(cfg.l2.is_finite() && cfg.l2 >= 0.0) {
        return Err(Error::invalid("l2", cfg.l2, "must be finite and ≥ 0"));
    }
    if cfg.loglik_every > cfg.iters {
        return Err(Error::invalid(
            "loglik_every",
            cfg.loglik_every,
            format!("must be at most iters ({})", cfg.iters),
        ));
    }
    Ok(())
}

/// `softplus(t) = log(1 + eᵗ)` in `f64`, without overflow.
pub fn softplus(t: f64) -> f64 {
    t.max(0.0) + (-t.abs()).exp().ln_1p()
}

/// `(σ(z), 1 − σ(z))` in `f64`, each without cancellation.
pub fn sigmoid_pair(z: f64) -> (f64, f64) {
    let e = (-z.abs()).exp();
    let p = 1.0 / (1.0 + e);
    let q = e / (1.0 + e);
    if z >= 0.0 { (p, q) } else { (q, p) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reduce_spreads_columns_over_workgroups_and_slots_over_lanes() {
        let p = crate::KernelParams::DEFAULT;
        let plan = |cols, slots| {
            let lanes = reduce_lanes(cols, slots, &p);
            let cw = reduce_cols(cols, slots, &p);
            // The kernels' tile width from the lanes they are given: min(cols, wg / lanes).
            assert_eq!(cw, cols.min(p.logreg_wg as usize / lanes as usize));
            assert!(lanes.is_power_of_two() && lanes as usize * cw <= p.logreg_wg as usize);
            // Every lane sums at most one batch of slots, where the workgroup has the lanes
            // and the columns a sector.
            assert!(
                slots.div_ceil(lanes) <= REDUCE_SLOTS_PER_LANE
                    || lanes as usize * REDUCE_MIN_COLS as usize >= p.logreg_wg as usize
            );
            (reduce_groups(cols, slots, &p), lanes)
        };
        // A pass's 396 slots: 32 lanes a column (at most 13 slots each), 8 columns a
        // workgroup; 256 slots: 32 lanes of 8.
        assert_eq!(plan(4096, 396), (512, 32));
        assert_eq!(plan(1000, 396), (125, 32));
        assert_eq!(plan(31, 396), (4, 32));
        assert_eq!(plan(4096, 256), (512, 32));
        // Narrow rows: as many lanes per column as fit.
        assert_eq!(plan(5, 396), (1, 32));
        assert_eq!(plan(1, 396), (1, 256));
        assert_eq!(plan(3, 396), (1, 64));
        // Few slots: at most 32 columns a workgroup still, 8 lanes each (as before).
        assert_eq!(plan(4096, 8), (128, 8));
        assert_eq!(plan(100, 9), (4, 8));
        assert_eq!(plan(13, 1), (1, 16));
        assert_eq!(plan(4096, 64), (128, 8));
        assert_eq!(plan(4096, 65), (256, 16));
        // More slots than eight a lane: the lanes a sector's columns leave.
        assert_eq!(plan(3, 5000), (1, 64));
        assert_eq!(plan(100, 5000), (13, 32));
        // A narrow workgroup: a sector's columns, the lanes they leave.
        let narrow = p.with_assignments(&["logreg_wg=32".to_string()]).unwrap();
        let (lanes, cw) = (
            reduce_lanes(100, 396, &narrow),
            reduce_cols(100, 396, &narrow),
        );
        assert_eq!((lanes, cw, reduce_groups(100, 396, &narrow)), (4, 8, 13));
    }

    #[test]
    fn narrow_rows_take_the_four_row_pass() {
        let p =
            crate::KernelParams::DEFAULT.with_automatic(crate::params::automatic(264, 2, 2, 7, 1));
        let plan = |rows: usize, cols: usize| {
            let blocks =
                crate::chunk::plan_matrix(rows, cols, crate::Layout::RowMajor, 1 << 30, &p)
                    .expect("fits");
            let labels = crate::chunk::plan_vector(rows, 1 << 30, &p).expect("fits");
            let policy = PassPolicy {
                span: 1,
                odd_interleaved: false,
                device_fence: false,
            };
            let pass = multi_pass_plan(&blocks, &labels, cols, &p, &GRADIENT_STEP, policy);
            let slots = plan_pass(&blocks, &labels, cols, &p).slots;
            (pass, slots)
        };
        for cols in [1, 3, 5, 7] {
            let (pass, slots) = plan(100_003, cols);
            assert_eq!(pass[0].entry, "logreg_partial_quad", "{cols}");
            assert!(pass[0].extra.contains(&("LOGREG_PITCH", cols as u32)));
            assert!(pass[0].extra.contains(&("LOGREG_LANES", 1)));
            // Four rows per work-item per step: a quarter of the one-row pass's workgroups.
            let steps = 100_003usize.div_ceil(4 * 2 * 256);
            assert_eq!(slots as usize, steps, "{cols}");
            assert_eq!(pass.last().map(|l| l.entry), Some("logreg_reduce"));
        }
        // Rows wider than the pitch (7 here), padded or not: the one-row pass.
        for cols in [8, 9, 13, 64] {
            assert_eq!(
                plan(100_003, cols).0[0].entry,
                "logreg_partial_reg",
                "{cols}"
            );
        }
    }

    #[test]
    fn a_finish_splits_into_about_root_slots_groups_where_its_slots_hold_enough() {
        let p = crate::KernelParams::DEFAULT
            .with_assignments(&["logreg_finish_split=64".to_string()])
            .expect("valid");
        // One level: few slots, or too few for each lane (8 lanes a column at 17–32 columns,
        // 4 at 33–64).
        assert_eq!(finish_group(FINISH_ONE_LEVEL, 4096, &p), 0);
        assert_eq!(finish_group(396, 31, &p), 0);
        assert_eq!(finish_groups(396, 31, &p), 0);
        assert_eq!(finish_group(504, 32, &p), 0);
        assert_eq!(finish_group(505, 32, &p), 23);
        assert_eq!(finish_group(396, 33, &p), 20);
        // Wider than the workgroup: every slot once per four column tiles.
        assert_eq!(finish_lane_slots(63, 1024, &p), 63);
        assert_eq!(finish_group(63, 1024, &p), 0);
        assert_eq!(finish_lane_slots(33, 1025, &p), 66);
        assert_eq!(finish_group(33, 1025, &p), 6);
        // Two levels: groups of ⌈√slots⌉, the last one possibly short, every slot in one.
        let always = p
            .with_assignments(&["logreg_finish_split=1".to_string()])
            .expect("valid");
        for (slots, group, groups) in [(528, 23, 23), (264, 17, 16), (33, 6, 6), (1000, 32, 32)] {
            assert_eq!(finish_group(slots, 1024, &always), group, "{slots}");
            assert_eq!(finish_groups(slots, 1024, &always), groups, "{slots}");
            assert!(group * groups >= slots && group * (groups - 1) < slots);
        }
        let never = p
            .with_assignments(&[format!(
                "logreg_finish_split={}",
                crate::params::NEVER_SPLIT
            )])
            .expect("valid");
        assert_eq!(finish_group(5000, 65_536, &never), 0);
        assert_eq!(finish_lanes(8, &p), 32);
        assert_eq!(finish_lanes(13, &p), 16);
        assert_eq!(finish_lanes(64, &p), 4);
        assert_eq!(finish_lanes(1000, &p), 1);
    }

    #[test]
    fn a_lone_gradient_finishes_wider_where_x_is_small() {
        let p = crate::KernelParams::DEFAULT
            .with_automatic(crate::params::automatic(264, 2, 2, 7, 1))
            .with_assignments(&["logreg_finish_lone=1000000".to_string()])
            .expect("valid");
        let policy = PassPolicy {
            span: 1,
            odd_interleaved: false,
            device_fence: true,
        };
        let finishes = |rows: usize, cols: usize, step: &LogregParams| {
            let blocks =
                crate::chunk::plan_matrix(rows, cols, crate::Layout::RowMajor, 1 << 30, &p)
                    .expect("fits");
            let labels = crate::chunk::plan_vector(rows, 1 << 30, &p).expect("fits");
            let pass = multi_pass_plan(&blocks, &labels, cols, &p, step, policy);
            let reduce = pass.iter().any(|l| l.span.is_none());
            assert_eq!(
                reduce,
                pass.iter().all(|l| l.args.total_slots == 0),
                "{rows}×{cols}: a pass either finishes or launches the reduce"
            );
            !reduce
        };
        let train = LogregParams {
            mode: 1,
            ..GRADIENT_STEP
        };
        // 999 × 1 000 floats: at most logreg_finish_lone; 1 001 rows: more.
        assert!(finishes(999, 1000, &GRADIENT_STEP));
        assert!(!finishes(1001, 1000, &GRADIENT_STEP));
        // A training step keeps the reduce launch; so does a pass wider than the most.
        assert!(!finishes(999, 1000, &train));
        let wide = crate::params::FINISH_LONE_MAX_COLS + 1;
        assert!(!finishes(100, wide, &GRADIENT_STEP));
        assert!(finishes(
            100,
            crate::params::FINISH_LONE_MAX_COLS,
            &GRADIENT_STEP
        ));
        // Never: the automatic value of the tests' tables (and wgpu's).
        let never =
            crate::KernelParams::DEFAULT.with_automatic(crate::params::automatic(264, 2, 2, 7, 1));
        let blocks = crate::chunk::plan_matrix(9, 1000, crate::Layout::RowMajor, 1 << 30, &never)
            .expect("fits");
        let labels = crate::chunk::plan_vector(9, 1 << 30, &never).expect("fits");
        let pass = multi_pass_plan(&blocks, &labels, 1000, &never, &GRADIENT_STEP, policy);
        assert!(pass.iter().any(|l| l.span.is_none()));
    }

    #[test]
    fn a_pass_over_at_most_finish_cols_columns_finishes_in_its_last_workgroup() {
        let p =
            crate::KernelParams::DEFAULT.with_automatic(crate::params::automatic(264, 2, 2, 7, 1));
        let fence = PassPolicy {
            span: 1,
            odd_interleaved: false,
            device_fence: true,
        };
        // Two bindings of X: the finish counts the slots of both launches.
        let plan = |cols: usize, p: &crate::KernelParams, policy: PassPolicy| {
            let blocks =
                crate::chunk::plan_matrix(300_001, cols, crate::Layout::RowMajor, 1 << 18, p)
                    .expect("fits");
            let labels = crate::chunk::plan_vector(300_001, 1 << 18, p).expect("fits");
            let slots = plan_pass(&blocks, &labels, cols, p).slots;
            (
                multi_pass_plan(&blocks, &labels, cols, p, &GRADIENT_STEP, policy),
                slots,
            )
        };
        let step = LogregParams {
            lr: 0.5,
            decay: 0.75,
            mode: 1,
            record: 1,
            trace_index: 3,
            ..Default::default()
        };
        for cols in [1, 4, 9, 32] {
            let (pass, slots) = plan(cols, &p, fence);
            assert!(pass.len() >= 2, "{cols}: X in several launches");
            assert!(
                pass.iter().all(|l| l.span.is_some()),
                "{cols}: no reduce launch"
            );
            assert!(pass.iter().all(|l| l.args.total_slots == slots), "{cols}");
            // The finish sums with its own lanes, in one level (logreg_finish_split).
            assert!(
                pass.iter()
                    .all(|l| l.args.finish_lanes == finish_lanes(cols, &p)
                        && l.args.finish_group == 0),
                "{cols}"
            );
            for a in step_args(&pass, &step) {
                assert_eq!(
                    (
                        a.lr,
                        a.decay,
                        a.mode,
                        a.record,
                        a.trace_index,
                        a.total_slots
                    ),
                    (0.5, 0.75, 1, 1, 3, slots),
                    "{cols}"
                );
            }
        }
        // Wider, without a fence, or with the parameter off: the reduce launch.
        let off = p
            .with_assignments(&["logreg_last_group=0".to_string()])
            .expect("valid");
        let no_fence = PassPolicy {
            device_fence: false,
            ..fence
        };
        for (cols, params, policy) in [(33, &p, fence), (8, &p, no_fence), (8, &off, fence)] {
            let (pass, _) = plan(cols, params, policy);
            assert_eq!(
                pass.last().map(|l| l.entry),
                Some("logreg_reduce"),
                "{cols}"
            );
            assert!(pass.iter().all(|l| l.args.total_slots == 0), "{cols}");
        }
        // Wider passes finish up to logreg_finish_cols, their reduce's column tiles summed by
        // the last workgroup; the reduce launch takes the same lanes.
        let wide = p
            .with_assignments(&["logreg_finish_cols=256".to_string()])
            .expect("valid");
        for cols in [33, 100, 256] {
            let (pass, slots) = plan(cols, &wide, fence);
            assert!(pass.iter().all(|l| l.span.is_some()), "{cols}");
            assert!(pass.iter().all(|l| l.args.total_slots == slots), "{cols}");
            assert!(
                pass.iter()
                    .all(|l| l.args.finish_lanes == finish_lanes(cols, &wide)),
                "{cols}"
            );
            // In two levels where the split allows: every launch names the same groups.
            let split = wide
                .with_assignments(&["logreg_finish_split=1".to_string()])
                .expect("valid");
            let (grouped, _) = plan(cols, &split, fence);
            assert!(slots > FINISH_ONE_LEVEL, "{cols}: {slots} slots");
            let group = finish_group(slots, cols, &split);
            assert!(group * group >= slots && (group - 1) * (group - 1) < slots);
            assert!(
                grouped.iter().all(|l| l.args.finish_group == group),
                "{cols}"
            );
            let (two, _) = plan(cols, &p, fence);
            let reduce = two.last().expect("a reduce launch");
            assert_eq!(reduce.entry, "logreg_reduce", "{cols}");
            assert_eq!(reduce.args.groups, reduce_groups(cols, slots, &p), "{cols}");
            assert_eq!(
                reduce.args.reduce_lanes,
                reduce_lanes(cols, slots, &p),
                "{cols}"
            );
        }
        let (past, _) = plan(257, &wide, fence);
        assert_eq!(past.last().map(|l| l.entry), Some("logreg_reduce"));
    }

    #[test]
    fn stable_forms() {
        assert_eq!(softplus(1e4), 1e4);
        assert_eq!(softplus(-1e4), 0.0);
        assert!((softplus(0.0) - 2f64.ln()).abs() < 1e-15);
        assert_eq!(sigmoid_pair(1e4), (1.0, 0.0));
        assert_eq!(sigmoid_pair(-1e4), (0.0, 1.0));
        let (p, q) = sigmoid_pair(-30.0);
        assert!(p > 0.0 && (q - 1.0).abs() < 1e-12);
    }

    #[test]
    fn single_pieces_cover_the_run() {
        assert_eq!(
            single_pieces(0, 0, 10),
            vec![SinglePiece {
                first: 0,
                iters: 0,
                finish: true,
                recorded_before: 0
            }]
        );
        let p = single_pieces(25, 4, 10);
        assert_eq!(p.len(), 3);
        assert_eq!((p[1].first, p[1].iters, p[1].recorded_before), (10, 10, 2));
        assert_eq!(
            (p[2].first, p[2].iters, p[2].finish, p[2].recorded_before),
            (20, 5, true, 4)
        );
        assert!(!p[0].finish && !p[1].finish);
        // The finishing pass counts: no piece runs more than max_passes passes.
        for (iters, max) in [(1, 1), (2, 1), (10, 10), (9, 10), (20, 10), (7, 3), (0, 1)] {
            let p = single_pieces(iters, 1, max);
            let passes = |q: &SinglePiece| q.iters + u32::from(q.finish);
            assert!(p.iter().all(|q| passes(q) <= max), "{iters}/{max}: {p:?}");
            assert_eq!(p.iter().map(|q| q.iters).sum::<u32>(), iters);
            assert!(p.last().is_some_and(|q| q.finish));
            assert_eq!(p.iter().filter(|q| q.finish).count(), 1);
        }
        assert_eq!(single_pieces(1, 0, 1).len(), 2);
        let big = single_pieces(u32::MAX, 0, u32::MAX);
        assert_eq!((big.len(), big[1].iters, big[1].finish), (2, 0, true));
    }

    #[test]
    fn trace_points_end_with_last() {
        let c = |iters, every| TrainConfig {
            iters,
            lr: 0.1,
            l2: 0.0,
            loglik_every: every,
        };
        assert_eq!(trace_points(&c(10, 0)), vec![10]);
        assert_eq!(trace_points(&c(10, 4)), vec![4, 8, 10]);
        assert_eq!(trace_points(&c(10, 5)), vec![5, 10]);
    }
}

/// One launch of a `multi_group` pass over X: rows of one block meeting one label chunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PassLaunch {
    /// Which rows (see [`RowSpan`](crate::chunk::RowSpan); `out_begin` indexes the labels).
    pub span: crate::chunk::RowSpan,
    /// Workgroups of the launch.
    pub groups: u32,
    /// The partial slot of its first workgroup.
    pub slot: u32,
}

/// The launches of one `multi_group` pass over X and the partial slots they fill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PassPlan {
    /// The launches, in order.
    pub launches: Vec<PassLaunch>,
    /// Partial slots in all (each `cols` gradient floats and one log-likelihood float).
    pub slots: u32,
}

/// X's row pitch, as it was laid out (every block has the same).
fn pass_pitch(
    blocks: &[crate::chunk::MatrixChunk],
    cols: usize,
    params: &crate::KernelParams,
) -> usize {
    blocks
        .first()
        .map_or_else(|| crate::chunk::row_pitch(cols, params), |b| b.pitch)
}

/// Plans a `multi_group` pass: one launch per (block, label chunk) meeting, each with enough
/// workgroups for its steps (a tile, or one or four rows per work-item in registers) up to
/// [`KernelParams::pass_max_groups`](crate::KernelParams::pass_max_groups).
pub fn plan_pass(
    blocks: &[crate::chunk::MatrixChunk],
    labels: &[crate::chunk::VectorChunk],
    cols: usize,
    params: &crate::KernelParams,
) -> PassPlan {
    let pitch = pass_pitch(blocks, cols, params);
    let tile_rows = params.pass_rows_per_step(cols, pitch);
    let most = params.pass_max_groups(cols, pitch) as usize;
    let mut launches = Vec::new();
    let mut slots = 0u32;
    for span in crate::chunk::row_spans(blocks, labels) {
        let tiles = (span.row_end - span.row_begin).div_ceil(tile_rows);
        let groups = tiles.clamp(1, most) as u32;
        launches.push(PassLaunch {
            span,
            groups,
            slot: slots,
        });
        slots += groups;
    }
    PassPlan { launches, slots }
}

/// One dispatch of a `single_group` run: iterations `[first, first + iters)`, then (when
/// `finish`) the pass that measures the final weights; `recorded_before` trace points were
/// written by earlier dispatches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SinglePiece {
    /// Global index of the first iteration.
    pub first: u32,
    /// Iterations in this piece.
    pub iters: u32,
    /// Whether the piece ends the run.
    pub finish: bool,
    /// Trace points recorded before this piece.
    pub recorded_before: u32,
}

/// Splits a `single_group` run of `iters` iterations (0: a lone gradient) into pieces that
/// each run at most `max_passes` passes over X, counting the pass that ends the run (the final
/// log-likelihood, or the lone gradient) in the last piece: a piece of `n` iterations that
/// finishes runs `n + 1` passes. With `max_passes` 1 the run ends in a piece of 0 iterations.
pub fn single_pieces(iters: u32, every: u32, max_passes: u32) -> Vec<SinglePiece> {
    let max_passes = u64::from(max_passes.max(1));
    let mut pieces = Vec::new();
    let mut first = 0u32;
    loop {
        let remaining = iters - first;
        let finish = u64::from(remaining) < max_passes;
        let n = if finish {
            remaining
        } else {
            remaining.min(max_passes as u32)
        };
        let recorded_before = if every == 0 || first == 0 {
            0
        } else {
            (first - 1) / every
        };
        pieces.push(SinglePiece {
            first,
            iters: n,
            finish,
            recorded_before,
        });
        if finish {
            return pieces;
        }
        first += n;
    }
}

/// Workgroups of the reduce step for `cols` columns over `slots` partial slots: one per
/// column tile of [`reduce_cols`] columns.
pub fn reduce_groups(cols: usize, slots: u32, params: &crate::KernelParams) -> u32 {
    cols.max(1).div_ceil(reduce_cols(cols, slots, params)) as u32
}

/// Columns one workgroup of `logreg_reduce` sums: `min(cols, logreg_wg / lanes)` for the
/// [`reduce_lanes`] lanes (the kernels compute the same from the lanes they are given); at
/// most [`LOGREG_REDUCE_COLS`](crate::params::LOGREG_REDUCE_COLS).
pub fn reduce_cols(cols: usize, slots: u32, params: &crate::KernelParams) -> usize {
    let wg = params.logreg_wg.max(1) as usize;
    cols.clamp(1, (wg / reduce_lanes(cols, slots, params) as usize).max(1))
}

/// Partial slots one lane of `logreg_reduce` sums at most where its workgroup has the lanes:
/// one batch of loads in flight (`sum_slots` loads eight slots at once), so the reduce waits
/// on L2 once, not once per eight slots. With 32 columns a workgroup and 8 lanes each, a
/// pass's 396 slots were six batches a lane, and the reduce kernel took 7–8 µs at every width
/// on the H100 (BENCHMARKS.md, session 41).
pub const REDUCE_SLOTS_PER_LANE: u32 = 8;

/// Fewest columns a workgroup of `logreg_reduce` sums where a pass has more: a 32-byte
/// sector of each slot row. Four columns a workgroup read half a sector a row and left a
/// 4 096-column reduce bound by its L2 reads (9.4 µs against 7.7 with 32 columns, H100).
pub const REDUCE_MIN_COLS: u32 = 8;

/// Work-items of `logreg_reduce` that share each column's partial slots (its `lanes_g`), a
/// power of two: enough that each sums at most [`REDUCE_SLOTS_PER_LANE`] of the `slots`, but
/// no more than leave [`REDUCE_MIN_COLS`] columns a workgroup; and never fewer than the
/// largest power of two that fits `min(cols, LOGREG_REDUCE_COLS)` columns in a workgroup (as
/// many as before, so no lane's chain of additions is longer than docs/conformance.md's bound
/// counts).
pub fn reduce_lanes(cols: usize, slots: u32, params: &crate::KernelParams) -> u32 {
    use crate::params::floor_pow2;
    let wg = params.logreg_wg.max(1) as usize;
    let widest = cols.clamp(1, (crate::params::LOGREG_REDUCE_COLS as usize).min(wg));
    let fewest = floor_pow2(wg / widest);
    let most = floor_pow2(wg / REDUCE_MIN_COLS as usize).max(fewest);
    (slots.div_ceil(REDUCE_SLOTS_PER_LANE).next_power_of_two() as usize).clamp(fewest, most) as u32
}

/// Partial slots per group of the first level of a pass's finish over `total_slots` slots of
/// `cols` columns ([`LogregParams::finish_group`]): where a work-item of the one-level finish
/// would sum at least [`logreg_finish_split`](crate::KernelParams::logreg_finish_split) slots
/// ([`finish_lane_slots`]; and the slots number more than [`FINISH_ONE_LEVEL`]), about
/// √`total_slots`, so that the groups' last workgroups (in parallel, each as its group's
/// workgroups end) and the pass's last one (alone, after every other) each sum about as many
/// slots; else 0 (one level). A single workgroup summing every
/// slot is bound by its loads' latency, batches of eight a lane one after another: 528 slots of
/// 64 columns (four lanes a column) took an H200's OpenCL about 5 µs, a sixth of a 64 MiB pass
/// (BENCHMARKS.md, session 33), and 396–528 slots of 33–64 columns on an H100 1–3.5 µs more
/// than two levels (session 42).
pub fn finish_group(total_slots: u32, cols: usize, params: &crate::KernelParams) -> u32 {
    if total_slots <= FINISH_ONE_LEVEL
        || finish_lane_slots(total_slots, cols, params) < params.logreg_finish_split
    {
        return 0;
    }
    let mut g = 1;
    while g * g < total_slots {
        g += 1;
    }
    g
}

/// The partial slots one work-item of a one-level finish over `total_slots` slots of `cols`
/// columns sums, one after another in batches of eight: ⌈slots ÷ [`finish_lanes`]⌉ where the
/// workgroup holds the columns, and every slot once per four column tiles where it does not
/// (wider than `logreg_wg`, each work-item sums four columns at once).
pub fn finish_lane_slots(total_slots: u32, cols: usize, params: &crate::KernelParams) -> u32 {
    let wg = params.logreg_wg.max(1) as usize;
    if cols <= wg {
        total_slots.div_ceil(finish_lanes(cols, params).max(1))
    } else {
        total_slots.saturating_mul(cols.div_ceil(4 * wg) as u32)
    }
}

/// Most partial slots a pass's finish always sums in one level ([`finish_group`]).
pub const FINISH_ONE_LEVEL: u32 = 32;

/// The groups of the first level of a finish over `total_slots` slots of `cols` columns (0
/// with one level): the rows of partial slots (and counter words) a finishing pass needs
/// beyond its own.
pub fn finish_groups(total_slots: u32, cols: usize, params: &crate::KernelParams) -> u32 {
    match finish_group(total_slots, cols, params) {
        0 => 0,
        g => total_slots.div_ceil(g),
    }
}

/// Work-items per column in a finish's sums ([`LogregParams::finish_lanes`]): the largest power
/// of two that fits `min(cols, logreg_wg)` columns in a workgroup (the finish sums
/// `logreg_wg` columns at a time).
pub fn finish_lanes(cols: usize, params: &crate::KernelParams) -> u32 {
    let wg = params.logreg_wg as usize;
    crate::params::floor_pow2(wg / cols.clamp(1, wg)) as u32
}

pub use crate::kernel_args::LogregParams;

impl LogregParams {
    /// The arguments of one partial launch of a `multi_group` pass over `cols` columns (rows
    /// `pitch` apart), with the tiling it runs with and whether it records the log-likelihood.
    pub fn for_pass(
        cols: usize,
        pitch: usize,
        l: &PassLaunch,
        tiling: &crate::LogregTiling,
        record: u32,
    ) -> Self {
        LogregParams {
            cols: cols as u32,
            pitch: pitch as u32,
            row_begin: l.span.row_begin as u32,
            row_end: l.span.row_end as u32,
            y_begin: l.span.out_begin as u32,
            slot: l.slot,
            groups: l.groups,
            tile_rows: tiling.tile_rows,
            lanes_z: tiling.lanes_z,
            lanes_g: tiling.lanes_g,
            record,
            ..Default::default()
        }
    }
}

/// One launch of a logistic-regression plan: the entry point, the specialisation constants
/// its build needs, its workgroups and arguments, and (pass launches) the span of X and of the
/// labels it reads. Both backends run plans as given; they only bind buffers.
#[derive(Debug, Clone, PartialEq)]
pub struct LogregLaunch {
    /// Entry point in `logreg.wgsl` / `logreg.cl`.
    pub entry: &'static str,
    /// Specialisation constants (see [`SPECIALISATION_NEUTRAL`](crate::params::SPECIALISATION_NEUTRAL)).
    pub extra: Vec<(&'static str, u32)>,
    /// The arguments (`groups` is the launch's workgroup count).
    pub args: LogregParams,
    /// The block of X and chunk of labels a pass launch reads; `None` for the reduce.
    pub span: Option<crate::chunk::RowSpan>,
}

/// What a backend brings to a `multi_group` plan: its device's abilities and its policies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PassPolicy {
    /// The register-resident pass's `LOGREG_SPAN`: adjacent lanes the device adds by subgroup
    /// shuffles (a power of two; 1: none).
    pub span: u32,
    /// The backend's policy for rows of an odd column count
    /// ([`KernelParams::partial_reg_interleave`](crate::KernelParams::partial_reg_interleave)).
    pub odd_interleaved: bool,
    /// Whether the backend has a device-scope fence, so that the last workgroup of a pass may
    /// finish it ([`pass_finishes`]).
    pub device_fence: bool,
}

/// Whether the last workgroup of a `multi_group` pass over `cols` columns sums the partial
/// slots itself, in the pass's launch, instead of a `logreg_reduce` launch after it: where
/// `logreg_last_group` is 1, the backend has a device-scope fence, and the pass has at most
/// [`finish_cols`](crate::KernelParams::finish_cols) columns. The finish sums the same slots
/// as the reduce, `logreg_wg` columns at a time ([`finish_lanes`] work-items per column; four
/// such tiles at once over more columns than the workgroup has work-items), in
/// one level or two ([`finish_group`]), so its additions come in another order than the
/// reduce's; it saves one launch per pass (as `arg_last_group` does for the reductions: on an
/// H200 the separate launch cost 6–7 µs of GPU time through OpenCL and 1–2 µs through wgpu,
/// BENCHMARKS.md, session 31).
///
/// A lone gradient (`lone`: mode 0, not a training step) over at most
/// [`FINISH_LONE_MAX_COLS`](crate::params::FINISH_LONE_MAX_COLS) columns also finishes where X
/// holds at most [`logreg_finish_lone`](crate::KernelParams::logreg_finish_lone) floats
/// (`floats`: rows × row pitch).
pub fn pass_finishes(
    cols: usize,
    floats: u64,
    lone: bool,
    params: &crate::KernelParams,
    device_fence: bool,
) -> bool {
    let lone_finish = lone
        && cols <= crate::params::FINISH_LONE_MAX_COLS
        && floats <= u64::from(params.logreg_finish_lone);
    params.logreg_last_group == 1 && device_fence && (cols <= params.finish_cols() || lone_finish)
}

/// The launches of one `multi_group` pass over X (`blocks`, label chunks `labels`, `cols`
/// columns): the partial launches, then the reduce with `step`'s `lr`, `decay`, `mode`,
/// `record` and `trace_index` — a `logreg_reduce` launch, or, where [`pass_finishes`], the
/// pass's last workgroup, with those arguments on every partial launch and `total_slots` set.
pub fn multi_pass_plan(
    blocks: &[crate::chunk::MatrixChunk],
    labels: &[crate::chunk::VectorChunk],
    cols: usize,
    params: &crate::KernelParams,
    step: &LogregParams,
    policy: PassPolicy,
) -> Vec<LogregLaunch> {
    let PassPolicy {
        span,
        odd_interleaved,
        device_fence,
    } = policy;
    let plan = plan_pass(blocks, labels, cols, params);
    let tiling = params.logreg_tiling(cols);
    let pitch = pass_pitch(blocks, cols, params);
    let floats = blocks
        .iter()
        .map(|b| b.elems(cols, crate::Layout::RowMajor) as u64)
        .sum();
    let finish = pass_finishes(cols, floats, step.mode == 0, params, device_fence);
    let (entry, extra) = if params.partial_quad(cols, pitch) {
        (
            "logreg_partial_quad",
            vec![
                ("LOGREG_K", cols as u32),
                ("LOGREG_PITCH", pitch as u32),
                ("LOGREG_LANES", 1),
                ("LOGREG_RPS", params.partial_rps(cols, pitch)),
            ],
        )
    } else if params.partial_in_registers(cols) {
        (
            "logreg_partial_reg",
            vec![
                ("LOGREG_K", cols as u32),
                ("LOGREG_PITCH", pitch as u32),
                ("LOGREG_LANES", params.partial_reg_lanes(cols)),
                ("LOGREG_RPS", params.partial_rps(cols, pitch)),
                ("LOGREG_PIPELINE", u32::from(params.partial_pipelined(cols))),
                ("LOGREG_SPAN", span),
                (
                    "LOGREG_INTERLEAVE",
                    params.partial_reg_interleave(pitch, odd_interleaved),
                ),
            ],
        )
    } else {
        ("logreg_partial", Vec::new())
    };
    let mut out: Vec<LogregLaunch> = plan
        .launches
        .iter()
        .map(|l| {
            let args = LogregParams {
                reduce_lanes: reduce_lanes(cols, plan.slots, params),
                finish_lanes: finish_lanes(cols, params),
                finish_group: finish_group(plan.slots, cols, params),
                ..LogregParams::for_pass(cols, pitch, l, &tiling, step.record)
            };
            LogregLaunch {
                entry,
                extra: extra.clone(),
                args: if finish {
                    finishing(args, plan.slots, step)
                } else {
                    args
                },
                span: Some(l.span),
            }
        })
        .collect();
    if finish {
        return out;
    }
    out.push(LogregLaunch {
        entry: "logreg_reduce",
        extra: Vec::new(),
        args: LogregParams {
            cols: cols as u32,
            pitch: pitch as u32,
            slot: plan.slots,
            groups: reduce_groups(cols, plan.slots, params),
            reduce_lanes: reduce_lanes(cols, plan.slots, params),
            ..*step
        },
        span: None,
    });
    out
}

/// A partial launch's arguments `args` with the reduce step `step` its last workgroup
/// finishes over `slots` partial slots ([`finish_group`]; the finish's lanes are
/// `args.finish_lanes`).
fn finishing(args: LogregParams, slots: u32, step: &LogregParams) -> LogregParams {
    LogregParams {
        total_slots: slots,
        lr: step.lr,
        decay: step.decay,
        mode: step.mode,
        record: step.record,
        trace_index: step.trace_index,
        ..args
    }
}

/// The arguments of `pass` (a [`multi_pass_plan`]) for another reduce step `step`: the pass
/// launches take its `record` (and, where they finish the pass, the rest of it), the reduce
/// its `lr`, `decay`, `mode`, `record` and `trace_index`. A training run plans its pass once
/// and re-argues it per iteration.
pub fn step_args(pass: &[LogregLaunch], step: &LogregParams) -> Vec<LogregParams> {
    pass.iter()
        .map(|l| match l.span {
            Some(_) if l.args.total_slots > 0 => finishing(l.args, l.args.total_slots, step),
            Some(_) => LogregParams {
                record: step.record,
                ..l.args
            },
            None => LogregParams {
                lr: step.lr,
                decay: step.decay,
                mode: step.mode,
                record: step.record,
                trace_index: step.trace_index,
                ..l.args
            },
        })
        .collect()
}

/// The reduce-step arguments of each pass of a `multi_group` run of `cfg` (iterations
/// `0..=iters`; the last pass only evaluates the final weights): learning rate and decay,
/// `mode` 1 (a step) or 2 (the last), whether the pass records the log-likelihood and where.
pub fn train_steps(cfg: &TrainConfig) -> Vec<LogregParams> {
    let points = trace_points(cfg);
    let mut next_point = points.iter().peekable();
    let mut recorded = 0u32;
    (0..=cfg.iters)
        .map(|t| {
            let record = next_point.peek().is_some_and(|&&p| p == t);
            if record {
                next_point.next();
            }
            let step = LogregParams {
                lr: cfg.lr,
                decay: 1.0 - cfg.lr * cfg.l2,
                mode: if t == cfg.iters { 2 } else { 1 },
                record: u32::from(record),
                trace_index: recorded,
                ..Default::default()
            };
            recorded += u32::from(record);
            step
        })
        .collect()
}

/// The reduce-step arguments of a `multi_group` gradient: one pass, recording its
/// log-likelihood.
pub const GRADIENT_STEP: LogregParams = LogregParams {
    cols: 0,
    row_begin: 0,
    row_end: 0,
    y_begin: 0,
    slot: 0,
    groups: 0,
    tile_rows: 0,
    lanes_z: 0,
    lanes_g: 0,
    iters: 0,
    every: 0,
    lr: 0.0,
    decay: 0.0,
    mode: 0,
    trace_index: 0,
    record: 1,
    pitch: 0,
    total_slots: 0,
    reduce_lanes: 0,
    finish_group: 0,
    finish_lanes: 0,
};

/// The `single_group` launches of a run of `iters` iterations (0: one gradient) over a
/// `rows × cols` problem held in one block (rows `pitch` apart), at most `max_passes` passes per launch (see
/// [`single_pieces`]): X in registers where it fits (seed 001), else the tiled pass by one
/// workgroup.
pub fn single_plan(
    rows: usize,
    cols: usize,
    pitch: usize,
    params: &crate::KernelParams,
    cfg: Option<&TrainConfig>,
    max_passes: u32,
) -> Vec<LogregLaunch> {
    let iters = cfg.map_or(0, |c| c.iters);
    let every = cfg.map_or(0, |c| c.loglik_every);
    let tiling = params.logreg_tiling(cols);
    let (entry, extra) = match params.single_reg_rows(rows, cols) {
        Some(rpt) => (
            "logreg_single_reg",
            vec![
                ("LOGREG_K", cols as u32),
                ("LOGREG_PITCH", pitch as u32),
                ("LOGREG_RPT", rpt),
            ],
        ),
        None => ("logreg_single", Vec::new()),
    };
    single_pieces(iters, every, max_passes)
        .into_iter()
        .map(|piece| LogregLaunch {
            entry,
            extra: extra.clone(),
            args: LogregParams {
                cols: cols as u32,
                pitch: pitch as u32,
                row_begin: 0,
                row_end: rows as u32,
                slot: piece.first,
                groups: 1,
                tile_rows: tiling.tile_rows,
                lanes_z: tiling.lanes_z,
                lanes_g: tiling.lanes_g,
                iters: piece.iters,
                every,
                lr: cfg.map_or(0.0, |c| c.lr),
                decay: cfg.map_or(1.0, |c| 1.0 - c.lr * c.l2),
                mode: u32::from(piece.finish),
                trace_index: piece.recorded_before,
                ..Default::default()
            },
            span: None,
        })
        .collect()
}
