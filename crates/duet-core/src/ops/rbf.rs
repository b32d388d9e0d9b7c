//! RBF kernel rows for SMO: for every point i of a `n × d` matrix X and two pivot rows `hi`
//! and `lo`,
//!
//! ```text
//! k_hi[i] = exp(-gamma * Σ_j (x[i,j] - x[hi,j])²)      k_lo[i] likewise with x[lo]
//! ```
//!
//! computed with the direct difference (never the norm expansion ‖x‖² + ‖y‖² − 2x·y, which
//! cancels). `k[i] = 1` exactly when row i equals the pivot; it underflows to 0 for far points
//! (a device that flushes subnormals to zero may return 0 where the reference has a subnormal).
//!
//! The variants are the rungs of the case study's optimisation ladder (seeds 002 and 004); each
//! stays runnable by name so a benchmark can show the ladder.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};
use crate::handle::Layout;
use crate::kernel_args::RbfParams;

/// The narrowest row-major matrix whose default rung is [`RbfVariant::RowLanes`]; narrower
/// rows take [`RbfVariant::RowMajor`], whose one row per work-item (no pivots to load, many
/// rows in flight) was the faster below 8 columns on an H200 through both backends (at
/// 256 MiB, 1–7 columns: 83–100 % of the read bound through wgpu, 77–89 % through OpenCL,
/// against 45–85 % and 41–77 %), and `row_lanes` from 8 (8–4096 columns: 70–92 % and
/// 49–83 %, where `row_major` fell to 11–53 %; BENCHMARKS.md, session 22).
pub const RBF_LANES_FROM_COLS: usize = 8;

/// The default rung for a row-major matrix of `cols` columns on a GPU backend (see
/// [`RBF_LANES_FROM_COLS`]).
pub fn default_row_major_rung(cols: usize) -> RbfVariant {
    if cols >= RBF_LANES_FROM_COLS {
        RbfVariant::RowLanes
    } else {
        RbfVariant::RowMajor
    }
}

/// The widest column-major rows whose default rung is [`RbfVariant::Vectorized`] at every
/// size ([`default_column_major_rung`]). Since its four points a work-item leave with one
/// `vec4` store an output (session 48), it beat the loop rung `column_major` (with its rows
/// a step) at 1–8 columns at every size measured on an H200, both backends (BENCHMARKS.md,
/// session 48; 16 MiB: ×1.02–1.21; 64 MiB: ×1.00–1.10; 1 and 2 GiB: OpenCL ×1.07–1.22,
/// wgpu ×1.03–1.15); at 1 column it moves what Triton's best kernel of the same traffic moves.
pub const RBF_VEC4_COLS: usize = 8;

/// The fewest elements (rows × columns) of a column-major matrix wider than
/// [`RBF_VEC4_COLS`] from which the default rung up to a backend's narrow bound is
/// [`RbfVariant::Vectorized`] rather than the loop rung `column_major`: 2²⁷ (512 MiB of X,
/// the geometric middle of the sizes measured). At 13–48 columns `vectorized` took
/// 0.89–0.99× `column_major`'s time at 1 and 2 GiB on an H200 through both backends (within
/// 3 % of `sliced`), but 0.95–1.07× at 64 MiB and 0.93–1.04× at 256 MiB, where it has fewer
/// work-items, each with more columns (BENCHMARKS.md, session 48).
pub const RBF_VEC4_ELEMS: usize = 1 << 27;

/// The default rung for a column-major matrix of `rows × cols` on a GPU backend whose loop
/// rung (`column_major`) reads up to `narrow_cols` columns: [`RbfVariant::Vectorized`] up to
/// [`RBF_VEC4_COLS`] columns, and up to `narrow_cols` from [`RBF_VEC4_ELEMS`] elements;
/// `column_major` up to `narrow_cols` below that; [`RbfVariant::Sliced`] above `narrow_cols`.
pub fn default_column_major_rung(rows: usize, cols: usize, narrow_cols: usize) -> RbfVariant {
    if cols <= RBF_VEC4_COLS || (cols <= narrow_cols && rows.saturating_mul(cols) >= RBF_VEC4_ELEMS)
    {
        RbfVariant::Vectorized
    } else if cols <= narrow_cols {
        RbfVariant::ColumnMajor
    } else {
        RbfVariant::Sliced
    }
}

/// The arguments of an RBF call besides the matrix and the outputs.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct RbfArgs {
    /// Row index of the first pivot, `x_hi`.
    pub hi: usize,
    /// Row index of the second pivot, `x_lo`.
    pub lo: usize,
    /// The RBF width parameter γ (finite, > 0).
    pub gamma: f32,
}

