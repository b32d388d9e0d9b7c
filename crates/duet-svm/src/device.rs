//! The device solver: the binary SMO of [`crate::solver`] run on a duet device, WGSL and
//! OpenCL twins (`shaders/smo.wgsl`, `kernels/smo.cl`) through duet-core's generic launch
//! path.
//!
//! Everything a step needs stays on the device: α, the gradient `G`, a cache of kernel rows
//! (LIBSVM keeps one on the host; here it is device memory, [`default_cache_bytes`] unless the
//! caller says, least recently used out first: a pass whose pivot's row is cached reads the
//! row instead of X), the two pivots' features, the per-workgroup partials of the reductions, and a state of
//! a few words (the pivots `i` and `j`, `Gmax`, `Gmax2`, the two rows' coefficients, the step
//! count, the last gap, and whether the run is over). A step is four launches on wgpu (the
//! shader's header lists them) and two on OpenCL, whose passes finish in their last workgroup
//! (the final launches' work, as the read kernel does on OpenCL): two passes over X, each reading it once, and two single-workgroup
//! launches that finish the reductions, select, update the pair and gather the next pivot. The
//! host records `steps_per_check` steps, in submissions of at most [`SUBMIT_STEPS`] (the device
//! starts on one while the host records the next), and reads the state back once per check;
//! launches after the run is over return at once.
//!
//! Arithmetic is `f32` (α, G, the kernel values and the pair update); the host computes rho
//! and the objective from the final α and G in `f64` ([`rho_and_objective`]). The device
//! follows the reference's choices step for step until a comparison of two nearly equal `f32`
//! values goes the other way; both converge to the same optimum within the stopping tolerance
//! (docs/conformance.md derives the model tolerances).
//!
//! The `working_set` strategy ([`crate::SvmStrategy::WorkingSet`]) shares the buffers and the
//! state words: an iteration selects the `smo_ws_q` most violating points on the device
//! ([`KernelParams::smo_ws_q`](duet_core::KernelParams::smo_ws_q), 256 by default)
//! (after the first iteration, half of them: the half selected the iteration before stays in
//! the set, as in ThunderSVM's solver, docs/svm-working-set.md), gathers their features,
//! computes the set's kernel rows against every point in one pass over X (after the first
//! iteration only the fresh half's: the kept half's rows are still in the buffer, which is
//! the one the pair strategy uses as its row cache; where that cache's budget holds the whole
//! kernel matrix, rows are kept by point and each point's row is computed only the first time
//! it enters a set), copies the set's q × q kernel block out of them (contiguous for the
//! solve), runs up to
//! [`duet_core::params::smo_ws_inner`] pair updates on the set inside one workgroup and updates
//! every gradient from the set's rows: seven launches (the selection is two: two workgroups
//! per [`smo_ws_chunk`] points keep its chunk's candidates on either side, one workgroup
//! selects among them),
//! many pair updates per pass over X. Its
//! steps are pair updates, counted as the pair strategy counts them.
//!
//! X larger than one binding (`max_binding_bytes`, column-major with the pitch) is split into
//! blocks of points, as [`Device::upload_matrix`] splits every matrix: each pass over X is then
//! one launch per block (its partials side by side), the final launches are never fused, and
//! after each of them one `smo_gather` launch per block copies the new pivot's features from
//! the block that holds it (`smo_ws_gather` for the working set). The vectors (α, G, labels),
//! the row cache (at least two rows) and the working set's rows must each fit one binding, and
//! the whole problem the device's memory where the device reports it; else
//! [`Error::TooLarge`] says which.

use duet_core::chunk::{MatrixChunk, plan_matrix, vector_chunk_elems};
use duet_core::kernel_args::SmoParams;
use duet_core::launch::{ArgWords, Bind, KernelBuild, KernelLaunch};
use duet_core::{BackendKind, Device, Error, Layout, Result, Vector};

use crate::SvmStrategy;
use crate::solver::{
    Binary, BinarySolution, BinarySolver, ReferenceSolver, Stop, rho_and_objective, validate,
};
use duet_core::params::{
    SMO_WS_WG, smo_ws_cand, smo_ws_chunk, smo_ws_solve_wg, smo_ws_update_points,
};

/// The state words (the shader's `S_*` constants).
pub mod state {
    /// First pivot (`NONE` when there is none).
    pub const I: usize = 0;
    /// Second pivot.
    pub const J: usize = 1;
    /// `Gmax` (f32 bits).
    pub const GMAX: usize = 2;
    /// `Gmax2` (f32 bits).
    pub const GMAX2: usize = 3;
    /// `y_i Δα_i` (f32 bits).
    pub const CI: usize = 4;
    /// `y_j Δα_j` (f32 bits).
    pub const CJ: usize = 5;
    /// 0 running, 1 converged, 2 no working pair, 3 step limit.
    pub const DONE: usize = 6;
    /// Steps taken.
    pub const STEPS: usize = 7;
    /// The last gap (f32 bits).
    pub const GAP: usize = 8;
    /// The row-cache slot of the first pivot's row.
    pub const SLOT_I: usize = 9;
    /// The slot of the second pivot's row.
    pub const SLOT_J: usize = 10;
    /// 1 when the first pivot's row was cached (the pass reads it instead of X).
    pub const HIT_I: usize = 11;
    /// 1 when the second's was.
    pub const HIT_J: usize = 12;
    /// The most recently used row-cache slot (the head of the slots' LRU list).
    pub const HEAD: usize = 13;
    /// Workgroups of `smo_pass_i` done so far (the fused plan's last-workgroup count).
    pub const COUNT_I: usize = 14;
    /// Workgroups of `smo_pass_update` done so far.
    pub const COUNT_U: usize = 15;
    /// The least recently used row-cache slot (the LRU list's tail: the next one filled).
    pub const TAIL: usize = 16;
    /// The pivot the last final launch chose and found uncached ([`NONE`] when there is
    /// none): the `smo_gather` launches copy its features when X is split.
    pub const GATHER: usize = 17;
    /// Where in the pivot buffer they go (0 for the first pivot, the column count for the
    /// second).
    pub const GATHER_AT: usize = 18;
    /// `working_set`: points the last selection put in the set (the pair's `SLOT_I` word).
    pub const WS_M: usize = 9;
    /// `working_set`: iterations so far (the pair's `SLOT_J` word).
    pub const WS_ITER: usize = 10;
    /// Words in the state.
    pub const WORDS: usize = 19;
    /// "No index".
    pub const NONE: u32 = u32::MAX;
}

