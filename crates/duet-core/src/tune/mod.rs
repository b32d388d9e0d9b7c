//! Tuned parameters (seed 003): which parameters each tunable op's kernels depend on and the
//! values the tuner tries ([`TunedOp`], [`TunedOp::space`]), the shape buckets a tuned choice
//! applies to ([`Bucket`]), and the persistent cache of tuned choices ([`cache`]) a
//! [`Device`](crate::Device) reads at open and consults at every call ([`Tuning`]).
//!
//! Lookup order for a call: the user's cache file for this device ([`cache::cache_dir`]), then
//! the built-in database compiled into the library ([`builtin`]), then the device's own
//! parameter table (the built-in defaults and each backend's automatic rules). `DUET_TUNE=off`
//! skips the first two.

pub mod auto;
pub mod builtin;
pub mod cache;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::handle::Layout;
use crate::params::KernelParams;

/// The ops whose parameters are tuned, each with the kernel file (stem) whose source hash keys
/// its cache entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TunedOp {
    /// The read kernel (Σ v).
    Read,
    /// Arg-min / arg-max, masked or not (one entry covers all four).
    Argext,
    /// RBF kernel rows: the rung and its parameters.
    Rbf,
    /// The logistic-regression gradient: the strategy and its parameters.
    Logreg,
}

/// One axis of an op's search space: a parameter of [`KernelParams`] (by field name) and the
/// values the tuner tries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Axis {
    /// The field name ([`KernelParams::set`] takes it).
    pub param: &'static str,
    /// The candidate values (the built-in default need not be among them: the tuner always
    /// measures the defaults too).
    pub values: &'static [u32],
}

impl TunedOp {
    /// Every tunable op.
    pub const ALL: [TunedOp; 4] = [
        TunedOp::Read,
        TunedOp::Argext,
        TunedOp::Rbf,
        TunedOp::Logreg,
    ];

    /// `read`, `argext`, `rbf` or `logreg`: the registry's family names.
    pub const fn name(self) -> &'static str {
        match self {
            TunedOp::Read => "read",
            TunedOp::Argext => "argext",
            TunedOp::Rbf => "rbf",
            TunedOp::Logreg => "logreg",
        }
    }

    /// What the op's defaults launch at `shape` on a device whose table is `p` and whose own
    /// variant there is `variant`, where rules in Rust code derive it from the table and the
    /// shape, by name (what [`Baseline`] records besides the table's values). The logistic
    /// gradient's register pass: the row pitch ([`row_pitch`](crate::chunk::row_pitch)),
    /// whether the pass holds a row in registers, takes four rows a work-item, how many rows a
    /// step and lanes a row, whether it is pipelined, and its most workgroups
    /// ([`KernelParams::partial_rps`] and the rules beside it). RBF rows: the plan of rung
    /// `variant` over the shape ([`launch_facts`](crate::ops::rbf::launch_facts)). Empty for
    /// the reductions, and for RBF rows without a variant or with a name that is not a rung.
    pub fn launch(
        self,
        p: &KernelParams,
        variant: Option<&str>,
        shape: Shape,
    ) -> BTreeMap<String, u32> {
        match self {
            TunedOp::Logreg => {
                let cols = shape.cols;
                let pitch = crate::chunk::row_pitch(cols, p);
                [
                    ("pitch", pitch.min(u32::MAX as usize) as u32),
                    ("registers", u32::from(p.partial_in_registers(cols))),
                    ("quad", u32::from(p.partial_quad(cols, pitch))),
                    ("rows_a_step", p.partial_rps(cols, pitch)),
                    ("lanes", p.partial_reg_lanes(cols)),
                    ("pipelined", u32::from(p.partial_pipelined(cols))),
                    ("groups", p.pass_max_groups(cols, pitch)),
                ]
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect()
            }
            TunedOp::Rbf => variant
                .and_then(|name| name.parse::<crate::RbfVariant>().ok())
                .map_or_else(BTreeMap::new, |v| {
                    crate::ops::rbf::launch_facts(p, v, (shape.rows, shape.cols, shape.layout))
                }),
            TunedOp::Read | TunedOp::Argext => BTreeMap::new(),
        }
    }

    /// Whether the op's kernels or launch plans read the parameter `name` (a field of
    /// [`KernelParams`]), by the table's naming: `reduce_*` (and `arg_*` for the
    /// arg-extremes), `rbf_*`, `logreg_*`, and for the matrix ops the storage's `row_pad*` and
    /// `pitch_align`. What [`Baseline`] records.
    pub fn reads(self, name: &str) -> bool {
        let storage = name.starts_with("row_pad") || name == "pitch_align";
        match self {
            TunedOp::Read => name.starts_with("reduce_"),
            TunedOp::Argext => name.starts_with("reduce_") || name.starts_with("arg_"),
            TunedOp::Rbf => name.starts_with("rbf_") || storage,
            TunedOp::Logreg => name.starts_with("logreg_") || storage,
        }
    }

    /// The op named `name` (a family name), or an error listing the names.
    pub fn parse(name: &str) -> Result<TunedOp> {
        Self::ALL
            .into_iter()
            .find(|o| o.name() == name)
            .ok_or_else(|| {
                Error::invalid(
                    "op",
                    name,
                    format!(
                        "not a tunable op; expected one of {}",
                        Self::ALL.map(|o| o.name()).join(", ")
                    ),
                )
            })
    }

    /// The kernel file (stem) the op's kernels live in: `shaders/<stem>.wgsl`,
    /// `kernels/<stem>.cl`.
    pub const fn stem(self) -> &'static str {
        self.name()
    }

    /// The kernel files (stems) whose sources key the op's entries for matrices in `layout`
    /// ([`TunedOp::source_hash`]): the files of the kernels its candidates run. RBF on a
    /// row-major matrix also runs the `row_lanes` rung of `rbf_lanes`, on a column-major one
    /// the `sliced` rung of `rbf_sliced`, so a change in either file leaves the other layout's
    /// entries valid.
    pub const fn stems(self, layout: Layout) -> &'static [&'static str] {
        match (self, layout) {
            (TunedOp::Read, _) => &["read"],
            (TunedOp::Argext, _) => &["argext"],
            (TunedOp::Rbf, Layout::RowMajor) => &["rbf", "rbf_lanes"],
            (TunedOp::Rbf, Layout::ColumnMajor) => &["rbf", "rbf_sliced"],
            (TunedOp::Logreg, _) => &["logreg"],
        }
    }

    /// The hash that keys the op's entries for matrices in `layout` on a backend whose kernel
    /// sources `source_of` gives: [`source_hash`] of its [`TunedOp::stems`]' sources one after
    /// the other (for one stem, the hash of its source), or `None` where the backend lacks one.
    pub fn source_hash(
        self,
        layout: Layout,
        source_of: &dyn Fn(&str) -> Option<&'static str>,
    ) -> Option<String> {
        let mut text = String::new();
        for stem in self.stems(layout) {
            text.push_str(source_of(stem)?);
        }
        Some(source_hash(&text))
    }

    /// The parameters the op's kernels and launch plans read, with the values the tuner tries.
    /// Every value is one [`KernelParams::set`] accepts; whether a device can run it is checked
    /// per device by [`KernelParams::validate`] (candidates that fail are skipped with its
    /// message). The op's variants (rungs, strategies) are the remaining axis, from the
    /// registry.
    pub const fn space(self) -> &'static [Axis] {
        const fn axis(param: &'static str, values: &'static [u32]) -> Axis {
            Axis { param, values }
        }
        const WG: &[u32] = &[64, 128, 256, 512, 1024];
        // Workgroups of a logistic pass: 2, 3, 4, 16 and 32 a compute unit on a 132-unit GPU,
        // and 1 024. Three (396) is what OpenCL runs a pass of four `vec4`s a lane at
        // (`logreg_full_groups`), two (264, half of `logreg_max_groups`) a pass over wide rows
        // (`KernelParams::partial_wide`).
        const GROUPS: &[u32] = &[264, 396, 528, 1024, 2112, 4224];
        const REDUCE: &[Axis] = &[
            axis("reduce_wg", WG),
            axis("reduce_unroll", &[1, 2, 4, 8, 16]),
            axis("reduce_max_groups", GROUPS),
        ];
        const RBF: &[Axis] = &[
            axis("rbf_wg", WG),
            axis("rbf_unroll", &[1, 2, 4, 8]),
            axis("rbf_tile", &[512, 1024, 2048, 4096]),
            axis("rbf_lane_cols", &[4, 8, 16]),
            axis("rbf_lane_rows", &[1, 2, 4]),
            // 0: by rows (KernelParams::rbf_lane_groups_for), the default.
            axis("rbf_lane_groups", &[0, 264, 528, 1056, 2112, 4224, 8448]),
            // The rung's workgroup over rows that do not start on 16 bytes (rbf_wg elsewhere).
            axis("rbf_lane_wg_unaligned", WG),
            // The slices' fill, not a slice count: a count right for the bucket's tuned shape
            // is wrong for its larger sizes (16 slices tuned at 4 MiB, 127 columns, ran
            // 0.72× the defaults at 64 MiB on an H200; session 25).
            axis("rbf_slice_fill", &[32, 64, 128, 256]),
            axis("rbf_sliced_wg", WG),
            axis("rbf_sliced_unroll", &[1, 2, 4, 8]),
            // The loop rungs' pivots: the gathered copy (a launch before the rung) or X's
            // blocks (a load each inside the loop) up to 256 columns (the default) or at every
            // width of a bucket.
            axis("rbf_loop_pivot_cols", &[0, 256, 1 << 16]),
            // Rows a work-item of the loop rungs covers a step (0, by columns, the default).
            axis("rbf_loop_rows", &[1, 2, 4]),
            // `row_major`'s four rows a work-item never or up to 8 floats a row: as an entry
            // serves one column bucket, "off" or "on" for every width it holds.
            axis("rbf_quad_pitch", &[0, 8]),
        ];
        const LOGREG: &[Axis] = &[
            axis("logreg_wg", WG),
            axis("logreg_rps", &[1, 2]),
            axis("logreg_max_groups", GROUPS),
            // Rows of an unaligned width in blocks or interleaved over their lanes: the H100
            // and the H200 disagree (BENCHMARKS.md, sessions 12 and 26).
            axis("logreg_interleave", &[1, 2]),
            // The four-rows-a-work-item pass up to 1 float, up to 8, or never: as an entry
            // serves one column bucket, these say "on" or "off" for every width it holds.
            axis("logreg_quad_pitch", &[1, 8, 9]),
            // The register-resident pass pipelined or not: through OpenCL on an H200 it was
            // 18 % faster at 33 columns and 11–21 % slower at 13, 127, 777 and 1 000
            // (BENCHMARKS.md, session 30).
            axis("logreg_pipeline", &[1, 2]),
            // The last workgroup sums one, two or four 32-column tiles of the partial slots
            // (wider passes: a reduce launch). On an H200 the finish won through OpenCL at
            // 33–64 columns and lost from 100; through wgpu it never won (BENCHMARKS.md,
            // session 31).
            axis("logreg_finish_cols", &[32, 64, 128, 256]),
        ];
        match self {
            TunedOp::Read | TunedOp::Argext => REDUCE,
            TunedOp::Rbf => RBF,
            TunedOp::Logreg => LOGREG,
        }
    }
}