/// One rung of the RBF ladder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum RbfVariant {
    /// Listing 2: one work-item per point, row-major X; adjacent work-items read addresses `d`
    /// floats apart. Over a block of at most
    /// [`KernelParams::rbf_quad_pitch`](crate::KernelParams::rbf_quad_pitch) floats a row it
    /// runs `rbf_row_quad`, four consecutive rows a work-item read as whole `vec4`s
    /// ([`plan_rbf`]).
    RowMajor,
    /// Column-major X with a padded pitch: adjacent work-items read adjacent addresses.
    ColumnMajor,
    /// Column-major, four points per work-item with `vec4`/`float4` loads.
    Vectorized,
    /// Column-major, four points per work-item, the pivot rows staged in workgroup (local)
    /// memory tile by tile, both rows evaluated in the same pass over X.
    LocalMemory,
    /// Row-major X, each row split over a power of two of adjacent work-items (its lanes,
    /// [`KernelParams::rbf_row_lanes`](crate::KernelParams::rbf_row_lanes)): lane `l` reads
    /// the row's `vec4`s `l, l + lanes, …` (a warp reads adjacent addresses) against the
    /// pivots' in registers, and the lanes' sums are added pairwise. Not one of the case
    /// study's rungs: a row-major matrix read coalesced at every column count (`row_major`
    /// reads addresses `d` floats apart), in `rbf_lanes.wgsl` / `rbf_lanes.cl`.
    RowLanes,
    /// Column-major X, `local_memory`'s pass with each point's columns cut into a power of two
    /// of contiguous slices over that many work-items
    /// ([`KernelParams::rbf_slices_for`](crate::KernelParams::rbf_slices_for)), whose partial
    /// sums are added in slice order: enough work-items when a matrix has few points and many
    /// columns. Not one of the case study's rungs; in `rbf_sliced.wgsl` / `rbf_sliced.cl`.
    Sliced,
}

impl RbfVariant {
    /// Every rung, in ladder order.
    pub const ALL: [RbfVariant; 6] = [
        RbfVariant::RowMajor,
        RbfVariant::ColumnMajor,
        RbfVariant::Vectorized,
        RbfVariant::LocalMemory,
        RbfVariant::RowLanes,
        RbfVariant::Sliced,
    ];

    /// The layout the rung reads.
    pub fn layout(self) -> Layout {
        match self {
            RbfVariant::RowMajor | RbfVariant::RowLanes => Layout::RowMajor,
            _ => Layout::ColumnMajor,
        }
    }

    /// The rung's entry point (`rbf_<name>`) in its file ([`RbfVariant::stem`]).
    pub const fn entry(self) -> &'static str {
        match self {
            RbfVariant::RowMajor => "rbf_row_major",
            RbfVariant::ColumnMajor => "rbf_column_major",
            RbfVariant::Vectorized => "rbf_vectorized",
            RbfVariant::LocalMemory => "rbf_local_memory",
            RbfVariant::RowLanes => "rbf_row_lanes",
            RbfVariant::Sliced => "rbf_sliced",
        }
    }

    /// The kernel file (stem) the rung's entry point lives in: `rbf`, `rbf_lanes` for
    /// [`RbfVariant::RowLanes`] or `rbf_sliced` for [`RbfVariant::Sliced`] (each kept apart so
    /// that its changes leave the tuned entries of the other layout valid, see
    /// [`TunedOp::stems`](crate::tune::TunedOp::stems)). The pivot gather is always `rbf`'s.
    pub const fn stem(self) -> &'static str {
        match self {
            RbfVariant::RowLanes => "rbf_lanes",
            RbfVariant::Sliced => "rbf_sliced",
            _ => "rbf",
        }
    }

    /// Whether the rung's work-items each cover four points with `vec4` loads (it reads X as
    /// `vec4`s).
    pub const fn vec4(self) -> bool {
        matches!(
            self,
            RbfVariant::Vectorized | RbfVariant::LocalMemory | RbfVariant::Sliced
        )
    }

    /// The rung's name, as the CLI, the kernels' entry points (`rbf_<name>`) and reports use it.
    pub const fn name(self) -> &'static str {
        match self {
            RbfVariant::RowMajor => "row_major",
            RbfVariant::ColumnMajor => "column_major",
            RbfVariant::Vectorized => "vectorized",
            RbfVariant::LocalMemory => "local_memory",
            RbfVariant::RowLanes => "row_lanes",
            RbfVariant::Sliced => "sliced",
        }
    }
}

impl fmt::Display for RbfVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RbfVariant {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        RbfVariant::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| {
                let names = RbfVariant::ALL.map(RbfVariant::name).join(", ");
                Error::invalid("variant", s, format!("expected one of {names}"))
            })
    }
}

