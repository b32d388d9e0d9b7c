//! Logistic-regression gradient and training, both strategies (`kernels/logreg.cl`): the
//! shared plans' launches, bound.

use duet_core::ops::logreg::{
    GRADIENT_STEP, LogregLaunch, LogregParams, PassPolicy, finish_groups, multi_pass_plan,
    plan_pass, single_plan, step_args, trace_points, train_steps,
};
use duet_core::{Error, KernelParams, LogregStrategy, Result, TrainConfig, TrainTrace};
use opencl3::types::cl_mem;

use crate::context::{Arg, Cl, Launch};
use crate::memory::{ClMat, ClVec};

/// The device data of one call.
pub(crate) struct Problem<'a> {
    pub x: &'a ClMat,
    pub y: &'a ClVec,
    pub w: &'a ClVec,
    pub cols: usize,
    /// The parameter table the call plans and builds with.
    pub p: &'a KernelParams,
}

/// The buffers every logistic-regression kernel takes, in order, before its arguments.
#[derive(Clone, Copy)]
struct Buffers {
    x: cl_mem,
    y: cl_mem,
    w: cl_mem,
    part: cl_mem,
    part_ll: cl_mem,
    grad: cl_mem,
    trace: cl_mem,
    /// The pass finish's counter (zero between launches).
    count: cl_mem,
}

/// `l` with `b` bound (a pass launch reads its span's block of X and chunk of labels).
fn bind(cl: &Cl, prob: &Problem<'_>, b: Buffers, l: &LogregLaunch) -> Launch {
    let b = match l.span {
        Some(s) => Buffers {
            x: prob.x.blocks[s.block].mem(),
            y: prob.y.chunks[s.chunk].mem(),
            ..b
        },
        None => b,
    };
    let mut args: Vec<Arg> = [b.x, b.y, b.w, b.part, b.part_ll, b.grad, b.trace, b.count]
        .into_iter()
        .map(Arg::Mem)
        .collect();
    args.push(Arg::params(&l.args));
    Launch {
        stem: "logreg",
        entry: l.entry,
        extra: [l.extra.as_slice(), &prob.p.overrides_of(&cl.params)].concat(),
        args,
        groups: l.args.groups as usize,
        wg: prob.p.logreg_wg as usize,
    }
}

/// The plan of one `multi_group` pass with reduce-step arguments `step`.
fn multi_pass(cl: &Cl, prob: &Problem<'_>, step: &LogregParams) -> Vec<LogregLaunch> {
    let blocks: Vec<_> = prob.x.blocks.iter().map(|b| b.block).collect();
    let labels: Vec<_> = prob.y.chunks.iter().map(|c| c.range).collect();
    // Rows of an odd column count interleaved too: faster than blocks on the H100
    // (KernelParams::partial_reg_interleave).
    multi_pass_plan(
        &blocks,
        &labels,
        prob.cols,
        prob.p,
        step,
        PassPolicy {
            span: cl.lane_span,
            odd_interleaved: true,
            // mem_fence on global memory, then an atomic: kernels/logreg.cl's finish_pass.
            device_fence: true,
        },
    )
}

fn slots(prob: &Problem<'_>) -> usize {
    let blocks: Vec<_> = prob.x.blocks.iter().map(|b| b.block).collect();
    let labels: Vec<_> = prob.y.chunks.iter().map(|c| c.range).collect();
    plan_pass(&blocks, &labels, prob.cols, prob.p).slots as usize
}

/// The `single_group` launch of a run of `cfg` (`None`: one gradient): the whole run in one
/// launch.
fn single_launches(
    cl: &Cl,
    prob: &Problem<'_>,
    b: Buffers,
    cfg: Option<&TrainConfig>,
) -> Result<Vec<Launch>> {
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
    let b = Buffers {
        x: xb.mem(),
        y: yc.mem(),
        ..b
    };
    Ok(single_plan(
        yc.range.len,
        prob.cols,
        xb.block.pitch,
        prob.p,
        cfg,
        u32::MAX,
    )
    .iter()
    .map(|l| bind(cl, prob, b, l))
    .collect())
}

fn buffers(
    cl: &Cl,
    prob: &Problem<'_>,
    grad: cl_mem,
    trace: cl_mem,
    slots: usize,
) -> Result<Buffers> {
    // A finishing pass's first-level groups: a slot and a counter each (finish_groups).
    let groups = finish_groups(slots as u32, prob.cols, prob.p) as usize;
    let rows = slots + groups;
    let first_x = prob
        .x
        .blocks
        .first()
        .ok_or_else(|| Error::execution("logreg", "a matrix with no blocks"))?;
    Ok(Buffers {
        x: first_x.mem(),
        y: prob.y.chunks[0].mem(),
        w: prob.w.single("w")?,
        part: cl.scratch("logreg partials", rows.max(1) * prob.cols)?,
        part_ll: cl.scratch("logreg partial ll", rows.max(1))?,
        grad,
        trace,
        count: cl.zeroed_scratch("logreg count", 1 + groups)?,
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
            single_launches(cl, prob, b, None)?
        }
        LogregStrategy::MultiGroup => {
            let b = buffers(cl, prob, grad.single("grad")?, trace, slots(prob))?;
            multi_pass(cl, prob, &GRADIENT_STEP)
                .iter()
                .map(|l| bind(cl, prob, b, l))
                .collect()
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
            single_launches(cl, prob, b, Some(cfg))?
        }
        LogregStrategy::MultiGroup => {
            let b = buffers(cl, prob, grad, trace, slots(prob))?;
            // Planned and bound once; passes differ only in their arguments.
            let steps = train_steps(cfg);
            let plan = multi_pass(cl, prob, &steps[0]);
            let pass: Vec<Launch> = plan.iter().map(|l| bind(cl, prob, b, l)).collect();
            let mut all = Vec::with_capacity(pass.len() * steps.len());
            for step in &steps {
                for (launch, args) in pass.iter().zip(step_args(&plan, step)) {
                    all.push(launch.with_args(&args));
                }
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
