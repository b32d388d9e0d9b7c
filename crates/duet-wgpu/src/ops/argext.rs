//! Arg-min / arg-max, plain and masked (`shaders/argext.wgsl`).

use duet_core::ops::read::plan_reduce;
use duet_core::{ArgExtreme, Error, Extreme, KernelParams, MaskKind, Result};

use crate::context::{Dispatch, Gpu};
use crate::memory::GpuVec;

pub(crate) fn arg_extreme(
    gpu: &Gpu,
    v: &GpuVec,
    mask: Option<(&GpuVec, MaskKind)>,
    extreme: Extreme,
    p: &KernelParams,
) -> Result<Option<ArgExtreme>> {
    let _op = gpu.op_lock();
    let partial_entry = extreme.partial_entry(mask.is_some());
    let partial = gpu.pipeline_for("argext", partial_entry, p, &[])?;
    let last = gpu.pipeline_for("argext", "arg_final", p, &[])?;
    let chunks: Vec<_> = v.chunks.iter().map(|c| c.range).collect();
    let mask_kind = u32::from(matches!(mask, Some((_, MaskKind::F32))));
    let plan = plan_reduce(&chunks, p, mask_kind, gpu.last_group(p));
    let bytes = 4 * plan.slots as u64;
    let key = gpu.scratch("argext keys", bytes)?;
    let idx = gpu.scratch("argext indices", bytes)?;
    let bits = gpu.scratch("argext bits", bytes)?;
    let result = gpu.result("argext result", 16)?;
    // Zero when created; the last workgroup leaves it zero.
    let count = gpu.scratch("argext count", 16)?;
    let mut dispatches = Vec::with_capacity(plan.partials.len() + 1);
    for (i, a) in &plan.partials {
        let c = &v.chunks[*i];
        // Every partial entry point declares the mask binding; the unmasked ones never read
        // it, so they get the values again.
        let flags = match mask {
            Some((m, _)) => m
                .chunks
                .get(*i)
                .filter(|mc| mc.range == c.range)
                .map(|mc| &mc.buffer)
                .ok_or_else(|| Error::execution("arg_extreme", "mask and vector chunks differ"))?,
            None => &c.buffer,
        };
        let buffers = [
            (0, &c.buffer),
            (1, flags),
            (2, &key),
            (3, &idx),
            (4, &bits),
            (5, &result),
            (6, &count),
        ];
        // Unmasked, every buffer but the vector's is the device's: the bind group is kept
        // with it. A mask is another handle (often a fresh one per call): kept in the device,
        // forgotten when the mask or the vector is dropped.
        let bind = match mask {
            None => gpu.bind_kept(&c.binds, &partial, &buffers)?,
            Some(_) => gpu.bind_shared(&partial, &buffers)?,
        };
        dispatches.push(Dispatch::new(&partial, &bind, a, a.groups).named(partial_entry));
    }
    if let Some(a) = &plan.last {
        let bind = gpu.bind_shared(&last, &[(2, &key), (3, &idx), (4, &bits), (5, &result)])?;
        dispatches.push(Dispatch::new(&last, &bind, a, 1).named("arg_final"));
    }
    let out = gpu
        .run(extreme.op_name(), &dispatches, Some((&result, 12)))?
        .unwrap_or_default();
    let words: &[u32] =
        bytemuck::try_cast_slice(&out).map_err(|e| Error::execution(extreme.op_name(), e))?;
    Ok(duet_core::ops::argext::decode(words))
}
