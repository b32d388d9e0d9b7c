//! Arg-min / arg-max, plain and masked (`kernels/argext.cl`): the shared plan's launches,
//! bound.

use duet_core::ops::read::plan_reduce;
use duet_core::{ArgExtreme, Error, Extreme, KernelParams, MaskKind, Result};

use crate::context::{Arg, Cl, Launch};
use crate::memory::ClVec;

pub(crate) fn arg_extreme(
    cl: &Cl,
    v: &ClVec,
    mask: Option<(&ClVec, MaskKind)>,
    extreme: Extreme,
    p: &KernelParams,
) -> Result<Option<ArgExtreme>> {
    let _op = cl.op_lock();
    let wg = p.reduce_wg as usize;
    let chunks: Vec<_> = v.chunks.iter().map(|c| c.range).collect();
    let mask_kind = u32::from(matches!(mask, Some((_, MaskKind::F32))));
    let plan = plan_reduce(&chunks, p, mask_kind, p.arg_last_group == 1);
    let slots = plan.slots as usize;
    let key = cl.scratch("argext keys", slots)?;
    let idx = cl.scratch("argext indices", slots)?;
    let bits = cl.scratch("argext bits", slots)?;
    let result = cl.scratch("argext result", 4)?;
    let count = cl.zeroed_scratch("argext count", 4)?;
    let mut launches = Vec::with_capacity(plan.partials.len() + 1);
    for (i, a) in &plan.partials {
        let c = &v.chunks[*i];
        let mut args = vec![Arg::Mem(c.mem())];
        if let Some((m, _)) = mask {
            let mc = m
                .chunks
                .get(*i)
                .filter(|mc| mc.range == c.range)
                .ok_or_else(|| Error::execution("arg_extreme", "mask and vector chunks differ"))?;
            args.push(Arg::Mem(mc.mem()));
        }
        args.extend([
            Arg::Mem(key),
            Arg::Mem(idx),
            Arg::Mem(bits),
            Arg::Mem(count),
            Arg::Mem(result),
            Arg::params(a),
        ]);
        launches.push(Launch {
            stem: "argext",
            entry: extreme.partial_entry(mask.is_some()),
            extra: p.overrides_of(&cl.params),
            args,
            groups: a.groups as usize,
            wg,
        });
    }
    if let Some(a) = &plan.last {
        launches.push(Launch {
            stem: "argext",
            entry: "arg_final",
            extra: p.overrides_of(&cl.params),
            args: vec![
                Arg::Mem(key),
                Arg::Mem(idx),
                Arg::Mem(bits),
                Arg::Mem(result),
                Arg::params(a),
            ],
            groups: 1,
            wg,
        });
    }
    cl.run(extreme.op_name(), &launches)?;
    let words = cl.read_scratch("argext result", 3)?;
    Ok(duet_core::ops::argext::decode(&words))
}
