//! Arg-min / arg-max, plain and masked (`shaders/argext.wgsl`).

use duet_core::ops::argext::NO_INDEX;
use duet_core::{ArgExtreme, Error, Extreme, MaskKind, Result};

use crate::context::{Dispatch, Gpu};
use crate::memory::GpuVec;

pub(crate) fn arg_extreme(
    gpu: &Gpu,
    v: &GpuVec,
    mask: Option<(&GpuVec, MaskKind)>,
    extreme: Extreme,
) -> Result<Option<ArgExtreme>> {
    let _op = gpu.op_lock();
    let partial = gpu.pipeline("argext", extreme.partial_entry(mask.is_some()))?;
    let last = gpu.pipeline("argext", "arg_final")?;
    let groups: Vec<u32> = v
        .chunks
        .iter()
        .map(|c| gpu.params.reduce_groups(c.range.len))
        .collect();
    let slots: u32 = groups.iter().sum();
    let bytes = 4 * slots as u64;
    let key = gpu.scratch("argext keys", bytes)?;
    let idx = gpu.scratch("argext indices", bytes)?;
    let bits = gpu.scratch("argext bits", bytes)?;
    let result = gpu.scratch("argext result", 16)?;
    let mask_kind = match mask {
        Some((_, MaskKind::F32)) => 1,
        _ => 0,
    };
    let mut dispatches = Vec::with_capacity(v.chunks.len() + 1);
    let mut slot = 0;
    for (i, (c, &g)) in v.chunks.iter().zip(&groups).enumerate() {
        // Every partial entry point declares the mask binding; the unmasked ones never read
        // it, so they get the values again.
        let flags = match mask {
            Some((m, _)) => m
                .chunks
                .get(i)
                .filter(|mc| mc.range == c.range)
                .map(|mc| &mc.buffer)
                .ok_or_else(|| Error::execution("arg_extreme", "mask and vector chunks differ"))?,
            None => &c.buffer,
        };
        let buffers = [(0, &c.buffer), (1, flags), (2, &key), (3, &idx), (4, &bits)];
        let bind = gpu.bind(&partial, &buffers)?;
        let imm = [c.range.len as u32, slot, g, c.range.start as u32, mask_kind];
        dispatches.push(Dispatch::new(&partial, &bind, &imm, g));
        slot += g;
    }
    let bind = gpu.bind(&last, &[(2, &key), (3, &idx), (4, &bits), (5, &result)])?;
    dispatches.push(Dispatch::new(&last, &bind, &[slots, 0, 1, 0, 0], 1));
    let out = gpu
        .run(extreme.op_name(), &dispatches, Some((&result, 12)))?
        .unwrap_or_default();
    let words: &[u32] =
        bytemuck::try_cast_slice(&out).map_err(|e| Error::execution(extreme.op_name(), e))?;
    Ok(decode(words))
}

/// `(key, index, bits)` from the final pass; no index means nothing was selected.
pub(crate) fn decode(words: &[u32]) -> Option<ArgExtreme> {
    match words {
        [_, idx, bits, ..] if *idx != NO_INDEX => Some(ArgExtreme {
            value: f32::from_bits(*bits),
            index: *idx as usize,
        }),
        _ => None,
    }
}