/// Most steps in one submission: a check's steps are split into submissions of this many.
pub const SUBMIT_STEPS: u32 = 64;

/// Most workgroups a pass uses: the final launches reduce this many partials.
pub const MAX_PASS_GROUPS: usize = 1024;

/// Most workgroups of the `working_set` strategy's candidates, rows and update passes (grid
/// stride beyond).
pub const MAX_WS_GROUPS: usize = 16384;

/// Work-items per point in the two passes (`SMO_SLICES`): the most of 1, 2, 4, 8 that leaves
/// each at least 32 columns (and divides the workgroup), so that a wide X with few points still
/// puts enough work-items in flight; a point's distance is summed in that many slices.
pub fn slices_for(cols: usize, wg: usize) -> usize {
    [8, 4, 2]
        .into_iter()
        .find(|&s| cols >= 32 * s && wg.is_multiple_of(s) && wg / s >= 32)
        .unwrap_or(1)
}

/// Progress of a solve: steps so far and the last gap.
pub type Progress<'a> = dyn FnMut(u64, f64) + 'a;

/// Solves binary problems on `device` (the CPU reference device runs [`ReferenceSolver`]).
pub struct DeviceSolver<'d> {
    device: &'d Device,
    steps_per_check: u32,
    cache_bytes: Option<u64>,
    strategy: SvmStrategy,
    progress: Option<Box<Progress<'d>>>,
    /// The working set's kernel-row buffer of the last binary problem, reused by the next one
    /// where it is large enough (one-vs-one solves many problems of similar size; allocating
    /// and freeing a buffer of hundreds of MB cost wgpu on Vulkan about 12 ms each on the
    /// H100, BENCHMARKS.md). The kernels never read a row before computing it.
    rows_pool: Option<Vector>,
}

impl Drop for DeviceSolver<'_> {
    /// The kernel-row buffer kept for the next problem is freed in the background
    /// ([`Device::release_in_background`]).
    fn drop(&mut self) {
        if let Some(rows) = self.rows_pool.take() {
            self.device.release_in_background(rows);
        }
    }
}

impl<'d> DeviceSolver<'d> {
    /// A solver on `device` that reads the state back every `steps_per_check` steps.
    pub fn new(device: &'d Device, steps_per_check: u32) -> Self {
        DeviceSolver {
            device,
            steps_per_check: steps_per_check.max(1),
            cache_bytes: None,
            strategy: SvmStrategy::default(),
            progress: None,
            rows_pool: None,
        }
    }

    /// The strategy (default: [`SvmStrategy::default`]). The CPU reference device runs
    /// [`ReferenceSolver`] whatever it is.
    pub fn with_strategy(mut self, strategy: SvmStrategy) -> Self {
        self.strategy = strategy;
        self
    }

    /// Bytes of device memory for the `pair` strategy's kernel-row cache (default
    /// [`default_cache_bytes`]: a quarter of the device's memory, at most 1 GiB).
    pub fn with_cache_bytes(mut self, bytes: Option<u64>) -> Self {
        self.cache_bytes = bytes;
        self
    }

    /// Calls `f(steps, gap)` after every read-back.
    pub fn with_progress(mut self, f: impl FnMut(u64, f64) + 'd) -> Self {
        self.progress = Some(Box::new(f));
        self
    }
}

struct Buffers {
    x: duet_core::Matrix,
    y: Vector,
    alpha: Vector,
    g: Vector,
    cache: Vector,
    pivots: Vector,
    work: Vector,
    state: Vector,
}

/// The work buffer's start: given words, or `len` zeros, which the device fills without a
/// copy from the host (the working set's: megabytes at q = 1 024).
enum WorkInit<'a> {
    Words(&'a [u32]),
    Zeros(usize),
}

impl Buffers {
    /// The problem's X (column-major) and labels, α = 0 and G = −1 (the SMO start), the
    /// kernel-row buffer `rows` makes, a pivot buffer of `pivots_len` floats, and the given
    /// work and state words. Two other threads work while X is packed and copied: one makes
    /// the row buffer (allocating hundreds of MB took wgpu 13–17 ms on the H100), one builds
    /// the kernels `builds` ([`Backend::prepare`](duet_core::Backend::prepare); their first
    /// launch would otherwise wait for the driver's compiler after the upload).
    fn upload(
        dev: &Device,
        p: &Binary<'_>,
        rows: impl FnOnce() -> Result<Vector> + Send,
        pivots_len: usize,
        work: WorkInit<'_>,
        state: &[u32],
        builds: &[KernelBuild],
    ) -> Result<Buffers> {
        std::thread::scope(|s| {
            let built = s.spawn(|| dev.backend().prepare(builds));
            let cache = s.spawn(rows);
            let x = upload_x(dev, p);
            let built = built
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
            let cache = cache
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
            built?;
            let y32: Vec<f32> = p.y.iter().map(|&v| v as f32).collect();
            Ok(Buffers {
                x: x?,
                y: dev.upload(&y32)?,
                alpha: dev.zeros(p.rows)?,
                g: dev.upload(&vec![-1.0f32; p.rows])?,
                cache: cache?,
                pivots: dev.zeros(pivots_len)?,
                work: match work {
                    WorkInit::Words(w) => dev.upload(&words_as_floats(w))?,
                    WorkInit::Zeros(len) => dev.zeros(len)?,
                },
                state: dev.upload(&words_as_floats(state))?,
            })
        })
    }

