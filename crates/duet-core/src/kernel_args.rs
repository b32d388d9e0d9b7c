//! The kernels' argument structs, declared once.
//!
//! Each struct below is the one set of scalar arguments the entry points of a kernel file take
//! (all of them `u32` or `f32`, so Rust's `#[repr(C)]` layout, WGSL's and OpenCL C's agree
//! without padding). From the one declaration come the Rust struct the host fills, the WGSL
//! `struct` the shaders read as `var<immediate> p`, and the OpenCL C `typedef` the kernels take
//! by value as their last argument (with an `UNPACK_<Name>(p)` macro that declares each field
//! as a local). The backends add [`wgsl_prelude`] / [`cl_prelude`] to every source they build,
//! so no kernel file declares its own copy. The preludes also hold `rbf_value(gamma, s)`, the
//! RBF kernel value every RBF, SMO and prediction kernel computes ([`RBF_EXPONENT_CAP`]).

/// Calls `$mac!` with every kernel file stem, the one list of them: each backend embeds
/// `shaders/<stem>.wgsl` or `kernels/<stem>.cl` for each (the test suites check that the two
/// directories hold exactly these files, paired).
#[macro_export]
macro_rules! kernel_stems {
    ($mac:ident) => {
        $mac!(
            "argext",
            "gather",
            "logreg",
            "predict",
            "rbf",
            "rbf_lanes",
            "rbf_sliced",
            "read",
            "smo",
            "svm"
        );
    };
}

/// What a kernel argument struct says about itself.
pub trait KernelArgs: bytemuck::Pod {
    /// The struct's name in all three languages.
    const NAME: &'static str;
    /// `(field, type)` in declaration order; the type is `u32` or `f32`.
    const FIELDS: &'static [(&'static str, &'static str)];

    /// The bytes the kernel receives (immediates on wgpu, the struct argument on OpenCL).
    fn bytes(&self) -> &[u8] {
        bytemuck::bytes_of(self)
    }
}