/// The RBF rungs whose kernels or launch plans read the parameter `name`, where only some do
/// (`None`: every rung, or not an RBF parameter): the tiles of `local_memory` and `sliced`
/// (`rbf_tile`, `rbf_unroll`, `rbf_pivot_cols`; `sliced` takes `rbf_unroll` while its own is
/// unresolved), `sliced`'s slices, workgroup and unroll, the lanes of `row_lanes` (and their
/// shuffles' span), the loop rungs' pivots from X (`row_major`, `column_major`, `vectorized`)
/// and rows a step and workgroups (`row_major`, `column_major`), `row_major`'s four rows a
/// work-item (`rbf_quad_pitch`). The one list both the tuner's
/// axes ([`TunedOp::axes_for`]) and a stamped entry's baseline ([`Baseline::differences`])
/// follow.
pub fn rbf_param_rungs(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "rbf_tile" | "rbf_unroll" | "rbf_pivot_cols" => &["local_memory", "sliced"],
        "rbf_slices" | "rbf_slice_fill" | "rbf_sliced_wg" | "rbf_sliced_unroll" => &["sliced"],
        "rbf_lane_cols"
        | "rbf_lane_rows"
        | "rbf_lane_groups"
        | "rbf_lane_wg_unaligned"
        | "rbf_span" => &["row_lanes"],
        "rbf_loop_pivot_cols" => &["row_major", "column_major", "vectorized"],
        "rbf_loop_rows" | "rbf_loop_groups" => &["row_major", "column_major"],
        "rbf_quad_pitch" => &["row_major"],
        _ => return None,
    })
}

impl TunedOp {
    /// The axes of [`TunedOp::space`] that the kernels of `variant` read (`None`: the op has
    /// no variants): the `local_memory` and `sliced` rungs alone stage tiles (`rbf_tile`),
    /// `sliced` alone cuts columns into slices (`rbf_slice_fill`) and has its own workgroup
    /// and unroll (`rbf_sliced_wg`, `rbf_sliced_unroll`, for the other rungs' `rbf_wg` and
    /// `local_memory`'s `rbf_unroll`), the `row_lanes`
    /// rung alone splits rows over lanes (`rbf_lane_cols`, `rbf_lane_rows`,
    /// `rbf_lane_groups`, `rbf_lane_wg_unaligned`), `row_major`, `column_major` and `vectorized` alone read the
    /// pivots inside their loop (`rbf_loop_pivot_cols`), `row_major` and `column_major` alone
    /// cover several rows a work-item a step (`rbf_loop_rows`), `row_major` alone reads four
    /// rows a work-item (`rbf_quad_pitch`), and
    /// `single_group` runs one workgroup (no `logreg_max_groups`) with no register-resident
    /// pass (no `logreg_rps`, `logreg_interleave`, `logreg_quad_pitch`, `logreg_pipeline`) and
    /// no partial slots (no `logreg_finish_cols`).
    pub fn axes_for(self, variant: Option<&str>) -> Vec<Axis> {
        self.space()
            .iter()
            .copied()
            .filter(|a| match (self, a.param, variant) {
                // `sliced` has its own workgroup and unroll axes.
                (TunedOp::Rbf, "rbf_wg" | "rbf_unroll", Some("sliced")) => false,
                (TunedOp::Rbf, p, v) => {
                    rbf_param_rungs(p).is_none_or(|rungs| v.is_some_and(|v| rungs.contains(&v)))
                }
                (
                    TunedOp::Logreg,
                    "logreg_rps" | "logreg_max_groups" | "logreg_interleave" | "logreg_quad_pitch"
                    | "logreg_pipeline" | "logreg_finish_cols",
                    v,
                ) => v != Some("single_group"),
                _ => true,
            })
            .collect()
    }
}

impl TunedOp {
    /// [`TunedOp::axes_for`] less the axes that cannot change a call on `cols` columns: the
    /// logistic rows' interleaving where every row is whole `vec4`s (a multiple of 4 columns:
    /// always interleaved), the four-rows pass above 8 columns (it takes rows of at most
    /// 8 floats), the finish's width up to 32 columns (every value finishes those), and the
    /// `row_lanes` workgroup for unaligned rows at a multiple of 4 columns or at most 4 (rows
    /// of whole `vec4`s, or of one lane, take `rbf_wg`), and `row_major`'s four rows a
    /// work-item above 8 columns. What the tuner searches at a target of that width.
    pub fn axes_for_shape(self, variant: Option<&str>, cols: usize) -> Vec<Axis> {
        self.axes_for(variant)
            .into_iter()
            .filter(|a| match (self, a.param) {
                (TunedOp::Logreg, "logreg_interleave") => !cols.is_multiple_of(4),
                (TunedOp::Logreg, "logreg_quad_pitch") => cols <= 8,
                // Every value finishes a pass of at most 32 columns in its last workgroup.
                (TunedOp::Logreg, "logreg_finish_cols") => cols > 32,
                // Rows of whole vec4s, and rows of one lane (at most 4 columns at any
                // rbf_lane_cols), take rbf_wg.
                (TunedOp::Rbf, "rbf_lane_wg_unaligned") => !cols.is_multiple_of(4) && cols > 4,
                // Rows wider than the widest quad pitch never take four rows a work-item.
                (TunedOp::Rbf, "rbf_quad_pitch") => cols <= crate::params::RBF_QUAD_MAX_PITCH,
                _ => true,
            })
            .collect()
    }
}

impl TunedOp {
    /// Axes of [`TunedOp::space`] whose values the tuner's descent also tries together (every
    /// combination of them around the best point so far, after each round of one axis at a
    /// time): moves that win only together, each part losing alone, which one axis at a time
    /// never reaches. The logistic pass's rows a step, pipelining and workgroups: on an H200
    /// through OpenCL, two rows a step pipelined at two workgroups a compute unit ran
    /// ×1.04–1.30 the one-row unpipelined pass at 700–4 096 columns, while each of the three
    /// changes alone, and each two, ran ×0.81–1.02 (BENCHMARKS.md, session 54): the descent
    /// from those defaults kept them at five of six shapes (session 53).
    pub const fn joint(self) -> &'static [&'static str] {
        match self {
            TunedOp::Logreg => &["logreg_rps", "logreg_max_groups", "logreg_pipeline"],
            TunedOp::Read | TunedOp::Argext | TunedOp::Rbf => &[],
        }
    }

    /// The values in `p` of the axes `variant`'s kernels read ([`TunedOp::axes_for`]), by
    /// field name: what a call ran with, as reports and cache entries list it.
    pub fn values_in(self, variant: Option<&str>, p: &KernelParams) -> BTreeMap<String, u32> {
        let fields = p.fields();
        self.axes_for(variant)
            .iter()
            .filter_map(|a| {
                fields
                    .iter()
                    .find(|f| f.0 == a.param)
                    .map(|f| (a.param.to_string(), f.1))
            })
            .collect()
    }

    /// The tunable op of a registry family (`read`, `argext`, `rbf`, `logreg`; `train` runs
    /// the logistic kernels), or `None`.
    pub fn of_family(family: &str) -> Option<TunedOp> {
        match family {
            "train" => Some(TunedOp::Logreg),
            f => TunedOp::parse(f).ok(),
        }
    }
}

impl fmt::Display for TunedOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The shape of one call, as the tuning cache buckets it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// Rows (points, examples) or the vector length.
    pub rows: usize,
    /// Columns (1 for vectors).
    pub cols: usize,
    /// The matrix layout (`RowMajor` for vectors).
    pub layout: Layout,
}

impl Shape {
    /// Bytes of f32 input (an empty side counts as 1; saturating).
    pub fn bytes(&self) -> u64 {
        4u64.saturating_mul(self.rows.max(1) as u64)
            .saturating_mul(self.cols.max(1) as u64)
    }
}

/// The shape bucket a tuned choice applies to: the column count rounded up to a power of two or
/// to three quarters of one ([`Bucket::cols_of`]: …, 16, 24, 32, 48, 64, 96, …), the bytes of
/// input rounded down to a power of four, and the layout. The tuner measures one shape per
/// bucket; a call uses its bucket's entry, else the entry of the bucket of the same size whose
/// columns are the next power of two (its [`Bucket::parent`]: until session 40 every bucket
/// was a power of two, and the caches and the built-in database keep such entries), else the
/// nearest smaller size bucket's with the same columns and layout (at most one power of 16
/// below; its own columns before its parent's), else none: an entry serves the larger sizes
/// the tuner checks it at (its size edge, four times the bytes), never smaller ones, which
/// nothing checks (on an H100, 1 GiB and 64 MiB entries ran 9–14 % slower than the defaults
/// at 64 and 16 MiB; BENCHMARKS.md, session 37). Buckets of three quarters split what one
/// power of two held where one entry could not serve both halves: on the H100 an entry tuned
/// at 33 columns and 64 MiB took those rows ×1.13 but 64 columns ×0.97 (session 38).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Bucket {
    /// [`Bucket::cols_of`] the shape's columns: the most columns the bucket holds.
    pub cols: u32,
    /// `⌊log₂(4·rows·cols)⌋` rounded down to even.
    pub size_log2: u32,
    /// The layout.
    pub layout: Layout,
}