    /// Every buffer at its binding (the kernels' order), X's block `block` at binding 0.
    fn binds(&self, block: usize) -> [(u32, Bind<'_>); 8] {
        [
            (0, Bind::Matrix(&self.x, block)),
            (1, Bind::Vector(&self.y, 0)),
            (2, Bind::Vector(&self.alpha, 0)),
            (3, Bind::Vector(&self.g, 0)),
            (4, Bind::Vector(&self.cache, 0)),
            (5, Bind::Vector(&self.pivots, 0)),
            (6, Bind::Vector(&self.work, 0)),
            (7, Bind::Vector(&self.state, 0)),
        ]
    }
}

/// The problem's points as X (column-major): gathered out of [`Binary::on_device`] where it is
/// `p.x` on this device, else packed from `p.x` on the host and copied (also where the gather is
/// refused as too large for one binding).
fn upload_x(dev: &Device, p: &Binary<'_>) -> Result<duet_core::Matrix> {
    if let Some(src) = p
        .on_device
        .filter(|s| s.owner() == dev.id() && s.cols() == p.cols && s.rows() * p.cols == p.x.len())
    {
        let all: Vec<usize>;
        let pick = match p.pick {
            Some(pick) => pick,
            None => {
                all = (0..p.rows).collect();
                &all
            }
        };
        match dev.gather_matrix(src, pick, Layout::ColumnMajor) {
            Err(Error::TooLarge { .. }) => {}
            x => return x,
        }
    }
    match p.pick {
        Some(pick) => dev.upload_matrix_rows(p.x, p.cols, pick, Layout::ColumnMajor),
        None => dev.upload_matrix(p.x, p.rows, p.cols, Layout::ColumnMajor),
    }
}

/// The builds of `smo`'s `entries` with `extra`.
fn smo_builds(entries: &[&'static str], extra: &[(&'static str, u32)]) -> Vec<KernelBuild> {
    entries
        .iter()
        .map(|&entry| KernelBuild {
            stem: "smo",
            entry,
            extra: extra.to_vec(),
        })
        .collect()
}

/// Whether X's `blocks` span several bindings: then the final launches are never fused and
/// gather launches copy the pivots' features.
fn split(blocks: &[MatrixChunk]) -> bool {
    blocks.len() > 1
}

/// What every launch of one solve shares: the problem, X's blocks and the plan's constants.
struct Plan<'a, 'p> {
    p: &'a Binary<'p>,
    blocks: &'a [MatrixChunk],
    /// Partial slots of the final reductions (the pair strategy's pass workgroups, all blocks).
    partials: usize,
    map_base: usize,
    slots: usize,
    fused: bool,
}

impl Plan<'_, '_> {
    /// Whether X is split over several bindings (then the gather launches run).
    fn split(&self) -> bool {
        split(self.blocks)
    }

    /// The arguments of a launch of `groups` workgroups over X's block `block` whose first
    /// partial slot is `group_base` (launches that read no block pass block 0).
    fn args(&self, block: usize, groups: usize, group_base: usize) -> ArgWords {
        let (p, b) = (self.p, &self.blocks[block]);
        ArgWords::of(&SmoParams {
            rows: p.rows as u32,
            cols: p.cols as u32,
            pitch: b.pitch as u32,
            groups: groups as u32,
            gamma: p.gamma as f32,
            c: p.c as f32,
            eps: p.eps as f32,
            max_steps: p.max_steps.min(u32::MAX as u64) as u32,
            map_base: self.map_base as u32,
            slots: self.slots as u32,
            fused: u32::from(self.fused),
            block_start: b.row_start as u32,
            block_rows: b.rows as u32,
            partials: self.partials as u32,
            group_base: group_base as u32,
            gather: u32::from(self.split()),
        })
    }
}

/// The `working_set` strategy's plan: its work buffer holds the set, the coefficients and the
/// stamps, then (from `map_base`) the output of its candidates workgroups, per chunk of
/// [`smo_ws_chunk`] points (`partials` of them). `slots` is the set's size `q`.
fn ws_plan<'a, 'p>(p: &'a Binary<'p>, blocks: &'a [MatrixChunk], q: usize) -> Plan<'a, 'p> {
    Plan {
        p,
        blocks,
        partials: p.rows.div_ceil(smo_ws_chunk(q as u32) as usize),
        map_base: 2 * q + p.rows,
        slots: q,
        fused: false,
    }
}

/// Words of the `working_set` strategy's work buffer: after the candidates workgroups'
/// output, the set's q × q kernel block (`smo_ws_block`), then, for rows kept by point, a word
/// per point (its row is computed) and the miss list (q words).
fn ws_work_len(plan: &Plan<'_, '_>) -> usize {
    plan.map_base
        + plan.partials * smo_ws_cand(plan.slots as u32) as usize
        + plan.slots.pow(2)
        + plan.p.rows
        + plan.slots
}

/// The `working_set` strategy's entry points in the order of an iteration: candidates,
/// select, gather, rows, block, solve, update.
const WS_ENTRIES: [&str; 7] = [
    "smo_ws_candidates",
    "smo_ws_select",
    "smo_ws_gather",
    "smo_ws_rows",
    "smo_ws_block",
    "smo_ws_solve",
    "smo_ws_update",
];