/// Checks an RBF call's arguments for a `rows × cols` matrix in `layout`; `out_lens` are the
/// lengths of the two output vectors.
pub fn validate(
    (rows, cols, layout): (usize, usize, Layout),
    args: &RbfArgs,
    variant: RbfVariant,
    out_lens: (usize, usize),
) -> Result<()> {
    let RbfArgs { hi, lo, gamma } = *args;
    if rows == 0 || cols == 0 {
        return Err(Error::invalid(
            "x",
            format!("{rows} × {cols}"),
            "the matrix needs at least one row and one column",
        ));
    }
    if rows > u32::MAX as usize || cols > u32::MAX as usize {
        return Err(Error::TooLarge {
            what: "rbf matrix rows or columns (count)".into(),
            needed: rows.max(cols) as u64,
            limit: u32::MAX as u64,
        });
    }
    for (name, idx) in [("hi", hi), ("lo", lo)] {
        if idx >= rows {
            return Err(Error::invalid(
                name,
                idx,
                format!("must be a row index below {rows}"),
            ));
        }
    }
    if !(gamma.is_finite() && gamma > 0.0) {
        return Err(Error::invalid("gamma", gamma, "must be finite and > 0"));
    }
    if variant.layout() != layout {
        return Err(Error::invalid(
            "variant",
            variant,
            format!("needs a {} matrix; x is {layout}", variant.layout()),
        ));
    }
    for (name, len) in [("out_hi", out_lens.0), ("out_lo", out_lens.1)] {
        if len != rows {
            return Err(Error::shape(
                name,
                format!("{rows} elements"),
                format!("{len} elements"),
            ));
        }
    }
    Ok(())
}

/// One launch of an RBF plan.
#[derive(Debug, Clone, PartialEq)]
pub struct RbfLaunch {
    /// The kernel file (stem) of the entry point: `rbf` or `rbf_lanes`
    /// ([`RbfVariant::stem`]).
    pub stem: &'static str,
    /// Entry point in `<stem>.wgsl` / `<stem>.cl`.
    pub entry: &'static str,
    /// Specialisation constants of the build (`row_lanes`: `RBF_LANES`, `RBF_ROW_VEC4`,
    /// `RBF_ROWS`, and `RBF_WG` where its workgroup is not the table's).
    pub extra: Vec<(&'static str, u32)>,
    /// Work-items per workgroup: `rbf_wg` of the rung's table, or for `row_lanes` over rows
    /// that do not start on 16 bytes [`KernelParams::rbf_lane_wg_for`](crate::KernelParams::rbf_lane_wg_for).
    pub wg: u32,
    /// The arguments (`groups` is the launch's workgroup count).
    pub args: RbfParams,
    /// Whether the entry point covers four points a work-item and writes them with one `vec4`
    /// store an output (it binds the outputs' `vec4` views): the `vec4` rungs
    /// ([`RbfVariant::vec4`]), and `row_major` over a block of at most
    /// [`KernelParams::rbf_quad_pitch`](crate::KernelParams::rbf_quad_pitch) floats a row,
    /// which runs `rbf_row_quad` (see [`plan_rbf`]).
    pub vec4: bool,
    /// How the entry point reads X's block.
    pub x_view: XView,
    /// What it binds: the gather reads the blocks holding the pivots; a rung launch reads a
    /// block of X (and, where [`pivots_from_x`], the blocks holding the pivots) and
    /// writes a chunk of each output.
    pub binds: RbfBinds,
}

/// How an [`RbfLaunch`] reads the block of X it covers (wgpu binds a view of the block's buffer
/// for each).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XView {
    /// As floats (the loop rungs; the gather reads its pivots' blocks so).
    Floats,
    /// As `vec4`s (the `vec4` rungs).
    Vec4s,
    /// Both: `vec4`s where a row, or four rows, are whole `vec4`s, floats elsewhere
    /// (`row_lanes`, `rbf_row_quad`).
    Both,
}

/// The data an [`RbfLaunch`] binds, by index into the matrix's blocks and the outputs' chunks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RbfBinds {
    /// `rbf_gather`: the blocks holding `x_hi` and `x_lo` (maybe the same).
    Gather {
        /// Block of `x_hi`.
        hi: usize,
        /// Block of `x_lo`.
        lo: usize,
    },
    /// A rung: X's block and the outputs' chunk (`span`), and where it reads the pivots.
    Rows {
        /// The block of X and the chunk of the outputs.
        span: crate::chunk::RowSpan,
        /// Where the pivots are read.
        pivots: PivotSource,
    },
}

/// Where a rung launch reads the pivots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PivotSource {
    /// The copy `rbf_gather` made, `[x_hi | x_lo]`, bound as both `x_hi` and `x_lo` and read
    /// as a row-major matrix of two rows `cols` apart (rows 0 and 1).
    Copy,
    /// The blocks of X holding `x_hi` and `x_lo` (maybe the same), at their own rows and
    /// pitches.
    Blocks {
        /// Block of `x_hi`.
        hi: usize,
        /// Block of `x_lo`.
        lo: usize,
    },
}

