//! RBF kernel rows, every rung (`shaders/rbf.wgsl`, and `shaders/rbf_lanes.wgsl` for
//! `row_lanes`): the shared plan's launches, bound.

use duet_core::ops::rbf::{PivotSource, RbfBinds, XView, plan_rbf};
use duet_core::{Error, KernelParams, Layout, RbfArgs, RbfVariant, Result};

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
    // The copy of the pivots `rbf_gather` makes, where the plan gathers one.
    let pivots = if plan
        .iter()
        .any(|l| matches!(l.binds, RbfBinds::Gather { .. }))
    {
        Some(gpu.scratch("rbf pivots", 8 * cols as u64)?)
    } else {
        None
    };
    let copy = || {
        pivots.as_ref().ok_or_else(|| {
            Error::execution(
                "rbf_rows",
                "the plan reads a copy of the pivots it never made",
            )
        })
    };
    let mut dispatches = Vec::with_capacity(plan.len());
    // Every bind group is of X's blocks, the output rows (handles, each forgetting its groups
    // when dropped) and the pivots' copy (the device's): kept across calls.
    for l in &plan {
        let pipeline = gpu.pipeline_for(l.stem, l.entry, p, &l.extra)?;
        let bind = match l.binds {
            RbfBinds::Gather { hi, lo } => gpu.bind_shared(
                &pipeline,
                &[
                    (0, &x.blocks[hi].buffer),
                    (1, copy()?),
                    (5, &x.blocks[lo].buffer),
                ],
            )?,
            RbfBinds::Rows {
                span: s,
                pivots: source,
            } => {
                // X through the float view at binding 0, the vec4 view at 4, or both
                // (RbfLaunch::x_view). The pivots:
                // x_lo at 5 and x_hi at 6, the blocks holding them or the copy for both (the
                // copy's binding 1 is the gather's alone).
                let xb = &x.blocks[s.block].buffer;
                let (hi, lo) = (&out.0.chunks[s.chunk].buffer, &out.1.chunks[s.chunk].buffer);
                // The vec4 launches write four points at once: they see the outputs as vec4s
                // too (7, 8).
                let outs: &[(u32, &wgpu::Buffer)] = if l.vec4 {
                    &[(2, hi), (3, lo), (7, hi), (8, lo)]
                } else {
                    &[(2, hi), (3, lo)]
                };
                let views: &[(u32, &wgpu::Buffer)] = match l.x_view {
                    XView::Both => &[(0, xb), (4, xb)],
                    XView::Vec4s => &[(4, xb)],
                    XView::Floats => &[(0, xb)],
                };
                let piv: Vec<(u32, &wgpu::Buffer)> = match source {
                    PivotSource::Copy => vec![(5, copy()?), (6, copy()?)],
                    PivotSource::Blocks { hi, lo } => {
                        vec![(5, &x.blocks[lo].buffer), (6, &x.blocks[hi].buffer)]
                    }
                };
                gpu.bind_shared(&pipeline, &[views, outs, &piv].concat())?
            }
        };
        dispatches.push(Dispatch::new(&pipeline, &bind, &l.args, l.args.groups).named(l.entry));
    }
    gpu.run("rbf_rows", &dispatches, None)?;
    Ok(())
}
