//! RBF kernel rows, every rung (`kernels/rbf.cl`, and `kernels/rbf_lanes.cl` for `row_lanes`):
//! the shared plan's launches, bound.

use duet_core::ops::rbf::{PivotSource, RbfBinds, plan_rbf};
use duet_core::params::MAX_GROUPS;
use duet_core::{Error, KernelParams, Layout, RbfArgs, RbfVariant, Result};

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
    // The copy of the pivots `rbf_gather` makes, where the plan gathers one.
    let pivots = if plan
        .iter()
        .any(|l| matches!(l.binds, RbfBinds::Gather { .. }))
    {
        Some(cl.scratch("rbf pivots", 2 * cols)?)
    } else {
        None
    };
    let launches = plan
        .iter()
        .map(|l| {
            let copy = || {
                pivots.ok_or_else(|| {
                    Error::execution(
                        "rbf_rows",
                        "the plan reads a copy of the pivots it never made",
                    )
                })
            };
            let mut bound = match l.binds {
                RbfBinds::Gather { hi, lo } => vec![
                    Arg::Mem(x.blocks[hi].mem()),
                    Arg::Mem(x.blocks[lo].mem()),
                    Arg::Mem(copy()?),
                ],
                RbfBinds::Rows {
                    span: s,
                    pivots: source,
                } => {
                    // x_hi and x_lo: the blocks holding them, or the copy for both.
                    let piv = match source {
                        PivotSource::Copy => vec![Arg::Mem(copy()?), Arg::Mem(copy()?)],
                        PivotSource::Blocks { hi, lo } => {
                            vec![Arg::Mem(x.blocks[hi].mem()), Arg::Mem(x.blocks[lo].mem())]
                        }
                    };
                    let mut args = vec![Arg::Mem(x.blocks[s.block].mem())];
                    args.extend(piv);
                    args.push(Arg::Mem(out.0.chunks[s.chunk].mem()));
                    args.push(Arg::Mem(out.1.chunks[s.chunk].mem()));
                    args
                }
            };
            bound.push(Arg::params(&l.args));
            Ok(Launch {
                stem: l.stem,
                entry: l.entry,
                extra: [l.extra.as_slice(), &p.overrides_of(&cl.params)].concat(),
                args: bound,
                groups: l.args.groups as usize,
                wg: l.wg as usize,
            })
        })
        .collect::<Result<Vec<Launch>>>()?;
    cl.run("rbf_rows", &launches)
}
