//! RBF kernel rows, every rung (`shaders/rbf.wgsl`, and `shaders/rbf_lanes.wgsl` for
//! `row_lanes`): the shared plan's launches, bound.

use duet_core::ops::rbf::{RbfBinds, plan_rbf};
use duet_core::{KernelParams, Layout, RbfArgs, RbfVariant, Result};

use crate::context::{Dispatch, Gpu};
use crate::memory::{GpuMat, GpuVec};

pub(crate) fn rbf_rows(
    gpu: &Gpu,
    x: &GpuMat,
    (cols, layout): (usize, Layout),
    args: RbfArgs,
    variant: RbfVariant,
    out: (&GpuVec, &GpuVec),
    p: &KernelParams,
) -> Result<()> {
    // The `sliced` rung builds and launches with its own workgroup and unroll.
    let p = &p.for_rbf(variant);
    let _op = gpu.op_lock();
    let pivots = gpu.scratch("rbf pivots", 8 * cols as u64)?;
    let blocks: Vec<_> = x.blocks.iter().map(|b| b.block).collect();
    let chunks: Vec<_> = out.0.chunks.iter().map(|c| c.range).collect();
    let plan = plan_rbf(
        &blocks,
        &chunks,
        (cols, layout),
        &args,
        variant,
        p,
        gpu.max_groups_per_dim,
    )?;
    let mut dispatches = Vec::with_capacity(plan.len());
    for l in &plan {
        let pipeline = gpu.pipeline_for(l.stem, l.entry, p, &l.extra)?;
        let bind = match l.binds {
            RbfBinds::Gather { hi, lo } => gpu.bind(
                &pipeline,
                &[
                    (0, &x.blocks[hi].buffer),
                    (1, &pivots),
                    (5, &x.blocks[lo].buffer),
                ],
            )?,
            RbfBinds::Rows(s) => {
                // The vec4 rungs read X through the vec4 view at binding 4; `row_lanes` reads
                // either view (its rows may not be whole vec4s), so it binds both.
                let xb = &x.blocks[s.block].buffer;
                let outs = [
                    (1, &pivots),
                    (2, &out.0.chunks[s.chunk].buffer),
                    (3, &out.1.chunks[s.chunk].buffer),
                ];
                let views: &[(u32, &wgpu::Buffer)] = match variant {
                    RbfVariant::RowLanes => &[(0, xb), (4, xb)],
                    v if v.vec4() => &[(4, xb)],
                    _ => &[(0, xb)],
                };
                gpu.bind(&pipeline, &[views, &outs].concat())?
            }
        };
        dispatches.push(Dispatch::new(&pipeline, &bind, &l.args, l.args.groups).named(l.entry));
    }
    gpu.run("rbf_rows", &dispatches, None)?;
    Ok(())
}
