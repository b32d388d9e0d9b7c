//! RBF kernel rows, every rung (`kernels/rbf.cl`, and `kernels/rbf_lanes.cl` for `row_lanes`):
//! the shared plan's launches, bound.

use duet_core::ops::rbf::{RbfBinds, plan_rbf};
use duet_core::params::MAX_GROUPS;
use duet_core::{KernelParams, Layout, RbfArgs, RbfVariant, Result};

use crate::context::{Arg, Cl, Launch};
use crate::memory::{ClMat, ClVec};

pub(crate) fn rbf_rows(
    cl: &Cl,
    x: &ClMat,
    (cols, layout): (usize, Layout),
    args: RbfArgs,
    variant: RbfVariant,
    out: (&ClVec, &ClVec),
    p: &KernelParams,
) -> Result<()> {
    // The `sliced` rung builds and launches with its own workgroup and unroll.
    let p = &p.for_rbf(variant);
    let _op = cl.op_lock();
    let pivots = cl.scratch("rbf pivots", 2 * cols)?;
    let blocks: Vec<_> = x.blocks.iter().map(|b| b.block).collect();
    let chunks: Vec<_> = out.0.chunks.iter().map(|c| c.range).collect();
    let plan = plan_rbf(
        &blocks,
        &chunks,
        (cols, layout),
        &args,
        variant,
        p,
        MAX_GROUPS,
    )?;
    let launches: Vec<Launch> = plan
        .iter()
        .map(|l| {
            let mut bound = match l.binds {
                RbfBinds::Gather { hi, lo } => vec![
                    Arg::Mem(x.blocks[hi].mem()),
                    Arg::Mem(x.blocks[lo].mem()),
                    Arg::Mem(pivots),
                ],
                RbfBinds::Rows(s) => vec![
                    Arg::Mem(x.blocks[s.block].mem()),
                    Arg::Mem(pivots),
                    Arg::Mem(out.0.chunks[s.chunk].mem()),
                    Arg::Mem(out.1.chunks[s.chunk].mem()),
                ],
            };
            bound.push(Arg::params(&l.args));
            Launch {
                stem: l.stem,
                entry: l.entry,
                extra: [l.extra.as_slice(), &p.overrides_of(&cl.params)].concat(),
                args: bound,
                groups: l.args.groups as usize,
                wg: p.rbf_wg as usize,
            }
        })
        .collect();
    cl.run("rbf_rows", &launches)
}
