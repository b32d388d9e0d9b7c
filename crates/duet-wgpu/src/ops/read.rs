//! The read kernel (`shaders/read.wgsl`).

use duet_core::Result;

use crate::context::{Dispatch, Gpu};
use crate::memory::GpuVec;

pub(crate) fn read_sum(gpu: &Gpu, v: &GpuVec) -> Result<f64> {
    let _op = gpu.op_lock();
    let partial = gpu.pipeline("read", "read_partial")?;
    let last = gpu.pipeline("read", "read_final")?;
    let groups: Vec<u32> = v
        .chunks
        .iter()
        .map(|c| gpu.params.reduce_groups(c.range.len))
        .collect();
    let slots: u32 = groups.iter().sum();
    let partials = gpu.scratch("read partials", 4 * slots as u64)?;
    let result = gpu.scratch("read result", 16)?;
    let mut dispatches = Vec::with_capacity(v.chunks.len() + 1);
    let mut slot = 0;
    for (c, &g) in v.chunks.iter().zip(&groups) {
        let bind = gpu.bind(&partial, &[(0, &c.buffer), (1, &partials)])?;
        dispatches.push(Dispatch::new(
            &partial,
            &bind,
            &[c.range.len as u32, slot, g, 0],
            g,
        ));
        slot += g;
    }
    let bind = gpu.bind(&last, &[(1, &partials), (2, &result)])?;
    dispatches.push(Dispatch::new(&last, &bind, &[slots, 0, 1, 0], 1));
    let bytes = gpu.run("read_sum", &dispatches, Some((&result, 4)))?;
    let sum = bytes
        .as_deref()
        .and_then(|b| b.get(..4))
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .unwrap_or(f32::NAN);
    Ok(sum as f64)
}
