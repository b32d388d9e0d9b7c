//! Logistic-regression gradient and training, both strategies (`shaders/logreg.wgsl`).

use duet_core::ops::logreg::{KernelArgs, plan_pass, reduce_groups, single_pieces, trace_points};
use duet_core::{Error, LogregStrategy, Result, TrainConfig, TrainTrace};

use crate::context::{Dispatch, Gpu};
use crate::memory::{GpuMat, GpuVec};

/// The device data of one call.
pub(crate) struct Problem<'a> {
    pub x: &'a GpuMat,
    pub y: &'a GpuVec,
    pub w: &'a GpuVec,
    pub cols: usize,
}

struct Kernels {
    partial: wgpu::ComputePipeline,
    reduce: wgpu::ComputePipeline,
    part: wgpu::Buffer,
    part_ll: wgpu::Buffer,
}

fn dispatch(p: &wgpu::ComputePipeline, bind: &wgpu::BindGroup, a: &KernelArgs) -> Dispatch {
    Dispatch::new(p, bind, &a.words(), a.groups)
}

/// Records one `multi_group` pass (partials then reduce) with the reduce's `mode`, `record`
/// and `trace_index` set as given; returns the pass's dispatches. The reduce comes last, and
/// every dispatch carries [`KernelArgs::words`] as its immediates (training patches words 13-15).
fn multi_pass(
    gpu: &Gpu,
    k: &Kernels,
    prob: &Problem<'_>,
    out: (&wgpu::Buffer, &wgpu::Buffer),
    step: KernelArgs,
) -> Result<Vec<Dispatch>> {
    let blocks: Vec<_> = prob.x.blocks.iter().map(|b| b.block).collect();
    let labels: Vec<_> = prob.y.chunks.iter().map(|c| c.range).collect();
    let plan = plan_pass(&blocks, &labels, prob.cols, &gpu.params);
    let tiling = gpu.params.logreg_tiling(prob.cols);
    let w = prob.w.single("w")?;
    let mut out_dispatches = Vec::with_capacity(plan.launches.len() + 1);
    for l in &plan.launches {
        let xb = &prob.x.blocks[l.span.block].buffer;
        let bind = gpu.bind(
            &k.partial,
            &[
                (0, xb),
                (1, &prob.y.chunks[l.span.chunk].buffer),
                (2, w),
                (3, &k.part),
                (4, &k.part_ll),
                (7, xb),
            ],
        )?;
        let a = KernelArgs::for_pass(prob.cols, l, &tiling, step.record);
        out_dispatches.push(dispatch(&k.partial, &bind, &a));
    }
    let bind = gpu.bind(
        &k.reduce,
        &[
            (2, w),
            (3, &k.part),
            (4, &k.part_ll),
            (5, out.0),
            (6, out.1),
        ],
    )?;
    let a = KernelArgs {
        cols: prob.cols as u32,
        slot: plan.slots,
        groups: reduce_groups(prob.cols, &gpu.params),
        lanes_g: tiling.lanes_g,
        ..step
    };
    out_dispatches.push(dispatch(&k.reduce, &bind, &a));
    Ok(out_dispatches)
}

fn kernels(gpu: &Gpu, prob: &Problem<'_>) -> Result<Kernels> {
    let blocks: Vec<_> = prob.x.blocks.iter().map(|b| b.block).collect();
    let labels: Vec<_> = prob.y.chunks.iter().map(|c| c.range).collect();
    let slots = plan_pass(&blocks, &labels, prob.cols, &gpu.params).slots as u64;
    let partial = if gpu.params.partial_in_registers(prob.cols) {
        gpu.pipeline_with(
            "logreg",
            "logreg_partial_reg",
            &[
                ("LOGREG_K", prob.cols as u32),
                ("LOGREG_LANES", gpu.params.partial_reg_lanes(prob.cols)),
                ("LOGREG_RPS", gpu.params.logreg_rps),
            ],
        )?
    } else {
        gpu.pipeline("logreg", "logreg_partial")?
    };
    Ok(Kernels {
        partial,
        reduce: gpu.pipeline("logreg", "logreg_reduce")?,
        part: gpu.scratch("logreg partials", 4 * slots * prob.cols as u64)?,
        part_ll: gpu.scratch("logreg partial ll", 4 * slots)?,
    })
}

/// The single buffers `single_group` needs: X in one block, y in one chunk.
fn single_inputs<'a>(prob: &Problem<'a>) -> Result<(&'a wgpu::Buffer, &'a wgpu::Buffer)> {
    match (prob.x.blocks.as_slice(), prob.y.chunks.as_slice()) {
        ([xb], [yc]) => Ok((&xb.buffer, &yc.buffer)),
        _ => Err(Error::invalid(
            "strategy",
            "single_group",
            "needs X in one binding; use multi_group for a matrix this large",
        )),
    }
}

/// Loop trips one work-item of a software adapter may run in one dispatch: llvmpipe ends any
/// shader invocation after 65 535 loop iterations in all (gallivm's
/// `LP_MAX_TGSI_LOOP_ITERATIONS`, shared by every loop of the shader) and the run goes on with
/// what it had, silently wrong. 52 000 leaves a 25 % margin under it for the estimate below.
const SOFTWARE_LOOP_TRIPS: usize = 52_000;