impl Bucket {
    /// The bucket of `shape`.
    pub fn of(shape: Shape) -> Bucket {
        let log2 = 63 - shape.bytes().leading_zeros();
        Bucket {
            cols: Bucket::cols_of(shape.cols),
            size_log2: log2 / 2 * 2,
            layout: shape.layout,
        }
    }

    /// The column bucket of `cols`: the least power of two or three quarters of one (from 3:
    /// 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, …) that is at least `cols` (0 counts as 1;
    /// at most 2³¹).
    pub fn cols_of(cols: usize) -> u32 {
        let p = cols
            .max(1)
            .checked_next_power_of_two()
            .map_or(1 << 31, |p| p.min(1 << 31));
        let three_quarters = p / 4 * 3;
        if p >= 4 && cols <= three_quarters {
            three_quarters as u32
        } else {
            p as u32
        }
    }

    /// The bucket of the same size and layout whose columns are the next power of two, for a
    /// bucket of three quarters of one (48 → 64); `None` for a power of two. Its entries serve
    /// this bucket's calls where this one has none of its size ([`Tuning::lookup`]).
    pub fn parent(&self) -> Option<Bucket> {
        (!self.cols.is_power_of_two()).then(|| Bucket {
            cols: self.cols.next_power_of_two(),
            ..*self
        })
    }

    /// `shape`'s own bucket where an entry of this bucket serves it from other columns: the
    /// lookup's parent rule (a three-quarter bucket without an entry of its size takes the
    /// power of two's above it, at its size or a smaller one). `None` where the columns are
    /// this bucket's own.
    pub fn reaching(&self, shape: Shape) -> Option<Bucket> {
        let own = Bucket::of(shape);
        (own.cols != self.cols).then_some(own)
    }

    /// The inverse of [`Bucket::parent`]: the bucket of the same size and layout whose columns
    /// are three quarters of this one's power of two (64 → 48), whose calls this bucket's
    /// entries serve where that has none of their size; `None` for three quarters of one and
    /// below 4 columns.
    pub fn child(&self) -> Option<Bucket> {
        let cols = self.cols / 4 * 3;
        (self.cols.is_power_of_two() && Bucket::cols_of(cols as usize) == cols)
            .then_some(Bucket { cols, ..*self })
    }
}

impl fmt::Display for Bucket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bytes = 1u64 << self.size_log2;
        let size = if bytes >= 1 << 30 {
            format!("{}GiB", bytes >> 30)
        } else if bytes >= 1 << 20 {
            format!("{}MiB", bytes >> 20)
        } else {
            format!("{}KiB", bytes >> 10)
        };
        write!(f, "cols≤{} {size}+ {}", self.cols, self.layout)
    }
}

/// A tuned choice: the op's parameters and variant for one bucket, with what the tuner
/// measured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The op.
    pub op: TunedOp,
    /// The bucket.
    pub bucket: Bucket,
    /// FNV-1a hash (hex) of the op's kernel source on this backend ([`source_hash`]): an entry
    /// tuned on other kernels is ignored.
    pub source: String,
    /// The parameters to set (field names of [`KernelParams`]); the rest stay as the device
    /// has them.
    pub params: BTreeMap<String, u32>,
    /// The variant (RBF rung, logistic strategy) by name, for ops that have them.
    pub variant: Option<String>,
    /// The shape it was measured on (rows, cols).
    pub measured_shape: (usize, usize),
    /// Device time of the chosen candidate, seconds per call.
    pub tuned_s: f64,
    /// Device time of the defaults (built-in parameters, the library's own variant rule) in
    /// the same measurement, seconds per call.
    pub default_s: f64,
    /// The defaults it was measured against, where `duet tune` recorded them (entries tuned
    /// since session 44 that set a parameter or a variant): an entry whose defaults are no
    /// longer the device's is not used ([`Tuning::prepare`]). `None`: not recorded (older
    /// entries, and those that kept the defaults), used as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub baseline: Option<Baseline>,
}

/// The defaults a tuned entry beat: the library's own variant at the shape it was measured on
/// and the device table's values of the parameters its op reads ([`TunedOp::reads`]). A
/// default can change without any kernel source changing (a rung rule, a pitch, a group
/// count): an entry tuned against the old defaults then pins what it chose, which may lose to
/// the new ones (session 44 found H200 entries up to ×0.51 of the defaults), so an entry is
/// used only while its baseline is still the device's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Baseline {
    /// The default variant (RBF rung, logistic strategy) at the measured shape; `None` for
    /// ops without variants.
    pub variant: Option<String>,
    /// The device table's value of every parameter the op reads.
    pub params: BTreeMap<String, u32>,
    /// What the defaults launch at the measured shape where rules in Rust code derive it from
    /// the table and the shape ([`TunedOp::launch`]): a rule can change the launch with every
    /// table value as it was (session 55's wide-row rule gave 65–512 columns two rows a step,
    /// pipelined, at half the workgroups). Empty where not recorded (entries recorded before
    /// session 56, and ops without such rules): then not compared.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub launch: BTreeMap<String, u32>,
}

impl Baseline {
    /// `op`'s defaults at `shape` on a device whose table is `base` and whose own variant at
    /// the shape is `variant`.
    pub fn of(op: TunedOp, base: &KernelParams, variant: Option<&str>, shape: Shape) -> Baseline {
        Baseline {
            variant: variant.map(str::to_string),
            params: base
                .fields()
                .into_iter()
                .filter(|(name, _)| op.reads(name))
                .map(|(name, v)| (name.to_string(), v))
                .collect(),
            launch: op.launch(base, variant, shape),
        }
    }

    /// What differs between `self` and `now` (`variant`, or the parameters' names) for an entry
    /// that runs `runs` (its own variant; `None`: the default), leaving out the parameters in
    /// `pinned` (those the caller set, whose values are not the defaults') and those none of
    /// the variants involved reads ([`rbf_param_rungs`]: a new `row_major` parameter leaves a
    /// `row_lanes` entry's measurement as it was).
    pub fn differences(
        &self,
        now: &Baseline,
        pinned: &[String],
        runs: Option<&str>,
    ) -> Vec<String> {
        let variants: Vec<&str> = [self.variant.as_deref(), now.variant.as_deref(), runs]
            .into_iter()
            .flatten()
            .collect();
        let read = |name: &str| {
            rbf_param_rungs(name).is_none_or(|rungs| {
                variants.is_empty() || variants.iter().any(|v| rungs.contains(v))
            })
        };
        let mut out = Vec::new();
        if self.variant != now.variant {
            out.push("variant".to_string());
        }
        let names: BTreeSet<&String> = self.params.keys().chain(now.params.keys()).collect();
        for name in names {
            if !pinned.contains(name) && read(name) && self.params.get(name) != now.params.get(name)
            {
                out.push(name.clone());
            }
        }
        // The launch where nothing above differs (another variant's launch is another rung's
        // plan, and a table value that differs changes the launch derived from it: each is
        // named itself), where both recorded it (a fact added later is not a change), and not
        // where the caller pinned parameters: the launch follows the pinned values, which are
        // not the defaults'.
        if pinned.is_empty() && out.is_empty() {
            for (name, v) in &self.launch {
                if now.launch.get(name).is_some_and(|n| n != v) {
                    out.push(format!("launch {name}"));
                }
            }
        }
        out
    }
}

impl Entry {
    /// The shape it was measured on, in its bucket's layout.
    pub fn measured(&self) -> Shape {
        Shape {
            rows: self.measured_shape.0,
            cols: self.measured_shape.1,
            layout: self.bucket.layout,
        }
    }

    /// The device's table with this entry's parameters set; an error names a parameter the
    /// table does not have or a value it does not allow (a cache written by another duet).
    pub fn apply(&self, base: &KernelParams) -> Result<KernelParams> {
        let mut p = *base;
        for (name, &v) in &self.params {
            p.set(name, v)?;
        }
        Ok(p)
    }
}

/// Where the parameters of a call came from (`duet bench` reports it with every measurement).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// The user's tuning cache.
    Cache,
    /// The database compiled into the library.
    BuiltIn,
    /// The device's parameter table: built-in defaults (and the backend's automatic rules).
    Default,
    /// Tuned on first use in this process (`DUET_TUNE=auto`, [`auto`]); also written to the
    /// cache, where later processes find it.
    Auto,
}

impl Origin {
    /// Which of two entries equally near a call's size wins: the lower rank (entries tuned on
    /// this device by this user before the built-in database).
    fn rank(self) -> u8 {
        match self {
            Origin::Auto => 0,
            Origin::Cache => 1,
            Origin::BuiltIn => 2,
            Origin::Default => 3,
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Origin::Cache => "cache",
            Origin::BuiltIn => "built-in",
            Origin::Default => "default",
            Origin::Auto => "auto",
        })
    }
}

/// What a call runs with: the parameter table, the variant the tuner chose (if any), and where
/// they came from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Resolved<'a> {
    /// The table the call's kernels are built and planned with.
    pub params: KernelParams,
    /// The tuned variant name, when an entry names one.
    pub variant: Option<&'a str>,
    /// Where they came from.
    pub origin: Origin,
}

/// `DUET_TUNE`: whether calls use tuned parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TuneMode {
    /// The built-in defaults only (no cache, no built-in database).
    Off,
    /// The user's cache where it has an entry, else the built-in database, else the defaults
    /// (the default mode).
    Cached,
    /// As `Cached`, and a call whose bucket has no entry of its own is tuned there and then,
    /// within a small budget, and the result kept in the cache ([`auto`]).
    Auto,
}

