//! Arg-min / arg-max, plain and masked (`kernels/argext.cl`).

use duet_core::ops::argext::NO_INDEX;
use duet_core::{ArgExtreme, Error, Extreme, MaskKind, Result};

use crate::context::{Arg, Cl, Launch};
use crate::memory::ClVec;

pub(crate) fn arg_extreme(
    cl: &Cl,
    v: &ClVec,
    mask: Option<(&ClVec, MaskKind)>,
    extreme: Extreme,
) -> Result<Option<ArgExtreme>> {
    let _op = cl.op_lock();
    let wg = cl.params.reduce_wg as usize;
    let groups: Vec<u32> = v
        .chunks
        .iter()
        .map(|c| cl.params.reduce_groups(c.range.len))
        .collect();
    let slots: u32 = groups.iter().sum();
    let key = cl.scratch("argext keys", slots as usize)?;
    let idx = cl.scratch("argext indices", slots as usize)?;
    let bits = cl.scratch("argext bits", slots as usize)?;
    let result = cl.scratch("argext result", 4)?;
    let last_group = cl.params.arg_last_group == 1;
    let count = cl.zeroed_scratch("argext count", 4)?;
    let mut launches = Vec::with_capacity(v.chunks.len() + 1);
    let mut slot = 0;
    for (i, (c, &g)) in v.chunks.iter().zip(&groups).enumerate() {
        let mut args = vec![Arg::Mem(c.mem())];
        if let Some((m, _)) = mask {
            let mc = m
                .chunks
                .get(i)
                .filter(|mc| mc.range == c.range)
                .ok_or_else(|| Error::execution("arg_extreme", "mask and vector chunks differ"))?;
            args.push(Arg::Mem(mc.mem()));
        }
        args.extend([
            Arg::Mem(key),
            Arg::Mem(idx),
            Arg::Mem(bits),
            Arg::U32(c.range.len as u32),
            Arg::U32(slot),
            Arg::U32(g),
            Arg::U32(c.range.start as u32),
        ]);
        if let Some((_, kind)) = mask {
            args.push(Arg::U32(u32::from(kind == MaskKind::F32)));
        }
        args.extend([
            Arg::Mem(count),
            Arg::Mem(result),
            Arg::U32(if last_group { slots } else { 0 }),
        ]);
        launches.push(Launch {
            stem: "argext",
            entry: extreme.partial_entry(mask.is_some()),
            extra: Vec::new(),
            args,
            groups: g as usize,
            wg,
        });
        slot += g;
    }
    if !last_group {
        launches.push(Launch {
            stem: "argext",
            entry: "arg_final",
            extra: Vec::new(),
            args: vec![
                Arg::Mem(key),
                Arg::Mem(idx),
                Arg::Mem(bits),
                Arg::Mem(result),
                Arg::U32(slots),
            ],
            groups: 1,
            wg,
        });
    }
    cl.run(extreme.op_name(), &launches)?;
    let words = cl.read_scratch("argext result", 3)?;
    Ok(match words.as_slice() {
        [_, idx, bits] if *idx != NO_INDEX => Some(ArgExtreme {
            value: f32::from_bits(*bits),
            index: *idx as usize,
        }),
        _ => None,
    })
}