/// One iteration of the `working_set` strategy: its launches in order (the shader's second
/// header).
fn ws_iteration<'b>(
    backend: BackendKind,
    b: &'b Buffers,
    plan: &'b Plan<'_, '_>,
    extra: &[(&'static str, u32)],
) -> Vec<KernelLaunch<'b>> {
    let (p, q, wg) = (plan.p, plan.slots, SMO_WS_WG as usize);
    let [candidates, select, gather, rows, block, solve, update] = WS_ENTRIES;
    // OpenCL kernels take every buffer; a WGSL entry point's bind group holds the bindings it
    // uses.
    let every = backend == BackendKind::OpenCl;
    let launch =
        |entry: &'static str, block: usize, groups: usize, wg: usize, uses: &[u32]| KernelLaunch {
            stem: "smo",
            entry,
            extra: extra.to_vec(),
            groups: groups as u32,
            wg: wg as u32,
            binds: b
                .binds(block)
                .into_iter()
                .filter(|(i, _)| every || uses.contains(i))
                .collect(),
            args: plan.args(block, groups, 0),
        };
    // The rows pass: q / 64 workgroups (one per tile of places) per 128 points of its block
    // (64 at the first iteration, which computes every place's row: grid stride); the update
    // pass smo_ws_update_points() points a workgroup; a gather SMO_WS_WG of the set's q × d
    // features; a candidates workgroup a chunk's side.
    let update_groups = p
        .rows
        .div_ceil(smo_ws_update_points() as usize)
        .clamp(1, MAX_WS_GROUPS);
    let gather_groups = (q * p.cols).div_ceil(wg).clamp(1, MAX_PASS_GROUPS);
    let chunk_groups = (2 * plan.partials).clamp(1, MAX_WS_GROUPS);
    let mut iteration = vec![
        launch(candidates, 0, chunk_groups, wg, &[1, 2, 3, 6, 7]),
        launch(select, 0, 1, wg, &[1, 2, 3, 6, 7]),
    ];
    iteration.extend(
        (0..plan.blocks.len()).map(|k| launch(gather, k, gather_groups, wg, &[0, 5, 6, 7])),
    );
    iteration.extend(plan.blocks.iter().enumerate().map(|(k, blk)| {
        let tiles = q / 64;
        let groups = blk.rows.div_ceil(128).clamp(1, MAX_WS_GROUPS / tiles) * tiles;
        launch(rows, k, groups, wg, &[0, 4, 5, 6, 7])
    }));
    let block_groups = (q * q).div_ceil(wg).clamp(1, MAX_WS_GROUPS);
    iteration.push(launch(block, 0, block_groups, wg, &[4, 6, 7]));
    let solve_wg = smo_ws_solve_wg(q as u32) as usize;
    iteration.push(launch(solve, 0, 1, solve_wg, &[1, 2, 3, 6, 7]));
    iteration.push(launch(update, 0, update_groups, wg, &[1, 3, 4, 6, 7]));
    iteration
}

/// The set size the `working_set` strategy uses on `n` points of `cols` features: `requested`
/// (the device's [`smo_ws_q`](duet_core::KernelParams::smo_ws_q)), halved while its kernel
/// rows (`q · n` floats) or its features (`q · cols`) exceed one binding of `most` floats, or
/// the rows the device memory left (`memory_left` bytes, where the device reports it), down to
/// 64 (where the solve's checks then name what does not fit).
pub fn ws_set_size(
    requested: u32,
    n: usize,
    cols: usize,
    most: usize,
    memory_left: Option<u64>,
) -> usize {
    let fits = |q: usize| {
        q.saturating_mul(n.max(cols)) <= most && memory_left.is_none_or(|m| 4 * (q * n) as u64 <= m)
    };
    let mut q = requested.max(64) as usize;
    while q > 64 && !fits(q) {
        q /= 2;
    }
    q
}

/// Whether the `working_set` strategy keeps its kernel rows by point on `n` points with a set
/// of `q`: where the row cache ([`cache_slots`] of `cache_bytes`, `memory_bytes` and one
/// binding of `binding_bytes`) holds a row for every point and there are more points than a
/// set (with fewer, every point is in the first set and by place is the same work).
pub fn ws_rows_by_point(
    n: usize,
    q: usize,
    cache_bytes: Option<u64>,
    memory_bytes: Option<u64>,
    binding_bytes: u64,
) -> bool {
    n > q && cache_slots(n, cache_bytes, memory_bytes, binding_bytes) == n
}

/// The state a `working_set` selection starts from ([`select_working_set`]).
pub struct WsState<'a> {
    /// `+1.0` or `−1.0` per point.
    pub y: &'a [f64],
    /// α per point.
    pub alpha: &'a [f32],
    /// The gradient per point.
    pub g: &'a [f32],
    /// The box constraint C.
    pub c: f64,
    /// Per point, the stamp of the last iteration that put it in a set or keeps it there: a
    /// selection skips the points of its own stamp (the kept half).
    pub stamps: &'a [u32],
    /// The set's places, one per point of a set (the device's `smo_ws_q`; [`state::NONE`]
    /// where a place holds no point).
    pub places: &'a [u32],
    /// The iteration about to select (1 for the first): its stamp.
    pub iteration: u32,
}

/// What one `working_set` selection leaves on the device.
#[derive(Debug, Clone, PartialEq)]
pub struct WsSelection {
    /// The set's places after it.
    pub places: Vec<u32>,
    /// The stamps after it (the up side's points and the half the next iteration keeps
    /// carry new stamps).
    pub stamps: Vec<u32>,
    /// `Gmax` (the largest −y G over I_up).
    pub gmax: f32,
    /// `Gmax2` (the largest y G over I_low).
    pub gmax2: f32,
    /// The state's done word (0: the run goes on and the set was selected).
    pub done: u32,
}

/// Runs one selection of the `working_set` strategy on `dev` (an iteration's first two
/// launches, `smo_ws_candidates` and `smo_ws_select`) from `s`, with eps 10⁻³ and no step
/// limit, and reads back what it left: for tests that hold the device to the selection rule
/// (shaders/smo.wgsl's second header) at shapes and ties the solver seldom meets.
pub fn select_working_set(dev: &Device, s: &WsState<'_>) -> Result<WsSelection> {
    let rows = s.y.len();
    for (name, len) in [
        ("alpha", s.alpha.len()),
        ("g", s.g.len()),
        ("stamps", s.stamps.len()),
    ] {
        if len != rows {
            return Err(Error::shape(
                name,
                format!("{rows} values (one per label)"),
                format!("{len} values"),
            ));
        }
    }
    let q = dev.params().smo_ws_q as usize;
    if s.places.len() != q {
        return Err(Error::shape(
            "places",
            format!("{q} values"),
            format!("{} values", s.places.len()),
        ));
    }
    if s.iteration == 0 {
        return Err(Error::invalid("iteration", 0, "must be at least 1"));
    }
    if dev.info().backend == BackendKind::Cpu {
        return Err(Error::invalid(
            "device",
            dev.name(),
            "must be a GPU device (the CPU reference has no working-set kernels)",
        ));
    }
    let x = vec![0.0f32; rows];
    let p = Binary {
        x: &x,
        pick: None,
        on_device: None,
        rows,
        cols: 1,
        y: s.y,
        c: s.c,
        gamma: 1.0,
        eps: 1e-3,
        max_steps: u64::MAX,
    };
    let blocks = plan_matrix(
        rows,
        1,
        Layout::ColumnMajor,
        dev.info().max_binding_bytes,
        dev.params(),
    )?;
    let plan = ws_plan(&p, &blocks, q);
    let mut work = vec![0u32; ws_work_len(&plan)];
    work[..q].copy_from_slice(s.places);
    work[2 * q..2 * q + rows].copy_from_slice(s.stamps);
    let mut init_state = [0u32; state::WORDS];
    init_state[state::GATHER] = state::NONE;
    init_state[state::WS_ITER] = s.iteration - 1;
    let mut b = Buffers::upload(
        dev,
        &p,
        || dev.zeros(q * rows),
        q,
        WorkInit::Words(&work),
        &init_state,
        &smo_builds(&WS_ENTRIES[..2], &[]),
    )?;
    dev.write(&mut b.alpha, s.alpha)?;
    dev.write(&mut b.g, s.g)?;
    let launches = ws_iteration(dev.info().backend, &b, &plan, &[]);
    dev.backend().run_plan("svm_train", &launches[..2])?;
    let bits = |v: &Vector| -> Result<Vec<u32>> {
        Ok(dev.download(v)?.iter().map(|f| f.to_bits()).collect())
    };
    let (work, st) = (bits(&b.work)?, bits(&b.state)?);
    Ok(WsSelection {
        places: work[..q].to_vec(),
        stamps: work[2 * q..2 * q + rows].to_vec(),
        gmax: f32::from_bits(st[state::GMAX]),
        gmax2: f32::from_bits(st[state::GMAX2]),
        done: st[state::DONE],
    })
}