impl TuneMode {
    /// The mode `DUET_TUNE` names (`off`, `cached`, `auto`; unset or empty: `cached`). Any
    /// other value is an error that names the variable.
    pub fn from_env() -> Result<TuneMode> {
        match std::env::var("DUET_TUNE") {
            Err(_) => Ok(TuneMode::Cached),
            Ok(v) => TuneMode::parse(&v),
        }
    }

    /// Parses `off`, `cached` or `auto` (empty: `cached`).
    pub fn parse(v: &str) -> Result<TuneMode> {
        match v.trim() {
            "" | "cached" => Ok(TuneMode::Cached),
            "off" => Ok(TuneMode::Off),
            "auto" => Ok(TuneMode::Auto),
            _ => Err(Error::invalid(
                "DUET_TUNE",
                v,
                "expected off, cached or auto",
            )),
        }
    }
}

/// The key of a device's cache file: a file whose key differs in any field is not used.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DeviceKey {
    /// `wgpu` or `opencl`.
    pub backend: String,
    /// The device's own name.
    pub device: String,
    /// PCI vendor id, where known.
    pub vendor_id: Option<u32>,
    /// PCI device id, where the API reports one (wgpu does; OpenCL has no portable query).
    pub device_id: Option<u32>,
    /// The API and driver version.
    pub driver: String,
    /// duet's version.
    pub duet_version: String,
}

impl DeviceKey {
    /// The key of the device `info` describes, for this build of duet.
    pub fn of(info: &crate::DeviceInfo) -> DeviceKey {
        DeviceKey {
            backend: info.backend.prefix().to_string(),
            device: info.device.clone(),
            vendor_id: info.vendor_id,
            device_id: info.device_id,
            driver: format!("{} / {}", info.api, info.driver),
            duet_version: env!("CARGO_PKG_VERSION").to_string(),
        }
    }

    /// Whether a built-in entry tuned on `other` applies here: the same backend, device name
    /// and vendor (the built-in database, as CLBlast's, is keyed by device, not by driver or
    /// duet version; the source hash still guards each entry).
    pub fn same_device(&self, other: &DeviceKey) -> bool {
        self.backend == other.backend
            && self.device == other.device
            && self.vendor_id == other.vendor_id
    }
}

