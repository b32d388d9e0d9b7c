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
    /// Upper bound on the workgroups of a logistic-regression pass over X (`multi_group`).
    pub logreg_max_groups: u32,
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
        logreg_max_groups: 1024,
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
            ("LOGREG_MAX_GROUPS", self.logreg_max_groups),
        ]
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
        let tile_rows = (tile / cols.max(1)).max(1);
        let pow2_floor = |v: usize| {
            if v <= 1 {
                1
            } else {
                1 << (usize::BITS - 1 - v.leading_zeros())
            }
        };
        LogregTiling {
            tile_rows: tile_rows as u32,
            lanes_z: pow2_floor(wg / tile_rows.min(wg)) as u32,
            lanes_g: if cols <= wg {
                pow2_floor(wg / cols) as u32
            } else {
                1
            },
        }
    }

    /// Column pitch (elements) of a column-major block of `rows` rows.
    pub fn column_pitch(&self, rows: usize) -> usize {
        rows.div_ceil(self.pitch_align as usize).max(1) * self.pitch_align as usize
    }
}

/// The split of one tile of X in the logistic-regression kernels.
///
/// A tile holds `tile_rows` whole rows (`tile_rows × cols ≤ logreg_tile`; one row, processed in
/// column chunks of `logreg_tile`, when a row is longer). The scores `z = x·w` of the tile's rows
/// use `lanes_z` work-items per row, combined in a tree; the gradient columns use `lanes_g`
/// work-items per column (when `cols ≤ logreg_wg`), each summing every `lanes_g`-th row and kept
/// in registers across tiles, combined in a tree once per pass.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logreg_tiling_fits_the_workgroup() {
        let p = KernelParams::DEFAULT;
        for cols in [1, 3, 4, 8, 33, 64, 255, 256, 257, 1000, 2048, 2049, 13_000] {
            let t = p.logreg_tiling(cols);
            assert!(t.tile_rows as usize * cols <= p.logreg_tile as usize || t.tile_rows == 1);
            assert!(
                t.tile_rows.min(p.logreg_wg) * t.lanes_z <= p.logreg_wg,
                "{cols}: {t:?}"
            );
            assert!(t.lanes_z.is_power_of_two() && t.lanes_g.is_power_of_two());
            if cols <= p.logreg_wg as usize {
                assert!(t.lanes_g as usize * cols <= p.logreg_wg as usize);
            }
        }
        assert_eq!(
            p.logreg_tiling(64),
            LogregTiling {
                tile_rows: 32,
                lanes_z: 8,
                lanes_g: 4
            }
        );
        assert_eq!(
            p.logreg_tiling(8),
            LogregTiling {
                tile_rows: 256,
                lanes_z: 1,
                lanes_g: 32
            }
        );
    }
}