/// An estimate, from above, of the loop trips of the busiest work-item (work-item 0) in one
/// pass of `logreg_single` (tiled) or `logreg_single_reg` over `rows × cols`: the trips of each
/// loop as the kernels are written (a nested loop counts its inner trips), plus 32 per tile and
/// 16 per column chunk for the loops a SIMD interpreter enters with every lane masked off.
/// Bisecting the largest `rows` that llvmpipe still gets right (k = 8, 64, 300, 3000; tiles
/// 256 to 4096) found the real count between 0.6 and 0.95 of this estimate.
fn single_pass_trips(
    p: &duet_core::KernelParams,
    rows: usize,
    cols: usize,
    reg_rows: Option<u32>,
) -> usize {
    let wg = p.logreg_wg as usize;
    let levels = (usize::BITS - wg.leading_zeros()) as usize;
    if let Some(rpt) = reg_rows {
        // Rows × (score, gradient) column loops, the weight copy, and the tree's levels.
        return rpt as usize * (2 * cols + 2) + 4 * cols + levels * (cols + 1) + 16;
    }
    let t = p.logreg_tiling(cols);
    let (tr, lanes, lanes_g) = (t.tile_rows as usize, t.lanes_z as usize, t.lanes_g as usize);
    let kc = cols.min(p.logreg_tile as usize);
    let nchunks = cols.div_ceil(kc);
    let chunked = nchunks > 1;
    let mut trips = 0;
    // Zeroing the partial slot, the weight cache, the update loop after the pass.
    trips += 2 * cols.div_ceil(wg)
        + cols
            .min(duet_core::params::WEIGHT_CACHE as usize)
            .div_ceil(wg);
    let mut row0 = 0;
    while row0 < rows {
        let nr = tr.min(rows - row0);
        trips += 1 + 32;
        for c in 0..nchunks {
            let cw = kc.min(cols - c * kc);
            let load = (nr * cw).div_ceil(wg);
            let scores = if lanes == 1 {
                nr.div_ceil(wg) * (1 + cw)
            } else {
                cw.div_ceil(lanes) + if chunked { lanes } else { 0 }
            };
            trips += 1 + load + scores + 16;
            if chunked {
                // The gradient's reload of the chunk and its column sums.
                trips += 1 + load + cw.div_ceil(wg) * (1 + nr);
            }
        }
        trips += nr.div_ceil(wg) * (1 + if chunked { 0 } else { lanes });
        if !chunked {
            trips += if cols <= wg {
                nr.div_ceil(lanes_g)
            } else {
                cols.div_ceil(wg) * (1 + nr)
            };
        }
        row0 += nr;
    }
    trips + 2 * levels + 8
}

/// Passes one `logreg_single*` dispatch may run: all of them on a GPU; on a software adapter
/// as many as stay below [`SOFTWARE_LOOP_TRIPS`] (the pieces go in the same submission: still
/// no host round trip). A problem one pass of which exceeds the bound is an error that names
/// the strategy, not a silently truncated pass.
fn single_passes_per_dispatch(
    gpu: &Gpu,
    rows: usize,
    cols: usize,
    reg_rows: Option<u32>,
) -> Result<u32> {
    if !gpu.software {
        return Ok(u32::MAX);
    }
    let trips = single_pass_trips(&gpu.params, rows, cols, reg_rows);
    if trips > SOFTWARE_LOOP_TRIPS {
        return Err(Error::invalid(
            "strategy",
            "single_group",
            format!(
                "one pass over {rows} × {cols} takes about {trips} loop trips per work-item, \
                 more than this software adapter runs in one shader invocation \
                 ({SOFTWARE_LOOP_TRIPS}); use multi_group"
            ),
        ));
    }
    Ok((SOFTWARE_LOOP_TRIPS / trips.max(1)).clamp(1, u32::MAX as usize) as u32)
}