/// FNV-1a, 64 bits, as 16 hex digits: a hash that is the same on every platform and Rust
/// version (std's hasher is not), for cache keys.
pub fn fnv1a(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The hash that keys an op's entries on a backend: its kernel source.
pub fn source_hash(source: &str) -> String {
    fnv1a(source.as_bytes())
}

/// The tuned choices a device uses, loaded once when it opens: its cache file's entries and the
/// built-in database's, each checked against the device key and its kernel's source hash, then
/// applied to the device's parameter table once ([`Tuning::prepare`]), so that a call's lookup
/// is a hash probe and a copy.
#[derive(Debug, Clone, Default)]
pub struct Tuning {
    entries: HashMap<(TunedOp, Layout, u32), Vec<Slot>>,
    warnings: Vec<String>,
    /// Parameters the caller set, which entries may not change ([`Tuning::pin`]).
    pinned: Vec<String>,
    /// Entries [`Tuning::prepare`] left out because they change a pinned parameter, and the
    /// parameters they change.
    overruled: (usize, BTreeSet<String>),
    /// Entries [`Tuning::prepare`] left out because the defaults they were measured against are
    /// no longer the device's ([`Baseline`]), one line each ([`Tuning::retired`]), and what
    /// changed in any of them.
    retired: Vec<String>,
    stale_names: BTreeSet<String>,
    /// Use such entries anyway ([`Tuning::keep_retired`]).
    keep_retired: bool,
}

/// One entry, where it came from, and the table it gives on the device ([`Tuning::prepare`]).
#[derive(Debug, Clone)]
struct Slot {
    entry: Entry,
    origin: Origin,
    params: Option<KernelParams>,
    /// The entry would change a pinned parameter ([`Tuning::pin`]), or its defaults are no
    /// longer the device's ([`Baseline`]): it still answers for its bucket (no other bucket's
    /// entry does), with the device's table.
    overruled: bool,
}

impl Tuning {
    /// No tuned choices (`DUET_TUNE=off`, the CPU reference).
    pub fn none() -> Tuning {
        Tuning::default()
    }

    /// Exactly `entries` (no source check: the caller made them for this device's kernels),
    /// as if they came from `origin`. The tuner runs each candidate this way.
    pub fn from_entries(entries: Vec<Entry>, origin: Origin) -> Tuning {
        let mut t = Tuning::none();
        t.add(entries, origin, None);
        t
    }

    /// The choices for the device `key` in `mode`: entries of the cache file in `dir` (when
    /// given) whose op's kernel source on this backend hashes to what they recorded
    /// (`source_of(stem)`), then the built-in database's. A file that cannot be read or parsed,
    /// or belongs to another key, is ignored with a warning ([`Tuning::warnings`]).
    pub fn load(
        key: &DeviceKey,
        mode: TuneMode,
        dir: Option<&std::path::Path>,
        source_of: &dyn Fn(&str) -> Option<&'static str>,
    ) -> Tuning {
        let mut t = Tuning::none();
        if mode == TuneMode::Off {
            return t;
        }
        let hash_of = |op: TunedOp, layout: Layout| op.source_hash(layout, source_of);
        if let Some(dir) = dir {
            match cache::read(dir, key) {
                Ok(Some(file)) => t.add(file.entries, Origin::Cache, Some(&hash_of)),
                Ok(None) => {}
                Err(e) => t.warnings.push(e.to_string()),
            }
        }
        for file in builtin::database() {
            if file.key.same_device(key) {
                t.add(file.entries.clone(), Origin::BuiltIn, Some(&hash_of));
            }
        }
        t
    }

    fn add(
        &mut self,
        entries: Vec<Entry>,
        origin: Origin,
        hash_of: Option<&dyn Fn(TunedOp, Layout) -> Option<String>>,
    ) {
        for e in entries {
            // An entry is used only with the kernels it was tuned on (a backend without a
            // source for the op has none).
            if let Some(hash_of) = hash_of
                && hash_of(e.op, e.bucket.layout).as_deref() != Some(e.source.as_str())
            {
                continue;
            }
            let slot = self
                .entries
                .entry((e.op, e.bucket.layout, e.bucket.cols))
                .or_default();
            // A cache entry for a bucket shadows the built-in one (cache entries come first).
            if !slot.iter().any(|s| s.entry.bucket == e.bucket) {
                slot.push(Slot {
                    entry: e,
                    origin,
                    params: None,
                    overruled: false,
                });
            }
        }
    }

    /// Pins the parameters `names` (field names of [`KernelParams`]): the caller set them, and
    /// an entry that would give one of them another value than the device's table has is not
    /// used ([`Tuning::prepare`] marks it; calls it would serve run with the device's table,
    /// not with another bucket's entry, tuned on other shapes). The error names a parameter
    /// the table does not have.
    pub fn pin(&mut self, names: &[String]) -> Result<()> {
        for n in names {
            KernelParams::check_name(n)?;
            if !self.pinned.contains(n) {
                self.pinned.push(n.clone());
            }
        }
        Ok(())
    }

    /// How many entries [`Tuning::prepare`] left out because they change a pinned parameter
    /// ([`Tuning::pin`]), and which of the pinned parameters they change; `None` when none.
    pub fn overruled(&self) -> Option<(usize, Vec<&str>)> {
        let (n, names) = &self.overruled;
        (*n > 0).then(|| (*n, names.iter().map(String::as_str).collect()))
    }

    /// How many entries [`Tuning::prepare`] left out because the defaults they were measured
    /// against ([`Baseline`]) are no longer the device's, and what changed (`variant` or
    /// parameter names); `None` when none. With [`Tuning::keep_retired`] they are counted
    /// here and used.
    pub fn stale(&self) -> Option<(usize, Vec<&str>)> {
        let n = self.retired.len();
        (n > 0).then(|| (n, self.stale_names.iter().map(String::as_str).collect()))
    }

    /// The shapes `op`'s entries were measured on, each in its bucket's layout, sorted, once
    /// each: every entry loaded, those [`Tuning::prepare`] set aside included (`duet tune
    /// --verify --shapes entries`).
    pub fn measured(&self, op: TunedOp) -> Vec<Shape> {
        let mut out: Vec<Shape> = self
            .entries
            .iter()
            .filter(|((o, _, _), _)| *o == op)
            .flat_map(|(_, slot)| slot.iter().map(|s| s.entry.measured()))
            .collect();
        out.sort_by_key(|s| (s.layout == Layout::ColumnMajor, s.cols, s.rows));
        out.dedup();
        out
    }

    /// [`Tuning::measured`]'s shapes and the other shapes each entry's lookup reaches
    /// ([`Tuning::lookup`]): the larger sizes of its columns (a size bucket without an entry of
    /// its own takes the nearest smaller one's, up to a factor of 16 below) and, for an entry
    /// of a power-of-two bucket, the columns of the bucket of three quarters below it (its
    /// calls take their parent's entry where they have none of their size): its measured
    /// shape at 4 and 16 times the rows, and the same numbers of elements at three quarters
    /// of its bucket's columns at 1, 4 and 16 times, at most `max_bytes` of X, where the lookup
    /// answers with that entry (`duet tune --verify --shapes reach`). Sorted, once each.
    pub fn reach(&self, op: TunedOp, max_bytes: u64) -> Vec<Shape> {
        let mut out = self.measured(op);
        for ((o, _, _), slots) in &self.entries {
            if *o != op {
                continue;
            }
            for s in slots {
                let at = s.entry.measured();
                let mut tries: Vec<Shape> = [4, 16]
                    .map(|f| Shape {
                        rows: at.rows.saturating_mul(f),
                        ..at
                    })
                    .to_vec();
                if let Some(child) = s.entry.bucket.child() {
                    // The same elements at the child's columns.
                    let cols = child.cols as usize;
                    let rows = (at.rows.saturating_mul(at.cols) / cols).max(1);
                    tries.extend([1, 4, 16].map(|f| Shape {
                        rows: rows.saturating_mul(f),
                        cols,
                        layout: at.layout,
                    }));
                }
                for up in tries {
                    if up.bytes() <= max_bytes
                        && self
                            .slot(op, up)
                            .is_some_and(|found| std::ptr::eq(found, s))
                    {
                        out.push(up);
                    }
                }
            }
        }
        out.sort_by_key(|s| (s.layout == Layout::ColumnMajor, s.cols, s.rows));
        out.dedup();
        out
    }

    /// The entries counted by [`Tuning::stale`], one line each: where the entry comes from, its
    /// op, bucket, variant and measured shape, and what differs from the defaults it was
    /// measured against (`rbf cols≤16 64MiB+ column-major sliced, measured at 5162219×13
    /// (built-in): variant`).
    pub fn retired(&self) -> &[String] {
        &self.retired
    }

    /// Makes [`Tuning::prepare`] use the entries whose recorded defaults ([`Baseline`]) are no
    /// longer the device's, as if they had none (still counted by [`Tuning::stale`] and listed
    /// by [`Tuning::retired`]): for `duet tune --verify --retired`, which times them against
    /// today's defaults so that the ones that still win can be recorded again with today's
    /// defaults and the others dropped. Call before `prepare`.
    pub fn keep_retired(&mut self) {
        self.keep_retired = true;
    }

    /// Applies every entry to `base`, the table of a device whose limits are `limits`
    /// (workgroup invocations, workgroup memory bytes) and whose own variant for an op at a
    /// shape is `default_variant` (the RBF rung, the logistic strategy; `None` for ops without
    /// variants): an entry whose parameters the table does not have, or whose values the
    /// device cannot run, is dropped with a warning; an entry that gives a pinned parameter
    /// ([`Tuning::pin`]) another value than `base` has is left out and counted
    /// ([`Tuning::overruled`]), and so is one whose recorded defaults ([`Baseline`]) differ
    /// from `base` and `default_variant` at its measured shape ([`Tuning::stale`]; pinned
    /// parameters aside). Calls use the applied tables ([`Tuning::resolve`]);
    /// [`Device`](crate::Device) prepares the tuning it is given.
    pub fn prepare(
        &mut self,
        base: &KernelParams,
        limits: (u32, u64),
        default_variant: &dyn Fn(TunedOp, Shape) -> Option<&'static str>,
    ) {
        let mut dropped = Vec::new();
        let pinned = &self.pinned;
        let overruled = &mut self.overruled;
        let stale_names = &mut self.stale_names;
        let retired = &mut self.retired;
        let keep_retired = self.keep_retired;
        let base_fields = base.fields();
        for slot in self.entries.values_mut() {
            slot.retain_mut(|s| {
                // Marked by an earlier prepare (counted then).
                if s.overruled {
                    return true;
                }
                let changes: Vec<&String> = s
                    .entry
                    .params
                    .iter()
                    .filter(|(name, v)| {
                        pinned.contains(name)
                            && base_fields.iter().any(|(k, b)| k == name && b != *v)
                    })
                    .map(|(name, _)| name)
                    .collect();
                if !changes.is_empty() {
                    overruled.0 += 1;
                    overruled.1.extend(changes.into_iter().cloned());
                    // Kept, unused: its calls run the device's table (resolve), where leaving
                    // it out would hand them a parent's or a smaller size's entry.
                    s.params = None;
                    s.overruled = true;
                    return true;
                }
                if let Some(b) = &s.entry.baseline {
                    let shape = s.entry.measured();
                    let now =
                        Baseline::of(s.entry.op, base, default_variant(s.entry.op, shape), shape);
                    let changed = b.differences(&now, pinned, s.entry.variant.as_deref());
                    if !changed.is_empty() {
                        let line = format!(
                            "{} {} {}, measured at {}×{} ({}): {}",
                            s.entry.op.name(),
                            s.entry.bucket,
                            s.entry.variant.as_deref().unwrap_or("-"),
                            shape.rows,
                            shape.cols,
                            s.origin,
                            changed.join(", ")
                        );
                        // Kept entries (`keep_retired`) meet this again in a later prepare.
                        if !retired.contains(&line) {
                            retired.push(line);
                        }
                        stale_names.extend(changed);
                        if !keep_retired {
                            // Kept, unused, as an overruled entry is.
                            s.params = None;
                            s.overruled = true;
                            return true;
                        }
                    }
                }
                match s
                    .entry
                    .apply(base)
                    .map(|p| p.fit_selection(limits.1))
                    .and_then(|p| p.validate(limits.0, limits.1).map(|()| p))
                {
                    Ok(p) => {
                        s.params = Some(p);
                        true
                    }
                    Err(e) => {
                        dropped.push(format!(
                            "the {} entry for {} {} is not used: {e}",
                            s.origin, s.entry.op, s.entry.bucket
                        ));
                        false
                    }
                }
            });
        }
        self.entries.retain(|_, slot| !slot.is_empty());
        self.warnings.extend(dropped);
    }

    /// Problems met while loading (a corrupt or foreign cache file), one line each.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// How many entries apply to this device (not counting those a pinned parameter
    /// overrules, [`Tuning::pin`], or whose defaults changed, [`Tuning::stale`]).
    pub fn len(&self) -> usize {
        self.entries
            .values()
            .flatten()
            .filter(|s| !s.overruled)
            .count()
    }

    /// How many of the entries that apply came from `origin`.
    pub fn count(&self, origin: Origin) -> usize {
        self.entries
            .values()
            .flatten()
            .filter(|s| s.origin == origin && !s.overruled)
            .count()
    }

    /// Whether no entry applies.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entry for `op` at `shape`: its bucket's, else its bucket's [`parent`](Bucket::parent)'s
    /// of the same size, else the nearest smaller size bucket's with the same columns (or the
    /// parent's) and layout within two size steps (a factor of 16 in bytes), else `None` (an
    /// entry never serves a size below its bucket: see [`Bucket`]); `None` too where that
    /// entry is overruled by a pinned parameter ([`Tuning::pin`]) or was measured against
    /// other defaults ([`Tuning::stale`]), once prepared ([`Tuning::prepare`]).
    pub fn lookup(&self, op: TunedOp, shape: Shape) -> Option<(&Entry, Origin)> {
        self.slot(op, shape)
            .filter(|s| !s.overruled)
            .map(|s| (&s.entry, s.origin))
    }

    fn slot(&self, op: TunedOp, shape: Shape) -> Option<&Slot> {
        let b = Bucket::of(shape);
        let own = self.entries.get(&(op, b.layout, b.cols));
        let parent = b
            .parent()
            .and_then(|p| self.entries.get(&(op, p.layout, p.cols)));
        [(own, 0u8), (parent, 1)]
            .into_iter()
            .filter_map(|(slot, from_parent)| slot.map(|v| (v, from_parent)))
            .flat_map(|(slot, from_parent)| slot.iter().map(move |s| (s, from_parent)))
            .filter_map(|(s, from_parent)| {
                b.size_log2
                    .checked_sub(s.entry.bucket.size_log2)
                    .filter(|&below| below <= 4)
                    .map(|below| ((below, from_parent, s.origin.rank()), s))
            })
            .min_by_key(|(key, _)| *key)
            .map(|(_, s)| s)
    }

    /// Whether an entry for `op` was tuned in exactly `bucket`.
    pub fn has_bucket(&self, op: TunedOp, bucket: Bucket) -> bool {
        self.entries
            .get(&(op, bucket.layout, bucket.cols))
            .is_some_and(|v| v.iter().any(|s| s.entry.bucket == bucket))
    }

    /// Adds `entry` (tuned for this device's kernels) as coming from `origin`, unless its
    /// bucket has one; [`Tuning::prepare`] must run again before it is used.
    pub fn insert(&mut self, entry: Entry, origin: Origin) {
        self.add(vec![entry], origin, None);
    }

    /// What a call of `op` at `shape` runs with: the matching entry's applied table and
    /// variant ([`Tuning::prepare`]), or `None` (the device's own table). An entry not yet
    /// prepared is not used.
    pub fn resolve(&self, op: TunedOp, shape: Shape) -> Option<Resolved<'_>> {
        let s = self.slot(op, shape)?;
        Some(Resolved {
            params: s.params?,
            variant: s.entry.variant.as_deref(),
            origin: s.origin,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(op: TunedOp, rows: usize, cols: usize, wg: u32) -> Entry {
        let mut params = BTreeMap::new();
        params.insert("rbf_wg".to_string(), wg);
        Entry {
            op,
            bucket: Bucket::of(Shape {
                rows,
                cols,
                layout: Layout::ColumnMajor,
            }),
            source: source_hash("src"),
            params,
            variant: Some("vectorized".into()),
            measured_shape: (rows, cols),
            tuned_s: 1e-3,
            default_s: 2e-3,
            baseline: None,
        }
    }

    #[test]
    fn joint_axes_are_axes_of_the_space_that_the_pass_reads() {
        for op in TunedOp::ALL {
            for name in op.joint() {
                assert!(
                    op.space().iter().any(|a| a.param == *name),
                    "{op}: joint axis {name} is not in its space"
                );
            }
        }
        let mg: Vec<&str> = TunedOp::Logreg
            .axes_for_shape(Some("multi_group"), 700)
            .iter()
            .map(|a| a.param)
            .collect();
        assert!(TunedOp::Logreg.joint().iter().all(|n| mg.contains(n)));
        // single_group reads none of them: no joint move there.
        let sg = TunedOp::Logreg.axes_for_shape(Some("single_group"), 700);
        assert!(
            !sg.iter()
                .any(|a| TunedOp::Logreg.joint().contains(&a.param))
        );
    }

    #[test]
    fn each_axis_is_searched_where_it_can_change_a_call() {
        let names = |op: TunedOp, v: Option<&str>, cols: usize| -> Vec<&str> {
            op.axes_for_shape(v, cols).iter().map(|a| a.param).collect()
        };
        let mg = Some("multi_group");
        // Interleaving only where rows are not whole vec4s; the four-rows pass to 8 columns.
        assert!(names(TunedOp::Logreg, mg, 13).contains(&"logreg_interleave"));
        assert!(!names(TunedOp::Logreg, mg, 64).contains(&"logreg_interleave"));
        assert!(names(TunedOp::Logreg, mg, 8).contains(&"logreg_quad_pitch"));
        assert!(!names(TunedOp::Logreg, mg, 9).contains(&"logreg_quad_pitch"));
        assert_eq!(
            names(TunedOp::Logreg, Some("single_group"), 3),
            ["logreg_wg"]
        );
        // The sliced rung's own workgroup and unroll; rbf_wg and rbf_unroll elsewhere.
        let sliced = names(TunedOp::Rbf, Some("sliced"), 1000);
        assert!(sliced.contains(&"rbf_sliced_wg") && !sliced.contains(&"rbf_wg"));
        let local = names(TunedOp::Rbf, Some("local_memory"), 1000);
        assert!(local.contains(&"rbf_unroll") && !local.contains(&"rbf_sliced_unroll"));
        // The row_lanes workgroup of unaligned rows: where a row can be one and take lanes.
        let lanes = |cols| names(TunedOp::Rbf, Some("row_lanes"), cols);
        assert!(lanes(33).contains(&"rbf_lane_wg_unaligned"));
        assert!(!lanes(64).contains(&"rbf_lane_wg_unaligned"));
        assert!(!lanes(3).contains(&"rbf_lane_wg_unaligned"));
        assert!(!names(TunedOp::Rbf, Some("sliced"), 33).contains(&"rbf_lane_wg_unaligned"));
        // row_major's four rows a work-item: to 8 columns, and no other rung.
        let rm = |cols| names(TunedOp::Rbf, Some("row_major"), cols);
        assert!(rm(8).contains(&"rbf_quad_pitch") && !rm(9).contains(&"rbf_quad_pitch"));
        assert!(!names(TunedOp::Rbf, Some("column_major"), 3).contains(&"rbf_quad_pitch"));
    }

    #[test]
    fn rbf_entries_are_keyed_by_their_layouts_files() {
        let source = |stem: &str| match stem {
            "rbf" => Some("rungs"),
            "rbf_lanes" => Some("lanes"),
            "rbf_sliced" => Some("sliced"),
            _ => None,
        };
        let cm = TunedOp::Rbf.source_hash(Layout::ColumnMajor, &source);
        let rm = TunedOp::Rbf.source_hash(Layout::RowMajor, &source);
        assert_eq!(cm, Some(source_hash("rungssliced")));
        assert_eq!(rm, Some(source_hash("rungslanes")));
        // A change in one layout's own file leaves the other layout's entries valid.
        let lanes_changed = |stem: &str| match stem {
            "rbf_lanes" => Some("lanes, changed"),
            s => source(s),
        };
        assert_eq!(
            TunedOp::Rbf.source_hash(Layout::ColumnMajor, &lanes_changed),
            cm
        );
        assert_ne!(
            TunedOp::Rbf.source_hash(Layout::RowMajor, &lanes_changed),
            rm
        );
        let sliced_changed = |stem: &str| match stem {
            "rbf_sliced" => Some("sliced, changed"),
            s => source(s),
        };
        assert_ne!(
            TunedOp::Rbf.source_hash(Layout::ColumnMajor, &sliced_changed),
            cm
        );
        assert_eq!(
            TunedOp::Rbf.source_hash(Layout::RowMajor, &sliced_changed),
            rm
        );
        assert_eq!(TunedOp::Read.source_hash(Layout::RowMajor, &source), None);
    }

    #[test]
    fn buckets_round_columns_up_and_bytes_down() {
        let b = |rows, cols| {
            Bucket::of(Shape {
                rows,
                cols,
                layout: Layout::RowMajor,
            })
        };
        assert_eq!(b(1000, 777).cols, 1024);
        assert_eq!(b(1000, 1024).cols, 1024);
        assert_eq!(b(1000, 1025).cols, 1536);
        assert_eq!(b(1000, 1537).cols, 2048);
        // Powers of two and three quarters of one.
        let cols: Vec<u32> = [
            0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 17, 24, 25, 33, 48, 49, 64,
        ]
        .into_iter()
        .map(Bucket::cols_of)
        .collect();
        assert_eq!(
            cols,
            [
                1, 1, 2, 3, 4, 6, 6, 8, 8, 12, 12, 16, 24, 24, 32, 48, 48, 64, 64
            ]
        );
        assert_eq!(Bucket::cols_of(usize::MAX), 1 << 31);
        assert_eq!(b(1000, 33).parent().map(|p| p.cols), Some(64));
        assert_eq!(
            b(1000, 33).parent().map(|p| p.size_log2),
            Some(b(1000, 33).size_log2)
        );
        assert_eq!(b(1000, 3).parent().map(|p| p.cols), Some(4));
        assert_eq!(b(1000, 64).parent(), None);
        assert_eq!(b(1000, 1).parent(), None);
        assert_eq!(b(1 << 20, 1).size_log2, 22);
        assert_eq!(b((1 << 20) - 1, 1).size_log2, 20);
        assert_eq!(b(1 << 21, 1).size_log2, 22);
        assert_eq!(b(0, 0).size_log2, 2);
    }

    #[test]
    fn lookup_takes_the_parent_bucket_where_its_own_has_none() {
        let mut t = Tuning::none();
        let hash = |_: TunedOp, _: Layout| Some(source_hash("src"));
        // Power-of-two entries (64 columns: 33–64 until session 40) at 2²⁰ and 2²⁴ bytes, and
        // one of the 33–48 bucket at 2²².
        t.add(
            vec![
                entry(TunedOp::Rbf, 1 << 12, 64, 128),
                entry(TunedOp::Rbf, 1 << 16, 64, 512),
                entry(TunedOp::Rbf, 40_000, 33, 64),
            ],
            Origin::BuiltIn,
            Some(&hash),
        );
        let shape = |rows, cols| Shape {
            rows,
            cols,
            layout: Layout::ColumnMajor,
        };
        let wg = |s| t.lookup(TunedOp::Rbf, s).map(|(e, _)| e.params["rbf_wg"]);
        // 2²⁰ bytes: the 33–48 bucket has none of that size or below, its parent has.
        assert_eq!(wg(shape(1 << 13, 33)), Some(128));
        assert_eq!(wg(shape(6000, 49)), Some(128), "49 columns: the 64 bucket");
        // 2²² bytes: the bucket's own entry; 49–64 columns keep the parent's 2²⁰ one.
        assert_eq!(wg(shape(40_000, 33)), Some(64));
        assert_eq!(wg(shape(30_000, 45)), Some(64));
        assert_eq!(wg(shape(20_000, 64)), Some(128));
        // 2²⁴ bytes: the parent's entry of that size before the bucket's own smaller one.
        assert_eq!(wg(shape(1 << 17, 33)), Some(512));
        // 2²⁶: the nearest smaller size first (the parent's 2²⁴).
        assert_eq!(wg(shape(1 << 19, 33)), Some(512));
        // Both two size steps below: the bucket's own before its parent's.
        let mut no_parent = Tuning::none();
        no_parent.add(
            vec![
                entry(TunedOp::Rbf, 40_000, 33, 64),
                entry(TunedOp::Rbf, 1 << 14, 64, 256),
            ],
            Origin::BuiltIn,
            Some(&hash),
        );
        let wg = |s| {
            no_parent
                .lookup(TunedOp::Rbf, s)
                .map(|(e, _)| e.params["rbf_wg"])
        };
        assert_eq!(wg(shape(1 << 19, 33)), Some(64), "own before parent");
        assert_eq!(wg(shape(1 << 19, 64)), Some(256));
        assert_eq!(wg(shape(1 << 19, 17)), None, "another column bucket");
    }

    #[test]
    fn an_overruled_entry_leaves_its_calls_on_the_device_table() {
        let hash = |_: TunedOp, _: Layout| Some(source_hash("src"));
        // The 33–48 bucket's entry changes reduce_unroll, which the caller pins; its parent's
        // (64 columns, the same size) does not.
        let mut own = entry(TunedOp::Rbf, 40_000, 33, 64);
        own.params.insert("reduce_unroll".to_string(), 8);
        let mut t = Tuning::none();
        t.add(
            vec![own, entry(TunedOp::Rbf, 20_000, 64, 512)],
            Origin::BuiltIn,
            Some(&hash),
        );
        t.pin(&["reduce_unroll".to_string()]).unwrap();
        let base = KernelParams::DEFAULT;
        for _ in 0..2 {
            t.prepare(&base, (1024, 48 << 10), &|_, _| None);
        }
        assert_eq!(
            t.overruled(),
            Some((1, vec!["reduce_unroll"])),
            "counted once"
        );
        assert_eq!(t.len(), 1);
        let shape = |rows, cols| Shape {
            rows,
            cols,
            layout: Layout::ColumnMajor,
        };
        // 33 columns: the device's table, not the parent's entry (tuned at 64 columns).
        assert!(t.resolve(TunedOp::Rbf, shape(40_000, 33)).is_none());
        assert!(t.lookup(TunedOp::Rbf, shape(40_000, 33)).is_none());
        // 49–64 columns: the parent's own entry.
        let r = t
            .resolve(TunedOp::Rbf, shape(20_000, 64))
            .expect("an entry");
        assert_eq!(r.params.rbf_wg, 512);
    }

    #[test]
    fn an_entry_reaches_the_larger_sizes_its_lookup_gives_it() {
        let hash = |_: TunedOp, _: Layout| Some(source_hash("src"));
        let shape = |rows, cols| Shape {
            rows,
            cols,
            layout: Layout::ColumnMajor,
        };
        let mut t = Tuning::none();
        t.add(
            vec![entry(TunedOp::Rbf, 1 << 16, 100, 128)],
            Origin::Cache,
            Some(&hash),
        );
        // Alone: four and sixteen times its rows (16 MiB and 64 MiB+ of X), and the bucket of
        // three quarters below its own (97-128 columns: 96) at the same elements and above.
        assert_eq!(
            t.reach(TunedOp::Rbf, 1 << 30),
            vec![
                shape(68_266, 96),
                shape(273_064, 96),
                shape(1_092_256, 96),
                shape(1 << 16, 100),
                shape(1 << 18, 100),
                shape(1 << 20, 100)
            ]
        );
        assert!(t.reach(TunedOp::Logreg, 1 << 30).is_empty());
        let wg = |t: &Tuning, s| t.lookup(TunedOp::Rbf, s).map(|(e, _)| e.params["rbf_wg"]);
        for s in t.reach(TunedOp::Rbf, 1 << 30) {
            assert_eq!(wg(&t, s), Some(128), "{s:?}: the lookup gives it the entry");
        }
        // Parent and child buckets, both ways.
        let b = |cols| Bucket::of(shape(1 << 16, cols));
        assert_eq!(b(100).child(), Some(b(96)));
        assert_eq!(b(96).parent(), Some(b(100)));
        assert_eq!(
            (b(96).child(), b(3).child(), b(2).child()),
            (None, None, None)
        );
        assert_eq!(b(4).child().map(|c| c.cols), Some(3));
        // A second entry four times larger takes the sizes from its own up: the first keeps
        // only its own size's 96 columns; the second reaches its four and (without the cap on
        // bytes) sixteen times, at 100 and at 96 columns.
        t.add(
            vec![entry(TunedOp::Rbf, 1 << 18, 100, 512)],
            Origin::Cache,
            Some(&hash),
        );
        let reached = |max| t.reach(TunedOp::Rbf, max);
        assert_eq!(
            reached(1 << 30),
            vec![
                shape(68_266, 96),
                shape(273_066, 96),
                shape(1_092_264, 96),
                shape(1 << 16, 100),
                shape(1 << 18, 100),
                shape(1 << 20, 100)
            ]
        );
        assert_eq!(
            reached(u64::MAX),
            vec![
                shape(68_266, 96),
                shape(273_066, 96),
                shape(1_092_264, 96),
                shape(4_369_056, 96),
                shape(1 << 16, 100),
                shape(1 << 18, 100),
                shape(1 << 20, 100),
                shape(1 << 22, 100)
            ]
        );
        assert_eq!(wg(&t, shape(1 << 20, 100)), Some(512), "the nearer entry's");
        assert_eq!(
            wg(&t, shape(273_064, 96)),
            Some(512),
            "the parent's nearer entry"
        );
    }

    #[test]
    fn lookup_takes_the_nearest_size_and_checks_the_source() {
        let mut t = Tuning::none();
        let hash = |_: TunedOp, _: Layout| Some(source_hash("src"));
        t.add(
            vec![
                entry(TunedOp::Rbf, 1 << 16, 100, 128),
                entry(TunedOp::Rbf, 1 << 22, 100, 512),
            ],
            Origin::Cache,
            Some(&hash),
        );
        let other = |_: TunedOp, _: Layout| Some(source_hash("changed"));
        t.add(
            vec![entry(TunedOp::Rbf, 1 << 18, 100, 64)],
            Origin::BuiltIn,
            Some(&other),
        );
        assert_eq!(t.len(), 2, "the entry of other kernels is ignored");
        let shape = |rows, cols| Shape {
            rows,
            cols,
            layout: Layout::ColumnMajor,
        };
        let wg = |s| t.lookup(TunedOp::Rbf, s).map(|(e, _)| e.params["rbf_wg"]);
        assert_eq!(wg(shape(1 << 16, 127)), Some(128));
        // 2²¹ × 100 floats lie two size steps above the 128 entry and one below the 512 one:
        // an entry serves larger sizes only.
        assert_eq!(
            wg(shape(1 << 21, 100)),
            Some(128),
            "the nearest smaller size"
        );
        assert_eq!(wg(shape(1 << 23, 100)), Some(512));
        assert_eq!(wg(shape(1 << 16, 129)), None, "another column bucket");
        assert_eq!(wg(shape(1 << 14, 100)), None, "below every entry's size");
        assert_eq!(wg(shape(1 << 20, 100)), Some(128));
        assert_eq!(
            wg(shape(1 << 28, 100)),
            None,
            "more than a factor of 16 above any entry"
        );
        let base = KernelParams::DEFAULT;
        assert!(
            t.resolve(TunedOp::Rbf, shape(1 << 16, 100)).is_none(),
            "not prepared"
        );
        let mut small = t.clone();
        t.prepare(&base, (1024, 48 << 10), &|_, _| None);
        let r = t
            .resolve(TunedOp::Rbf, shape(1 << 16, 100))
            .expect("an entry");
        assert_eq!((r.params.rbf_wg, r.origin), (128, Origin::Cache));
        assert_eq!(r.variant, Some("vectorized"));
        assert!(t.warnings().is_empty());
        small.prepare(&base, (256, 48 << 10), &|_, _| None);
        assert_eq!(small.len(), 1, "the device cannot take 512");
        let r = small
            .resolve(TunedOp::Rbf, shape(1 << 16, 100))
            .expect("an entry");
        assert_eq!(r.params.rbf_wg, 128);
        assert!(
            small.warnings()[0].contains("rbf_wg"),
            "{:?}",
            small.warnings()
        );
        // An entry whose reductions' workgroup grows the working set's selection past the
        // device's workgroup memory is kept, with fewer positions held (fit_selection).
        let mut big = entry(TunedOp::Rbf, 1 << 16, 100, 128);
        big.params.insert("reduce_wg".to_string(), 1024);
        let mut t = Tuning::none();
        t.add(vec![big], Origin::BuiltIn, Some(&hash));
        t.prepare(&base.fit(48 << 10), (1024, 48 << 10), &|_, _| None);
        assert!(t.warnings().is_empty(), "{:?}", t.warnings());
        let r = t
            .resolve(TunedOp::Rbf, shape(1 << 16, 100))
            .expect("an entry");
        assert_eq!((r.params.reduce_wg, r.params.smo_ws_held), (1024, 15));
    }

    /// An entry is used only while the defaults it was measured against are the device's:
    /// another default variant at its shape, or another table value of a parameter its op
    /// reads, leaves it out (counted by `stale`); a parameter the caller pinned, one the op
    /// does not read, one no rung involved reads, and an entry with no record do not.
    #[test]
    fn entries_measured_against_other_defaults_are_not_used() {
        let base = KernelParams::DEFAULT;
        let limits = (1024, 48 << 10);
        let at = Shape {
            rows: 1 << 16,
            cols: 100,
            layout: Layout::ColumnMajor,
        };
        let recorded = |variant: &str, change: &[(&str, u32)]| {
            let mut e = entry(TunedOp::Rbf, 1 << 16, 100, 128);
            let mut was = base;
            for &(name, v) in change {
                was.set(name, v).expect("a parameter");
            }
            e.baseline = Some(Baseline::of(TunedOp::Rbf, &was, Some(variant), at));
            e
        };
        let prepared = |e: Entry, pins: &[&str], now: &'static str| {
            let mut t = Tuning::from_entries(vec![e], Origin::Cache);
            let pins: Vec<String> = pins.iter().map(|p| p.to_string()).collect();
            t.pin(&pins).expect("parameters");
            t.prepare(&base, limits, &|op, s| {
                assert_eq!((op, s), (TunedOp::Rbf, at), "asked at the measured shape");
                Some(now)
            });
            t
        };
        let used = |t: &Tuning| t.resolve(TunedOp::Rbf, at).map(|r| r.params.rbf_wg);

        let t = prepared(recorded("column_major", &[]), &[], "column_major");
        assert_eq!(
            (used(&t), t.stale()),
            (Some(128), None),
            "the same defaults"
        );

        let t = prepared(recorded("column_major", &[]), &[], "sliced");
        assert_eq!(used(&t), None, "another default rung");
        assert!(t.lookup(TunedOp::Rbf, at).is_none());
        assert_eq!((t.len(), t.stale()), (0, Some((1, vec!["variant"]))));

        let t = prepared(
            recorded("column_major", &[("rbf_loop_pivot_cols", 0)]),
            &[],
            "column_major",
        );
        assert_eq!(used(&t), None, "another table value");
        assert_eq!(t.stale(), Some((1, vec!["rbf_loop_pivot_cols"])));
        assert_eq!(t.retired().len(), 1);
        assert!(
            t.retired()[0].starts_with("rbf ") && t.retired()[0].ends_with(": rbf_loop_pivot_cols"),
            "{:?}",
            t.retired()
        );

        // Its measured shape is listed whether it is used or not.
        assert_eq!(t.measured(TunedOp::Rbf), vec![at]);
        assert!(t.measured(TunedOp::Logreg).is_empty());

        // Kept on request (`duet tune --verify --retired`): used, still counted and listed.
        let mut t = Tuning::from_entries(vec![recorded("column_major", &[])], Origin::Cache);
        t.keep_retired();
        t.prepare(&base, limits, &|_, _| Some("sliced"));
        assert_eq!((used(&t), t.len()), (Some(128), 1), "kept");
        assert_eq!(t.stale(), Some((1, vec!["variant"])));
        t.prepare(&base, limits, &|_, _| Some("sliced"));
        assert_eq!(t.stale(), Some((1, vec!["variant"])), "counted once");
        assert!(
            t.retired()[0].contains(&format!("measured at {}×100", 1 << 16)),
            "{:?}",
            t.retired()
        );

        // The entry runs `vectorized`, the defaults `column_major`: a parameter only other
        // rungs read (the tiles, the lanes) leaves the measurement as it was.
        for other in [("rbf_tile", 1024), ("rbf_lane_rows", 4)] {
            let t = prepared(recorded("column_major", &[other]), &[], "column_major");
            assert_eq!((used(&t), t.stale()), (Some(128), None), "{other:?}");
        }
        // A parameter the defaults' rung reads (and the entry's does not) counts.
        let t = prepared(
            recorded("column_major", &[("rbf_loop_rows", 2)]),
            &[],
            "column_major",
        );
        assert_eq!(t.stale(), Some((1, vec!["rbf_loop_rows"])));

        let t = prepared(
            recorded("column_major", &[("rbf_loop_pivot_cols", 0)]),
            &["rbf_loop_pivot_cols"],
            "column_major",
        );
        assert_eq!(
            used(&t),
            Some(128),
            "a pinned parameter is the caller's, not a default"
        );

        let t = prepared(
            recorded("column_major", &[("logreg_wg", 64)]),
            &[],
            "column_major",
        );
        assert_eq!(used(&t), Some(128), "a parameter RBF rows do not read");

        let t = prepared(entry(TunedOp::Rbf, 1 << 16, 100, 128), &[], "sliced");
        assert_eq!(
            (used(&t), t.stale()),
            (Some(128), None),
            "no record: as before"
        );

        // What a record holds, and that it survives the cache's JSON.
        let b = Baseline::of(TunedOp::Logreg, &base, Some("multi_group"), at);
        assert!(b.params.contains_key("logreg_wg") && b.params.contains_key("row_pad"));
        assert!(!b.params.contains_key("rbf_wg") && !b.params.contains_key("reduce_wg"));
        let mut e = recorded("column_major", &[]);
        e.baseline = Some(b);
        let text = serde_json::to_string(&e).expect("serialises");
        assert_eq!(serde_json::from_str::<Entry>(&text).ok(), Some(e));
        let old = serde_json::to_string(&entry(TunedOp::Rbf, 1 << 16, 100, 128)).expect("json");
        assert!(!old.contains("baseline"), "no record, no field: {old}");
    }

    /// A rule in Rust code that changes what the defaults launch at an entry's measured shape,
    /// every table value as it was, retires the entry (here: the rows a step and workgroups the
    /// wide-row rule gives 100 columns, recorded as they were before it), unless the caller
    /// pinned parameters; a baseline without a launch (recorded before session 56) and a fact
    /// only one side has are not compared.
    #[test]
    fn a_changed_launch_retires_the_entry() {
        let base = KernelParams::DEFAULT;
        let limits = (1024, 48 << 10);
        let at = Shape {
            rows: 167_771,
            cols: 100,
            layout: Layout::RowMajor,
        };
        let now = Baseline::of(TunedOp::Logreg, &base, Some("multi_group"), at);
        assert_eq!(now.launch.get("pitch"), Some(&100));
        assert!(now.launch.contains_key("rows_a_step") && now.launch.contains_key("groups"));
        assert!(
            Baseline::of(TunedOp::Rbf, &base, None, at)
                .launch
                .is_empty()
        );
        assert!(
            Baseline::of(TunedOp::Read, &base, None, at)
                .launch
                .is_empty()
        );
        let entry_with = |launch: BTreeMap<String, u32>| {
            let mut e = entry(TunedOp::Logreg, at.rows, at.cols, 128);
            e.bucket = Bucket::of(at);
            e.variant = Some("multi_group".into());
            e.params = BTreeMap::from([("logreg_wg".to_string(), 128)]);
            let mut b = now.clone();
            b.launch = launch;
            e.baseline = Some(b);
            e
        };
        let used = |e: Entry, pins: &[&str]| {
            let mut t = Tuning::from_entries(vec![e], Origin::Cache);
            let pins: Vec<String> = pins.iter().map(|p| p.to_string()).collect();
            t.pin(&pins).expect("parameters");
            t.prepare(&base, limits, &|_, _| Some("multi_group"));
            let stale = t.stale().map(|(_, names)| names.join(", "));
            (t.resolve(TunedOp::Logreg, at).is_some(), stale)
        };
        let mut was = now.launch.clone();
        let steps = was.get_mut("rows_a_step").expect("recorded");
        *steps = if *steps == 1 { 2 } else { 1 };
        let (on, stale) = used(entry_with(was.clone()), &[]);
        assert!(!on, "retired");
        assert!(
            stale.is_some_and(|s| s.contains("launch rows_a_step")),
            "named"
        );
        assert_eq!(used(entry_with(now.launch.clone()), &[]), (true, None));
        assert_eq!(
            used(entry_with(BTreeMap::new()), &[]),
            (true, None),
            "not recorded"
        );
        let mut newer = now.launch.clone();
        newer.insert("a fact added later".into(), 7);
        newer.remove("groups");
        assert_eq!(
            used(entry_with(newer), &[]),
            (true, None),
            "one side's facts"
        );
        assert!(
            used(entry_with(was), &["row_pad"]).0,
            "pinned: not compared"
        );
        // Recorded in the cache's JSON, and absent where empty.
        let e = entry_with(now.launch.clone());
        let text = serde_json::to_string(&e).expect("serialises");
        assert!(
            text.contains("\"launch\"") && text.contains("rows_a_step"),
            "{text}"
        );
        assert_eq!(serde_json::from_str::<Entry>(&text).ok(), Some(e));
        let old = serde_json::to_string(&entry_with(BTreeMap::new())).expect("json");
        assert!(!old.contains("launch"), "{old}");
    }

    /// RBF rows record what the defaults' rung launches (the plan's rules inside a rung: rows
    /// a step by columns, lanes and workgroups by rows, slices); an entry measured when a rule
    /// gave another launch is retired and named, one recorded as the plan gives it is used.
    #[test]
    fn an_rbf_entry_retires_when_its_rungs_launch_changes() {
        use crate::ops::rbf::launch_facts;
        let base = KernelParams::DEFAULT;
        let limits = (1024, 48 << 10);
        // 64 MiB, three column-major columns: the loop rungs take four rows a step.
        let cm = Shape {
            rows: 5_592_405,
            cols: 3,
            layout: Layout::ColumnMajor,
        };
        let now = Baseline::of(TunedOp::Rbf, &base, Some("column_major"), cm);
        assert_eq!(
            now.launch.get("rbf_loop_rows"),
            Some(&4),
            "{:?}",
            now.launch
        );
        assert!(now.launch.contains_key("gather") && now.launch.contains_key("groups"));
        assert_eq!(now.launch.get("wg"), Some(&base.rbf_wg));
        assert_eq!(
            now.launch.get("pitch"),
            Some(&(base.column_pitch(cm.rows) as u32))
        );
        // `row_lanes` records its lanes, rows a step and workgroups; `sliced` its slices.
        let rm = Shape {
            layout: Layout::RowMajor,
            rows: 131_071,
            cols: 127,
        };
        let lanes = launch_facts(
            &base,
            crate::RbfVariant::RowLanes,
            (rm.rows, rm.cols, rm.layout),
        );
        assert_eq!(lanes.get("rbf_lanes"), Some(&base.rbf_row_lanes(rm.cols)));
        assert_eq!(
            lanes.get("gather"),
            Some(&0),
            "row_lanes reads its pivots from X"
        );
        assert!(lanes.contains_key("rbf_rows") && lanes.contains_key("groups"));
        let sliced = launch_facts(
            &base,
            crate::RbfVariant::Sliced,
            (4_095, 4_096, Layout::ColumnMajor),
        );
        assert!(sliced.get("slices").is_some_and(|&s| s > 1), "{sliced:?}");
        assert!(
            launch_facts(
                &base,
                crate::RbfVariant::Sliced,
                (0, 4, Layout::ColumnMajor)
            )
            .is_empty()
        );
        assert!(
            Baseline::of(TunedOp::Rbf, &base, Some("no such rung"), cm)
                .launch
                .is_empty()
        );

        let entry_with = |launch: BTreeMap<String, u32>| {
            let mut e = entry(TunedOp::Rbf, cm.rows, cm.cols, 128);
            let mut b = now.clone();
            b.launch = launch;
            e.baseline = Some(b);
            e
        };
        let used = |e: Entry| {
            let mut t = Tuning::from_entries(vec![e], Origin::Cache);
            t.prepare(&base, limits, &|_, _| Some("column_major"));
            let stale = t.stale().map(|(_, names)| names.join(", "));
            (t.resolve(TunedOp::Rbf, cm).is_some(), stale)
        };
        assert_eq!(used(entry_with(now.launch.clone())), (true, None));
        let mut was = now.launch.clone();
        was.insert("rbf_loop_rows".into(), 2);
        let (on, stale) = used(entry_with(was));
        assert!(!on, "retired");
        assert!(
            stale.is_some_and(|s| s.contains("launch rbf_loop_rows")),
            "named"
        );
    }

    #[test]
    fn modes_parse_and_name_bad_values() {
        assert_eq!(TuneMode::parse("off").ok(), Some(TuneMode::Off));
        assert_eq!(TuneMode::parse("").ok(), Some(TuneMode::Cached));
        let e = TuneMode::parse("sometimes").expect_err("bad").to_string();
        assert!(e.contains("DUET_TUNE") && e.contains("sometimes"), "{e}");
        assert_eq!(TuneMode::parse(" auto ").ok(), Some(TuneMode::Auto));
        assert_eq!(fnv1a(b""), "cbf29ce484222325");
        assert_eq!(fnv1a(b"a"), "af63dc4c8601ec8c");
    }

    #[test]
    fn only_the_loop_rungs_search_where_they_read_the_pivots() {
        let has = |v: &str| {
            TunedOp::Rbf
                .axes_for(Some(v))
                .iter()
                .any(|a| a.param == "rbf_loop_pivot_cols")
        };
        for v in ["row_major", "column_major", "vectorized"] {
            assert!(has(v), "{v}");
        }
        for v in ["local_memory", "sliced", "row_lanes"] {
            assert!(!has(v), "{v}");
        }
    }

    #[test]
    fn every_axis_value_is_allowed_by_the_table() {
        for op in TunedOp::ALL {
            for axis in op.space() {
                for &v in axis.values {
                    let mut p = KernelParams::DEFAULT;
                    assert!(p.set(axis.param, v).is_ok(), "{op} {}={v}", axis.param);
                }
            }
            assert_eq!(TunedOp::parse(op.name()).ok(), Some(op));
        }
        assert!(TunedOp::parse("svm").is_err());
    }
}
