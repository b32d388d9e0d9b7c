//! RBF kernel rows, every rung of the ladder (`shaders/rbf.wgsl`).

use duet_core::chunk::{locate_row, row_spans};
use duet_core::{Error, Layout, RbfArgs, RbfVariant, Result};

use crate::context::{Dispatch, Gpu};
use crate::memory::{GpuMat, GpuVec};

/// Workgroups for `items` work-items of a grid-stride kernel.
fn groups_for(gpu: &Gpu, items: usize) -> u32 {
    let wg = gpu.params.rbf_wg as usize;
    items.div_ceil(wg).clamp(1, gpu.max_groups_per_dim as usize) as u32
}

pub(crate) fn rbf_rows(
    gpu: &Gpu,
    x: &GpuMat,
    layout: Layout,
    cols: usize,
    args: RbfArgs,
    variant: RbfVariant,
    out: (&GpuVec, &GpuVec),
) -> Result<()> {
    let _op = gpu.op_lock();
    let gather = gpu.pipeline("rbf", "rbf_gather")?;
    let entry = match variant {
        RbfVariant::RowMajor => "rbf_row_major",
        RbfVariant::ColumnMajor => "rbf_column_major",
        RbfVariant::Vectorized => "rbf_vectorized",
        RbfVariant::LocalMemory => "rbf_local_memory",
    };
    let main = gpu.pipeline("rbf", entry)?;
    let pivots = gpu.scratch("rbf pivots", 8 * cols as u64)?;
    let blocks: Vec<_> = x.blocks.iter().map(|b| b.block).collect();
    let column_major = u32::from(layout == Layout::ColumnMajor);
    let locate = |row: usize| {
        locate_row(&blocks, row)
            .ok_or_else(|| Error::execution("rbf_rows", format!("row {row} is in no block")))
    };
    let ((bh, rh), (bl, rl)) = (locate(args.hi)?, locate(args.lo)?);
    // Both pivots in one dispatch.
    let g = groups_for(gpu, 2 * cols);
    let bind = gpu.bind(
        &gather,
        &[
            (0, &x.blocks[bh].buffer),
            (1, &pivots),
            (5, &x.blocks[bl].buffer),
        ],
    )?;
    let imm = [
        cols as u32,
        blocks[bh].pitch as u32,
        0,
        0,
        0,
        g,
        0,
        rh as u32,
        column_major,
        rl as u32,
        blocks[bl].pitch as u32,
    ];
    let mut dispatches = vec![Dispatch::new(&gather, &bind, &imm, g)];
    let chunks: Vec<_> = out.0.chunks.iter().map(|c| c.range).collect();
    let vec4 = matches!(variant, RbfVariant::Vectorized | RbfVariant::LocalMemory);
    for s in row_spans(&blocks, &chunks) {
        let items = if vec4 {
            s.row_end.div_ceil(4) - s.row_begin / 4
        } else {
            s.row_end - s.row_begin
        };
        let g = groups_for(gpu, items);
        let block = &x.blocks[s.block].buffer;
        let matrix_binding = if vec4 { 4 } else { 0 };
        let bind = gpu.bind(
            &main,
            &[
                (matrix_binding, block),
                (1, &pivots),
                (2, &out.0.chunks[s.chunk].buffer),
                (3, &out.1.chunks[s.chunk].buffer),
            ],
        )?;
        let imm = [
            cols as u32,
            blocks[s.block].pitch as u32,
            s.row_begin as u32,
            s.row_end as u32,
            s.out_begin as u32,
            g,
            args.gamma.to_bits(),
            0,
            column_major,
            0,
            0,
        ];
        dispatches.push(Dispatch::new(&main, &bind, &imm, g));
    }
    gpu.run("rbf_rows", &dispatches, None)?;
    Ok(())
}