/// Whether an RBF call by `variant` on a matrix of `cols` columns reads the pivots straight
/// from the blocks of X holding them (no gather launch): `row_lanes` always (a row-major pivot
/// is one contiguous row), `local_memory` and `sliced` up to
/// [`KernelParams::rbf_pivot_cols`](crate::KernelParams::rbf_pivot_cols) columns (each
/// workgroup stages them with one scattered load a value), `row_major`, `column_major` and
/// `vectorized` up to
/// [`KernelParams::rbf_loop_pivot_cols`](crate::KernelParams::rbf_loop_pivot_cols) (0: never;
/// each pivot value a load inside their loop).
pub fn pivots_from_x(variant: RbfVariant, cols: usize, params: &crate::KernelParams) -> bool {
    match variant {
        RbfVariant::RowLanes => true,
        RbfVariant::LocalMemory | RbfVariant::Sliced => cols <= params.pivot_cols(),
        RbfVariant::RowMajor | RbfVariant::ColumnMajor | RbfVariant::Vectorized => {
            cols <= params.rbf_loop_pivot_cols as usize
        }
    }
}

/// Plans an RBF call on a matrix stored in `blocks` (`cols` columns, `layout`) with outputs in
/// `chunks`: the pivot gather (both pivots in one launch) unless the rung reads them from X
/// ([`pivots_from_x`]), then one launch of `variant` per
/// span of a block and an output chunk, each with at most `max_groups` workgroups of
/// `rbf_wg` of `params.for_rbf(variant)` (grid-stride loops cover the rest; `row_lanes` covers
/// `rbf_wg / lanes` rows a workgroup step, `sliced` `rbf_wg / slices` work-items of four
/// points, its slices chosen per launch by
/// [`KernelParams::rbf_slices_for`](crate::KernelParams::rbf_slices_for); `row_major` over a
/// block of at most [`KernelParams::rbf_quad_pitch`](crate::KernelParams::rbf_quad_pitch)
/// floats a row runs `rbf_row_quad`, four consecutive points a work-item,
/// [`RbfLaunch::vec4`]). The backends build
/// and launch the plan's kernels with that same table
/// ([`KernelParams::for_rbf`](crate::KernelParams::for_rbf)). A pivot row in no block is an
/// execution error (the plan's inputs disagree).
pub fn plan_rbf(
    blocks: &[crate::chunk::MatrixChunk],
    chunks: &[crate::chunk::VectorChunk],
    (cols, layout): (usize, Layout),
    args: &RbfArgs,
    variant: RbfVariant,
    params: &crate::KernelParams,
    max_groups: u32,
) -> Result<Vec<RbfLaunch>> {
    let params = &params.for_rbf(variant);
    // Workgroups of `wg` work-items covering `items`, at most `max_groups` (grid strides cover
    // the rest).
    let groups_for = |items: usize, wg: u32| {
        items
            .div_ceil(wg.max(1) as usize)
            .clamp(1, max_groups.max(1) as usize) as u32
    };
    let locate = |row: usize| {
        crate::chunk::locate_row(blocks, row)
            .ok_or_else(|| Error::execution("rbf_rows", format!("row {row} is in no block")))
    };
    let ((bh, rh), (bl, rl)) = (locate(args.hi)?, locate(args.lo)?);
    let layout_cm = u32::from(layout == Layout::ColumnMajor);
    // Where the pivots are, for the gather and for the rungs that read them from X.
    let pivots = RbfParams {
        cols: cols as u32,
        pivot_row: rh as u32,
        layout_cm,
        pivot_lo_row: rl as u32,
        pitch_lo: blocks[bl].pitch as u32,
        pitch_hi: blocks[bh].pitch as u32,
        ..Default::default()
    };
    let from_x = pivots_from_x(variant, cols, params);
    // The rungs that bind pivot rows read the gathered copy as two rows `cols` apart.
    let (rung_pivots, source) = if from_x {
        (pivots, PivotSource::Blocks { hi: bh, lo: bl })
    } else {
        let copy = RbfParams {
            pivot_row: 0,
            pitch_hi: cols as u32,
            pivot_lo_row: 1,
            pitch_lo: cols as u32,
            layout_cm: 0,
            ..pivots
        };
        (copy, PivotSource::Copy)
    };
    let mut out = Vec::new();
    if !from_x {
        out.push(RbfLaunch {
            stem: "rbf",
            entry: "rbf_gather",
            extra: Vec::new(),
            vec4: false,
            x_view: XView::Floats,
            wg: params.rbf_wg,
            args: RbfParams {
                pitch: blocks[bh].pitch as u32,
                groups: groups_for(2 * cols, params.rbf_wg),
                ..pivots
            },
            binds: RbfBinds::Gather { hi: bh, lo: bl },
        });
    }
    for s in crate::chunk::row_spans(blocks, chunks) {
        let rows = s.row_end - s.row_begin;
        // `row_lanes` over rows that do not start on 16 bytes may take its own workgroup
        // (rbf_lane_wg_for); its lanes, rows a step and grid follow from that one.
        let pitch = blocks[s.block].pitch;
        let wg = match variant {
            RbfVariant::RowLanes => params.rbf_lane_wg_for(cols, pitch),
            _ => params.rbf_wg,
        };
        let lp = crate::KernelParams {
            rbf_wg: wg,
            ..*params
        };
        let (lanes, lane_rows) = (lp.rbf_row_lanes(cols), lp.rbf_rows(cols));
        // `row_major` over rows of at most `rbf_quad_pitch` floats runs `rbf_row_quad`: four
        // consecutive rows a work-item, `pitch` vec4 loads, one vec4 store an output.
        let quad = variant == RbfVariant::RowMajor && pitch <= params.rbf_quad_pitch as usize;
        // The entry point, whether it writes four points a store, and how it reads X.
        let (entry, vec4, x_view) = match variant {
            _ if quad => ("rbf_row_quad", true, XView::Both),
            RbfVariant::RowLanes => (variant.entry(), false, XView::Both),
            v if v.vec4() => (v.entry(), true, XView::Vec4s),
            v => (v.entry(), false, XView::Floats),
        };
        let (items, extra) = match variant {
            _ if quad => (
                s.row_end.div_ceil(4) - s.row_begin / 4,
                vec![("RBF_QUAD_PITCH", pitch as u32)],
            ),
            RbfVariant::RowLanes => {
                let mut extra = vec![
                    ("RBF_LANES", lanes),
                    ("RBF_ROW_VEC4", u32::from(pitch.is_multiple_of(4))),
                    ("RBF_ROWS", lane_rows),
                ];
                if wg != params.rbf_wg {
                    extra.push(("RBF_WG", wg));
                }
                (rows * lanes as usize, extra)
            }
            _ if variant.vec4() => (s.row_end.div_ceil(4) - s.row_begin / 4, Vec::new()),
            RbfVariant::RowMajor | RbfVariant::ColumnMajor => {
                let r = params.rbf_loop_rows_for(layout, cols);
                (rows.div_ceil(r as usize), vec![("RBF_LOOP_ROWS", r)])
            }
            _ => (rows, Vec::new()),
        };
        let slices = match variant {
            RbfVariant::Sliced => params.rbf_slices_for(items, cols),
            _ => 0,
        };
        let g = match variant {
            RbfVariant::RowLanes => {
                groups_for(items, wg).min(lp.rbf_lane_groups_for(items, lanes, lane_rows))
            }
            RbfVariant::Sliced => groups_for(items * slices as usize, wg),
            RbfVariant::RowMajor | RbfVariant::ColumnMajor
                if !quad && params.rbf_loop_groups != 0 =>
            {
                groups_for(items, wg).min(params.rbf_loop_groups)
            }
            _ => groups_for(items, wg),
        };
        out.push(RbfLaunch {
            stem: variant.stem(),
            extra,
            wg,
            entry,
            vec4,
            x_view,
            args: RbfParams {
                pitch: blocks[s.block].pitch as u32,
                row_begin: s.row_begin as u32,
                row_end: s.row_end as u32,
                out_begin: s.out_begin as u32,
                groups: g,
                gamma: args.gamma,
                slices,
                ..rung_pivots
            },
            binds: RbfBinds::Rows {
                span: s,
                pivots: source,
            },
        });
    }
    Ok(out)
}