/// Declares argument structs: the Rust struct (Pod, Default) and its [`KernelArgs`] impl.
macro_rules! kernel_args {
    ($(
        $(#[doc = $doc:expr])*
        pub struct $name:ident {
            $( $(#[doc = $fdoc:expr])* pub $field:ident : $ty:ident, )*
        }
    )*) => {
        $(
            $(#[doc = $doc])*
            #[repr(C)]
            #[derive(Debug, Clone, Copy, Default, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
            pub struct $name {
                $( $(#[doc = $fdoc])* pub $field: $ty, )*
            }

            impl KernelArgs for $name {
                const NAME: &'static str = stringify!($name);
                const FIELDS: &'static [(&'static str, &'static str)] =
                    &[$( (stringify!($field), stringify!($ty)), )*];
            }
        )*

        /// Every argument struct as `(name, fields)`.
        pub const ALL: &[(&str, &[(&str, &str)])] = &[$( ($name::NAME, $name::FIELDS), )*];
    };
}

kernel_args! {
    /// The streaming reductions (`read` and `argext`): one first-pass launch per chunk of the
    /// vector, then the final pass (or the last workgroup of the first).
    pub struct ReduceParams {
        /// Elements in this chunk (first pass) or partial slots in all (final pass).
        pub len: u32,
        /// Partial slot of this launch's first workgroup.
        pub slot: u32,
        /// Workgroups in this launch: the grid stride is `groups · REDUCE_WG` vec4s.
        pub groups: u32,
        /// Index of the chunk's first element in the whole vector (arg-extremes).
        pub start: u32,
        /// Masked arg-extremes: 0 for u32 flags (selected when ≠ 0), 1 for f32 flags (when not
        /// ±0.0).
        pub mask_kind: u32,
        /// The last-workgroup finish: partial slots in all, or 0 to leave the final pass to
        /// its own launch.
        pub total_slots: u32,
    }

    /// The RBF rows (`rbf`): one launch per span of a block of X and a chunk of the outputs
    /// (after the pivot gather for the rungs that read a copy of the pivots).
    pub struct RbfParams {
        /// Columns of X.
        pub cols: u32,
        /// Elements between consecutive rows (row-major) or columns (column-major) of the
        /// block (`rbf_gather`: of the block holding `x_hi`).
        pub pitch: u32,
        /// First row of the block this launch covers.
        pub row_begin: u32,
        /// One past its last row.
        pub row_end: u32,
        /// Where row `row_begin` goes in the output chunk.
        pub out_begin: u32,
        /// Workgroups in this launch (grid stride).
        pub groups: u32,
        /// γ.
        pub gamma: f32,
        /// `x_hi`'s row in the block holding it (`rbf_gather` and the rungs that read the
        /// pivots from X: [`pivots_from_x`](crate::ops::rbf::pivots_from_x)).
        pub pivot_row: u32,
        /// The blocks' layout (0 row-major, 1 column-major).
        pub layout_cm: u32,
        /// `x_lo`'s row in the block holding it.
        pub pivot_lo_row: u32,
        /// The pitch of the block holding `x_lo`.
        pub pitch_lo: u32,
        /// `sliced`: the slices each point's columns are cut into, a power of two dividing
        /// `RBF_WG` ([`KernelParams::rbf_slices_for`](crate::KernelParams::rbf_slices_for)).
        pub slices: u32,
        /// The rungs that read the pivots from X: the pitch of the block holding `x_hi`
        /// (`rbf_gather` takes it as `pitch`).
        pub pitch_hi: u32,
    }

    /// Matrices gathered on the device (`gather`): `gather_rows`, one launch per block of the
    /// matrix it fills.
    pub struct GatherParams {
        /// Columns of the rows (the source's and the matrix's).
        pub cols: u32,
        /// The block's pitch (floats from one row to the next, row-major; from one column to
        /// the next, column-major).
        pub pitch: u32,
        /// Rows in the block.
        pub rows: u32,
        /// The block's first row (an index into the picks).
        pub row_start: u32,
        /// The block's layout: 0 row-major, 1 column-major.
        pub layout_cm: u32,
        /// Floats in the block (its rows or columns times the pitch).
        pub total: u32,
        /// Workgroups in this launch (grid stride).
        pub groups: u32,
    }

    /// The SVM ops (`svm`): `svm_update_f`, one launch per chunk of the vectors.
    pub struct SvmUpdateParams {
        /// Elements in this chunk.
        pub len: u32,
        /// Workgroups in this launch (grid stride).
        pub groups: u32,
        /// The coefficient of `k_hi`.
        pub c_hi: f32,
        /// The coefficient of `k_lo`.
        pub c_lo: f32,
    }

    /// SMO on the device (`smo`): the four launches of a step (duet-svm's device solver).
    pub struct SmoParams {
        /// Points (rows of X).
        pub rows: u32,
        /// Features (columns of X).
        pub cols: u32,
        /// Elements between consecutive columns of the column-major X.
        pub pitch: u32,
        /// Workgroups of this launch (the passes' grid stride).
        pub groups: u32,
        /// γ of the RBF kernel.
        pub gamma: f32,
        /// The box constraint C.
        pub c: f32,
        /// The stopping tolerance on the maximal violating pair's gap.
        pub eps: f32,
        /// Steps after which the run stops unconverged.
        pub max_steps: u32,
        /// Where the row cache's maps start in the work buffer (after the partials); the
        /// `working_set` strategy: where its candidates workgroups' output starts.
        pub map_base: u32,
        /// Rows the row cache holds (at least 2).
        pub slots: u32,
        /// 1: each pass's last workgroup does the final launch's work (the OpenCL plan, two
        /// launches per step); 0: the final kernels are launched (WGSL always).
        pub fused: u32,
        /// The first point of the X block this launch reads (0 when X is one block).
        pub block_start: u32,
        /// Points in that block (`rows` when X is one block).
        pub block_rows: u32,
        /// Partial slots the final launches reduce: every pass launch's workgroups, over all
        /// of X's blocks; the `working_set` strategy: its candidates workgroups.
        pub partials: u32,
        /// This pass launch's first partial slot (its block's place among the partials).
        pub group_base: u32,
        /// 1: X is split over several bindings, and the final launches leave the pivots'
        /// features to `smo_gather` / `smo_ws_gather` launches, one per block; 0: they gather
        /// them from X's one binding.
        pub gather: u32,
    }

    /// SVM prediction (`predict`): the kernel values of a chunk of points against the support
    /// vectors, then the decision values of each point for each pair of classes.
    pub struct PredictParams {
        /// Points in this chunk.
        pub rows: u32,
        /// Features.
        pub cols: u32,
        /// Elements between the starts of consecutive rows of the points and of the support
        /// vectors (both row-major: [`row_pitch`](crate::chunk::row_pitch) of `cols`).
        pub pitch: u32,
        /// Support vectors.
        pub svs: u32,
        /// Pairs of classes.
        pub pairs: u32,
        /// Tiles of `PREDICT_TILE` points (the tile grid's first dimension).
        pub tiles_rows: u32,
        /// Tiles in all (`tiles_rows` × tiles of support vectors).
        pub tiles: u32,
        /// Workgroups of the launch (grid stride over tiles or outputs).
        pub groups: u32,
        /// γ.
        pub gamma: f32,
        /// `predict_kernel`: the first support vector of the block of them this launch reads
        /// (the model's support vectors may span several bindings; 0 for one).
        pub sv_start: u32,
        /// `predict_kernel`: support vectors in that block (its tiles are `tiles`).
        pub sv_rows: u32,
    }

    /// The logistic-regression kernels (`logreg`): pass, reduce and single-workgroup
    /// launches.
    pub struct LogregParams {
        /// Columns of X.
        pub cols: u32,
        /// First row of the block this launch reads.
        pub row_begin: u32,
        /// One past the last row.
        pub row_end: u32,
        /// Index in the label chunk of row `row_begin`'s label.
        pub y_begin: u32,
        /// First partial slot (pass), slots in all (reduce), or the first iteration (single).
        pub slot: u32,
        /// Workgroups of the launch.
        pub groups: u32,
        /// See [`LogregTiling`](crate::LogregTiling).
        pub tile_rows: u32,
        /// See [`LogregTiling`](crate::LogregTiling).
        pub lanes_z: u32,
        /// See [`LogregTiling`](crate::LogregTiling).
        pub lanes_g: u32,
        /// `single_group`: iterations (0: one gradient).
        pub iters: u32,
        /// `single_group`: record the log-likelihood every this many iterations.
        pub every: u32,
        /// Learning rate.
        pub lr: f32,
        /// `1 − lr·λ`.
        pub decay: f32,
        /// Reduce: 0 gradient, 1 training step, 2 log-likelihood only; single: 1 when the
        /// launch ends the run.
        pub mode: u32,
        /// Reduce: where in the trace the log-likelihood goes; single: trace points recorded
        /// by earlier launches.
        pub trace_index: u32,
        /// Pass: compute log-likelihood terms; reduce: record the log-likelihood. 0 or 1
        /// (the finish multiplies a slot count by it).
        pub record: u32,
        /// Elements between the starts of consecutive rows of X
        /// ([`row_pitch`](crate::chunk::row_pitch) of `cols`).
        pub pitch: u32,
        /// Pass: the partial slots of the whole pass when its last workgroup finishes it
        /// (sums them as `logreg_reduce` would, with this launch's `lr`, `decay`, `mode`,
        /// `record`, `trace_index` and `reduce_lanes`); 0: a `logreg_reduce` launch does.
        pub total_slots: u32,
        /// Reduce: work-items per column that share the partial slots
        /// ([`reduce_lanes`](crate::ops::logreg::reduce_lanes)).
        pub reduce_lanes: u32,
        /// A pass that finishes in its last workgroup: partial slots per group of the finish's
        /// first level (the last workgroup of each group sums its group's slots into a group
        /// slot after the pass's own); 0: one level, the last workgroup sums every slot
        /// ([`finish_group`](crate::ops::logreg::finish_group)).
        pub finish_group: u32,
        /// A pass that finishes in its last workgroup: work-items per column that share the
        /// slots of each of the finish's sums
        /// ([`finish_lanes`](crate::ops::logreg::finish_lanes)).
        pub finish_lanes: u32,
    }
}

/// The largest exponent the kernels' RBF value `exp(-min(gamma * s, cap))` takes, in both kernel
/// languages (their `rbf_value`, from the preludes): exp(-104) is below half the smallest f32
/// subnormal, so the cap changes no finite result; it only matters when the f32 sum of squares
/// overflowed to infinity, where WGSL leaves `exp(-inf)` indeterminate. The CPU reference
/// (f64) needs none.
pub const RBF_EXPONENT_CAP: f32 = 104.0;

/// The RBF kernel value in WGSL and OpenCL C: `rbf_value(gamma, s)` = exp(-min(gamma·s,
/// [`RBF_EXPONENT_CAP`])) with the language's `exp` (OpenCL's conforming one, never
/// `native_exp`).
fn rbf_value_fn(wgsl: bool) -> String {
    let cap = format!("{RBF_EXPONENT_CAP:.1}");
    if wgsl {
        format!(
            "fn rbf_value(gamma: f32, s: f32) -> f32 {{\n    return exp(-min(gamma * s, {cap}));\n}}\n"
        )
    } else {
        format!(
            "static float rbf_value(float gamma, float s) {{ return exp(-fmin(gamma * s, {cap}f)); }}\n"
        )
    }
}

/// Bytes of the largest argument struct (what WGSL immediates must hold).
pub fn largest_bytes() -> usize {
    ALL.iter().map(|(_, f)| 4 * f.len()).max().unwrap_or(0)
}

/// The WGSL declarations of every argument struct (module-scope declarations may come in any
/// order, so the backend appends this to each source and line numbers stay those of the file).
pub fn wgsl_prelude() -> String {
    let mut out = String::from("\n// Argument structs, from duet-core's kernel_args.rs.\n");
    for (name, fields) in ALL {
        out.push_str(&format!("struct {name} {{\n"));
        for (f, ty) in fields.iter() {
            out.push_str(&format!("    {f}: {ty},\n"));
        }
        out.push_str("}\n");
    }
    out.push_str(&rbf_value_fn(true));
    out
}

/// The OpenCL C declarations of every argument struct and their `UNPACK_<Name>(p)` macros
/// (prepended to each source, followed by `#line 1` so compiler messages keep the file's line
/// numbers).
pub fn cl_prelude() -> String {
    let cl = |ty: &str| if ty == "u32" { "uint" } else { "float" };
    let mut out = String::new();
    for (name, fields) in ALL {
        out.push_str("typedef struct {");
        for (f, ty) in fields.iter() {
            out.push_str(&format!(" {} {f};", cl(ty)));
        }
        out.push_str(&format!(" }} {name};\n#define UNPACK_{name}(p)"));
        for (f, ty) in fields.iter() {
            out.push_str(&format!(" const {} {f} = (p).{f};", cl(ty)));
        }
        out.push('\n');
    }
    out.push_str(&rbf_value_fn(false));
    out.push_str("#line 1\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn structs_fit_the_argument_words() {
        assert!(largest_bytes() <= 4 * crate::launch::MAX_ARG_WORDS);
        assert_eq!(largest_bytes(), 4 * LogregParams::FIELDS.len());
    }

    #[test]
    fn structs_are_packed_words() {
        for (name, fields) in ALL {
            assert!(
                fields.iter().all(|(_, t)| *t == "u32" || *t == "f32"),
                "{name}: only u32 and f32 fields keep the three layouts equal"
            );
        }
        assert_eq!(
            std::mem::size_of::<ReduceParams>(),
            4 * ReduceParams::FIELDS.len()
        );
        assert_eq!(
            std::mem::size_of::<RbfParams>(),
            4 * RbfParams::FIELDS.len()
        );
        assert_eq!(
            std::mem::size_of::<LogregParams>(),
            4 * LogregParams::FIELDS.len()
        );
        let p = RbfParams {
            gamma: 0.5,
            cols: 3,
            ..Default::default()
        };
        assert_eq!(&p.bytes()[..4], &3u32.to_le_bytes());
        assert_eq!(&p.bytes()[24..28], &0.5f32.to_le_bytes());
        assert!(wgsl_prelude().contains("struct RbfParams {\n    cols: u32,"));
        assert!(cl_prelude().contains("typedef struct { uint cols; uint pitch;"));
        assert!(cl_prelude().ends_with("#line 1\n"));
        assert!(wgsl_prelude().contains("return exp(-min(gamma * s, 104.0));"));
        assert!(cl_prelude().contains("return exp(-fmin(gamma * s, 104.0f));"));
    }
}
