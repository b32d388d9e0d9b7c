//! Kernel parameters, defined once.
//!
//! Workgroup sizes, grid caps, tile sizes and the column pitch live here and nowhere else: the
//! wgpu backend passes them to WGSL as pipeline-overridable constants, the OpenCL backend as `-D`
//! build options, and the tolerance derivations read them to know each kernel's summation order.

/// The parameter table. [`KernelParams::DEFAULT`] is what every backend uses unless told otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct KernelParams {
    /// Work-items per workgroup of the streaming reductions (read, arg-extremes).
    pub reduce_wg: u32,
    /// Upper bound on the workgroups of a reduction's first pass; each work-item loops over the
    /// vector with a grid stride when the vector is larger than one element per work-item.
    pub reduce_max_groups: u32,
    /// `vec4` loads each work-item issues per grid-stride step of a reduction (bytes in flight).
    pub reduce_unroll: u32,
    /// Work-items per workgroup of the RBF kernels.
    pub rbf_wg: u32,
    /// Floats of `x_hi` and `x_lo` held in workgroup memory per tile by the `local_memory` rung
    /// (two rows of this many floats; rows longer than this are processed tile by tile).
    pub rbf_tile: u32,
    /// Work-items per workgroup of the logistic-regression kernels.
    pub logreg_wg: u32,
    /// Floats of X staged in workgroup memory per tile by the logistic-regression kernels.
    pub logreg_tile: u32,
    /// Column pitch alignment of [`Layout::ColumnMajor`](crate::Layout) matrices, in elements.
    pub pitch_align: u32,
    /// Chunk length alignment (elements) when a vector is split over several bindings.
    pub chunk_align: u32,
}

impl KernelParams {
    /// The defaults, chosen for large discrete GPUs and correct everywhere.
    pub const DEFAULT: KernelParams = KernelParams {
        reduce_wg: 256,
        reduce_max_groups: 2048,
        reduce_unroll: 4,
        rbf_wg: 256,
        rbf_tile: 2048,
        logreg_wg: 256,
        logreg_tile: 2048,
        pitch_align: 64,
        chunk_align: 1024,
    };

    /// The constants every kernel file may use, as `(name, value)` pairs: WGSL `override`
    /// declarations and OpenCL `-D` macros carry these names.
    pub fn constants(&self) -> Vec<(&'static str, u32)> {
        vec![
            ("REDUCE_WG", self.reduce_wg),
            ("REDUCE_UNROLL", self.reduce_unroll),
            ("RBF_WG", self.rbf_wg),
            ("RBF_TILE", self.rbf_tile),
            ("LOGREG_WG", self.logreg_wg),
            ("LOGREG_TILE", self.logreg_tile),
        ]
    }

    /// Workgroups of a reduction's first pass over `len` elements.
    pub fn reduce_groups(&self, len: usize) -> u32 {
        let per_group = self.reduce_wg as usize * 4 * self.reduce_unroll as usize;
        let groups = len.div_ceil(per_group).max(1);
        groups.min(self.reduce_max_groups as usize) as u32
    }

    /// Column pitch (elements) of a column-major block of `rows` rows.
    pub fn column_pitch(&self, rows: usize) -> usize {
        rows.div_ceil(self.pitch_align as usize).max(1) * self.pitch_align as usize
    }
}

impl Default for KernelParams {
    fn default() -> Self {
        Self::DEFAULT
    }
}
