//! Kernel parameters, defined once.
//!
//! Workgroup sizes, grid caps, tile sizes and the column pitch live here and nowhere else: the
//! wgpu backend passes them to WGSL as pipeline-overridable constants, the OpenCL backend as `-D`
//! build options, and the tolerance derivations read them to know each kernel's summation order.

/// Declares the parameter table once: each field's documentation, default, the rule every
/// value must meet on any device (with the words an error uses), and the name of the constant
/// it becomes in both kernel languages (`-`: host-side only). From this one list come the
/// struct, [`KernelParams::DEFAULT`], [`KernelParams::fields`], [`KernelParams::set`] and its
/// errors, and [`KernelParams::constants`].
macro_rules! kernel_params {
    ($(
        $(#[doc = $doc:expr])*
        $field:ident = $default:expr, const $cname:tt, allowed |$v:ident| $rule:expr => $allowed:expr;
    )*) => {
        /// The parameter table. [`KernelParams::DEFAULT`] is what every backend uses unless
        /// told otherwise.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
        pub struct KernelParams {
            $( $(#[doc = $doc])* pub $field: u32, )*
        }

        impl KernelParams {
            /// The defaults, chosen for large discrete GPUs and correct everywhere.
            pub const DEFAULT: KernelParams = KernelParams { $( $field: $default, )* };

            /// How many parameters the table has.
            pub const COUNT: usize = [$(stringify!($field)),*].len();

            /// Every parameter as `(name, value)`, in declaration order (the names `set`
            /// takes).
            pub fn fields(&self) -> [(&'static str, u32); Self::COUNT] {
                [$( (stringify!($field), self.$field), )*]
            }

            /// The table's parameters that kernels read, as `(constant name, value)`: WGSL
            /// `override` declarations and OpenCL `-D` macros carry these names. See
            /// [`KernelParams::constants`] for everything a kernel build receives.
            fn table_constants(&self) -> Vec<(&'static str, u32)> {
                let all: [(Option<&'static str>, u32); Self::COUNT] =
                    [$( (kernel_params!(@name $cname), self.$field), )*];
                all.into_iter().filter_map(|(n, v)| n.map(|n| (n, v))).collect()
            }

            /// An error naming `name` (and listing the names the table has) unless the table
            /// has a parameter of that name.
            pub fn check_name(name: &str) -> Result<(), crate::Error> {
                match name {
                    $( stringify!($field) => Ok(()), )*
                    _ => unknown_field(name),
                }
            }

            /// Sets the parameter `name` (a field name, e.g. `reduce_unroll`) to `value`; the
            /// error names the parameter or value that is not allowed (the device-independent
            /// rules of [`KernelParams::validate`]).
            pub fn set(&mut self, name: &str, value: u32) -> Result<(), crate::Error> {
                check_field(name, value)?;
                match name {
                    $( stringify!($field) => self.$field = value, )*
                    _ => unknown_field(name)?,
                }
                Ok(())
            }
        }

        /// The rules a parameter value must meet on every device (the kernels' own
        /// constraints); [`KernelParams::validate`] adds the device's limits. 0 is "automatic"
        /// where a field says so.
        fn check_field(name: &str, value: u32) -> Result<(), crate::Error> {
            let (ok, allowed): (bool, String) = match name {
                $( stringify!($field) => {
                    let $v = value;
                    ($rule, ($allowed).to_string())
                } )*
                _ => return unknown_field(name),
            };
            if ok {
                Ok(())
            } else {
                Err(crate::Error::invalid(name, value, format!("must be {allowed}")))
            }
        }
    };
    (@name -) => { None };
    (@name $cname:literal) => { Some($cname) };
}

/// The error for a parameter name the table does not have, listing the names it has.
fn unknown_field(name: &str) -> Result<(), crate::Error> {
    let names: Vec<&str> = KernelParams::DEFAULT.fields().iter().map(|f| f.0).collect();
    Err(crate::Error::invalid(
        "param",
        name,
        format!("expected one of {}", names.join(", ")),
    ))
}

kernel_params! {
    /// Work-items per workgroup of the streaming reductions (read, arg-extremes).
    reduce_wg = 256, const "REDUCE_WG",
        allowed |v| v.is_power_of_two() => "a power of two";
    /// Upper bound on the workgroups of a reduction's first pass; each work-item loops over the
    /// vector with a grid stride when the vector is larger than one element per work-item.
    reduce_max_groups = 1024, const -,
        allowed |v| (1..=MAX_GROUPS).contains(&v)
            => format!("1 to {MAX_GROUPS} (the grid limit of one dimension)");
    /// `vec4` loads each work-item issues per grid-stride step of a reduction (bytes in flight).
    reduce_unroll = 4, const "REDUCE_UNROLL",
        allowed |v| (1..=MAX_UNROLL).contains(&v) => format!("1 to {MAX_UNROLL}");
    /// Reductions (read, arg-extremes): 1 lets the last workgroup of the first pass do the
    /// second in the same launch (a device-scope fence and an atomic counter); 0 launches the
    /// second pass. wgpu honours 1 where WGSL's `storageBarrier` is a device-scope fence
    /// (Vulkan, DX12, GL) and launches the second pass on Metal.
    arg_last_group = 1, const -, allowed |v| v <= 1 => "0 or 1";
    /// Work-items per workgroup of the RBF kernels.
    rbf_wg = 256, const "RBF_WG", allowed |v| v.is_power_of_two() => "a power of two";
    /// Floats of `x_hi` and `x_lo` held in workgroup memory per tile by the `local_memory` rung
    /// (two rows of this many floats; rows longer than this are processed tile by tile).
    rbf_tile = 2048, const "RBF_TILE",
        allowed |v| v > 0 && v.is_multiple_of(4) => "a positive multiple of 4 (read as vec4s)";
    /// `vec4` loads each work-item of the `local_memory` RBF rung has in flight (1 to 8).
    rbf_unroll = 8, const "RBF_UNROLL", allowed |v| (1..=8).contains(&v) => "1 to 8";
    /// Most columns of a row one work-item of the `row_lanes` RBF rung reads (4, 8 or 16: 1, 2
    /// or 4 `vec4`s, held with the pivots' in registers): a row of `cols` columns gets the
    /// smallest power of two of lanes with at most this many columns each, at most `rbf_wg`
    /// ([`KernelParams::rbf_row_lanes`]; rows wider than 16 · `rbf_wg` read the pivots from
    /// memory instead of registers). Fewer columns a lane means more lanes per row: more
    /// work-items when rows are few, more additions between lanes.
    rbf_lane_cols = 16, const -,
        allowed |v| matches!(v, 4 | 8 | 16) => "4, 8 or 16";
    /// Most workgroups of a `row_lanes` RBF launch: each work-item loads its pivots' `vec4`s
    /// once and covers rows in a grid stride (on an H200, one row per work-item left the pass
    /// at 55–70 % of the read bound, its pivot loads as many as its row's). 0 (the default)
    /// chooses per launch by its rows ([`KernelParams::rbf_lane_groups_for`]).
    rbf_lane_groups = 0, const -,
        allowed |v| v <= MAX_GROUPS
            => format!("0 (by rows) or 1 to {MAX_GROUPS} (the grid limit of one dimension)");
    /// Rows each work-item of the `row_lanes` RBF rung loads per step (1, 2 or 4) where a row's
    /// lanes add their sums by subgroup shuffles alone (at most `rbf_span` lanes; wider rows,
    /// whose sums cross workgroup memory with a barrier a level, take 1):
    /// [`KernelParams::rbf_rows`]. A work-item loads its lanes of all of them before any
    /// arithmetic, so more rows put more bytes in flight per work-item, at the cost of
    /// registers. Each row's sum is added in the same order whatever the value (the same bits).
    /// 0 (the default) lets the backend choose when the device is opened (its policy, see
    /// [`KernelParams::with_automatic`]).
    rbf_lane_rows = 0, const -,
        allowed |v| matches!(v, 0 | 1 | 2 | 4) => "1, 2 or 4 (0: automatic)";
    /// Work-items per workgroup of the `row_lanes` RBF rung where its rows do not start on 16
    /// bytes (a row-major pitch that is not a multiple of 4) and take more than one lane (over
    /// [`rbf_lane_cols`](KernelParams::rbf_lane_cols) columns): its `RBF_WG` there
    /// ([`KernelParams::rbf_lane_wg_for`]); elsewhere the rung takes `rbf_wg`. 0 (the default)
    /// lets the backend choose when the device is opened ([`KernelParams::with_automatic`]);
    /// an unresolved 0 takes `rbf_wg`.
    rbf_lane_wg_unaligned = 0, const -,
        allowed |v| v == 0 || v.is_power_of_two() => "0 (automatic) or a power of two";
    /// How the lanes of a row of the `row_lanes` RBF rung add their sums: within groups of this
    /// many adjacent work-items by subgroup shuffles, then pairwise through workgroup memory; 1:
    /// workgroup memory only. Both add the same pairs in the same order (the same bits). A
    /// power of two no larger than the device's smallest subgroup, as `smo_ws_span`; 0 (the
    /// default) lets the backend choose when the device is opened: the widest it has
    /// ([`KernelParams::resolve_spans`]); kernels built from an unresolved table take 0 as 1.
    rbf_span = 0, const "RBF_SPAN",
        allowed |v| v <= 64 && (v == 0 || v.is_power_of_two())
            => "0 (automatic), 1 (workgroup memory) or a power of two up to 64 (shuffles)";
    /// Slices the `sliced` RBF rung cuts each point's columns into (a power of two up to
    /// [`RBF_MAX_SLICES`], held by that many work-items of a workgroup whose partial sums meet
    /// in the tile arrays, so more than 1 needs `rbf_tile` ≥ 4 × `rbf_wg`). 0 (the default)
    /// chooses per shape ([`KernelParams::rbf_slices_for`]): enough slices that a launch has
    /// `rbf_slice_fill` × 1024 work-items, each slice at least [`RBF_SLICE_COLS`] columns.
    rbf_slices = 0, const -,
        allowed |v| v <= RBF_MAX_SLICES && (v == 0 || v.is_power_of_two())
            => format!("0 (automatic) or a power of two up to {RBF_MAX_SLICES}");
    /// Work-items per workgroup of the `sliced` RBF rung, which builds its kernel with this as
    /// `RBF_WG` (the other rungs take `rbf_wg`). 0 (the default) lets the backend choose when
    /// the device is opened ([`KernelParams::with_automatic`]); an unresolved 0 takes
    /// `rbf_wg`. See [`KernelParams::for_rbf`].
    rbf_sliced_wg = 0, const -,
        allowed |v| v == 0 || v.is_power_of_two() => "0 (automatic) or a power of two";
    /// `vec4` loads each work-item of the `sliced` RBF rung has in flight (1 to 8), its
    /// `RBF_UNROLL` (the `local_memory` rung takes `rbf_unroll`). 0 (the default) lets the
    /// backend choose when the device is opened; an unresolved 0 takes `rbf_unroll`.
    rbf_sliced_unroll = 0, const -,
        allowed |v| v <= 8 => "0 (automatic) or 1 to 8";
    /// Work-items, in units of 1024, that the automatic slice count of the `sliced` RBF rung
    /// aims for ([`KernelParams::rbf_slices_for`]). 0 (the default) lets the backend choose
    /// when the device is opened ([`KernelParams::with_automatic`]); an unresolved 0 counts as
    /// 64.
    rbf_slice_fill = 0, const -,
        allowed |v| v <= 1 << 16 => "0 (automatic) to 65536";
    /// The widest matrix whose `local_memory` and `sliced` RBF rungs stage the pivots in
    /// workgroup memory straight from the blocks of X holding them; wider ones have
    /// `rbf_gather` copy the pivots first, one launch before the rung (`row_major`,
    /// `column_major` and `vectorized` follow `rbf_loop_pivot_cols`, `row_lanes` always reads
    /// X's rows: [`pivots_from_x`](crate::ops::rbf::pivots_from_x)).
    /// Staging from a column-major X costs each workgroup one scattered load a pivot value,
    /// the gather costs a launch. 0 (the default) lets the backend choose when the device is
    /// opened: every width through OpenCL, whose launch and the gap after it cost an H100
    /// 15–17 µs, 1 024 columns through wgpu, where staging from X was level or faster up to
    /// 1 000 columns and 13 % slower at 4 096 (BENCHMARKS.md, session 34); unresolved, every
    /// width.
    rbf_pivot_cols = 0, const -,
        allowed |v| v <= 1 << 16 => "0 (automatic) to 65536 (columns)";
    /// The widest matrix whose `row_major`, `column_major` and `vectorized` RBF rungs read the
    /// pivots straight from the blocks of X holding them, inside their loop over the columns
    /// (each pivot value a load the work-items share, one element of X's pivot rows apart),
    /// with no `rbf_gather` launch before them; wider ones read the gathered copy, and 0 has
    /// every width read the copy. The default, 256: on an H100 reading from X was faster at
    /// every width measured up to 250 columns through both backends (1–250 columns, 64 and
    /// 256 MiB: ×1.05–1.52 through OpenCL, whose gather's launch and the gap after it cost
    /// 15–17 µs, ×1.00–1.11 through wgpu) and slower at 1 000 column-major columns through
    /// OpenCL (×0.90–0.98; BENCHMARKS.md, session 38).
    rbf_loop_pivot_cols = 256, const -,
        allowed |v| v <= 1 << 16 => "0 (the gathered copy) to 65536 (columns)";
    /// Rows each work-item of the `row_major` and `column_major` RBF rungs covers per step of
    /// its grid stride (1, 2 or 4; `RBF_LOOP_ROWS`): rows `r`, `r + s`, … for the launch's
    /// stride `s`, their loads interleaved in one loop over the columns (each pivot value
    /// loaded once for all of them), the launch's workgroups divided by it. Narrow rows have
    /// too few bytes for one row a work-item to keep the memory busy. Each row's sum is added
    /// in the same order whatever the value (the same bits). 0 (the default) chooses by the
    /// columns ([`KernelParams::rbf_loop_rows_for`]).
    rbf_loop_rows = 0, const -,
        allowed |v| matches!(v, 0 | 1 | 2 | 4) => "0 (by columns), 1, 2 or 4";
    /// Most workgroups of a `row_major` or `column_major` RBF launch; its work-items cover the
    /// rest of the rows in a grid stride. 0 (the default): as many as the rows need, up to the
    /// grid limit of one dimension.
    rbf_loop_groups = 0, const -,
        allowed |v| v <= MAX_GROUPS
            => format!("0 (by rows) or 1 to {MAX_GROUPS} (the grid limit of one dimension)");
    /// The largest row pitch (floats between row starts, 1 to [`RBF_QUAD_MAX_PITCH`]) of a
    /// row-major block that the `row_major` RBF rung reads four consecutive rows a work-item
    /// (`rbf_row_quad`): the four rows are `pitch` whole, aligned `vec4`s, one load each, and
    /// their four points leave with one `vec4` store an output; wider rows, and every row with
    /// 0, take the loop over the columns (a float a load, `rbf_loop_rows` rows a step). Each
    /// row's sum is added in column order either way. The default, 4: on an H200 (16 MiB to
    /// 2 GiB, both backends) the quads against the loop were ×1.02–1.33 at 2 columns and
    /// ×0.99–1.23 at 3–4 (three alternating rounds where one had wgpu ×0.96–0.98 at 64 MiB),
    /// level with `vectorized`'s reading of one column at 1, mixed at 5–6 (×0.90–1.06) and slower at 7 (×0.82–0.96) and
    /// at 8 against `row_lanes` (×0.87–0.95; BENCHMARKS.md, session 49).
    rbf_quad_pitch = 4, const -,
        allowed |v| v as usize <= RBF_QUAD_MAX_PITCH
            => format!("0 (never) to {RBF_QUAD_MAX_PITCH}");
    /// Work-items per workgroup of the logistic-regression kernels.
    logreg_wg = 256, const "LOGREG_WG",
        allowed |v| v.is_power_of_two() && v >= LOGREG_WG_MIN
            => format!("a power of two, at least {LOGREG_WG_MIN}");
    /// Floats of X staged in workgroup memory per tile by the logistic-regression kernels
    /// (rows padded to an odd stride, see [`LogregTiling`]).
    logreg_tile = 8192, const "LOGREG_TILE", allowed |v| v >= 1 => "at least 1";
    /// Most rows one logistic-regression tile holds (the size of its per-row scratch).
    logreg_rows = 1024, const "LOGREG_ROWS", allowed |v| v >= 1 => "at least 1";
    /// Rows each work-item loads per step of the register-resident `multi_group` pass (1 or
    /// 2; quads of four rows in the four-rows pass): 2 doubles the bytes in flight per step
    /// and halves the workgroup barriers per row, at the cost of registers. 0 (the default)
    /// lets the backend choose when the device is opened: 2 through wgpu; through OpenCL it
    /// stays 0, by the row ([`KernelParams::partial_rps`]).
    logreg_rps = 0, const -, allowed |v| v <= 2 => "1 or 2 (0: automatic)";
    /// How the lanes of a row add their partial scores in the register-resident `multi_group`
    /// pass: 1 through workgroup memory (two workgroup barriers per step), 2 with subgroup
    /// shuffles (no barrier: wgpu's `SUBGROUP` feature with subgroups of at least 4; on OpenCL,
    /// NVIDIA's `shfl.sync`). Both add the lanes in the same order, pairwise, so the results are
    /// the same bits. 0 (the default) lets the backend choose when the device is opened, see
    /// [`KernelParams::resolve_lane_sum`].
    logreg_lane_sum = 0, const -,
        allowed |v| v <= 2 => "1 (workgroup memory) or 2 (subgroup shuffles) (0: automatic)";
    /// Most columns the register-resident `multi_group` pass (`logreg_partial_reg`) takes; a
    /// wider X, or one wider than [`LANE_COLS`] × `logreg_wg`, goes through the tiled pass
    /// (`logreg_partial`). See [`KernelParams::partial_in_registers`].
    logreg_reg_cols = 4096, const -, allowed |v| v >= 1 => "at least 1";
    /// Rows of at most this many floats (the row pitch, 1 to 8) go through the `multi_group`
    /// pass that takes four consecutive rows per work-item (`logreg_partial_quad`): they are
    /// whole, aligned `vec4`s, read with their labels before any is used. 9: never (the
    /// register-resident pass, one row per work-item, takes them). 0 (the default) lets the
    /// backend choose when the device is opened: 7 through wgpu, 4 through OpenCL, where the
    /// H100 measured the four-row pass faster or level (BENCHMARKS.md, sessions 15 and 43). See
    /// [`KernelParams::partial_quad`].
    logreg_quad_pitch = 0, const -,
        allowed |v| v <= 9 => "0 (automatic), 1 to 8 (the largest pitch), or 9 (never)";
    /// How the register-resident `multi_group` pass spreads a row's `vec4`s over its lanes: 1
    /// in blocks (lane `l` holds `l·kl … l·kl + kl − 1`), 2 interleaved (`l, l + lanes, …`: a
    /// warp's lanes read adjacent `vec4`s). 0 (the default): interleaved where the column count
    /// is a multiple of 4, else the backend's choice ([`KernelParams::partial_reg_interleave`]).
    logreg_interleave = 0, const -,
        allowed |v| v <= 2 => "1 (blocks) or 2 (interleaved) (0: automatic)";
    /// Whether the register-resident `multi_group` pass is software-pipelined: 2 issues the
    /// next step's loads (rows and labels) before it uses the current step's, so a step's
    /// lane exchange and gradient update overlap the next step's reads (twice the registers
    /// for loads); 1 loads each step's rows and labels at its start. 0 (the default) lets the
    /// backend choose when the device is opened: 2 through wgpu; through OpenCL it stays 0, by
    /// the row ([`KernelParams::partial_pipelined`]: pipelined over wide rows only, where an
    /// H200 measured one row a step unpipelined faster at 13–1 000 columns, BENCHMARKS.md,
    /// session 30, and the wide rule faster at 700–4 096, session 54). Either way the same
    /// terms are added in the same order.
    logreg_pipeline = 0, const -,
        allowed |v| v <= 2 => "1 (off) or 2 (on) (0: automatic)";
    /// `multi_group` logistic passes over at most `logreg_finish_cols` columns: 1 lets the last
    /// workgroup of the pass sum the partial slots in the same launch (a device-scope fence and
    /// an atomic counter, as `arg_last_group` does for reductions); 0 launches `logreg_reduce`.
    /// wgpu honours 1 where WGSL's `storageBarrier` is a device-scope fence. See
    /// [`pass_finishes`](crate::ops::logreg::pass_finishes).
    logreg_last_group = 1, const -, allowed |v| v <= 1 => "0 or 1";
    /// The widest `multi_group` logistic pass (columns) whose last workgroup sums the partial
    /// slots (`logreg_last_group`): it sums them `logreg_wg` columns at a time, one tile after
    /// another, four at once above `logreg_wg` columns (in one level or two,
    /// `logreg_finish_split`; a lone gradient may finish wider, `logreg_finish_lone`), where a `logreg_reduce` launch
    /// sums column tiles in parallel workgroups, each column's slots over lanes of about eight
    /// slots ([`reduce_lanes`](crate::ops::logreg::reduce_lanes)); so the finish saves a
    /// launch and costs a serial sum that grows with the columns. 0 (the default) lets the
    /// backend choose when the device is opened; unresolved, it is
    /// [`FINISH_COLS_UNRESOLVED`] ([`KernelParams::finish_cols`]).
    logreg_finish_cols = 0, const -,
        allowed |v| v <= 65_536 => "at most 65536 (columns; 0: automatic)";
    /// A finishing `multi_group` logistic pass (`logreg_finish_cols`) sums its partial slots in
    /// two levels where a work-item of the one-level finish would sum at least this many of
    /// them ([`finish_lane_slots`](crate::ops::logreg::finish_lane_slots): the slots ÷ the
    /// lanes a column, which are fewer the wider the pass, 8 at 17–32 columns and 4 at 33–64;
    /// or every slot per four column tiles, wider than `logreg_wg`): the last workgroup of
    /// each group of about √slots slots sums its group's, in parallel, and the pass's last
    /// workgroup sums the groups' ([`finish_group`](crate::ops::logreg::finish_group)); below
    /// it, the last workgroup sums every slot. 0 (the default) lets the backend choose when
    /// the device is opened: 64 through OpenCL (on an H100, 396–528 slots: two levels took
    /// 1–3.5 µs off passes at 33–64 columns at 4–256 MiB, and were level or slower at 16–32,
    /// where a lane sums 25–66 slots; BENCHMARKS.md, session 42; on an H200 two levels took
    /// 4–14 µs off passes at 100–256 columns, session 33), never through wgpu (there two
    /// levels were slower at 8–13 columns and level or slower at 33–1 000, session 33; on an
    /// H100 4 096 floats, from 11 columns, made 31 columns 2 µs slower, session 42; on an H200
    /// 1.1–1.9 µs slower at 33–64 columns and 0.7–1.7 faster only at 100, where one level's
    /// fences and counter cost 1.3–1.4 µs and its sums 4.5–8.3, session 58; with the same
    /// parameters through both APIs a second level's fences, counters and trees cost about the
    /// same, its loads 0–1.8 µs more through wgpu, and at logreg_wg 256 two levels paid on
    /// neither at 33–64 columns, where OpenCL's entries at logreg_wg 128 gain 2–5.5 µs from
    /// them, session 59). Either way the
    /// sums are of the same slots; the order of the additions differs (docs/conformance.md).
    logreg_finish_split = 0, const -,
        allowed |v| v <= NEVER_SPLIT
            => format!("at most {NEVER_SPLIT} (slots a lane; {NEVER_SPLIT}: one level always; 0: automatic)");
    /// A lone `multi_group` gradient (not a training step) over more than `logreg_finish_cols`
    /// columns, up to [`FINISH_LONE_MAX_COLS`], also finishes in its last workgroup where X
    /// holds at most this many floats (rows × row pitch): alone in its call it pays the whole
    /// gap a driver may leave before a `logreg_reduce` launch, where a training loop's
    /// launches queue behind each other. 0 (the default) lets the backend choose when the
    /// device is opened: 2²⁶ (256 MiB) through OpenCL, where on an H100 a lone gradient
    /// finishing took 4 and 16 MiB from 28–31 to 15–26 µs at 257–2 048 columns, and 64 and 256
    /// MiB 4–6 µs faster at 257–1 000 columns, level at 2 000–2 048 and 1.5 µs slower at
    /// 1 200–1 500 (64 MiB), while ten training iterations finishing were slower from 1 500
    /// columns (BENCHMARKS.md, session 36); [`FINISH_LONE_NEVER`] through wgpu, whose second
    /// dispatch costs 1–2 µs and whose wide finish is slower.
    logreg_finish_lone = 0, const -,
        allowed |_v| true => "floats (1: never; 0: automatic)";
    /// Upper bound on the workgroups of a logistic-regression pass over X (`multi_group`).
    /// 0 (the default) lets the backend choose when the device is opened (its policy, see [`KernelParams::with_automatic`]).
    logreg_max_groups = 0, const -,
        allowed |v| v <= MAX_GROUPS
            => format!("at most {MAX_GROUPS} (the grid limit of one dimension; 0: automatic)");
    /// Upper bound on the workgroups of a register-resident `multi_group` pass whose lanes
    /// each hold four `vec4`s of a row (KL = 4: 13–16 columns a lane, the pass's most
    /// registers; [`KernelParams::partial_reg_kl`]), below `logreg_max_groups`. 0 (the default)
    /// lets the backend choose when the device is opened: three workgroups a compute unit
    /// through OpenCL, where NVIDIA's compiler gives that pass 80 registers on the H100 (three
    /// 256-wide workgroups a unit; four a unit ran as 1⅓ waves): 396 against 528 took the
    /// gradient at 64–4 096 such columns from 71–88 to 86–98 % of the read bound at 256 MiB
    /// and 1 GiB (BENCHMARKS.md, session 36); `logreg_max_groups` through wgpu and the CPU.
    logreg_full_groups = 0, const -,
        allowed |v| v <= MAX_GROUPS
            => format!("at most {MAX_GROUPS} (the grid limit of one dimension; 0: automatic)");
    /// Row-major rows on a device are padded with zeros to a multiple of 4 columns (aligned
    /// `vec4` loads) where the padding is at most this many sixteenths of the row
    /// ([`row_pitch`](crate::chunk::row_pitch)), so the extra memory and the extra bytes a pass
    /// reads stay under that fraction. 0 (the default) lets the backend choose when the device
    /// is opened: 2 (12.5 %) through wgpu, 1 (6.25 %) through OpenCL. On the H100, padding
    /// 33 columns to 36 took wgpu from 56 to 74 % of the read bound and OpenCL from 83 to 78 %;
    /// at 61, 250 and 777 columns both gained (BENCHMARKS.md).
    row_pad = 0, const -, allowed |v| v <= 16 => "0 (automatic) to 16 (sixteenths of a row)";
    /// Row-major rows wider than one lane's [`LANE_COLS`] columns: 2 pads every one of them to
    /// a multiple of 4 columns whatever `row_pad` allows (at most 3 floats: 3/17 of a row at 17
    /// columns); 1 pads them within `row_pad` only ([`row_pitch`](crate::chunk::row_pitch)).
    /// Such a row is shared by several lanes of the row kernels, which read an unpadded one a
    /// float at a time. 0 (the default) lets the backend choose when the device is opened: 2
    /// through wgpu, 1 through OpenCL. On an H200 at 256 MiB, padding 17 and 21 columns took
    /// wgpu's logistic gradient from 70 to 82 and 77 to 84 % of the read bound and its RBF
    /// rows on a row-major matrix from 47 to 65 and 51 to 75 %; OpenCL's logistic pass lost
    /// (78 → 73, 86 → 79 %; BENCHMARKS.md, session 30).
    row_pad_wide = 0, const -,
        allowed |v| v <= 2 => "1 (within row_pad) or 2 (every row wider than 16 columns) (0: automatic)";
    /// Points in one working set of the SVM solver's `working_set` strategy (`smo`): the first
    /// iteration selects half from I_up and the rest from I_low; later ones keep the half
    /// selected the iteration before and select the other half so. A larger set needs fewer
    /// iterations, each a pass over X, for about as many pair updates (scripts/svm_ws_study.py
    /// counts 1 679 iterations at 64 and 58 at 1 024 on Fashion-MNIST 0/6,
    /// docs/svm-working-set.md); its kernel rows take 4 · smo_ws_q · n bytes of one binding,
    /// and a solve halves the set while they do not fit (duet-svm's `ws_set_size`). 256: on the
    /// H100 the fastest, or within 15 % of 1 024, at every shape measured (BENCHMARKS.md,
    /// session 18).
    smo_ws_q = 256, const "SMO_WS_Q",
        allowed |v| v.is_power_of_two() && (64..=1024).contains(&v)
            => "a power of two from 64 to 1024";
    /// How the `working_set` kernels combine their work-items' values — the solve's two
    /// reductions per pair update (the most violating point, then the WSS 3 partner) and the
    /// selection's scans: within groups of this many adjacent work-items by subgroup shuffles
    /// (no barrier), then across the groups through workgroup memory in one round; 1: through
    /// workgroup memory only (trees). A power of two no larger than the device's smallest
    /// subgroup (wgpu's `SUBGROUP` feature; on OpenCL, NVIDIA's `shfl.sync` over its 32-wide
    /// warps). The results are the same either way (the reductions' order is total, the scans
    /// sum integers). 0 (the default) lets the backend choose when the device is opened: the
    /// widest it has, see [`KernelParams::resolve_spans`]; kernels built from an unresolved
    /// table take 0 as 1.
    smo_ws_span = 0, const "SMO_WS_SPAN",
        allowed |v| v <= 64 && (v == 0 || v.is_power_of_two())
            => "0 (automatic), 1 (workgroup memory) or a power of two up to 64 (shuffles)";
    /// Positions each work-item of the `working_set` selection (`smo_ws_candidates`,
    /// `smo_ws_select`) holds while it takes the set: the first `smo_ws_held` of its run are
    /// read from storage once (a point and its key), the rest again in each of the radix's four
    /// rounds and the compaction's two passes. Through OpenCL they sit in registers; through
    /// wgpu in workgroup memory, `8 × smo_ws_held × 256` bytes beside the selection's own
    /// (NVIDIA's Vulkan compiler put the arrays in local memory, and the select took 41 µs
    /// an iteration against 32 from workgroup memory on an H200, BENCHMARKS.md session 29).
    /// [`KernelParams::fit`] lowers it where workgroup memory is short (16 needs 39 KiB at
    /// `smo_ws_q` = 256). The results do not depend on it.
    smo_ws_held = 16, const "SMO_WS_HELD", allowed |v| v <= 16 => "at most 16";
    /// Column pitch alignment of [`Layout::ColumnMajor`](crate::Layout) matrices, in elements.
    pitch_align = 64, const -,
        allowed |v| v.is_power_of_two() && v >= 4 => "a power of two, at least 4";
    /// Chunk length alignment (elements) when a vector is split over several bindings.
    chunk_align = 1024, const -,
        allowed |v| v > 0 && v.is_multiple_of(4) => "a positive multiple of 4 (read as vec4s)";
}

/// Constants both kernel languages use that are not parameters: fixed by the kernels' design,
/// declared here once and passed to every build beside the table (WGSL `override`s, OpenCL
/// `-D`), so no kernel source carries its own copy.
pub const SHARED_CONSTANTS: [(&str, u32); 6] = [
    ("WEIGHT_CACHE", WEIGHT_CACHE),
    ("LANE_COLS", LANE_COLS),
    ("ARG_IDENTITY", crate::ops::argext::IDENTITY_KEY),
    ("PREDICT_TILE", PREDICT_TILE),
    ("SMO_WS_WG", SMO_WS_WG),
    ("SMO_WS_LANES", SMO_WS_LANES),
];

/// Most slices of the `sliced` RBF rung ([`KernelParams::rbf_slices`]): a workgroup of 256
/// then covers 4 items (16 points), a warp's load 8 runs of 64 bytes.
pub const RBF_MAX_SLICES: u32 = 64;

/// Fewest columns of a slice the automatic `sliced` RBF choice makes
/// ([`KernelParams::rbf_slices_for`]): a slice shorter than this spends more of its time on
/// the tile's barriers and the partials' sum than on its loads.
pub const RBF_SLICE_COLS: usize = 16;

/// [`KernelParams::rbf_pivot_cols`] that has the staging rungs read the pivots from X at every
/// width (no matrix has more columns).
pub const RBF_PIVOTS_ALWAYS: u32 = 1 << 16;

/// Grid-stride steps a work-item of a `row_lanes` RBF launch takes when
/// [`KernelParams::rbf_lane_groups`] is automatic ([`KernelParams::rbf_lane_groups_for`]): each
/// loads its pivots' `vec4`s once and then a step's rows, so few steps leave the pivot loads a
/// large share and many steps leave too few workgroups in flight. On an H100 (row-major,
/// 13–4 096 columns; BENCHMARKS.md, session 38) the measured group count nearest this rule's
/// was within 3 % of the fastest of 528–8 448 at 23 of 24 shapes through OpenCL (64 MiB–1 GiB;
/// 6 % at 13 columns, 64 MiB) and at all 8 through wgpu (1 GiB), where the fixed 528 had been
/// up to 21 % (OpenCL) and 60 % (wgpu) slower, both at 33 columns and 1 GiB.
pub const RBF_LANE_STEPS: usize = 8;

/// Fewest workgroups of an automatic `row_lanes` launch with rows to fill them (the fixed
/// count before session 38: four per SM of an H100 or H200).
pub const RBF_LANE_GROUPS_MIN: u32 = 528;

/// The widest rows to which [`KernelParams::rbf_loop_rows_for`] gives four rows a work-item,
/// and two: (column-major, row-major) columns. On an H200 through both backends (16, 64 and
/// 256 MiB, two rounds; BENCHMARKS.md, session 46) four rows were the fastest or within 3 % of
/// it at 1–3 column-major columns (×1.10–1.43 against main's one row) and at 1 row-major column
/// (×1.17–1.30); two at 4–7 column-major columns (OpenCL ×1.12–1.25, wgpu ×1.01–1.12) and at
/// 2–5 row-major columns (OpenCL ×1.08–1.17, wgpu ×1.02–1.12 but 0.95–0.99 at 5 columns and
/// 64 MiB). From 8 column-major columns two rows were level with one through OpenCL and
/// 0.96–1.04× through wgpu, four slower; at 7 row-major columns level or slower.
pub const RBF_LOOP_ROWS4_COLS: (usize, usize) = (3, 1);

/// See [`RBF_LOOP_ROWS4_COLS`].
pub const RBF_LOOP_ROWS2_COLS: (usize, usize) = (7, 5);

/// The fewest lanes a row of the register-resident logistic pass takes for the wide-row rule
/// ([`KernelParams::partial_wide`]): 8, rows of more than 64 columns (at most [`LANE_COLS`] a
/// lane). On an H200 through OpenCL, two rows a step, pipelined, at two workgroups a compute
/// unit (half of OpenCL's `logreg_max_groups`) against one row a step unpipelined at three or
/// four a unit took the gradient at 700 columns (three `vec4`s a lane) ×1.15–1.19 from 16 MiB
/// to 1 GiB (256 MiB: 77 → 89 % of the read bound; 1 GiB: 83 → 96 %), 1 400 and 2 800
/// ×0.98–1.30, and the sweep's wide columns (777–4 096) ×1.00–1.16; two rows alone or at 396
/// workgroups, and two of the three without the third, lost (×0.81–0.99; BENCHMARKS.md,
/// session 54). Over 65–512 columns (8–32 lanes, 16 column counts) the three took it
/// ×1.01–1.14 at 64 and 256 MiB (71–78 → 76–84 % and 82–92 → 89–93 % of the read bound) and
/// ×0.96–1.21 at 16 MiB, two rounds; on 4 lanes (33–64 columns) ×1.00–1.11 at 33, 61 and 64
/// columns but ×0.92 at 48 columns and 256 MiB, and 1–31 columns ×0.87–1.04
/// at 64 and 256 MiB (session 55).
pub const LOGREG_WIDE_LANES: u32 = 8;

/// The row pitches (floats) at which [`KernelParams::partial_rps`] gives the register-resident
/// logistic pass two rows a step where `logreg_rps` is left to the row: one lane's row of two
/// `vec4`s (5–8), and the unpadded rows of 17 and 33 floats. Through OpenCL on an H200, with
/// both rows' residuals in one block, two rows took the gradient at 5–7 columns ×1.04–1.16
/// from 256 MiB (5 columns: 83 → 94–97 % of the read bound) and ×1.07–1.09 at 5–6 columns and
/// 64 MiB, 7 level; 8 columns ×0.97–1.03; at 1–4 columns (four quads a step) ×0.79–1.04
/// (BENCHMARKS.md, session 50). Over the rows OpenCL leaves unpadded (read a float at a time)
/// from 9 to 45 floats they gained at 17 (×1.03–1.05) and 33 (×1.08–1.13, 70–78 → 78–88 % of
/// the bound) alone: 9–14 and 25 level (×0.97–1.03), 21, 29, 37 and 45 ×0.86–0.98; over
/// aligned rows (16, 32, 64, 128, …) level or up to ×0.83 slower (sessions 50–51).
pub const LOGREG_TWO_ROWS_PITCHES: [std::ops::RangeInclusive<usize>; 3] = [5..=8, 17..=17, 33..=33];

/// The widest row pitch `rbf_row_quad` takes ([`KernelParams::rbf_quad_pitch`]): its four rows
/// of at most 32 floats stay in registers (the WGSL arrays' length, `QUAD_PITCH_MAX`).
pub const RBF_QUAD_MAX_PITCH: usize = 8;

/// Most workgroups of an automatic `row_lanes` launch (16 × [`RBF_LANE_GROUPS_MIN`]).
pub const RBF_LANE_GROUPS_MAX: u32 = 8448;

/// The widest lone gradient pass that [`KernelParams::logreg_finish_lone`] lets finish: on an
/// H100 finishing at 2 500–4 096 columns was slower than the reduce launch from 16 MiB (4 096
/// columns: 35 against 30 µs at 16 MiB, 58 against 51 at 64; BENCHMARKS.md, session 36).
pub const FINISH_LONE_MAX_COLS: usize = 2048;

/// [`KernelParams::logreg_finish_lone`] that lets no pass wider than `logreg_finish_cols`
/// finish (every such pass holds more than one float).
pub const FINISH_LONE_NEVER: u32 = 1;

/// [`KernelParams::logreg_finish_split`] that keeps every finish in one level (no pass has 2³⁰
/// partial slots: they are at most a few thousand).
pub const NEVER_SPLIT: u32 = 1 << 30;

/// The values a backend gives the automatic (0) parameters of a device it opens
/// ([`KernelParams::with_automatic`]): each field is the parameter of the same name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Automatic {
    /// [`KernelParams::logreg_max_groups`].
    pub logreg_max_groups: u32,
    /// [`KernelParams::logreg_full_groups`].
    pub logreg_full_groups: u32,
    /// [`KernelParams::logreg_rps`]; 0 leaves it to the row ([`KernelParams::partial_rps`]).
    pub logreg_rps: u32,
    /// [`KernelParams::row_pad`].
    pub row_pad: u32,
    /// [`KernelParams::row_pad_wide`].
    pub row_pad_wide: u32,
    /// [`KernelParams::logreg_quad_pitch`].
    pub logreg_quad_pitch: u32,
    /// [`KernelParams::logreg_pipeline`]; 0 leaves it to the row
    /// ([`KernelParams::partial_pipelined`]).
    pub logreg_pipeline: u32,
    /// [`KernelParams::logreg_finish_cols`].
    pub logreg_finish_cols: u32,
    /// [`KernelParams::logreg_finish_split`] ([`NEVER_SPLIT`]: one level always).
    pub logreg_finish_split: u32,
    /// [`KernelParams::logreg_finish_lone`] ([`FINISH_LONE_NEVER`]: never).
    pub logreg_finish_lone: u32,
    /// [`KernelParams::rbf_lane_rows`].
    pub rbf_lane_rows: u32,
    /// [`KernelParams::rbf_lane_wg_unaligned`] (0: `rbf_wg`).
    pub rbf_lane_wg_unaligned: u32,
    /// [`KernelParams::rbf_slice_fill`].
    pub rbf_slice_fill: u32,
    /// [`KernelParams::rbf_sliced_wg`].
    pub rbf_sliced_wg: u32,
    /// [`KernelParams::rbf_sliced_unroll`].
    pub rbf_sliced_unroll: u32,
    /// [`KernelParams::rbf_pivot_cols`].
    pub rbf_pivot_cols: u32,
}

/// Most gradient columns one workgroup of the logistic-regression reduce (`logreg_reduce`)
/// sums: its other work-items share the partial slots of those columns as lanes (more lanes,
/// and fewer columns, where the slots are many:
/// [`reduce_lanes`](crate::ops::logreg::reduce_lanes)), so a wide gradient is summed by many
/// workgroups (one work-item per column left a 4096-column gradient's 264 partial slots to 16
/// workgroups: about 30 µs on an H100).
pub const LOGREG_REDUCE_COLS: u32 = 32;

/// The largest power of two at most `v` (1 for 0 and 1).
pub(crate) fn floor_pow2(v: usize) -> usize {
    1 << (usize::BITS - 1 - v.max(1).leading_zeros())
}

/// [`KernelParams::finish_cols`] while `logreg_finish_cols` is automatic and unresolved (a
/// table no backend resolved, such as the defaults'): 32 columns.
pub const FINISH_COLS_UNRESOLVED: u32 = 32;

/// Work-items of the `working_set` strategy's select, rows and update kernels: the select's
/// radix histogram has one bin (of 256) per work-item, so this is fixed at 256.
pub const SMO_WS_WG: u32 = 256;

/// Work-items of the `working_set` strategy's update pass per point (`SMO_WS_LANES`): lane
/// `l` sums the terms of the set's places `l`, `l + SMO_WS_LANES`, …, and the point's first
/// lane adds the lanes' sums in lane order, so a workgroup covers `SMO_WS_WG / SMO_WS_LANES`
/// points. With one work-item per point, 12 000 points filled 47 workgroups, each work-item
/// summing 256 rows one after another (32 µs an iteration on an H100, BENCHMARKS.md).
pub const SMO_WS_LANES: u32 = 8;

/// Points of one workgroup of the `working_set` strategy's update pass.
pub const fn smo_ws_update_points() -> u32 {
    SMO_WS_WG / SMO_WS_LANES
}

/// The most pair updates one `working_set` solve makes on a set of `q` points (ten per point)
/// before the gradient of every point is brought up to date (`SMO_WS_INNER`).
pub const fn smo_ws_inner(q: u32) -> u32 {
    10 * q
}

/// Points of one workgroup of the `working_set` strategy's candidates kernel
/// (`smo_ws_candidates`, `SMO_WS_CHUNK`) for a set of `q` points: sixteen times the set. The
/// workgroup keeps its chunk's candidates for the set, so the select reads
/// [`smo_ws_cand`]`(q)` words per chunk instead of every point. Smaller chunks put more
/// workgroups on the scan but give the one-workgroup select more to read: on the H200
/// (BENCHMARKS.md, session 24) 8 × q took 2–3 % off the GPU time of 12 000-point problems and
/// added 21–52 % at 131 072–524 288 points; the best chunk depends on the number of points,
/// which this build constant does not know.
pub const fn smo_ws_chunk(q: u32) -> u32 {
    16 * q
}

/// Words one candidates workgroup writes for a set of `q` points (`SMO_WS_CAND`): its `q / 2`
/// candidates of I_up, its `q` of I_low and its part of the stopping test (three words).
pub const fn smo_ws_cand(q: u32) -> u32 {
    q / 2 + q + 3
}

/// Work-items of the `working_set` strategy's solve for a set of `q` points
/// (`SMO_WS_SOLVE_WG`): one per point, at most [`SMO_WS_WG`] (each then holds
/// `q / SMO_WS_WG` points).
pub const fn smo_ws_solve_wg(q: u32) -> u32 {
    if q < SMO_WS_WG { q } else { SMO_WS_WG }
}

/// The constants of the `working_set` kernels that follow from the set size `q`
/// ([`KernelParams::smo_ws_q`]), passed to every build beside the table, as
/// [`SHARED_CONSTANTS`] are.
pub const fn smo_ws_constants(q: u32) -> [(&'static str, u32); 4] {
    [
        ("SMO_WS_INNER", smo_ws_inner(q)),
        ("SMO_WS_CHUNK", smo_ws_chunk(q)),
        ("SMO_WS_CAND", smo_ws_cand(q)),
        ("SMO_WS_SOLVE_WG", smo_ws_solve_wg(q)),
    ]
}

/// The SVM prediction kernel's tile (`predict`): a workgroup computes the kernel values of
/// `PREDICT_TILE` points against `PREDICT_TILE` support vectors, `PREDICT_TILE²` work-items,
/// features staged `PREDICT_TILE` at a time in workgroup memory.
pub const PREDICT_TILE: u32 = 16;

/// Per-shape specialisation constants (the register-resident logistic-regression kernels; the
/// SMO passes' slices per point; whether the working set keeps its kernel rows by point; the
/// `row_lanes` RBF rung's lanes per row and whether its rows are whole `vec4`s; the RBF loop
/// rungs' rows a step; `rbf_row_quad`'s pitch),
/// with the values a build gets when it specialises nothing (any value the kernels compile
/// with: the entry points that read them are only launched from a build that sets them).
/// An op's build replaces the ones it specialises.
pub const SPECIALISATION_NEUTRAL: [(&str, u32); 15] = [
    ("LOGREG_K", 1),
    ("LOGREG_PITCH", 1),
    ("LOGREG_RPT", 1),
    ("LOGREG_LANES", 1),
    ("LOGREG_RPS", 1),
    ("LOGREG_SPAN", 1),
    ("LOGREG_INTERLEAVE", 0),
    ("LOGREG_PIPELINE", 0),
    ("SMO_SLICES", 1),
    ("SMO_WS_BY_POINT", 0),
    ("RBF_LANES", 1),
    ("RBF_ROW_VEC4", 0),
    ("RBF_ROWS", 1),
    ("RBF_LOOP_ROWS", 1),
    ("RBF_QUAD_PITCH", 1),
];

impl KernelParams {
    /// Everything a kernel build receives, as `(name, value)` pairs: the table's constants,
    /// [`SHARED_CONSTANTS`], [`smo_ws_constants`] of the table's `smo_ws_q`, and the
    /// specialisation constants (`extra` where it names them, else
    /// [`SPECIALISATION_NEUTRAL`]). WGSL sources declare each as an `override` without a
    /// default and OpenCL sources use each as a macro without a `#define`: the value can only
    /// come from here. A table constant named in `extra` takes `extra`'s value; a name in
    /// `extra` that is none of these is added as is.
    pub fn constants_with(&self, extra: &[(&'static str, u32)]) -> Vec<(&'static str, u32)> {
        let mut out = self.table_constants();
        // A table constant named in `extra` takes its value from there (a call's tuned table,
        // see [`KernelParams::overrides_of`]).
        for o in &mut out {
            if let Some(e) = extra.iter().find(|e| e.0 == o.0) {
                o.1 = e.1;
            }
        }
        out.extend(SHARED_CONSTANTS);
        let q = out
            .iter()
            .find(|c| c.0 == "SMO_WS_Q")
            .map_or(self.smo_ws_q, |c| c.1);
        out.extend(smo_ws_constants(q));
        for (name, neutral) in SPECIALISATION_NEUTRAL {
            let v = extra.iter().find(|e| e.0 == name).map_or(neutral, |e| e.1);
            out.push((name, v));
        }
        out.extend(
            extra
                .iter()
                .filter(|e| !out.iter().any(|o| o.0 == e.0))
                .copied()
                .collect::<Vec<_>>(),
        );
        out
    }

    /// The table constants whose value in `self` differs from `base`'s, as `extra` constants:
    /// a call that runs with a tuned table (`self`) on a device opened with `base` builds its
    /// kernels with these (and `base`'s build gets them as overrides), so each tuned table has
    /// its own program while the device keeps one.
    pub fn overrides_of(&self, base: &KernelParams) -> Vec<(&'static str, u32)> {
        let base = base.table_constants();
        self.table_constants()
            .into_iter()
            .filter(|c| !base.contains(c))
            .collect()
    }

    /// [`KernelParams::constants_with`] with no specialisation.
    pub fn constants(&self) -> Vec<(&'static str, u32)> {
        self.constants_with(&[])
    }

    /// Parses `name=value` assignments (as `--param` takes them) onto this table.
    pub fn with_assignments(
        mut self,
        assignments: &[String],
    ) -> Result<KernelParams, crate::Error> {
        for a in assignments {
            let (name, value) = a.split_once('=').ok_or_else(|| {
                crate::Error::invalid("param", a, "expected NAME=VALUE, e.g. reduce_unroll=8")
            })?;
            let value: u32 = value.trim().parse().map_err(|_| {
                crate::Error::invalid(name.trim(), value, "expected an unsigned integer")
            })?;
            self.set(name.trim(), value)?;
        }
        Ok(self)
    }

    /// The table shrunk to a device whose workgroups may use `workgroup_bytes` of workgroup
    /// memory: tiles halve until every kernel's workgroup arrays fit (llvmpipe allows 32 KiB,
    /// NVIDIA 48 KiB).
    pub fn fit(mut self, workgroup_bytes: u64) -> KernelParams {
        // The tile kernels hold a tile, the per-row scratch, one float per work-item and a
        // 1024-float weight cache (the register-resident kernel's K + 1 floats per work-item
        // always fit 32 KiB).
        while self.logreg_bytes() > workgroup_bytes && self.logreg_tile > 1024 {
            self.logreg_tile /= 2;
        }
        while 8 * self.rbf_tile as u64 > workgroup_bytes && self.rbf_tile > 256 {
            self.rbf_tile /= 2;
        }
        self.fit_selection(workgroup_bytes)
    }

    /// The table with `smo_ws_held` lowered until the working set's selection fits
    /// `workgroup_bytes` of workgroup memory beside the table's other sizes (`smo_ws_q`,
    /// `reduce_wg`): a table another one's values were applied to (a tuned entry, a tuner's
    /// candidate) is fitted again by this. The results do not depend on it.
    pub fn fit_selection(mut self, workgroup_bytes: u64) -> KernelParams {
        while self.smo_ws_select_bytes() > workgroup_bytes && self.smo_ws_held > 0 {
            self.smo_ws_held -= 1;
        }
        self
    }

    /// Checks every parameter against the kernels' own constraints and a device's limits
    /// (`max_workgroup_size` work-items, `workgroup_bytes` of workgroup memory), before any
    /// kernel is built: a value that would fail to build or give wrong results is an
    /// [`InvalidArgument`](crate::Error::InvalidArgument) that names the parameter, the value
    /// and the allowed range. Call it on the table [`KernelParams::fit`] returns.
    pub fn validate(
        &self,
        max_workgroup_size: u32,
        workgroup_bytes: u64,
    ) -> Result<(), crate::Error> {
        for (name, value) in self.fields() {
            check_field(name, value)?;
        }
        let bad =
            |name: &str, value: u32, why: String| Err(crate::Error::invalid(name, value, why));
        for (name, wg) in [
            ("reduce_wg", self.reduce_wg),
            ("rbf_wg", self.rbf_wg),
            ("rbf_sliced_wg", self.rbf_sliced_wg),
            ("rbf_lane_wg_unaligned", self.rbf_lane_wg_unaligned),
            ("logreg_wg", self.logreg_wg),
        ] {
            if wg > max_workgroup_size {
                return bad(
                    name,
                    wg,
                    format!("must be at most {max_workgroup_size} (this device's workgroup limit)"),
                );
            }
        }
        let rbf_max = (workgroup_bytes / 8).min(u32::MAX as u64) as u32 / 4 * 4;
        if self.rbf_tile > rbf_max {
            return bad(
                "rbf_tile",
                self.rbf_tile,
                format!(
                    "must be at most {rbf_max} (two rows of it fill this device's {workgroup_bytes} bytes of workgroup memory)"
                ),
            );
        }
        // The `sliced` rung's workgroup: `rbf_sliced_wg`, or `rbf_wg` while that is unresolved.
        let sliced_wg = self.for_rbf(crate::RbfVariant::Sliced).rbf_wg;
        if self.rbf_slices > sliced_wg {
            return bad(
                "rbf_slices",
                self.rbf_slices,
                format!(
                    "must be at most the sliced rung's workgroup ({sliced_wg}, rbf_sliced_wg): each slice of a point is one work-item of the workgroup"
                ),
            );
        }
        if self.rbf_slices > 1 && 4 * sliced_wg as u64 > self.rbf_tile as u64 {
            return bad(
                "rbf_slices",
                self.rbf_slices,
                format!(
                    "must be 0 or 1 with rbf_tile {} and the sliced rung's workgroup {sliced_wg} (rbf_sliced_wg): the slices' partial sums meet in the tile arrays, which need rbf_tile ≥ 4 × its workgroup",
                    self.rbf_tile
                ),
            );
        }
        let wg = self.logreg_wg;
        if !self.logreg_tile.is_multiple_of(wg) {
            return bad(
                "logreg_tile",
                self.logreg_tile,
                format!(
                    "must be a positive multiple of logreg_wg ({wg}): a column chunk's gradient sums are owned by the work-item that zeroed them"
                ),
            );
        }
        let tiled = self.logreg_bytes();
        let reg = 4 * (2 * wg as u64 + (LANE_COLS as u64 + 1) * wg as u64);
        if reg > workgroup_bytes {
            return bad(
                "logreg_wg",
                wg,
                format!(
                    "the register-resident logistic pass would need {reg} bytes of workgroup memory ({} × logreg_wg); this device has {workgroup_bytes}",
                    4 * (LANE_COLS + 3)
                ),
            );
        }
        if tiled > workgroup_bytes {
            return bad(
                "logreg_tile",
                self.logreg_tile,
                format!(
                    "the tiled logistic kernels would need {tiled} bytes of workgroup memory (4 × (logreg_tile + logreg_rows + logreg_wg + {WEIGHT_CACHE})); this device has {workgroup_bytes}"
                ),
            );
        }
        // The working set's solve holds the set's α and gradients (two copies each, by the
        // step's parity) and labels, beside the reductions' scratch (three words per
        // work-item of the larger of reduce_wg and SMO_WS_WG).
        let q = self.smo_ws_q as u64;
        let ws = 4 * (5 * q + 3 * self.reduce_wg.max(SMO_WS_WG) as u64 + 8);
        if ws > workgroup_bytes {
            return bad(
                "smo_ws_q",
                self.smo_ws_q,
                format!(
                    "the working set's solve would need {ws} bytes of workgroup memory (4 × (5 × smo_ws_q + 3 × max(reduce_wg, {SMO_WS_WG}) + 8)); this device has {workgroup_bytes}"
                ),
            );
        }
        let select = self.smo_ws_select_bytes();
        if select > workgroup_bytes {
            return bad(
                "smo_ws_held",
                self.smo_ws_held,
                format!(
                    "the working set's selection would need {select} bytes of workgroup memory (4 × (3 × max(reduce_wg, {SMO_WS_WG}) + {} + smo_ws_q + 8) + 8 × {SMO_WS_WG} × smo_ws_held); this device has {workgroup_bytes}",
                    3 * SMO_WS_WG
                ),
            );
        }
        Ok(())
    }

    /// Workgroup memory of the working set's selection kernels (`smo_ws_candidates`,
    /// `smo_ws_select`) through wgpu: the reductions' scratch (three words per work-item of the
    /// larger of reduce_wg and SMO_WS_WG), the radix's histogram and scan words (three per
    /// work-item), the set's list and a few words, and the held positions (two words each).
    fn smo_ws_select_bytes(&self) -> u64 {
        let wg = SMO_WS_WG as u64;
        4 * (3 * self.reduce_wg.max(SMO_WS_WG) as u64 + 3 * wg + self.smo_ws_q as u64 + 8)
            + 8 * wg * self.smo_ws_held as u64
    }

    /// Workgroup memory of the tiled logistic-regression kernels: the tile, the per-row
    /// scratch, one float per work-item and the weight cache.
    fn logreg_bytes(&self) -> u64 {
        4 * (self.logreg_tile as u64
            + self.logreg_rows as u64
            + self.logreg_wg as u64
            + WEIGHT_CACHE as u64)
    }

    /// Fills the automatic (0) parameters with the values a backend chose for its device
    /// (each backend's policy, from its measurements; the tuner may replace them). A value
    /// set by the caller stays.
    pub fn with_automatic(mut self, auto: Automatic) -> KernelParams {
        for (field, value) in [
            (&mut self.logreg_max_groups, auto.logreg_max_groups),
            (&mut self.logreg_full_groups, auto.logreg_full_groups),
            (&mut self.logreg_rps, auto.logreg_rps),
            (&mut self.row_pad, auto.row_pad),
            (&mut self.row_pad_wide, auto.row_pad_wide),
            (&mut self.logreg_quad_pitch, auto.logreg_quad_pitch),
            (&mut self.logreg_pipeline, auto.logreg_pipeline),
            (&mut self.logreg_finish_cols, auto.logreg_finish_cols),
            (&mut self.logreg_finish_split, auto.logreg_finish_split),
            (&mut self.logreg_finish_lone, auto.logreg_finish_lone),
            (&mut self.rbf_lane_rows, auto.rbf_lane_rows),
            (&mut self.rbf_lane_wg_unaligned, auto.rbf_lane_wg_unaligned),
            (&mut self.rbf_slice_fill, auto.rbf_slice_fill),
            (&mut self.rbf_sliced_wg, auto.rbf_sliced_wg),
            (&mut self.rbf_sliced_unroll, auto.rbf_sliced_unroll),
            (&mut self.rbf_pivot_cols, auto.rbf_pivot_cols),
        ] {
            if *field == 0 {
                *field = value;
            }
        }
        self
    }

    /// Resolves `logreg_lane_sum` for a device that has (`shuffles`) or lacks a subgroup lane
    /// shuffle duet can use: automatic (0) becomes 2 (shuffles) where it has one, else 1
    /// (workgroup memory); 2 on a device without one is an error that names the parameter.
    /// Shuffles are the measured best on an H100 on both backends; see BENCHMARKS.md.
    pub fn resolve_lane_sum(
        mut self,
        shuffles: bool,
        device: &str,
    ) -> Result<KernelParams, crate::Error> {
        match (self.logreg_lane_sum, shuffles) {
            (0, true) => self.logreg_lane_sum = 2,
            (0, false) => self.logreg_lane_sum = 1,
            (2, false) => {
                return Err(crate::Error::invalid(
                    "logreg_lane_sum",
                    2,
                    format!("{device} has no subgroup shuffle duet can use; use 1 or 0"),
                ));
            }
            _ => {}
        }
        Ok(self)
    }

    /// Resolves the spans of subgroup shuffles, `smo_ws_span` and `rbf_span`, for a device
    /// whose kernels can shuffle values among `span` adjacent work-items (a power of two; 1: no
    /// shuffle duet can use): automatic (0) becomes `span`; a value larger than `span` is an
    /// error that names the parameter and the device. On an H100, shuffles took each of the
    /// working-set solve's reductions from six workgroup barriers to one, and the solve from
    /// 380 to 266 µs an iteration (BENCHMARKS.md, session 20).
    pub fn resolve_spans(mut self, span: u32, device: &str) -> Result<KernelParams, crate::Error> {
        for (name, value) in [
            ("smo_ws_span", &mut self.smo_ws_span),
            ("rbf_span", &mut self.rbf_span),
        ] {
            if *value == 0 {
                *value = span;
            } else if *value > span {
                let has = if span > 1 {
                    format!("{device} shuffles among at most {span} work-items")
                } else {
                    format!("{device} has no subgroup shuffle duet can use")
                };
                return Err(crate::Error::invalid(
                    name,
                    *value,
                    format!("{has}; use {span} or less, or 0"),
                ));
            }
        }
        Ok(self)
    }

    /// Lanes (adjacent work-items, a power of two) of the `row_lanes` RBF rung per row of
    /// `cols` columns: the fewest with at most `rbf_lane_cols` columns each, at most `rbf_wg`.
    pub fn rbf_row_lanes(&self, cols: usize) -> u32 {
        let lanes = cols
            .div_ceil(self.rbf_lane_cols.max(1) as usize)
            .max(1)
            .next_power_of_two();
        lanes.min(self.rbf_wg.max(1) as usize) as u32
    }

    /// Most workgroups of a `row_lanes` RBF launch whose rows need `items` work-items (rows ×
    /// `lanes`), each loading `rows_per_step` rows a step ([`KernelParams::rbf_rows`]):
    /// `rbf_lane_groups` when it is set, else the workgroups of `rbf_wg` that give each
    /// work-item about [`RBF_LANE_STEPS`] grid-stride steps, as [`RBF_LANE_GROUPS_MIN`] times the
    /// nearest power of two up to [`RBF_LANE_GROUPS_MAX`]: a multiple of the H100's and H200's
    /// 132 SMs, where counts that were not (2 048–2 700 groups at 31, 64, 512 and 777 columns,
    /// 256 MiB, a workgroup more on some SMs than on others) ran 6–17 % slower than session
    /// 37's fixed 528 (BENCHMARKS.md, session 38). Rows of one lane loaded more than one a
    /// step (wgpu's automatic two) keep the floor: through wgpu at 16 columns 1 056 groups ran
    /// 17 % slower than 528 at 256 MiB and 4 224 12 % at 1 GiB (13 and 32 columns level or
    /// faster). The launch has no more workgroups than its work-items fill either way.
    pub fn rbf_lane_groups_for(&self, items: usize, lanes: u32, rows_per_step: u32) -> u32 {
        if self.rbf_lane_groups != 0 {
            return self.rbf_lane_groups;
        }
        if lanes <= 1 && rows_per_step > 1 {
            return RBF_LANE_GROUPS_MIN;
        }
        let per_group = self.rbf_wg.max(1) as usize * rows_per_step.max(1) as usize;
        let target = items as f64 / (per_group * RBF_LANE_STEPS) as f64;
        // The power of two times the floor nearest the target (in ratio), so the count stays a
        // multiple of the floor, as every count measured was.
        let mut groups = RBF_LANE_GROUPS_MIN;
        while groups < RBF_LANE_GROUPS_MAX && target >= groups as f64 * std::f64::consts::SQRT_2 {
            groups *= 2;
        }
        groups
    }

    /// Rows each work-item of the `row_lanes` RBF rung loads per step for rows of `cols`
    /// columns: `rbf_lane_rows` where the row's lanes ([`KernelParams::rbf_row_lanes`]) add
    /// their sums by shuffles alone (at most `rbf_span` of them), else 1. Past the span each
    /// row's sums cross workgroup memory with a barrier a level, and two rows a step measured
    /// 64–67 % of the read bound against 82–86 % for one at 1000 and 4096 columns through wgpu
    /// on an H200 (BENCHMARKS.md, session 23). An unresolved 0 counts as 1.
    pub fn rbf_rows(&self, cols: usize) -> u32 {
        if self.rbf_row_lanes(cols) <= self.rbf_span.max(1) {
            self.rbf_lane_rows.max(1)
        } else {
            1
        }
    }

    /// Rows each work-item of the `row_major` and `column_major` RBF rungs covers a step
    /// over rows of `cols` columns in `layout`: `rbf_loop_rows` where set, else 4 up to
    /// [`RBF_LOOP_ROWS4_COLS`] columns, 2 up to [`RBF_LOOP_ROWS2_COLS`], 1 above.
    pub fn rbf_loop_rows_for(&self, layout: crate::Layout, cols: usize) -> u32 {
        let pick = |(cm, rm): (usize, usize)| match layout {
            crate::Layout::ColumnMajor => cm,
            crate::Layout::RowMajor => rm,
        };
        match self.rbf_loop_rows {
            0 if cols <= pick(RBF_LOOP_ROWS4_COLS) => 4,
            0 if cols <= pick(RBF_LOOP_ROWS2_COLS) => 2,
            0 => 1,
            r => r,
        }
    }

    /// Work-items per workgroup of a `row_lanes` RBF launch over rows of `cols` columns `pitch`
    /// floats apart: `rbf_lane_wg_unaligned` where it is resolved (not 0), the pitch is not a
    /// multiple of 4 and a row takes more than one lane at `rbf_wg`
    /// ([`KernelParams::rbf_row_lanes`]), else `rbf_wg`. Through NVIDIA's OpenCL on an H100,
    /// workgroups of 128 took such rows (the 17–45 columns that OpenCL leaves unpadded) from
    /// 64 MiB to 1 GiB 0.99–1.05× as fast as 256 at 17–29 columns and 1.02–1.15× at 33–45
    /// (BENCHMARKS.md, session 40).
    pub fn rbf_lane_wg_for(&self, cols: usize, pitch: usize) -> u32 {
        if self.rbf_lane_wg_unaligned != 0
            && !pitch.is_multiple_of(4)
            && self.rbf_row_lanes(cols) > 1
        {
            self.rbf_lane_wg_unaligned
        } else {
            self.rbf_wg
        }
    }

    /// The table the kernels of RBF rung `variant` are built and launched with: the table
    /// itself, except that the `sliced` rung takes `rbf_sliced_wg` and `rbf_sliced_unroll` as
    /// its `rbf_wg` and `rbf_unroll` where they are resolved (not 0). Its tile pass wants other
    /// values than `local_memory`'s on some devices: through NVIDIA's OpenCL on an H200,
    /// workgroups of 512 and 2 loads in flight read 72–83 % of the read bound at 256 MiB and
    /// 33–4096 columns against 55–75 % with `local_memory`'s 256 and 8 (BENCHMARKS.md,
    /// session 26).
    pub fn for_rbf(&self, variant: crate::RbfVariant) -> KernelParams {
        let mut p = *self;
        if variant == crate::RbfVariant::Sliced {
            if self.rbf_sliced_wg != 0 {
                p.rbf_wg = self.rbf_sliced_wg;
            }
            if self.rbf_sliced_unroll != 0 {
                p.rbf_unroll = self.rbf_sliced_unroll;
            }
        }
        p
    }

    /// Slices of the `sliced` RBF rung for a launch over `items` work-items of four points
    /// (one slice each) of `cols` columns: `rbf_slices` where set, else the fewest (a power
    /// of two) that give at least `rbf_slice_fill` × 1024 work-items, with at least
    /// [`RBF_SLICE_COLS`] columns a slice, at most [`RBF_MAX_SLICES`] and `rbf_wg`; 1 where the
    /// tile arrays cannot hold the partials (`rbf_tile` < 4 × `rbf_wg`).
    pub fn rbf_slices_for(&self, items: usize, cols: usize) -> u32 {
        let wg = self.rbf_wg.max(1);
        if self.rbf_slices != 0 {
            // `validate` holds it to at most `rbf_wg`; the clamp keeps the kernel's
            // per-slice share non-zero for a table that was not validated.
            return self.rbf_slices.min(wg);
        }
        if 4 * wg as u64 > self.rbf_tile as u64 {
            return 1;
        }
        let fill = 1024
            * if self.rbf_slice_fill == 0 {
                64
            } else {
                self.rbf_slice_fill as usize
            };
        let mut s = 1u32;
        while 2 * s <= RBF_MAX_SLICES.min(wg)
            && items.saturating_mul(s as usize) < fill
            && cols >= 2 * s as usize * RBF_SLICE_COLS
        {
            s *= 2;
        }
        s
    }

    /// Workgroups of a reduction's first pass over `len` elements.
    pub fn reduce_groups(&self, len: usize) -> u32 {
        let per_group = self.reduce_wg as usize * 4 * self.reduce_unroll as usize;
        let groups = len.div_ceil(per_group).max(1);
        groups.min(self.reduce_max_groups as usize) as u32
    }

    /// How the logistic-regression kernels split a tile of X with `cols` columns among the
    /// work-items of a workgroup.
    pub fn logreg_tiling(&self, cols: usize) -> LogregTiling {
        let wg = self.logreg_wg as usize;
        let tile = self.logreg_tile as usize;
        let cols = cols.max(1);
        let chunked = cols > tile;
        let stride = if chunked { tile } else { cols | 1 };
        let tile_rows = (tile / stride).clamp(1, self.logreg_rows as usize);
        LogregTiling {
            tile_rows: tile_rows as u32,
            lanes_z: floor_pow2(wg / tile_rows.min(wg)) as u32,
            lanes_g: if cols <= wg {
                floor_pow2(wg / cols) as u32
            } else {
                1
            },
        }
    }

    /// Most columns of the register-resident `multi_group` pass: `logreg_reg_cols`, and at
    /// most [`LANE_COLS`] per work-item of a workgroup.
    pub fn partial_reg_max_cols(&self) -> usize {
        (self.logreg_reg_cols as usize).min(LANE_COLS as usize * self.logreg_wg as usize)
    }

    /// The widest `multi_group` logistic pass that finishes in its last workgroup
    /// ([`KernelParams::logreg_finish_cols`]; [`FINISH_COLS_UNRESOLVED`] while automatic and
    /// unresolved).
    pub fn finish_cols(&self) -> usize {
        match self.logreg_finish_cols {
            0 => FINISH_COLS_UNRESOLVED as usize,
            v => v as usize,
        }
    }

    /// [`KernelParams::rbf_pivot_cols`], an unresolved 0 read as every width.
    pub fn pivot_cols(&self) -> usize {
        match self.rbf_pivot_cols {
            0 => RBF_PIVOTS_ALWAYS as usize,
            v => v as usize,
        }
    }

    /// Whether a `multi_group` pass over `cols` columns keeps rows in registers.
    pub fn partial_in_registers(&self, cols: usize) -> bool {
        cols <= self.partial_reg_max_cols()
    }

    /// Whether a `multi_group` pass over `cols` columns, rows `pitch` floats apart, takes four
    /// rows per work-item (`logreg_partial_quad`): register-resident, one lane per row, and
    /// `pitch` at most `logreg_quad_pitch`.
    pub fn partial_quad(&self, cols: usize, pitch: usize) -> bool {
        self.partial_in_registers(cols)
            && self.partial_reg_lanes(cols) == 1
            && self.logreg_quad_pitch as usize <= QUAD_MAX_PITCH
            && pitch <= self.logreg_quad_pitch as usize
    }

    /// Rows (the register-resident pass) or quads of rows (the four-rows pass) a work-item
    /// takes a step of the `multi_group` pass over `cols` columns `pitch` floats apart
    /// (`LOGREG_RPS`): `logreg_rps` where it is set (by the caller, a tuned entry or the
    /// backend); where it is still 0 (OpenCL's policy), 2 for the register-resident pass over
    /// rows of [`LOGREG_TWO_ROWS_PITCHES`] floats and over wide rows
    /// ([`KernelParams::partial_wide`]), 1 elsewhere.
    pub fn partial_rps(&self, cols: usize, pitch: usize) -> u32 {
        match self.logreg_rps {
            0 if self.partial_in_registers(cols)
                && !self.partial_quad(cols, pitch)
                && (LOGREG_TWO_ROWS_PITCHES.iter().any(|r| r.contains(&pitch))
                    || self.partial_wide(cols)) =>
            {
                2
            }
            0 => 1,
            r => r,
        }
    }

    /// `vec4`s of a row each lane of the register-resident `multi_group` pass holds (`KL` in
    /// both kernel languages: 1 to 4).
    pub fn partial_reg_kl(&self, cols: usize) -> u32 {
        (cols
            .div_ceil(4)
            .div_ceil(self.partial_reg_lanes(cols) as usize)) as u32
    }

    /// Whether the register-resident `multi_group` pass over rows of `cols` columns runs the
    /// wide-row rule: its row takes [`LOGREG_WIDE_LANES`] lanes or more (65–4 096 columns)
    /// and `logreg_pipeline` is left to the row (0, OpenCL's policy). There the pass takes two
    /// rows a step where `logreg_rps` is left to the row too ([`KernelParams::partial_rps`]),
    /// pipelined ([`KernelParams::partial_pipelined`]), at most half of `logreg_max_groups`
    /// workgroups ([`KernelParams::pass_max_groups`]: two a compute unit where that is four).
    pub fn partial_wide(&self, cols: usize) -> bool {
        self.logreg_pipeline == 0
            && self.partial_in_registers(cols)
            && self.partial_reg_lanes(cols) >= LOGREG_WIDE_LANES
    }

    /// Whether the register-resident `multi_group` pass over `cols` columns is software-pipelined
    /// (`LOGREG_PIPELINE`): `logreg_pipeline` 2, or 0 over wide rows
    /// ([`KernelParams::partial_wide`]).
    pub fn partial_pipelined(&self, cols: usize) -> bool {
        self.logreg_pipeline == 2 || self.partial_wide(cols)
    }

    /// Most workgroups of a `multi_group` pass over `cols` columns, rows `pitch` apart:
    /// `logreg_max_groups`; half of it over wide rows ([`KernelParams::partial_wide`]), else at
    /// most `logreg_full_groups` where the pass is register-resident with four `vec4`s a lane
    /// ([`KernelParams::partial_reg_kl`]; not the four-row pass).
    pub fn pass_max_groups(&self, cols: usize, pitch: usize) -> u32 {
        let most = self.logreg_max_groups.max(1);
        if self.partial_wide(cols) {
            return (most / 2).max(1);
        }
        let full = self.partial_in_registers(cols)
            && !self.partial_quad(cols, pitch)
            && self.partial_reg_kl(cols) == 4;
        if full && self.logreg_full_groups > 0 {
            most.min(self.logreg_full_groups)
        } else {
            most
        }
    }

    /// Work-items sharing a row in the register-resident `multi_group` pass: the fewest (a
    /// power of two) that hold at most [`LANE_COLS`] of the row's columns each.
    pub fn partial_reg_lanes(&self, cols: usize) -> u32 {
        (cols.div_ceil(LANE_COLS as usize).max(1).next_power_of_two() as u32).min(self.logreg_wg)
    }

    /// `LOGREG_INTERLEAVE` (1: interleaved, 0: blocks) of the register-resident pass over rows
    /// `pitch` apart: `logreg_interleave` when set; else interleaved where the rows are aligned
    /// to 4 columns (`vec4` loads: the column count a multiple of 4, or padded to one,
    /// [`row_pitch`](crate::chunk::row_pitch)) and `odd_interleaved` (the backend's policy)
    /// elsewhere. On the H100, interleaving took the wide passes (k ≥ 1000) from about 30 % to
    /// 90 % of the read bound through wgpu; at unaligned rows (scalar loads) it was slower
    /// through wgpu (k = 61, 127: 74 → 58 %, 78 → 58 %) and faster through OpenCL (k = 127,
    /// 777: 74 → 84 %, 33 → 60 %), BENCHMARKS.md.
    pub fn partial_reg_interleave(&self, pitch: usize, odd_interleaved: bool) -> u32 {
        match self.logreg_interleave {
            1 => 0,
            2 => 1,
            _ => u32::from(pitch.is_multiple_of(4) || odd_interleaved),
        }
    }

    /// Rows one workgroup step of a `multi_group` pass over rows `pitch` floats apart covers:
    /// four times [`KernelParams::partial_rps`] workgroups of rows (four rows per work-item,
    /// [`KernelParams::partial_quad`]), [`KernelParams::partial_rps`] workgroups of rows
    /// (registers, each row shared by [`KernelParams::partial_reg_lanes`] work-items) or a
    /// tile.
    pub fn pass_rows_per_step(&self, cols: usize, pitch: usize) -> usize {
        let rps = self.partial_rps(cols, pitch);
        if self.partial_quad(cols, pitch) {
            (4 * rps * self.logreg_wg) as usize
        } else if self.partial_in_registers(cols) {
            (rps * self.logreg_wg / self.partial_reg_lanes(cols)) as usize
        } else {
            self.logreg_tiling(cols).tile_rows as usize
        }
    }

    /// Rows per work-item of the register-resident `single_group` kernel for a `rows × cols`
    /// problem, or `None` when it does not apply (more than [`SINGLE_REG_MAX_COLS`] columns or
    /// more than [`SINGLE_REG_MAX_FLOATS`] floats of X per work-item).
    pub fn single_reg_rows(&self, rows: usize, cols: usize) -> Option<u32> {
        let rpt = rows.div_ceil(self.logreg_wg as usize).max(1);
        (cols <= SINGLE_REG_MAX_COLS as usize && rpt * cols <= SINGLE_REG_MAX_FLOATS as usize)
            .then_some(rpt as u32)
    }

    /// Column pitch (elements) of a column-major block of `rows` rows.
    pub fn column_pitch(&self, rows: usize) -> usize {
        rows.div_ceil(self.pitch_align as usize).max(1) * self.pitch_align as usize
    }
}

/// The widest row (floats, the row pitch) `logreg_partial_quad` takes: four rows are then 8
/// `vec4`s per work-item (its register arrays in both kernel languages).
pub const QUAD_MAX_PITCH: usize = 8;

/// Floats of the weights the tiled logistic-regression kernels copy to workgroup memory
/// (`WEIGHT_CACHE` in both kernel languages).
pub const WEIGHT_CACHE: u32 = 1024;
/// Most columns one work-item holds in the register-resident logistic-regression kernels (a
/// lane of `logreg_partial_reg`, a row of `logreg_single_reg`); their workgroup reduction
/// keeps `LANE_COLS + 1` floats per work-item (`LANE_COLS` in both kernel languages).
pub const LANE_COLS: u32 = 16;
/// Fewest work-items of a logistic-regression workgroup: the register-resident kernels give
/// each of up to [`LANE_COLS`] columns (or 16 `vec4`s of weights) its own work-item.
pub const LOGREG_WG_MIN: u32 = LANE_COLS;
/// Most workgroups of one launch dimension (OpenCL drivers and wgpu both cap one grid dimension
/// at 65 535).
pub const MAX_GROUPS: u32 = 65_535;
/// Most `vec4` loads in flight per work-item of a reduction.
pub const MAX_UNROLL: u32 = 32;

/// Most columns of the register-resident `single_group` kernel.
pub const SINGLE_REG_MAX_COLS: u32 = LANE_COLS;
/// Most floats of X each work-item of the register-resident `single_group` kernel holds.
pub const SINGLE_REG_MAX_FLOATS: u32 = 128;

/// The split of one tile of X in the logistic-regression kernels.
///
/// A tile holds `tile_rows` whole rows stored `stride = cols | 1` floats apart in workgroup
/// memory (an odd stride: a work-item per row reads distinct banks), `tile_rows × stride ≤
/// logreg_tile`; a row longer than the tile is processed in column chunks of `logreg_tile`, one
/// row per tile. The scores `z = x·w` use `lanes_z` work-items per row, whose partial sums the
/// row's first lane adds; the gradient columns use `lanes_g` work-items per column (when
/// `cols ≤ logreg_wg`), each summing every `lanes_g`-th row, kept in registers across tiles and
/// combined in a tree once per pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct LogregTiling {
    /// Rows per tile.
    pub tile_rows: u32,
    /// Work-items per row for the scores (a power of two).
    pub lanes_z: u32,
    /// Work-items per column for the gradient (a power of two).
    pub lanes_g: u32,
}

impl Default for KernelParams {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Test tables: the automatic values of the first five fields in [`Automatic`]'s order,
/// `rbf_slice_fill` 64.
#[cfg(test)]
pub(crate) fn automatic(
    logreg_max_groups: u32,
    logreg_rps: u32,
    row_pad: u32,
    logreg_quad_pitch: u32,
    rbf_lane_rows: u32,
) -> Automatic {
    Automatic {
        logreg_max_groups,
        logreg_full_groups: logreg_max_groups,
        logreg_rps,
        row_pad,
        row_pad_wide: 1,
        logreg_quad_pitch,
        logreg_pipeline: 1,
        logreg_finish_cols: 32,
        logreg_finish_split: NEVER_SPLIT,
        logreg_finish_lone: FINISH_LONE_NEVER,
        rbf_lane_rows,
        rbf_lane_wg_unaligned: 0,
        rbf_slice_fill: 64,
        rbf_sliced_wg: 256,
        rbf_sliced_unroll: 8,
        rbf_pivot_cols: RBF_PIVOTS_ALWAYS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_fill_the_launch_within_the_columns_and_the_tile() {
        let p = KernelParams::DEFAULT;
        // 4096 work-items of four points: 16 slices make 64 × 1024 (the unresolved fill).
        assert_eq!(p.rbf_slices_for(4096, 4096), 16);
        // Enough work-items already: one slice.
        assert_eq!(p.rbf_slices_for(1 << 16, 4096), 1);
        // At least RBF_SLICE_COLS columns a slice: 100 columns take at most 4.
        assert_eq!(p.rbf_slices_for(1, 100), 4);
        assert_eq!(p.rbf_slices_for(1, 31), 1);
        // At most RBF_MAX_SLICES.
        assert_eq!(p.rbf_slices_for(1, 1 << 20), RBF_MAX_SLICES);
        let fill = p.with_automatic(Automatic {
            rbf_slice_fill: 128,
            ..automatic(264, 1, 2, 5, 1)
        });
        assert_eq!(fill.rbf_slices_for(4096, 4096), 32);
        let set = p.with_assignments(&["rbf_slices=8".into()]).expect("valid");
        assert_eq!(set.rbf_slices_for(1 << 20, 8), 8);
        // The partials need rbf_tile >= 4 × rbf_wg: automatic gives 1, a set count is refused.
        let small = p.with_assignments(&["rbf_tile=512".into()]).expect("valid");
        assert_eq!(small.rbf_slices_for(1, 4096), 1);
        let bad = small
            .with_assignments(&["rbf_slices=2".into()])
            .expect("valid");
        let e = bad
            .validate(1024, 48 * 1024)
            .expect_err("refused")
            .to_string();
        assert!(e.contains("rbf_slices") && e.contains("rbf_tile"), "{e}");
    }

    #[test]
    fn the_sliced_rung_takes_its_own_workgroup_and_unroll() {
        use crate::RbfVariant;
        // Unresolved: the rung takes rbf_wg and rbf_unroll, as before it had its own.
        let p = KernelParams::DEFAULT;
        assert_eq!(p.for_rbf(RbfVariant::Sliced), p);
        let own = p.with_automatic(Automatic {
            rbf_sliced_wg: 512,
            rbf_sliced_unroll: 2,
            ..automatic(264, 1, 2, 5, 1)
        });
        let sliced = own.for_rbf(RbfVariant::Sliced);
        assert_eq!((sliced.rbf_wg, sliced.rbf_unroll), (512, 2));
        // The other rungs keep the table's.
        for v in RbfVariant::ALL
            .into_iter()
            .filter(|v| *v != RbfVariant::Sliced)
        {
            assert_eq!(own.for_rbf(v), own, "{v}");
        }
        // The slice count is bounded by the rung's workgroup, not rbf_wg.
        let set = own
            .with_assignments(&["rbf_wg=64".into(), "rbf_slices=256".into()])
            .expect_err("more than RBF_MAX_SLICES");
        assert!(set.to_string().contains("rbf_slices"), "{set}");
        let small = own
            .with_assignments(&["rbf_sliced_wg=32".into(), "rbf_slices=64".into()])
            .expect("valid on its own");
        let e = small
            .validate(1024, 48 * 1024)
            .expect_err("refused")
            .to_string();
        assert!(
            e.contains("rbf_slices") && e.contains("rbf_sliced_wg"),
            "{e}"
        );
        let wide = own
            .with_assignments(&["rbf_wg=32".into(), "rbf_slices=64".into()])
            .expect("valid");
        assert!(wide.validate(1024, 48 * 1024).is_ok());
        // A device's workgroup limit applies to it too.
        let e = own
            .validate(256, 48 * 1024)
            .expect_err("512 > 256")
            .to_string();
        assert!(e.contains("rbf_sliced_wg"), "{e}");
    }

    #[test]
    fn the_quad_pass_takes_rows_up_to_its_pitch_and_never_at_9() {
        let with = |v: &str| {
            KernelParams::DEFAULT
                .with_assignments(&[format!("logreg_quad_pitch={v}")])
                .expect("valid")
        };
        // Unresolved (automatic) takes none; the backend fills it in at open.
        assert!(!KernelParams::DEFAULT.partial_quad(1, 1));
        let auto = KernelParams::DEFAULT.with_automatic(automatic(264, 1, 2, 5, 1));
        assert!(auto.partial_quad(5, 5) && !auto.partial_quad(6, 6));
        for pitch in 1..=8 {
            assert!(with("8").partial_quad(pitch, pitch), "{pitch}");
            assert!(!with("9").partial_quad(pitch, pitch), "{pitch}");
            assert_eq!(with("3").partial_quad(pitch, pitch), pitch <= 3, "{pitch}");
        }
        // A padded row counts by its pitch.
        assert!(!with("8").partial_quad(7, 12));
        assert!(
            KernelParams::DEFAULT
                .with_assignments(&["logreg_quad_pitch=10".to_string()])
                .is_err()
        );
    }

    /// Left to the row (OpenCL's policy), the register-resident pass takes two rows a step
    /// over rows of 5–8, 17 and 33 floats and one elsewhere, the four-rows pass one quad; a
    /// value set by the caller or the backend holds at every width, and so does the step it
    /// covers.
    #[test]
    fn rows_a_step_left_to_the_row_are_two_at_5_to_8_17_and_33_floats() {
        // OpenCL's automatic values: quads to 4 floats, rows a step by the row.
        let by_row = KernelParams::DEFAULT.with_automatic(automatic(528, 0, 1, 4, 1));
        assert_eq!(by_row.logreg_rps, 0);
        for cols in 1..=48 {
            let want = if matches!(cols, 5..=8 | 17 | 33) {
                2
            } else {
                1
            };
            assert_eq!(by_row.partial_rps(cols, cols), want, "{cols}");
        }
        // A padded 7-column row (pitch 8) takes two; quads to 8 floats take one quad a step.
        assert_eq!(by_row.partial_rps(7, 8), 2);
        // Rows of 33 columns padded to 36 floats (another backend's pitch) take one.
        assert_eq!(by_row.partial_rps(33, 36), 1);
        let quads = by_row
            .with_assignments(&["logreg_quad_pitch=8".to_string()])
            .expect("valid");
        assert_eq!(quads.partial_rps(6, 6), 1);
        assert_eq!(quads.pass_rows_per_step(6, 6), 4 * 256);
        assert_eq!(by_row.pass_rows_per_step(6, 6), 2 * 256);
        assert_eq!(by_row.pass_rows_per_step(9, 9), 256);
        // Set anywhere, it holds at every width.
        for r in [1, 2] {
            let set = by_row
                .with_assignments(&[format!("logreg_rps={r}")])
                .expect("valid");
            for cols in [1, 3, 5, 8, 9, 64] {
                assert_eq!(set.partial_rps(cols, cols), r, "{r} {cols}");
            }
        }
        let wgpu = KernelParams::DEFAULT.with_automatic(automatic(264, 2, 2, 7, 1));
        assert_eq!(wgpu.partial_rps(13, 13), 2);
    }

    #[test]
    fn four_vec4s_a_lane_cap_the_pass_at_logreg_full_groups() {
        // The pipeline set (no wide-row rule: KernelParams::partial_wide).
        let p = KernelParams::DEFAULT
            .with_assignments(&[
                "logreg_max_groups=528".to_string(),
                "logreg_full_groups=396".to_string(),
                "logreg_quad_pitch=5".to_string(),
                "logreg_pipeline=1".to_string(),
            ])
            .expect("valid");
        // KL = 4: 13–16 columns a lane (13, 16 and 64 columns over 1 and 4 lanes; 1 000 over 64;
        // 4 096 over 256); KL = 3: 12, 33, 257, 1 500 columns.
        for cols in [13, 16, 64, 100, 1000, 2048, 4096] {
            assert_eq!(p.partial_reg_kl(cols), 4, "{cols}");
            assert_eq!(p.pass_max_groups(cols, cols), 396, "{cols}");
        }
        for cols in [12, 33, 257, 1500] {
            assert_eq!(p.partial_reg_kl(cols), 3, "{cols}");
            assert_eq!(p.pass_max_groups(cols, cols), 528, "{cols}");
        }
        // Neither the four-rows pass (4 columns) nor the tiled one (above logreg_reg_cols).
        assert_eq!(p.pass_max_groups(4, 4), 528);
        assert_eq!(p.pass_max_groups(5000, 5000), 528);
        // Never above logreg_max_groups; 0 caps nothing.
        let low = p
            .with_assignments(&["logreg_max_groups=100".to_string()])
            .expect("valid");
        assert_eq!(low.pass_max_groups(64, 64), 100);
        let off = p
            .with_assignments(&["logreg_full_groups=0".to_string()])
            .expect("valid");
        assert_eq!(off.pass_max_groups(64, 64), 528);
    }

    #[test]
    fn wide_rows_take_two_rows_pipelined_at_half_the_groups_where_left_to_the_row() {
        // OpenCL's policy: rows a step and the pipeline left to the row (0).
        let p = KernelParams::DEFAULT
            .with_assignments(&[
                "logreg_max_groups=528".to_string(),
                "logreg_full_groups=396".to_string(),
                "logreg_rps=0".to_string(),
                "logreg_pipeline=0".to_string(),
            ])
            .expect("valid");
        // 8 lanes and more: 65–4 096 columns (KL 3 and 4 alike).
        for cols in [
            65, 80, 100, 128, 250, 512, 513, 700, 777, 1000, 1400, 2800, 4096,
        ] {
            assert!(p.partial_reg_lanes(cols) >= LOGREG_WIDE_LANES, "{cols}");
            assert!(p.partial_wide(cols) && p.partial_pipelined(cols), "{cols}");
            assert_eq!(p.partial_rps(cols, cols), 2, "{cols}");
            assert_eq!(p.pass_max_groups(cols, cols), 264, "{cols}");
        }
        // Narrower rows keep one row a step (their pitches aside), unpipelined, at the
        // full-groups cap where KL = 4; the tiled pass (above 4 096 columns) is no wide row.
        for cols in [13, 61, 64] {
            assert!(
                !p.partial_wide(cols) && !p.partial_pipelined(cols),
                "{cols}"
            );
            assert_eq!(p.partial_rps(cols, cols), 1, "{cols}");
            assert_eq!(p.pass_max_groups(cols, cols), 396, "{cols}");
        }
        assert!(!p.partial_wide(5000));
        assert_eq!(p.pass_max_groups(5000, 5000), 528);
        // A pipeline set by the caller or an entry turns the rule off (wgpu's table: 2 for
        // every pass); rows a step set keep their value under the rule.
        for (pipeline, pipelined) in [(1, false), (2, true)] {
            let set = p
                .with_assignments(&[format!("logreg_pipeline={pipeline}")])
                .expect("valid");
            assert!(!set.partial_wide(1000));
            assert_eq!(set.partial_pipelined(1000), pipelined);
            assert_eq!(set.partial_rps(1000, 1000), 1);
            assert_eq!(set.pass_max_groups(1000, 1000), 396);
            assert_eq!(set.pass_max_groups(1400, 1400), 528);
        }
        let one_row = p
            .with_assignments(&["logreg_rps=1".to_string()])
            .expect("valid");
        assert_eq!(one_row.partial_rps(1000, 1000), 1);
        assert_eq!(one_row.pass_max_groups(1000, 1000), 264);
        // Half of a caller's logreg_max_groups, at least one.
        for (most, half) in [(100, 50), (1, 1)] {
            let low = p
                .with_assignments(&[format!("logreg_max_groups={most}")])
                .expect("valid");
            assert_eq!(low.pass_max_groups(1000, 1000), half);
        }
    }

    #[test]
    fn logreg_tiling_fits_the_workgroup() {
        let p = KernelParams::DEFAULT;
        for cols in [1, 3, 4, 8, 33, 64, 255, 256, 257, 1000, 2048, 2049, 13_000] {
            let t = p.logreg_tiling(cols);
            assert!(
                t.tile_rows as usize * (cols | 1) <= p.logreg_tile as usize || t.tile_rows == 1
            );
            assert!(t.tile_rows <= p.logreg_rows);
            assert!(
                t.tile_rows.min(p.logreg_wg) * t.lanes_z <= p.logreg_wg,
                "{cols}: {t:?}"
            );
            assert!(t.lanes_z.is_power_of_two() && t.lanes_g.is_power_of_two());
            if cols <= p.logreg_wg as usize {
                assert!(t.lanes_g as usize * cols <= p.logreg_wg as usize);
            }
        }
        let t = |tile_rows, lanes_z, lanes_g| LogregTiling {
            tile_rows,
            lanes_z,
            lanes_g,
        };
        assert_eq!(p.logreg_tiling(64), t(126, 2, 4));
        assert_eq!(p.logreg_tiling(8), t(910, 1, 32));
        assert_eq!(p.single_reg_rows(2048, 8), Some(8));
        assert_eq!(
            [1, 16, 17, 32, 33, 64, 65, 1000, 4096].map(|c| p.partial_reg_lanes(c)),
            [1, 1, 2, 2, 4, 4, 8, 64, 256]
        );
        // Register-resident up to logreg_reg_cols and LANE_COLS per work-item.
        assert!(p.partial_in_registers(4096) && !p.partial_in_registers(4097));
        let narrow = p.with_assignments(&["logreg_wg=64".to_string()]).unwrap();
        assert!(narrow.partial_in_registers(1024) && !narrow.partial_in_registers(1025));
        let capped = p
            .with_assignments(&["logreg_reg_cols=64".to_string()])
            .unwrap();
        assert!(capped.partial_in_registers(64) && !capped.partial_in_registers(65));
        assert_eq!(p.single_reg_rows(2048, 17), None);
        assert_eq!(p.single_reg_rows(8192, 8), None);
    }

    #[test]
    fn bad_assignments_name_the_parameter() {
        let err = |a: &str| {
            KernelParams::DEFAULT
                .with_assignments(&[a.to_string()])
                .expect_err(a)
                .to_string()
        };
        assert!(err("logreg_rps=3").contains("logreg_rps"));
        assert!(err("logreg_rps=3").contains("1 or 2"));
        assert!(err("rbf_unroll=9").contains("rbf_unroll"));
        assert!(err("rbf_sliced_wg=3").contains("rbf_sliced_wg"));
        assert!(err("rbf_sliced_unroll=9").contains("rbf_sliced_unroll"));
        assert!(err("rbf_pivot_cols=65537").contains("rbf_pivot_cols"));
        assert!(err("rbf_loop_pivot_cols=65537").contains("rbf_loop_pivot_cols"));
        assert!(err("rbf_loop_pivot_cols=65537").contains("0 (the gathered copy) to 65536"));
        assert!(err("reduce_wg=100").contains("power of two"));
        assert!(err("no_such=1").contains("no_such"));
        assert!(err("logreg_interleave=3").contains("logreg_interleave"));
        assert!(err("logreg_interleave=3").contains("1 (blocks) or 2 (interleaved)"));
        assert!(err("logreg_reg_cols=0").contains("logreg_reg_cols"));
        assert!(err("row_pad=17").contains("row_pad"));
        assert!(err("row_pad=17").contains("sixteenths of a row"));
        assert!(err("row_pad_wide=3").contains("row_pad_wide"));
        assert!(err("row_pad_wide=3").contains("wider than 16 columns"));
        assert!(err("logreg_finish_cols=65537").contains("logreg_finish_cols"));
        assert!(err("logreg_finish_cols=65537").contains("at most 65536"));
        let groups = format!("logreg_full_groups={}", MAX_GROUPS + 1);
        assert!(err(&groups).contains("logreg_full_groups"));
        assert!(err(&groups).contains(&format!("at most {MAX_GROUPS}")));
        let too_many = format!("logreg_finish_split={}", NEVER_SPLIT + 1);
        assert!(err(&too_many).contains("logreg_finish_split"));
        assert!(err(&too_many).contains(&format!("at most {NEVER_SPLIT}")));
        assert!(err("reduce_wg").contains("NAME=VALUE"));
        let p = KernelParams::DEFAULT
            .with_assignments(&["logreg_rps=0".to_string()])
            .expect("0 is automatic");
        assert_eq!(p.with_automatic(automatic(528, 2, 1, 5, 2)).logreg_rps, 2);
        assert_eq!(
            p.with_automatic(automatic(528, 2, 1, 5, 2))
                .logreg_max_groups,
            528
        );
        assert_eq!(p.with_automatic(automatic(528, 2, 1, 5, 2)).row_pad, 1);
        let set = p
            .with_assignments(&["logreg_rps=1".to_string()])
            .expect("1 is allowed");
        assert_eq!(set.with_automatic(automatic(528, 2, 1, 5, 2)).logreg_rps, 1);
        assert!(err("logreg_lane_sum=3").contains("logreg_lane_sum"));
        let auto = KernelParams::DEFAULT;
        let lanes = |p: KernelParams, shuffles| p.resolve_lane_sum(shuffles, "dev");
        assert_eq!(lanes(auto, true).map(|p| p.logreg_lane_sum).ok(), Some(2));
        assert_eq!(lanes(auto, false).map(|p| p.logreg_lane_sum).ok(), Some(1));
        let forced = auto
            .with_assignments(&["logreg_lane_sum=2".to_string()])
            .expect("2 is allowed");
        let e = lanes(forced, false).expect_err("no shuffles").to_string();
        assert!(e.contains("logreg_lane_sum") && e.contains("dev"), "{e}");
        let off = auto
            .with_assignments(&["logreg_lane_sum=1".to_string()])
            .expect("1 is allowed");
        assert_eq!(lanes(off, true).map(|p| p.logreg_lane_sum).ok(), Some(1));
        let span = |p: KernelParams, s| p.resolve_spans(s, "dev").map(|p| p.smo_ws_span);
        assert_eq!(span(auto, 32).ok(), Some(32));
        assert_eq!(span(auto, 1).ok(), Some(1));
        let wide = auto
            .with_assignments(&["smo_ws_span=64".to_string()])
            .expect("64 is allowed");
        let e = span(wide, 32)
            .expect_err("wider than the subgroup")
            .to_string();
        assert!(
            e.contains("smo_ws_span") && e.contains("dev") && e.contains("32"),
            "{e}"
        );
        let e = span(wide, 1).expect_err("no shuffles").to_string();
        assert!(e.contains("no subgroup shuffle"), "{e}");
        let narrow = auto
            .with_assignments(&["smo_ws_span=8".to_string()])
            .expect("8 is allowed");
        assert_eq!(span(narrow, 32).ok(), Some(8));
        assert!(err("smo_ws_span=3").contains("smo_ws_span"));
        assert!(err("smo_ws_span=128").contains("smo_ws_span"));
        // rbf_span resolves beside it, with its own name in the error.
        let both = |p: KernelParams, s| p.resolve_spans(s, "dev").map(|p| p.rbf_span);
        assert_eq!(both(auto, 32).ok(), Some(32));
        assert_eq!(
            both(narrow, 1)
                .err()
                .map(|e| e.to_string().contains("smo_ws_span")),
            Some(true)
        );
        let rbf_wide = auto
            .with_assignments(&["rbf_span=64".to_string()])
            .expect("64 is allowed");
        let e = both(rbf_wide, 32)
            .expect_err("wider than the subgroup")
            .to_string();
        assert!(e.contains("rbf_span") && e.contains("32"), "{e}");
        assert!(err("rbf_span=6").contains("rbf_span"));
        assert!(err("rbf_lane_cols=12").contains("rbf_lane_cols"));
        assert!(err("rbf_lane_rows=3").contains("1, 2 or 4"));
        let groups = err(&format!("rbf_lane_groups={}", MAX_GROUPS + 1));
        assert!(
            groups.contains("rbf_lane_groups") && groups.contains("0 (by rows)"),
            "{groups}"
        );
        let p = KernelParams::DEFAULT
            .with_automatic(automatic(528, 2, 2, 7, 2))
            .resolve_spans(32, "test")
            .expect("32 is a span");
        assert_eq!((p.rbf_rows(8), p.rbf_rows(512), p.rbf_rows(513)), (2, 2, 1));
        assert_eq!(KernelParams::DEFAULT.rbf_rows(8), 1, "unresolved");
    }

    #[test]
    fn validate_names_what_the_device_or_kernel_cannot_take() {
        let ok = |p: KernelParams, wg, mem| p.validate(wg, mem).map_err(|e| e.to_string());
        assert!(ok(KernelParams::DEFAULT, 1024, 48 * 1024).is_ok());
        assert!(ok(KernelParams::DEFAULT.fit(32 * 1024), 256, 32 * 1024).is_ok());
        let with = |a: &str| KernelParams::DEFAULT.with_assignments(&[a.to_string()]);
        let e = ok(
            with("logreg_tile=1000").expect("set accepts it"),
            1024,
            48 * 1024,
        );
        assert!(
            e.as_ref()
                .is_err_and(|e| e.contains("logreg_tile") && e.contains("multiple of logreg_wg")),
            "{e:?}"
        );
        let e = ok(KernelParams::DEFAULT, 128, 48 * 1024);
        assert!(
            e.as_ref()
                .is_err_and(|e| e.contains("reduce_wg") && e.contains("at most 128")),
            "{e:?}"
        );
        let e = ok(KernelParams::DEFAULT, 1024, 8 * 1024);
        assert!(
            e.as_ref()
                .is_err_and(|e| e.contains("rbf_tile") && e.contains("8192 bytes")),
            "{e:?}"
        );
        assert!(with("logreg_wg=8").is_err_and(|e| e.to_string().contains("at least 16")));
        for bad in ["smo_ws_q=100", "smo_ws_q=32", "smo_ws_q=2048"] {
            assert!(
                with(bad).is_err_and(|e| e.to_string().contains("smo_ws_q")
                    && e.to_string().contains("power of two from 64 to 1024")),
                "{bad}"
            );
        }
        // A working set whose solve does not fit the device's workgroup memory is named
        // (with reduce_wg 1024, the reductions' scratch is 12 KiB of it).
        let big = KernelParams::DEFAULT
            .with_assignments(&["smo_ws_q=1024".to_string(), "reduce_wg=1024".to_string()])
            .expect("set accepts it");
        let e = ok(big.fit(32 * 1024), 1024, 32 * 1024);
        assert!(
            e.as_ref()
                .is_err_and(|e| e.contains("smo_ws_q") && e.contains("32800 bytes")),
            "{e:?}"
        );
        assert!(ok(big.fit(48 * 1024), 1024, 48 * 1024).is_ok());
        // The selection's held positions (8 × 256 bytes each through wgpu) beside its 7 200
        // bytes at smo_ws_q = 256: 16 need 39 968, so an unfitted table is named at 32 KiB.
        let unfitted = KernelParams {
            smo_ws_held: 16,
            ..KernelParams::DEFAULT.fit(32 * 1024)
        };
        let e = ok(unfitted, 256, 32 * 1024);
        assert!(
            e.as_ref()
                .is_err_and(|e| e.contains("smo_ws_held") && e.contains("39968 bytes")),
            "{e:?}"
        );
        assert!(with("smo_ws_held=17").is_err_and(|e| e.to_string().contains("at most 16")));
        assert!(with("chunk_align=6").is_err_and(|e| e.to_string().contains("multiple of 4")));
        // Every field round-trips through set by its name.
        let mut p = KernelParams::DEFAULT;
        for (name, value) in KernelParams::DEFAULT.fields() {
            assert!(p.set(name, value).is_ok(), "{name}={value}");
        }
        assert_eq!(p, KernelParams::DEFAULT);
    }

    #[test]
    fn fit_shrinks_tiles_to_workgroup_memory() {
        let p = KernelParams::DEFAULT.fit(32 * 1024);
        assert_eq!(p.logreg_tile, 4096);
        // (32 768 − 7 200) / 2 048 positions held beside the selection's own words.
        assert_eq!(p.smo_ws_held, 12);
        assert_eq!(KernelParams::DEFAULT.fit(16 * 1024).smo_ws_held, 4);
        assert_eq!(KernelParams::DEFAULT.fit(48 * 1024), KernelParams::DEFAULT);
    }

    #[test]
    fn row_lanes_take_their_own_workgroup_over_unaligned_rows_of_several_lanes() {
        let with = |a: &[&str]| {
            let a: Vec<String> = a.iter().map(|s| s.to_string()).collect();
            KernelParams::DEFAULT.with_assignments(&a).unwrap()
        };
        // Unresolved: rbf_wg everywhere.
        assert_eq!(KernelParams::DEFAULT.rbf_lane_wg_for(33, 33), 256);
        let p = with(&["rbf_lane_wg_unaligned=128"]);
        // 33 columns unpadded: 4 lanes, rows 4 bytes apart from 16.
        assert_eq!(p.rbf_lane_wg_for(33, 33), 128);
        assert_eq!(p.rbf_lane_wg_for(17, 17), 128);
        // Padded to whole vec4s, or whole already: rbf_wg.
        assert_eq!(p.rbf_lane_wg_for(33, 36), 256);
        assert_eq!(p.rbf_lane_wg_for(48, 48), 256);
        // One lane a row (at most rbf_lane_cols columns): rbf_wg.
        assert_eq!(p.rbf_lane_wg_for(13, 13), 256);
        assert_eq!(
            with(&["rbf_lane_wg_unaligned=128", "rbf_lane_cols=4"]).rbf_lane_wg_for(13, 13),
            128
        );
        // Checked against the device's workgroup limit by name.
        let e = with(&["rbf_lane_wg_unaligned=512"])
            .validate(256, 48 * 1024)
            .expect_err("512 > 256")
            .to_string();
        assert!(e.contains("rbf_lane_wg_unaligned"), "{e}");
    }

    #[test]
    fn row_lanes_workgroups_follow_the_rows_unless_set() {
        let p = KernelParams::DEFAULT; // rbf_wg 256, rbf_lane_groups 0
        assert_eq!(p.rbf_lane_groups, 0);
        // Few rows: the floor (the launch itself takes no more than its items fill).
        assert_eq!(p.rbf_lane_groups_for(1000, 4, 1), RBF_LANE_GROUPS_MIN);
        // About eight steps a work-item: 528 times the power of two nearest the target.
        let steps = |groups: usize| groups * 256 * RBF_LANE_STEPS;
        assert_eq!(p.rbf_lane_groups_for(steps(2112), 4, 1), 2112);
        assert_eq!(p.rbf_lane_groups_for(steps(2048), 4, 1), 2112);
        assert_eq!(p.rbf_lane_groups_for(steps(2900), 4, 1), 2112);
        assert_eq!(p.rbf_lane_groups_for(steps(3100), 4, 1), 4224);
        assert_eq!(p.rbf_lane_groups_for(steps(700), 4, 1), 528);
        assert_eq!(p.rbf_lane_groups_for(steps(800), 4, 1), 1056);
        assert_eq!(p.rbf_lane_groups_for(steps(2112), 1, 1), 2112);
        // Two rows a step halve the workgroups for the same steps, but one-lane rows keep
        // the floor.
        assert_eq!(p.rbf_lane_groups_for(steps(2112), 4, 2), 1056);
        assert_eq!(
            p.rbf_lane_groups_for(steps(2112), 1, 2),
            RBF_LANE_GROUPS_MIN
        );
        // Many rows: the ceiling.
        assert_eq!(p.rbf_lane_groups_for(1 << 30, 4, 1), RBF_LANE_GROUPS_MAX);
        // A set value is the value.
        let set = p
            .with_assignments(&["rbf_lane_groups=264".to_string()])
            .unwrap();
        assert_eq!(set.rbf_lane_groups_for(1 << 30, 1, 2), 264);
    }
}