/// Rows of the kernel-row cache for `n` points: what `cache_bytes` holds (default
/// [`default_cache_bytes`] of the device's memory), within one binding, at least 2 and at most
/// `n` (then the whole kernel matrix fits).
pub fn cache_slots(
    n: usize,
    cache_bytes: Option<u64>,
    memory_bytes: Option<u64>,
    max_binding_bytes: u64,
) -> usize {
    let bytes = cache_bytes
        .unwrap_or_else(|| default_cache_bytes(memory_bytes))
        .min(max_binding_bytes);
    ((bytes / (4 * n.max(1) as u64)) as usize).clamp(2, n.max(2))
}

/// The row cache's size when the caller gives none: a quarter of the device's memory, at most
/// [`DEFAULT_CACHE_BYTES`] (that much where the memory is unknown). Neither wgpu nor OpenCL
/// reports free memory portably, so the fraction is of the total: X, the gradient and the
/// other buffers keep the rest.
pub fn default_cache_bytes(memory_bytes: Option<u64>) -> u64 {
    memory_bytes.map_or(DEFAULT_CACHE_BYTES, |m| (m / 4).min(DEFAULT_CACHE_BYTES))
}

/// The row cache's LRU list over `slots` slots, as the kernels keep it after the cache map in
/// `work`: `prev[slots]` then `next[slots]` ([`state::NONE`] at the ends), first the chain
/// 0 → 1 → … → slots − 1 (head 0, tail slots − 1: every slot empty, the tail filled first).
fn lru_links(slots: usize) -> Vec<u32> {
    let link = |s: Option<usize>| s.filter(|&s| s < slots).map_or(state::NONE, |s| s as u32);
    let prev = (0..slots).map(|s| link(s.checked_sub(1)));
    let next = (0..slots).map(|s| link(Some(s + 1)));
    prev.chain(next).collect()
}

/// The row cache's largest default size: 1 GiB (an H100 has 80 GiB; a software device's
/// binding limit caps it lower; see [`default_cache_bytes`]).
pub const DEFAULT_CACHE_BYTES: u64 = 1 << 30;

fn words_as_floats(w: &[u32]) -> Vec<f32> {
    w.iter().map(|&v| f32::from_bits(v)).collect()
}

/// The largest share of the device's memory X may take to be kept there for a whole training
/// ([`BinarySolver::upload_data`]): the rest is the problems' own (X of a pair, the kernel
/// rows, whose default budget is a quarter of the memory).
pub const DATA_SHARE: u64 = 8;

