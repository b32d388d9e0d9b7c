//! The read kernel (`kernels/read.cl`).

use duet_core::Result;

use crate::context::{Arg, Cl, Launch};
use crate::memory::ClVec;

pub(crate) fn read_sum(cl: &Cl, v: &ClVec) -> Result<f64> {
    let _op = cl.op_lock();
    let wg = cl.params.reduce_wg as usize;
    let groups: Vec<u32> = v
        .chunks
        .iter()
        .map(|c| cl.params.reduce_groups(c.range.len))
        .collect();
    let slots: u32 = groups.iter().sum();
    let partials = cl.scratch("read partials", slots as usize)?;
    let result = cl.scratch("read result", 4)?;
    let last_group = cl.params.arg_last_group == 1;
    let count = cl.zeroed_scratch("read count", 4)?;
    let mut launches = Vec::with_capacity(v.chunks.len() + 1);
    let mut slot = 0;
    for (c, &g) in v.chunks.iter().zip(&groups) {
        launches.push(Launch {
            stem: "read",
            entry: "read_partial",
            extra: Vec::new(),
            args: vec![
                Arg::Mem(c.mem()),
                Arg::Mem(partials),
                Arg::U32(c.range.len as u32),
                Arg::U32(slot),
                Arg::U32(g),
                Arg::Mem(count),
                Arg::Mem(result),
                Arg::U32(if last_group { slots } else { 0 }),
            ],
            groups: g as usize,
            wg,
        });
        slot += g;
    }
    if !last_group {
        launches.push(Launch {
            stem: "read",
            entry: "read_final",
            extra: Vec::new(),
            args: vec![Arg::Mem(partials), Arg::Mem(result), Arg::U32(slots)],
            groups: 1,
            wg,
        });
    }
    cl.run("read_sum", &launches)?;
    let bits = cl.read_scratch("read result", 1)?;
    Ok(bits.first().map_or(f64::NAN, |&b| f32::from_bits(b) as f64))
}
