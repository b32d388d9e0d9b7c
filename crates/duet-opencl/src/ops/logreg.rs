//! Logistic-regression gradient and training, both strategies (`kernels/logreg.cl`).

use duet_core::ops::logreg::{KernelArgs, plan_pass, reduce_groups, trace_points};
use duet_core::{Error, LogregStrategy, Result, TrainConfig, TrainTrace};
use opencl3::types::cl_mem;

use crate::context::{Arg, Cl, Launch};
use crate::memory::{ClMat, ClVec};

/// The device data of one call.
pub(crate) struct Problem<'a> {
    pub x: &'a ClMat,
    pub y: &'a ClVec,
    pub w: &'a ClVec,
    pub cols: usize,
}

/// The buffers every logistic-regression kernel takes, in order.
#[derive(Clone, Copy)]
struct Buffers {
    x: cl_mem,
    y: cl_mem,
    w: cl_mem,
    part: cl_mem,
    part_ll: cl_mem,
    grad: cl_mem,
    trace: cl_mem,
}

fn launch(entry: &'static str, b: Buffers, a: &KernelArgs, wg: usize) -> Launch {
    launch_with(entry, b, a, wg, Vec::new())
}

fn launch_with(
    entry: &'static str,
    b: Buffers,
    a: &KernelArgs,
    wg: usize,
    extra: Vec<(&'static str, u32)>,
) -> Launch {
    let mut args: Vec<Arg> = [b.x, b.y, b.w, b.part, b.part_ll, b.grad, b.trace]
        .into_iter()
        .map(Arg::Mem)
        .collect();
    args.push(Arg::Words16(a.words()));
    Launch {
        stem: "logreg",
        entry,
        extra,
        args,
        groups: a.groups as usize,
        wg,
    }
}

/// The launches of one `multi_group` pass: partials, then the reduce with `step`'s mode,
/// record flag and trace index.
fn multi_pass(cl: &Cl, prob: &Problem<'_>, b: Buffers, step: KernelArgs) -> Vec<Launch> {
    let blocks: Vec<_> = prob.x.blocks.iter().map(|b| b.block).collect();
    let labels: Vec<_> = prob.y.chunks.iter().map(|c| c.range).collect();
    let plan = plan_pass(&blocks, &labels, prob.cols, &cl.params);
    let tiling = cl.params.logreg_tiling(prob.cols);
    let wg = cl.params.logreg_wg as usize;
    let mut launches = Vec::with_capacity(plan.launches.len() + 1);
    for l in &plan.launches {
        let a = KernelArgs::for_pass(prob.cols, l, &tiling, step.record);
        let bufs = Buffers {
            x: prob.x.blocks[l.span.block].mem(),
            y: prob.y.chunks[l.span.chunk].mem(),
            ..b
        };
        launches.push(if cl.params.partial_in_registers(prob.cols) {
            launch_with(
                "logreg_partial_reg",
                bufs,
                &a,
                wg,
                vec![
                    ("LOGREG_K", prob.cols as u32),
                    ("LOGREG_LANES", cl.params.partial_reg_lanes(prob.cols)),
                    ("LOGREG_RPS", cl.params.logreg_rps),
                    ("LOGREG_SHUFFLE", cl.shuffle),
                ],
            )
        } else {
            launch("logreg_partial", bufs, &a, wg)
        });
    }
    let a = KernelArgs {
        cols: prob.cols as u32,
        slot: plan.slots,
        groups: reduce_groups(prob.cols, &cl.params),
        lanes_g: tiling.lanes_g,
        ..step
    };
    launches.push(launch("logreg_reduce", b, &a, wg));
    launches
}

fn slots(cl: &Cl, prob: &Problem<'_>) -> usize {
    let blocks: Vec<_> = prob.x.blocks.iter().map(|b| b.block).collect();
    let labels: Vec<_> = prob.y.chunks.iter().map(|c| c.range).collect();
    plan_pass(&blocks, &labels, prob.cols, &cl.params).slots as usize
}

fn single_launch(
    cl: &Cl,
    prob: &Problem<'_>,
    b: Buffers,
    iters: u32,
    cfg: Option<&TrainConfig>,
) -> Result<Launch> {
    let (xb, yc) = match (prob.x.blocks.as_slice(), prob.y.chunks.as_slice()) {
        ([xb], [yc]) => (xb, yc),
        _ => {
            return Err(Error::invalid(
                "strategy",
                "single_group",
                "needs X in one allocation; use multi_group for a matrix this large",
            ));
        }
    };
    let tiling = cl.params.logreg_tiling(prob.cols);
    // The whole run in one launch: `slot` (first iteration) 0, `mode` 1 (finish with the
    // final weights' log-likelihood), nothing recorded before.
    let a = KernelArgs {
        cols: prob.cols as u32,
        row_begin: 0,
        row_end: yc.range.len as u32,
        slot: 0,
        groups: 1,
        tile_rows: tiling.tile_rows,
        lanes_z: tiling.lanes_z,
        lanes_g: tiling.lanes_g,
        iters,
        every: cfg.map_or(0, |c| c.loglik_every),
        lr: cfg.map_or(0.0, |c| c.lr),
        decay: cfg.map_or(1.0, |c| 1.0 - c.lr * c.l2),
        mode: 1,
        trace_index: 0,
        ..Default::default()
    };
    let bufs = Buffers {
        x: xb.mem(),
        y: yc.mem(),
        ..b
    };
    let wg = cl.params.logreg_wg as usize;
    // Few columns: X lives in registers for the whole run (as on wgpu); else the tiled kernel.
    Ok(match cl.params.single_reg_rows(yc.range.len, prob.cols) {
        Some(rpt) => launch_with(
            "logreg_single_reg",
            bufs,
            &a,
            wg,
            vec![("LOGREG_K", prob.cols as u32), ("LOGREG_RPT", rpt)],
        ),
        None => launch("logreg_single", bufs, &a, wg),
    })
}

fn buffers(
    cl: &Cl,
    prob: &Problem<'_>,
    grad: cl_mem,
    trace: cl_mem,
    slots: usize,
) -> Result<Buffers> {
    let first_x = prob
        .x
        .blocks
        .first()
        .ok_or_else(|| Error::execution("logreg", "a matrix with no blocks"))?;
    Ok(Buffers {
        x: first_x.mem(),
        y: prob.y.chunks[0].mem(),
        w: prob.w.single("w")?,
        part: cl.scratch("logreg partials", slots.max(1) * prob.cols)?,
        part_ll: cl.scratch("logreg partial ll", slots.max(1))?,
        grad,
        trace,
    })
}

pub(crate) fn gradient(
    cl: &Cl,
    prob: &Problem<'_>,
    grad: &ClVec,
    strategy: LogregStrategy,
) -> Result<f64> {
    let _op = cl.op_lock();
    let trace = cl.scratch("logreg trace", 4)?;
    let launches = match strategy {
        LogregStrategy::SingleGroup => {
            let b = buffers(cl, prob, grad.single("grad")?, trace, 1)?;
            vec![single_launch(cl, prob, b, 0, None)?]
        }
        LogregStrategy::MultiGroup => {
            let b = buffers(cl, prob, grad.single("grad")?, trace, slots(cl, prob))?;
            let step = KernelArgs {
                mode: 0,
                record: 1,
                ..Default::default()
            };
            multi_pass(cl, prob, b, step)
        }
    };
    cl.run("logreg_gradient", &launches)?;
    let ll = cl.read_scratch("logreg trace", 1)?;
    Ok(ll.first().map_or(f64::NAN, |&b| f32::from_bits(b) as f64))
}

pub(crate) fn train(
    cl: &Cl,
    prob: &Problem<'_>,
    cfg: &TrainConfig,
    strategy: LogregStrategy,
) -> Result<TrainTrace> {
    let _op = cl.op_lock();
    let points = trace_points(cfg);
    let trace = cl.scratch("logreg trace", points.len())?;
    let grad = cl.scratch("logreg unused grad", prob.cols)?;
    let launches = match strategy {
        LogregStrategy::SingleGroup => {
            let b = buffers(cl, prob, grad, trace, 1)?;
            vec![single_launch(cl, prob, b, cfg.iters, Some(cfg))?]
        }
        LogregStrategy::MultiGroup => {
            let b = buffers(cl, prob, grad, trace, slots(cl, prob))?;
            let mut all = Vec::new();
            let mut recorded = 0u32;
            let mut next_point = points.iter().peekable();
            for t in 0..=cfg.iters {
                let record = next_point.peek().is_some_and(|&&p| p == t);
                if record {
                    next_point.next();
                }
                let step = KernelArgs {
                    lr: cfg.lr,
                    decay: 1.0 - cfg.lr * cfg.l2,
                    mode: if t == cfg.iters { 2 } else { 1 },
                    record: u32::from(record),
                    trace_index: recorded,
                    ..Default::default()
                };
                all.extend(multi_pass(cl, prob, b, step));
                recorded += u32::from(record);
            }
            all
        }
    };
    cl.run("logreg_train", &launches)?;
    let values = cl.read_scratch("logreg trace", points.len())?;
    Ok(TrainTrace {
        loglik: points
            .into_iter()
            .zip(values)
            .map(|(t, v)| (t, f32::from_bits(v) as f64))
            .collect(),
    })
}