impl BinarySolver for DeviceSolver<'_> {
    /// X copied to the device as it is, while the gather kernel is built on another thread;
    /// `None` on the CPU reference and through wgpu (where packing each problem's points on
    /// the host stays faster: on an H200, Fashion-MNIST 7/9 trained in 0.057–0.059 s that way
    /// against 0.059–0.065 s gathering them, and four classes in the same time either way,
    /// BENCHMARKS.md, session 32), where X is larger than one binding or than 1/[`DATA_SHARE`]
    /// of the device's memory, or where the device has no room for it.
    fn upload_data(&mut self, x: &[f32], cols: usize) -> Result<Option<duet_core::Rows>> {
        let dev = self.device;
        let info = dev.info();
        let bytes = 4 * x.len() as u64;
        if matches!(info.backend, BackendKind::Cpu | BackendKind::Wgpu)
            || bytes > info.max_binding_bytes
            || info.memory_bytes.is_some_and(|m| bytes > m / DATA_SHARE)
        {
            return Ok(None);
        }
        let gather = [KernelBuild {
            stem: "gather",
            entry: "gather_rows",
            extra: Vec::new(),
        }];
        let (built, rows) = std::thread::scope(|s| {
            let built = s.spawn(|| dev.backend().prepare(&gather));
            let rows = dev.upload_rows(x, cols);
            (
                built
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e)),
                rows,
            )
        });
        built?;
        match rows {
            Ok(rows) => Ok(Some(rows)),
            Err(Error::TooLarge { .. } | Error::OutOfDeviceMemory { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn solve(&mut self, p: &Binary<'_>) -> Result<BinarySolution> {
        validate(p)?;
        let dev = self.device;
        if dev.info().backend == BackendKind::Cpu {
            // The reference is the CPU device's solver, timed as its ops are.
            let mut out = None;
            dev.backend()
                .run_on_host(&mut || out = Some(ReferenceSolver.solve(p)));
            return out
                .unwrap_or_else(|| Err(Error::execution("svm_train", "the host run did not run")));
        }
        if p.rows > u32::MAX as usize / 2 {
            return Err(Error::TooLarge {
                what: format!("the SVM solver's {} points (32-bit indices)", p.rows),
                needed: p.rows as u64,
                limit: u32::MAX as u64 / 2,
            });
        }
        let info = dev.info();
        // The same plan as the upload's: X's blocks of points, each with its column pitch.
        let blocks = plan_matrix(
            p.rows,
            p.cols,
            Layout::ColumnMajor,
            info.max_binding_bytes,
            dev.params(),
        )?;
        if !(p.gamma.is_finite() && p.gamma > 0.0 && (p.gamma as f32) > 0.0) {
            return Err(Error::invalid("gamma", p.gamma, "must be > 0 in f32"));
        }
        // X and the per-point vectors (labels, α, G and the working set's stamps) stay on the
        // device for the whole solve.
        let x_bytes: u64 = blocks
            .iter()
            .map(|b| 4 * b.elems(p.cols, Layout::ColumnMajor) as u64)
            .sum();
        let fixed = x_bytes + 16 * p.rows as u64;
        match self.strategy {
            SvmStrategy::Pair => self.solve_pair(p, &blocks, fixed),
            SvmStrategy::WorkingSet => self.solve_working_set(p, &blocks, fixed),
        }
    }

    fn name(&self) -> String {
        self.device.name().to_string()
    }
}

/// [`Error::TooLarge`] unless a vector of `len` floats (`what` names it) is one chunk on `dev`
/// (the kernels bind chunk 0 of each vector; see [`vector_chunk_elems`]).
pub(crate) fn one_binding(dev: &Device, what: impl FnOnce() -> String, len: usize) -> Result<()> {
    let most = vector_chunk_elems(dev.info().max_binding_bytes, dev.params());
    if len > most {
        return Err(Error::TooLarge {
            what: format!("{} (one binding)", what()),
            needed: 4 * len as u64,
            limit: 4 * most as u64,
        });
    }
    Ok(())
}

/// [`Error::TooLarge`] unless `needed` bytes fit the device's memory (where it reports it).
fn check_memory(dev: &Device, what: impl FnOnce() -> String, needed: u64) -> Result<()> {
    match dev.info().memory_bytes {
        Some(limit) if needed > limit => Err(Error::TooLarge {
            what: what(),
            needed,
            limit,
        }),
        _ => Ok(()),
    }
}

/// The `pair` strategy's entry points: the update pass, the pass that picks i, the final
/// launches of i and j (not where OpenCL fuses them into the passes) and the gather (X split).
const PAIR_ENTRIES: [&str; 5] = [
    "smo_pass_update",
    "smo_pass_i",
    "smo_final_i",
    "smo_final_j",
    "smo_gather",
];

impl DeviceSolver<'_> {
    /// The `pair` strategy: four launches a step (two on OpenCL while X is one binding), and
    /// a gather launch per block after each final launch when X is split. `fixed`: the bytes
    /// of X and the vectors.
    fn solve_pair(
        &mut self,
        p: &Binary<'_>,
        blocks: &[MatrixChunk],
        fixed: u64,
    ) -> Result<BinarySolution> {
        let dev = self.device;
        let params = dev.params();
        let wg = params.reduce_wg as usize;
        let info = dev.info();
        let slices = slices_for(p.cols, wg);
        let block_groups: Vec<usize> = blocks
            .iter()
            .map(|b| b.rows.div_ceil(wg / slices).clamp(1, MAX_PASS_GROUPS))
            .collect();
        let partials: usize = block_groups.iter().sum();
        let extra = vec![("SMO_SLICES", slices as u32)];
        let (cache_bytes, binding) = self.cache_budget(fixed);
        let slots = cache_slots(p.rows, cache_bytes, info.memory_bytes, binding);
        let cache = 4 * (slots * p.rows) as u64;
        one_binding(
            dev,
            || format!("two kernel rows of {} points (the row cache)", p.rows),
            slots * p.rows,
        )?;
        let work_len = 4 * partials + p.rows + 3 * slots;
        one_binding(
            dev,
            || format!("the solver's {work_len} words of partials and cache maps"),
            work_len,
        )?;
        one_binding(
            dev,
            || format!("the {} points' labels, α and gradient", p.rows),
            p.rows,
        )?;
        one_binding(
            dev,
            || format!("the two pivots' {} features", p.cols),
            2 * p.cols,
        )?;
        check_memory(
            dev,
            || {
                format!(
                    "the SVM problem of {} × {} with a row cache of {slots} rows",
                    p.rows, p.cols
                )
            },
            fixed + cache,
        )?;
        let plan = Plan {
            p,
            blocks,
            partials,
            map_base: 4 * partials,
            slots,
            // OpenCL finishes each pass in its last workgroup (two launches per step: its
            // launches cost more than wgpu's) when X is one binding; WGSL has no portable
            // device-wide fence for that and launches the final kernels (four per step).
            fused: info.backend == BackendKind::OpenCl && !split(blocks),
        };
        let mut init_state = [0u32; state::WORDS];
        init_state[state::I] = state::NONE;
        init_state[state::J] = state::NONE;
        init_state[state::SLOT_I] = 0;
        init_state[state::SLOT_J] = 1;
        init_state[state::HEAD] = 0;
        init_state[state::TAIL] = slots as u32 - 1;
        init_state[state::GATHER] = state::NONE;
        let mut work = vec![0u32; plan.map_base];
        work.resize(plan.map_base + p.rows + slots, state::NONE);
        work.extend(lru_links(slots));
        let [pass_update, pass_i, final_i, final_j, gather] = PAIR_ENTRIES;
        let used: Vec<&'static str> = PAIR_ENTRIES
            .into_iter()
            .filter(|&e| {
                if e == final_i || e == final_j {
                    !plan.fused
                } else {
                    e != gather || plan.split()
                }
            })
            .collect();
        let b = Buffers::upload(
            dev,
            p,
            || dev.zeros(slots * p.rows),
            2 * p.cols,
            WorkInit::Words(&work),
            &init_state,
            &smo_builds(&used, &extra),
        )?;
        // A launch of `entry` with the bindings it uses (OpenCL's kernels take them in this
        // order too), over X's block `block`.
        let launch = |entry: &'static str, block: usize, groups: usize, group_base: usize| {
            let uses: &[u32] = match entry {
                _ if entry == final_i => &[0, 5, 6, 7],
                _ if entry == gather => &[0, 5, 7],
                _ => &[0, 1, 2, 3, 4, 5, 6, 7],
            };
            KernelLaunch {
                stem: "smo",
                entry,
                extra: extra.clone(),
                groups: groups as u32,
                wg: wg as u32,
                binds: b
                    .binds(block)
                    .into_iter()
                    .filter(|(i, _)| uses.contains(i))
                    .collect(),
                args: plan.args(block, groups, group_base),
            }
        };
        // A pass: one launch per block, the partials side by side.
        let pass = |entry: &'static str| -> Vec<KernelLaunch<'_>> {
            let mut at = 0;
            (0..blocks.len())
                .map(|k| {
                    let l = launch(entry, k, block_groups[k], at);
                    at += block_groups[k];
                    l
                })
                .collect()
        };
        // A final launch, then (X split) the gather of the pivot it chose.
        let finish = |entry: &'static str| -> Vec<KernelLaunch<'_>> {
            let mut v = vec![launch(entry, 0, 1, 0)];
            if plan.split() {
                v.extend((0..blocks.len()).map(|k| launch(gather, k, 1, 0)));
            }
            v
        };
        // The first pivot from G = −1: an update pass with zero coefficients, then final_i.
        let mut init = pass(pass_update);
        let mut step = pass(pass_i);
        if !plan.fused {
            init.extend(finish(final_i));
            step.extend(finish(final_j));
        }
        step.extend(pass(pass_update));
        if !plan.fused {
            step.extend(finish(final_i));
        }
        dev.backend().run_plan("svm_train", &init)?;
        // A check's steps go in submissions of at most SUBMIT_STEPS, so the device starts on
        // the first while the host records the next.
        let per_submit = self.steps_per_check.min(SUBMIT_STEPS) as usize;
        let submits = (self.steps_per_check as usize).div_ceil(per_submit);
        let batch: Vec<KernelLaunch<'_>> = step
            .iter()
            .cycle()
            .take(step.len() * per_submit)
            .cloned()
            .collect();
        self.run_to_the_end(p, &batch, submits, &b)
    }

    /// The `working_set` strategy: six launches an iteration (the shader's second header),
    /// the gather and the rows pass one per block of X.
    fn solve_working_set(
        &mut self,
        p: &Binary<'_>,
        blocks: &[MatrixChunk],
        fixed: u64,
    ) -> Result<BinarySolution> {
        let dev = self.device;
        let info = dev.info();
        let q = ws_set_size(
            dev.params().smo_ws_q,
            p.rows,
            p.cols,
            vector_chunk_elems(info.max_binding_bytes, dev.params()),
            info.memory_bytes.map(|m| m.saturating_sub(fixed)),
        );
        // A set smaller than the table's is built as its own program.
        let mut extra = if q == dev.params().smo_ws_q as usize {
            Vec::new()
        } else {
            vec![("SMO_WS_Q", q as u32)]
        };
        // Where the row cache (the pair strategy's budget: the caller's bytes, else the
        // default within the memory X and the vectors leave) holds the whole kernel matrix,
        // the rows are kept by point: each point's row is computed the first time it enters
        // a set, where rows kept by place are computed whenever a point enters (on
        // Fashion-MNIST pairs about eight times per point, docs/svm-working-set.md).
        let (cache_bytes, binding) = self.cache_budget(fixed);
        let by_point = ws_rows_by_point(p.rows, q, cache_bytes, info.memory_bytes, binding);
        if by_point {
            extra.push(("SMO_WS_BY_POINT", 1));
        }
        let row_count = if by_point { p.rows } else { q };
        let rows_bytes = 4 * (row_count * p.rows) as u64;
        one_binding(
            dev,
            || {
                format!(
                    "{row_count} kernel rows of {} points (the working set's rows)",
                    p.rows
                )
            },
            row_count * p.rows,
        )?;
        one_binding(
            dev,
            || format!("the working set's {q} × {} features", p.cols),
            q * p.cols,
        )?;
        // work: the set, its coefficients, the stamp of the iteration that last put each
        // point in a set, the candidates workgroups' output and the set's kernel block.
        let plan = ws_plan(p, blocks, q);
        let work_len = ws_work_len(&plan);
        one_binding(
            dev,
            || {
                format!(
                    "the {} points' labels, α, gradient, stamps and candidates, and the set's {q} × {q} kernel block",
                    p.rows
                )
            },
            work_len,
        )?;
        check_memory(
            dev,
            || {
                format!(
                    "the SVM problem of {} × {} with {q} working-set rows",
                    p.rows, p.cols
                )
            },
            fixed + rows_bytes + 4 * (q * q) as u64,
        )?;
        let mut init_state = [0u32; state::WORDS];
        init_state[state::GATHER] = state::NONE;
        // Last problem's rows where they are enough; else they are freed before the new ones.
        let pooled = self.rows_pool.take();
        let rows_len = row_count * p.rows;
        let b = Buffers::upload(
            dev,
            p,
            || match pooled.filter(|v| v.len() >= rows_len) {
                Some(v) => Ok(v),
                None => dev.zeros(rows_len),
            },
            q * p.cols,
            WorkInit::Zeros(work_len),
            &init_state,
            &smo_builds(&WS_ENTRIES, &extra),
        )?;
        let iteration = ws_iteration(info.backend, &b, &plan, &extra);
        // A check's iterations: about as many pair updates as a check of the pair strategy
        // (an iteration makes up to smo_ws_inner(q)), in submissions of about SUBMIT_STEPS
        // launches.
        let per_check = (self.steps_per_check / 16).clamp(1, 64) as usize;
        let per_submit = per_check.min((SUBMIT_STEPS as usize / iteration.len()).max(1));
        let submits = per_check.div_ceil(per_submit);
        let batch: Vec<KernelLaunch<'_>> = iteration
            .iter()
            .cycle()
            .take(iteration.len() * per_submit)
            .cloned()
            .collect();
        let solution = self.run_to_the_end(p, &batch, submits, &b);
        drop(batch);
        drop(iteration);
        self.rows_pool = Some(b.cache);
        solution
    }

    /// The row cache's budget, for both strategies: the caller's bytes, else the default
    /// within the memory that X and the vectors (`fixed` bytes) leave; and the bytes one vector
    /// binding holds (a multiple of the chunk alignment).
    fn cache_budget(&self, fixed: u64) -> (Option<u64>, u64) {
        let info = self.device.info();
        let room = info.memory_bytes.map(|m| m.saturating_sub(fixed));
        let cache_bytes = self
            .cache_bytes
            .or_else(|| room.map(|r| default_cache_bytes(info.memory_bytes).min(r)));
        let binding = 4 * vector_chunk_elems(info.max_binding_bytes, self.device.params()) as u64;
        (cache_bytes, binding)
    }

    /// Submits `batch` `submits` times per check until the state says the run is over, then
    /// reads α and G back and computes rho and the objective.
    fn run_to_the_end(
        &mut self,
        p: &Binary<'_>,
        batch: &[KernelLaunch<'_>],
        submits: usize,
        b: &Buffers,
    ) -> Result<BinarySolution> {
        let dev = self.device;
        let (stop, steps, iterations, gap) = loop {
            for _ in 0..submits {
                dev.backend().run_plan("svm_train", batch)?;
            }
            let s: Vec<u32> = dev
                .download(&b.state)?
                .iter()
                .map(|v| v.to_bits())
                .collect();
            let steps = s[state::STEPS] as u64;
            let iterations = match self.strategy {
                SvmStrategy::Pair => steps,
                SvmStrategy::WorkingSet => s[state::WS_ITER] as u64,
            };
            let gap = f32::from_bits(s[state::GAP]) as f64;
            if let Some(f) = self.progress.as_mut() {
                f(steps, gap);
            }
            match s[state::DONE] {
                0 => continue,
                1 => break (Stop::Converged, steps, iterations, gap),
                2 => break (Stop::NoPair, steps, iterations, gap),
                3 => break (Stop::StepLimit, steps, iterations, gap),
                other => {
                    return Err(Error::execution(
                        "svm_train",
                        format!("the device state says done = {other}, which no kernel writes"),
                    ));
                }
            }
        };
        let alpha: Vec<f64> = dev.download(&b.alpha)?.iter().map(|&v| v as f64).collect();
        let g: Vec<f64> = dev.download(&b.g)?.iter().map(|&v| v as f64).collect();
        if let Some(t) = alpha.iter().chain(&g).position(|v| !v.is_finite()) {
            return Err(Error::execution(
                "svm_train",
                format!("the device returned a non-finite α or gradient (element {t})"),
            ));
        }
        let (rho, obj) = rho_and_objective(&alpha, &g, p.y, p.c);
        Ok(BinarySolution {
            alpha,
            rho,
            obj,
            steps,
            iterations,
            gap,
            stop,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_working_set_halves_until_its_rows_fit() {
        // 1 100 points: 1 024 rows need 1 126 400 floats.
        assert_eq!(ws_set_size(1024, 1100, 13, 1 << 21, None), 1024);
        assert_eq!(ws_set_size(1024, 1100, 13, 1 << 18, None), 128);
        assert_eq!(ws_set_size(256, 1100, 13, 1 << 18, None), 128);
        // Never below 64: the solve then says what does not fit.
        assert_eq!(ws_set_size(1024, 1100, 13, 1000, None), 64);
        // The memory left, where the device reports it.
        assert_eq!(
            ws_set_size(1024, 1100, 13, 1 << 21, Some(4 * 1100 * 300)),
            256
        );
        assert_eq!(ws_set_size(64, 1100, 13, 1 << 21, None), 64);
        // The set's features count too: 1 000 of them, 2^18 floats a binding.
        assert_eq!(ws_set_size(1024, 400, 1000, 1 << 18, None), 256);
    }

    #[test]
    fn working_set_rows_are_kept_by_point_where_the_kernel_matrix_fits() {
        const G: u64 = 1 << 30;
        // A Fashion-MNIST pair: 12 000² floats are 576 MB, within the default 1 GiB.
        assert!(ws_rows_by_point(12_000, 256, None, Some(80 * G), 2 * G));
        // 16 384² floats are 1 GiB exactly; 16 500² are more: by place.
        assert!(ws_rows_by_point(16_384, 256, None, Some(80 * G), 2 * G));
        assert!(!ws_rows_by_point(16_500, 256, None, Some(80 * G), 2 * G));
        // The caller's cache, or one binding, too small: by place.
        assert!(!ws_rows_by_point(
            12_000,
            256,
            Some(100 << 20),
            Some(80 * G),
            2 * G
        ));
        assert!(!ws_rows_by_point(
            12_000,
            256,
            None,
            Some(80 * G),
            128 << 20
        ));
        // No more points than a set: by place.
        assert!(!ws_rows_by_point(256, 256, None, None, 2 * G));
        assert!(ws_rows_by_point(300, 256, Some(4 * 300 * 300), None, 2 * G));
    }

    #[test]
    fn the_default_cache_is_a_quarter_of_the_memory_up_to_1_gib() {
        const G: u64 = 1 << 30;
        assert_eq!(default_cache_bytes(None), G);
        assert_eq!(default_cache_bytes(Some(80 * G)), G);
        assert_eq!(default_cache_bytes(Some(2 * G)), G / 2);
        // 1000 points: rows of 4000 bytes; the binding caps the default, the caller does not.
        assert_eq!(cache_slots(1000, None, Some(2 * G), 4_000_000), 1000);
        assert_eq!(cache_slots(10_000, None, Some(G), 40_000_000), 1000);
        assert_eq!(
            cache_slots(10_000, None, Some(64 << 20), G),
            16 * 1024 * 1024 / 40_000
        );
        assert_eq!(cache_slots(10_000, Some(8_000), None, G), 2);
    }

    #[test]
    fn the_lru_list_starts_as_one_chain() {
        let n = state::NONE;
        assert_eq!(lru_links(3), vec![n, 0, 1, 1, 2, n]);
        assert_eq!(lru_links(2), vec![n, 0, 1, n]);
    }
}
