//! RBF kernel rows, every rung of the ladder (`kernels/rbf.cl`).

use duet_core::chunk::{locate_row, row_spans};
use duet_core::{Error, Layout, RbfArgs, RbfVariant, Result};

use crate::context::{Arg, Cl, Launch};
use crate::memory::{ClMat, ClVec};

/// Workgroups for `items` work-items of a grid-stride kernel.
fn groups_for(cl: &Cl, items: usize) -> usize {
    let wg = cl.params.rbf_wg as usize;
    items.div_ceil(wg).clamp(1, 65_535)
}

pub(crate) fn rbf_rows(
    cl: &Cl,
    x: &ClMat,
    layout: Layout,
    cols: usize,
    args: RbfArgs,
    variant: RbfVariant,
    out: (&ClVec, &ClVec),
) -> Result<()> {
    let _op = cl.op_lock();
    let wg = cl.params.rbf_wg as usize;
    let entry = match variant {
        RbfVariant::RowMajor => "rbf_row_major",
        RbfVariant::ColumnMajor => "rbf_column_major",
        RbfVariant::Vectorized => "rbf_vectorized",
        RbfVariant::LocalMemory => "rbf_local_memory",
    };
    let pivots = cl.scratch("rbf pivots", 2 * cols)?;
    let blocks: Vec<_> = x.blocks.iter().map(|b| b.block).collect();
    let column_major = u32::from(layout == Layout::ColumnMajor);
    let locate = |row: usize| {
        locate_row(&blocks, row)
            .ok_or_else(|| Error::execution("rbf_rows", format!("row {row} is in no block")))
    };
    let ((bh, rh), (bl, rl)) = (locate(args.hi)?, locate(args.lo)?);
    // Both pivots in one launch.
    let g = groups_for(cl, 2 * cols);
    let mut launches = vec![Launch {
        stem: "rbf",
        entry: "rbf_gather",
        extra: Vec::new(),
        args: vec![
            Arg::Mem(x.blocks[bh].mem()),
            Arg::Mem(x.blocks[bl].mem()),
            Arg::Mem(pivots),
            Arg::U32(cols as u32),
            Arg::U32(blocks[bh].pitch as u32),
            Arg::U32(blocks[bl].pitch as u32),
            Arg::U32(rh as u32),
            Arg::U32(rl as u32),
            Arg::U32(column_major),
            Arg::U32(g as u32),
        ],
        groups: g,
        wg,
    }];
    let chunks: Vec<_> = out.0.chunks.iter().map(|c| c.range).collect();
    let vec4 = matches!(variant, RbfVariant::Vectorized | RbfVariant::LocalMemory);
    for s in row_spans(&blocks, &chunks) {
        let items = if vec4 {
            s.row_end.div_ceil(4) - s.row_begin / 4
        } else {
            s.row_end - s.row_begin
        };
        let g = groups_for(cl, items);
        launches.push(Launch {
            stem: "rbf",
            entry,
            extra: Vec::new(),
            args: vec![
                Arg::Mem(x.blocks[s.block].mem()),
                Arg::Mem(pivots),
                Arg::Mem(out.0.chunks[s.chunk].mem()),
                Arg::Mem(out.1.chunks[s.chunk].mem()),
                Arg::U32(cols as u32),
                Arg::U32(blocks[s.block].pitch as u32),
                Arg::U32(s.row_begin as u32),
                Arg::U32(s.row_end as u32),
                Arg::U32(s.out_begin as u32),
                Arg::U32(g as u32),
                Arg::F32(args.gamma),
            ],
            groups: g,
            wg,
        });
    }
    cl.run("rbf_rows", &launches)
}