/// The `logreg_single*` dispatches of a run of `iters` iterations (0: one gradient): X in
/// registers where it fits (seed 001), else the tiled pass by one workgroup.
fn single_dispatches(
    gpu: &Gpu,
    prob: &Problem<'_>,
    grad: &wgpu::Buffer,
    trace: &wgpu::Buffer,
    iters: u32,
    cfg: Option<&TrainConfig>,
) -> Result<Vec<Dispatch>> {
    let (xb, yb) = single_inputs(prob)?;
    let rows = prob.y.chunks[0].range.len;
    let reg_rows = gpu.params.single_reg_rows(rows, prob.cols);
    let w = prob.w.single("w")?;
    let (pipeline, bind) = match reg_rows {
        Some(rpt) => {
            let extra = [("LOGREG_K", prob.cols as u32), ("LOGREG_RPT", rpt)];
            let pipeline = gpu.pipeline_with("logreg", "logreg_single_reg", &extra)?;
            let bind = gpu.bind(
                &pipeline,
                &[(0, xb), (1, yb), (2, w), (5, grad), (6, trace)],
            )?;
            (pipeline, bind)
        }
        None => {
            let pipeline = gpu.pipeline("logreg", "logreg_single")?;
            let part = gpu.scratch("logreg partials", 4 * prob.cols as u64)?;
            let bind = gpu.bind(
                &pipeline,
                &[
                    (0, xb),
                    (1, yb),
                    (2, w),
                    (3, &part),
                    (5, grad),
                    (6, trace),
                    (7, xb),
                ],
            )?;
            (pipeline, bind)
        }
    };
    let tiling = gpu.params.logreg_tiling(prob.cols);
    let every = cfg.map_or(0, |c| c.loglik_every);
    let per = single_passes_per_dispatch(gpu, rows, prob.cols, reg_rows)?;
    Ok(single_pieces(iters, every, per)
        .into_iter()
        .map(|piece| {
            let a = KernelArgs {
                cols: prob.cols as u32,
                row_begin: 0,
                row_end: rows as u32,
                slot: piece.first,
                groups: 1,
                tile_rows: tiling.tile_rows,
                lanes_z: tiling.lanes_z,
                lanes_g: tiling.lanes_g,
                iters: piece.iters,
                every,
                lr: cfg.map_or(0.0, |c| c.lr),
                decay: cfg.map_or(1.0, |c| 1.0 - c.lr * c.l2),
                mode: u32::from(piece.finish),
                trace_index: piece.recorded_before,
                ..Default::default()
            };
            dispatch(&pipeline, &bind, &a)
        })
        .collect())
}

fn read_f32s(bytes: Option<Vec<u8>>, n: usize, op: &str) -> Result<Vec<f32>> {
    let bytes = bytes.unwrap_or_default();
    let words: &[f32] = bytemuck::try_cast_slice(&bytes).map_err(|e| Error::execution(op, e))?;
    words
        .get(..n)
        .map(<[f32]>::to_vec)
        .ok_or_else(|| Error::execution(op, "short readback"))
}

pub(crate) fn gradient(
    gpu: &Gpu,
    prob: &Problem<'_>,
    grad: &GpuVec,
    strategy: LogregStrategy,
) -> Result<f64> {
    let _op = gpu.op_lock();
    let grad = grad.single("grad")?;
    let trace = gpu.scratch("logreg trace", 16)?;
    let dispatches = match strategy {
        LogregStrategy::SingleGroup => single_dispatches(gpu, prob, grad, &trace, 0, None)?,
        LogregStrategy::MultiGroup => {
            let k = kernels(gpu, prob)?;
            let step = KernelArgs {
                mode: 0,
                record: 1,
                ..Default::default()
            };
            multi_pass(gpu, &k, prob, (grad, &trace), step)?
        }
    };
    let ll = read_f32s(
        gpu.run("logreg_gradient", &dispatches, Some((&trace, 4)))?,
        1,
        "logreg_gradient",
    )?;
    Ok(ll[0] as f64)
}

pub(crate) fn train(
    gpu: &Gpu,
    prob: &Problem<'_>,
    cfg: &TrainConfig,
    strategy: LogregStrategy,
) -> Result<TrainTrace> {
    let _op = gpu.op_lock();
    let points = trace_points(cfg);
    let trace = gpu.scratch("logreg trace", 4 * points.len() as u64)?;
    let grad = gpu.scratch("logreg unused grad", 4 * prob.cols as u64)?;
    let dispatches = match strategy {
        LogregStrategy::SingleGroup => {
            single_dispatches(gpu, prob, &grad, &trace, cfg.iters, Some(cfg))?
        }
        LogregStrategy::MultiGroup => {
            let k = kernels(gpu, prob)?;
            let base = KernelArgs {
                lr: cfg.lr,
                decay: 1.0 - cfg.lr * cfg.l2,
                mode: 1,
                ..Default::default()
            };
            // Bind groups are made once; iterations differ only in their immediates.
            let plain = multi_pass(gpu, &k, prob, (&grad, &trace), base)?;
            let mut all = Vec::with_capacity(plain.len() * (cfg.iters as usize + 1));
            let mut recorded = 0u32;
            let mut next_point = points.iter().peekable();
            for t in 0..=cfg.iters {
                let record = next_point.peek().is_some_and(|&&p| p == t);
                if record {
                    next_point.next();
                }
                let last = t == cfg.iters;
                for (i, d) in plain.iter().enumerate() {
                    let mut d = d.clone();
                    d.immediates[15] = u32::from(record);
                    if i + 1 == plain.len() {
                        d.immediates[13] = if last { 2 } else { 1 };
                        d.immediates[14] = recorded;
                    }
                    all.push(d);
                }
                recorded += u32::from(record);
            }
            all
        }
    };
    let bytes = 4 * points.len() as u64;
    let values = read_f32s(
        gpu.run("logreg_train", &dispatches, Some((&trace, bytes)))?,
        points.len(),
        "logreg_train",
    )?;
    Ok(TrainTrace {
        loglik: points
            .into_iter()
            .zip(values)
            .map(|(t, v)| (t, v as f64))
            .collect(),
    })
}
