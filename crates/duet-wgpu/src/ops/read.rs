//! The read kernel (`shaders/read.wgsl`): the shared plan's launches, bound.

use duet_core::ops::read::plan_reduce;
use duet_core::{KernelParams, Result};

use crate::context::{Dispatch, Gpu};
use crate::memory::GpuVec;

pub(crate) fn read_sum(gpu: &Gpu, v: &GpuVec, p: &KernelParams) -> Result<f64> {
    let _op = gpu.op_lock();
    let partial = gpu.pipeline_for("read", "read_partial", p, &[])?;
    let last = gpu.pipeline_for("read", "read_final", p, &[])?;
    let chunks: Vec<_> = v.chunks.iter().map(|c| c.range).collect();
    let plan = plan_reduce(&chunks, p, 0, gpu.last_group(p));
    let partials = gpu.scratch("read partials", 4 * plan.slots as u64)?;
    let result = gpu.result("read result", 16)?;
    // Zero when created; the last workgroup leaves it zero.
    let count = gpu.scratch("read count", 16)?;
    let mut dispatches = Vec::with_capacity(plan.partials.len() + 1);
    for (i, a) in &plan.partials {
        let buffers = [
            (0, &v.chunks[*i].buffer),
            (1, &partials),
            (2, &result),
            (3, &count),
        ];
        // Every buffer but the vector's is the device's: the bind group is kept with it.
        let bind = gpu.bind_kept(&v.chunks[*i].binds, &partial, &buffers)?;
        dispatches.push(Dispatch::new(&partial, &bind, a, a.groups).named("read_partial"));
    }
    if let Some(a) = &plan.last {
        let bind = gpu.bind_shared(&last, &[(1, &partials), (2, &result)])?;
        dispatches.push(Dispatch::new(&last, &bind, a, 1).named("read_final"));
    }
    let bytes = gpu.run("read_sum", &dispatches, Some((&result, 4)))?;
    let sum = bytes
        .as_deref()
        .and_then(|b| b.get(..4))
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .unwrap_or(f32::NAN);
    Ok(sum as f64)
}
