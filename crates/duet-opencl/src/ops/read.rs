//! The read kernel (`kernels/read.cl`): the shared plan's launches, bound.

use duet_core::ops::read::plan_reduce;
use duet_core::{KernelParams, Result};

use crate::context::{Arg, Cl, Launch};
use crate::memory::ClVec;

pub(crate) fn read_sum(cl: &Cl, v: &ClVec, p: &KernelParams) -> Result<f64> {
    let _op = cl.op_lock();
    let wg = p.reduce_wg as usize;
    let chunks: Vec<_> = v.chunks.iter().map(|c| c.range).collect();
    let plan = plan_reduce(&chunks, p, 0, p.arg_last_group == 1);
    let partials = cl.scratch("read partials", plan.slots as usize)?;
    let result = cl.scratch("read result", 4)?;
    let count = cl.zeroed_scratch("read count", 4)?;
    let mut launches = Vec::with_capacity(plan.partials.len() + 1);
    for (i, a) in &plan.partials {
        launches.push(Launch {
            stem: "read",
            entry: "read_partial",
            extra: p.overrides_of(&cl.params),
            args: vec![
                Arg::Mem(v.chunks[*i].mem()),
                Arg::Mem(partials),
                Arg::Mem(count),
                Arg::Mem(result),
                Arg::params(a),
            ],
            groups: a.groups as usize,
            wg,
        });
    }
    if let Some(a) = &plan.last {
        launches.push(Launch {
            stem: "read",
            entry: "read_final",
            extra: p.overrides_of(&cl.params),
            args: vec![Arg::Mem(partials), Arg::Mem(result), Arg::params(a)],
            groups: 1,
            wg,
        });
    }
    cl.run("read_sum", &launches)?;
    let bits = cl.read_scratch("read result", 1)?;
    Ok(bits.first().map_or(f64::NAN, |&b| f32::from_bits(b) as f64))
}