/// What rung `variant` launches over a `rows × cols` matrix in `layout`, held in one block, on
/// a device whose table is `params`, by name ([`plan_rbf`]'s plan; what a tuned entry's
/// [`Baseline`](crate::tune::Baseline) records of the defaults): the block's `pitch`,
/// `gather` (1 where the plan copies the pivots first, 0 where the rung reads them from X),
/// and the rung launch's `wg` (work-items a workgroup), `groups`, `slices`, `quad` (1 where
/// `row_major` runs `rbf_row_quad`) and each specialisation constant of its build
/// (`RBF_LANES`, `RBF_ROWS`, `RBF_ROW_VEC4`, `RBF_LOOP_ROWS`, `RBF_QUAD_PITCH`, `RBF_WG`) by
/// its lower-case name. Empty where the matrix cannot be planned (no rows, or a pitch or a
/// count past `u32`). Planned with [`MAX_GROUPS`](crate::params::MAX_GROUPS) workgroups a
/// dimension at most, the cap of both backends.
pub fn launch_facts(
    params: &crate::KernelParams,
    variant: RbfVariant,
    (rows, cols, layout): (usize, usize, Layout),
) -> std::collections::BTreeMap<String, u32> {
    let planned = || -> Option<std::collections::BTreeMap<String, u32>> {
        let blocks = crate::chunk::plan_matrix(rows, cols, layout, u64::MAX, params).ok()?;
        u32::try_from(blocks.first()?.pitch).ok()?;
        let chunks = [crate::chunk::VectorChunk {
            start: 0,
            len: rows,
        }];
        let args = RbfArgs {
            hi: 0,
            lo: rows.min(2).saturating_sub(1),
            gamma: 1.0,
        };
        let plan = plan_rbf(
            &blocks,
            &chunks,
            (cols, layout),
            &args,
            variant,
            params,
            crate::params::MAX_GROUPS,
        )
        .ok()?;
        let gather = plan
            .iter()
            .any(|l| matches!(l.binds, RbfBinds::Gather { .. }));
        let rung = plan
            .iter()
            .find(|l| matches!(l.binds, RbfBinds::Rows { .. }))?;
        let mut facts: std::collections::BTreeMap<String, u32> = [
            ("pitch", rung.args.pitch),
            ("gather", u32::from(gather)),
            ("wg", rung.wg),
            ("groups", rung.args.groups),
            ("slices", rung.args.slices),
            ("quad", u32::from(rung.entry == "rbf_row_quad")),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        for (name, v) in &rung.extra {
            facts.insert(name.to_lowercase(), *v);
        }
        Some(facts)
    };
    planned().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chunk::{MatrixChunk, VectorChunk};

    /// A column-major matrix of 300 rows in two blocks (200 + 100 rows, pitches 256 and 128),
    /// outputs in one chunk; pivots in different blocks.
    fn two_blocks() -> (Vec<MatrixChunk>, Vec<VectorChunk>) {
        let blocks = vec![
            MatrixChunk {
                row_start: 0,
                rows: 200,
                pitch: 256,
            },
            MatrixChunk {
                row_start: 200,
                rows: 100,
                pitch: 128,
            },
        ];
        (blocks, vec![VectorChunk { start: 0, len: 300 }])
    }

    /// The loop rungs cover `rbf_loop_rows` rows a work-item a step (by layout and columns when
    /// automatic), build with it as `RBF_LOOP_ROWS` and launch that many times fewer
    /// work-items, at most `rbf_loop_groups` workgroups; the other rungs take neither.
    #[test]
    fn the_loop_rungs_take_rows_a_step_and_their_group_cap() {
        let args = RbfArgs {
            hi: 0,
            lo: 1,
            gamma: 0.5,
        };
        let one_block = |rows: usize, pitch: usize| {
            (
                vec![MatrixChunk {
                    row_start: 0,
                    rows,
                    pitch,
                }],
                vec![VectorChunk {
                    start: 0,
                    len: rows,
                }],
            )
        };
        let p = crate::KernelParams::DEFAULT;
        let launch = |p: &crate::KernelParams, layout, cols, variant| {
            let (blocks, chunks) = match layout {
                Layout::ColumnMajor => one_block(100_000, 100_032),
                Layout::RowMajor => one_block(100_000, cols),
            };
            let plan = plan_rbf(&blocks, &chunks, (cols, layout), &args, variant, p, 65535)
                .expect("a plan");
            let l = plan.last().expect("a launch").clone();
            let rows = l.extra.iter().find(|e| e.0 == "RBF_LOOP_ROWS").map(|e| e.1);
            (rows, l.args.groups)
        };
        let (cm, rm) = (Layout::ColumnMajor, Layout::RowMajor);
        let groups = |r: usize| 100_000usize.div_ceil(r).div_ceil(256) as u32;
        // Narrow row-major rows run the loop only with the quads off (see the next test).
        let no_quad = p
            .with_assignments(&["rbf_quad_pitch=0".to_string()])
            .expect("valid");
        for (layout, cols, r) in [
            (cm, 1, 4),
            (cm, 3, 4),
            (cm, 4, 2),
            (cm, 7, 2),
            (cm, 8, 1),
            (rm, 2, 2),
            (rm, 5, 2),
            (rm, 6, 1),
        ] {
            let v = match layout {
                Layout::ColumnMajor => RbfVariant::ColumnMajor,
                Layout::RowMajor => RbfVariant::RowMajor,
            };
            assert_eq!(p.rbf_loop_rows_for(layout, cols), r, "{layout:?} {cols}");
            assert_eq!(
                launch(&no_quad, layout, cols, v),
                (Some(r), groups(r as usize))
            );
        }
        let set = p
            .with_assignments(&[
                "rbf_loop_rows=2".to_string(),
                "rbf_loop_groups=7".to_string(),
            ])
            .expect("valid");
        assert_eq!(p.rbf_loop_rows_for(rm, 1), 4);
        assert_eq!(
            launch(&no_quad, rm, 1, RbfVariant::RowMajor),
            (Some(4), groups(4))
        );
        assert_eq!(launch(&set, cm, 1, RbfVariant::ColumnMajor), (Some(2), 7));
        assert_eq!(launch(&set, rm, 300, RbfVariant::RowMajor), (Some(2), 7));
        // Fewer rows than the cap fills: the rows' own count.
        let few = p
            .with_assignments(&["rbf_loop_groups=60000".to_string()])
            .expect("valid");
        assert_eq!(
            launch(&few, cm, 20, RbfVariant::ColumnMajor),
            (Some(1), groups(1))
        );
        for v in [
            RbfVariant::Vectorized,
            RbfVariant::Sliced,
            RbfVariant::LocalMemory,
        ] {
            assert_eq!(launch(&set, cm, 1, v).0, None, "{v}");
        }
        assert!(
            p.with_assignments(&["rbf_loop_rows=3".to_string()])
                .expect_err("3 is not allowed")
                .to_string()
                .contains("1, 2 or 4")
        );
    }

    /// `row_major` over rows of at most `rbf_quad_pitch` floats runs `rbf_row_quad`, four
    /// consecutive rows a work-item (a work-item a quad of the span, the pitch its build's
    /// `RBF_QUAD_PITCH`), binding X both ways and the outputs as `vec4`s, whatever the loop's
    /// settings; wider rows, and every row with 0, the loop rung.
    #[test]
    fn narrow_row_major_rows_run_four_rows_a_work_item() {
        let args = RbfArgs {
            hi: 0,
            lo: 1,
            gamma: 0.5,
        };
        let plan = |q: &crate::KernelParams, cols: usize| {
            // Rows 3..100 003 of a block (the span starts inside a quad).
            let blocks = vec![MatrixChunk {
                row_start: 0,
                rows: 100_003,
                pitch: cols,
            }];
            let chunks = vec![
                VectorChunk { start: 0, len: 3 },
                VectorChunk {
                    start: 3,
                    len: 100_000,
                },
            ];
            let l = plan_rbf(
                &blocks,
                &chunks,
                (cols, Layout::RowMajor),
                &args,
                RbfVariant::RowMajor,
                q,
                65535,
            )
            .expect("a plan");
            l.last().expect("a launch").clone()
        };
        let p = crate::KernelParams::DEFAULT;
        let loop_set = p
            .with_assignments(&[
                "rbf_loop_rows=2".to_string(),
                "rbf_loop_groups=7".to_string(),
            ])
            .expect("valid");
        for q in [&p, &loop_set] {
            for cols in 1..=crate::params::RBF_QUAD_MAX_PITCH {
                let l = plan(q, cols);
                if cols <= q.rbf_quad_pitch as usize {
                    assert_eq!(
                        (l.entry, l.vec4, l.x_view),
                        ("rbf_row_quad", true, XView::Both),
                        "{cols}"
                    );
                    assert_eq!(l.extra, [("RBF_QUAD_PITCH", cols as u32)]);
                    // Quads 0..25 001 of the block; the span is rows 3..100 003.
                    assert_eq!((l.args.row_begin, l.args.row_end), (3, 100_003));
                    assert_eq!(l.args.groups, 25_001usize.div_ceil(256) as u32);
                } else {
                    assert_eq!(
                        (l.entry, l.vec4, l.x_view),
                        ("rbf_row_major", false, XView::Floats),
                        "{cols}"
                    );
                }
            }
        }
        let none = p
            .with_assignments(&["rbf_quad_pitch=0".to_string()])
            .expect("valid");
        assert_eq!(plan(&none, 1).entry, "rbf_row_major");
        assert_eq!(plan(&p, 5).entry, "rbf_row_major");
        let eight = p
            .with_assignments(&["rbf_quad_pitch=8".to_string()])
            .expect("valid");
        assert_eq!(plan(&eight, 8).entry, "rbf_row_quad");
        let err = p
            .with_assignments(&["rbf_quad_pitch=9".to_string()])
            .expect_err("past the widest pitch")
            .to_string();
        assert!(
            err.contains("rbf_quad_pitch") && err.contains("0 (never) to 8"),
            "{err}"
        );
    }

    #[test]
    fn the_rungs_read_the_pivots_from_x_or_from_the_gathered_copy() {
        let (blocks, chunks) = two_blocks();
        let args = RbfArgs {
            hi: 250,
            lo: 7,
            gamma: 0.5,
        };
        let every = crate::KernelParams::DEFAULT;
        let narrow = every
            .with_assignments(&["rbf_pivot_cols=8".to_string()])
            .unwrap();
        let in_loop = every
            .with_assignments(&["rbf_loop_pivot_cols=8".to_string()])
            .unwrap();
        let copy = every
            .with_assignments(&["rbf_loop_pivot_cols=0".to_string()])
            .unwrap();
        for (p, cols) in [
            (every, 10),
            (every, 256),
            (every, 257),
            (every, 5000),
            (copy, 1),
            (copy, 10),
            (narrow, 8),
            (narrow, 9),
            (in_loop, 8),
            (in_loop, 9),
        ] {
            for variant in RbfVariant::ALL {
                let plan = plan_rbf(
                    &blocks,
                    &chunks,
                    (cols, Layout::ColumnMajor),
                    &args,
                    variant,
                    &p,
                    1024,
                )
                .unwrap();
                let from_x = pivots_from_x(variant, cols, &p);
                let staging = matches!(variant, RbfVariant::LocalMemory | RbfVariant::Sliced);
                let looping = !staging && variant != RbfVariant::RowLanes;
                assert_eq!(
                    from_x,
                    variant == RbfVariant::RowLanes
                        || (staging && cols <= p.pivot_cols())
                        || (looping && cols <= p.rbf_loop_pivot_cols as usize),
                    "{variant:?} {cols}"
                );
                // 0 has the loop rungs read the copy at every width.
                if looping && p.rbf_loop_pivot_cols == 0 {
                    assert!(!from_x, "{variant:?}");
                }
                let gathers = plan.iter().filter(|l| l.entry == "rbf_gather").count();
                assert_eq!(gathers, usize::from(!from_x), "{variant:?} {cols}");
                let rungs: Vec<_> = plan.iter().filter(|l| l.entry != "rbf_gather").collect();
                assert_eq!(rungs.len(), 2, "{variant:?}: one launch a block");
                for l in rungs {
                    let RbfBinds::Rows { pivots, .. } = l.binds else {
                        panic!("{variant:?}: a rung binds rows");
                    };
                    let a = l.args;
                    let at = (
                        a.pivot_row,
                        a.pitch_hi,
                        a.pivot_lo_row,
                        a.pitch_lo,
                        a.layout_cm,
                    );
                    if from_x {
                        // x_hi (row 250) is row 50 of block 1, x_lo row 7 of block 0: each with
                        // the pitch of its own block, whichever block the launch covers.
                        assert_eq!(pivots, PivotSource::Blocks { hi: 1, lo: 0 });
                        assert_eq!(at, (50, 128, 7, 256, 1), "{variant:?}");
                    } else {
                        // The copy [x_hi | x_lo], read as two rows `cols` apart.
                        assert_eq!(pivots, PivotSource::Copy);
                        assert_eq!(at, (0, cols as u32, 1, cols as u32, 0), "{variant:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn row_lanes_over_unaligned_rows_build_and_launch_their_own_workgroup() {
        // 33 columns, 1 000 rows unpadded (pitch 33) in one block, or padded to 36.
        let run = |pitch: usize, p: &crate::KernelParams| {
            let blocks = vec![crate::chunk::MatrixChunk {
                row_start: 0,
                rows: 1000,
                pitch,
            }];
            let chunks = vec![VectorChunk {
                start: 0,
                len: 1000,
            }];
            let args = RbfArgs {
                hi: 3,
                lo: 999,
                gamma: 0.5,
            };
            let plan = plan_rbf(
                &blocks,
                &chunks,
                (33, Layout::RowMajor),
                &args,
                RbfVariant::RowLanes,
                p,
                1024,
            )
            .unwrap();
            assert_eq!(plan.len(), 1);
            plan.into_iter().next().unwrap()
        };
        let own = crate::KernelParams::DEFAULT
            .with_assignments(&["rbf_lane_wg_unaligned=128".into()])
            .unwrap();
        let l = run(33, &own);
        assert_eq!(l.wg, 128);
        assert!(l.extra.contains(&("RBF_WG", 128)));
        assert!(l.extra.contains(&("RBF_LANES", 4)));
        // 4 lanes: 32 rows a workgroup step, 1 000 rows × 4 lanes in 128-item workgroups.
        assert_eq!(l.args.groups, 32);
        // Aligned rows, or the parameter unresolved: the table's rbf_wg, no RBF_WG of its own.
        for l in [run(36, &own), run(33, &crate::KernelParams::DEFAULT)] {
            assert_eq!(l.wg, 256);
            assert!(!l.extra.iter().any(|e| e.0 == "RBF_WG"));
            assert_eq!(l.args.groups, 16);
        }
    }
}
