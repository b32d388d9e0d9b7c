//! Logistic-regression gradient and training, both strategies (`shaders/logreg.wgsl`).

use duet_core::ops::logreg::{
    GRADIENT_STEP, LogregLaunch, LogregParams, PassPolicy, finish_groups, multi_pass_plan,
    plan_pass, single_plan, step_args, trace_points, train_steps,
};
use duet_core::{Error, KernelParams, LogregStrategy, Result, TrainConfig, TrainTrace};

use crate::context::{Dispatch, Gpu};
use crate::memory::{GpuMat, GpuVec};

/// The device data of one call.
pub(crate) struct Problem<'a> {
    pub x: &'a GpuMat,
    pub y: &'a GpuVec,
    pub w: &'a GpuVec,
    pub cols: usize,
    /// The parameter table the call plans and builds with.
    pub p: &'a KernelParams,
}

/// The buffers of a `multi_group` pass, and its launches' pipelines and bind groups (looked up
/// once per call, kept across calls in the device's shared cache; training's passes differ
/// only in their arguments).
struct Pass {
    entries: Vec<&'static str>,
    pipelines: Vec<wgpu::ComputePipeline>,
    binds: Vec<wgpu::BindGroup>,
}

/// The `multi_group` plan for one pass with reduce-step arguments `step`.
fn plan(gpu: &Gpu, prob: &Problem<'_>, step: &LogregParams) -> Vec<LogregLaunch> {
    let blocks: Vec<_> = prob.x.blocks.iter().map(|b| b.block).collect();
    let labels: Vec<_> = prob.y.chunks.iter().map(|c| c.range).collect();
    // Rows of an odd column count in blocks: interleaved, their scalar loads were slower on
    // the H100 (KernelParams::partial_reg_interleave).
    multi_pass_plan(
        &blocks,
        &labels,
        prob.cols,
        prob.p,
        step,
        PassPolicy {
            span: gpu.lane_span,
            odd_interleaved: false,
            device_fence: gpu.device_fence,
        },
    )
}

/// Binds each launch of `launches` (one pass): partials read X's block and the labels'
/// chunk and write the partial slots; the reduce, or the partials' last workgroup, writes the
/// gradient (`out.0`) and the trace (`out.1`).
fn bind_pass(
    gpu: &Gpu,
    prob: &Problem<'_>,
    launches: &[LogregLaunch],
    out: (&wgpu::Buffer, &wgpu::Buffer),
) -> Result<Pass> {
    let blocks: Vec<_> = prob.x.blocks.iter().map(|b| b.block).collect();
    let labels: Vec<_> = prob.y.chunks.iter().map(|c| c.range).collect();
    let slots = plan_pass(&blocks, &labels, prob.cols, prob.p).slots as u64;
    // A finishing pass's first-level groups: a slot and a counter each (finish_groups).
    let groups = finish_groups(slots as u32, prob.cols, prob.p) as u64;
    let part = gpu.scratch("logreg partials", 4 * (slots + groups) * prob.cols as u64)?;
    let part_ll = gpu.scratch("logreg partial ll", 4 * (slots + groups))?;
    let w = prob.w.single("w")?;
    // Zero when created; the workgroups that count last on a counter leave it zero.
    let count = gpu.scratch("logreg count", 16.max(4 * (1 + groups)))?;
    let mut pass = Pass {
        entries: Vec::with_capacity(launches.len()),
        pipelines: Vec::with_capacity(launches.len()),
        binds: Vec::with_capacity(launches.len()),
    };
    for l in launches {
        let pipeline = gpu.pipeline_for("logreg", l.entry, prob.p, &l.extra)?;
        let bind = match l.span {
            Some(span) => {
                let xb = &prob.x.blocks[span.block].buffer;
                // Kept across calls: a gradient's or a training run's binds are X's block,
                // the labels' chunk, w and the output (handles, each forgetting its groups
                // when dropped) and the device's scratch.
                gpu.bind_shared(
                    &pipeline,
                    &[
                        (0, xb),
                        (1, &prob.y.chunks[span.chunk].buffer),
                        (2, w),
                        (3, &part),
                        (4, &part_ll),
                        (5, out.0),
                        (6, out.1),
                        (7, xb),
                        (8, &count),
                    ],
                )?
            }
            None => gpu.bind_shared(
                &pipeline,
                &[(2, w), (3, &part), (4, &part_ll), (5, out.0), (6, out.1)],
            )?,
        };
        pass.entries.push(l.entry);
        pass.pipelines.push(pipeline);
        pass.binds.push(bind);
    }
    Ok(pass)
}

/// The dispatches of one bound pass with each launch's arguments `args`.
fn pass_dispatches(pass: &Pass, args: &[LogregParams]) -> Vec<Dispatch> {
    args.iter()
        .zip(pass.pipelines.iter().zip(&pass.binds).zip(&pass.entries))
        .map(|(a, ((p, b), e))| Dispatch::new(p, b, a, a.groups).named(e))
        .collect()
}

/// The single buffers `single_group` needs: X in one block, y in one chunk.
fn single_inputs<'a>(
    prob: &Problem<'a>,
) -> Result<(&'a crate::memory::MatBlock, &'a wgpu::Buffer)> {
    match (prob.x.blocks.as_slice(), prob.y.chunks.as_slice()) {
        ([xb], [yc]) => Ok((xb, &yc.buffer)),
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
    p: &KernelParams,
    rows: usize,
    cols: usize,
    reg_rows: Option<u32>,
) -> Result<u32> {
    if !gpu.software {
        return Ok(u32::MAX);
    }
    let trips = single_pass_trips(p, rows, cols, reg_rows);
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

/// The `logreg_single*` dispatches of a run of `cfg` (`None`: one gradient), from the shared
/// plan, in pieces a software adapter can run.
fn single_dispatches(
    gpu: &Gpu,
    prob: &Problem<'_>,
    grad: &wgpu::Buffer,
    trace: &wgpu::Buffer,
    cfg: Option<&TrainConfig>,
) -> Result<Vec<Dispatch>> {
    let (x, yb) = single_inputs(prob)?;
    let xb = &x.buffer;
    let rows = prob.y.chunks[0].range.len;
    let reg_rows = prob.p.single_reg_rows(rows, prob.cols);
    let w = prob.w.single("w")?;
    let per = single_passes_per_dispatch(gpu, prob.p, rows, prob.cols, reg_rows)?;
    let launches = single_plan(rows, prob.cols, x.block.pitch, prob.p, cfg, per);
    let Some(first) = launches.first() else {
        return Ok(Vec::new());
    };
    let pipeline = gpu.pipeline_for("logreg", first.entry, prob.p, &first.extra)?;
    // Kept across calls, as a multi_group pass's are (bind_pass).
    let bind = if reg_rows.is_some() {
        gpu.bind_shared(
            &pipeline,
            &[(0, xb), (1, yb), (2, w), (5, grad), (6, trace)],
        )?
    } else {
        let part = gpu.scratch("logreg partials", 4 * prob.cols as u64)?;
        gpu.bind_shared(
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
        )?
    };
    Ok(launches
        .iter()
        .map(|l| Dispatch::new(&pipeline, &bind, &l.args, l.args.groups).named(l.entry))
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
    let trace = gpu.result("logreg trace", 16)?;
    let dispatches = match strategy {
        LogregStrategy::SingleGroup => single_dispatches(gpu, prob, grad, &trace, None)?,
        LogregStrategy::MultiGroup => {
            let launches = plan(gpu, prob, &GRADIENT_STEP);
            let pass = bind_pass(gpu, prob, &launches, (grad, &trace))?;
            let args: Vec<LogregParams> = launches.iter().map(|l| l.args).collect();
            pass_dispatches(&pass, &args)
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
    let trace = gpu.result("logreg trace", 4 * points.len() as u64)?;
    let grad = gpu.scratch("logreg unused grad", 4 * prob.cols as u64)?;
    let dispatches = match strategy {
        LogregStrategy::SingleGroup => single_dispatches(gpu, prob, &grad, &trace, Some(cfg))?,
        LogregStrategy::MultiGroup => {
            let steps = train_steps(cfg);
            let first = steps.first().copied().unwrap_or(GRADIENT_STEP);
            // Planned and bound once; passes differ only in their arguments.
            let launches = plan(gpu, prob, &first);
            let pass = bind_pass(gpu, prob, &launches, (&grad, &trace))?;
            let mut all = Vec::with_capacity(pass.binds.len() * steps.len());
            for step in &steps {
                all.extend(pass_dispatches(&pass, &step_args(&launches, step)));
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

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use duet_core::chunk::HostRows;
    use duet_core::{Layout, LogregStrategy, OpenOptions};

    use super::{Problem, gradient};
    use crate::memory::{GpuMat, GpuVec};

    /// Σ_i (y_i − σ(x_i · w)) x_ij in f64.
    fn reference(x: &[f32], y: &[f32], w: &[f32], cols: usize) -> Vec<f64> {
        let mut g = vec![0.0; cols];
        for (row, &yi) in x.chunks(cols).zip(y) {
            let z: f64 = row.iter().zip(w).map(|(&a, &b)| a as f64 * b as f64).sum();
            let r = yi as f64 - 1.0 / (1.0 + (-z).exp());
            for (gj, &a) in g.iter_mut().zip(row) {
                *gj += r * a as f64;
            }
        }
        g
    }

    /// The gradient's problem over `x` (`cols` columns), labels `y` and weights `w`.
    fn problem<'a>(
        x: &'a GpuMat,
        y: &'a GpuVec,
        w: &'a GpuVec,
        cols: usize,
        p: &'a duet_core::KernelParams,
    ) -> Problem<'a> {
        Problem { x, y, w, cols, p }
    }

    #[test]
    fn a_gradient_keeps_its_bind_groups_until_a_handle_they_bind_is_dropped() {
        let required = std::env::var("DUET_REQUIRE")
            .unwrap_or_default()
            .split(',')
            .any(|b| b.trim() == "wgpu");
        let backend = match crate::open(0, &OpenOptions::default()) {
            Ok(b) => b,
            Err(e) => {
                assert!(!required, "wgpu is required: {e}");
                eprintln!("SKIPPED: no wgpu adapter ({e})");
                return;
            }
        };
        if std::env::var("DUET_WGPU_KEEP_BINDS").is_ok_and(|v| v == "0") {
            eprintln!("SKIPPED: DUET_WGPU_KEEP_BINDS=0 keeps no bind group");
            return;
        }
        let gpu = &backend.gpu;
        let (rows, cols) = (301, 5);
        let x: Vec<f32> = (0..rows * cols)
            .map(|i| (i % 7) as f32 * 0.1 - 0.3)
            .collect();
        let y: Vec<f32> = (0..rows).map(|i| (i % 3 == 0) as u8 as f32).collect();
        let xm = GpuMat::upload(gpu, HostRows::all(&x, cols), Layout::RowMajor).unwrap();
        let ym = GpuVec::upload(gpu, bytemuck::cast_slice(&y), "labels").unwrap();
        let g = GpuVec::zeros(gpu, cols, "gradient").unwrap();
        let p = gpu.params;
        let check = |w: &[f32]| {
            let want = reference(&x, &y, w, cols);
            let got = g.download(gpu).unwrap();
            for (j, (a, b)) in got.iter().zip(&want).enumerate() {
                assert!(
                    (*a as f64 - b).abs() <= 1e-4 * (1.0 + b.abs()),
                    "column {j}: {a} against {b}"
                );
            }
        };
        let w0 = vec![0.0f32; cols];
        let wv = GpuVec::upload(gpu, bytemuck::cast_slice(&w0), "w").unwrap();
        for strategy in LogregStrategy::ALL {
            let before = gpu.shared_binds.len();
            let prob = problem(&xm, &ym, &wv, cols, &p);
            gradient(gpu, &prob, &g, strategy).unwrap();
            check(&w0);
            let kept = gpu.shared_binds.len();
            assert!(
                kept > before,
                "{strategy:?}: the call's bind groups are kept"
            );
            gradient(gpu, &prob, &g, strategy).unwrap();
            check(&w0);
            assert_eq!(
                gpu.shared_binds.len(),
                kept,
                "{strategy:?}: a second call reuses them"
            );
        }
        // Dropping w forgets every group that binds it; a new w binds afresh (no stale group).
        drop(wv);
        assert_eq!(
            gpu.shared_binds.len(),
            0,
            "w's groups are forgotten with it"
        );
        let w1: Vec<f32> = (0..cols).map(|j| 0.2 * j as f32 - 0.3).collect();
        let wv = GpuVec::upload(gpu, bytemuck::cast_slice(&w1), "w").unwrap();
        gradient(
            gpu,
            &problem(&xm, &ym, &wv, cols, &p),
            &g,
            LogregStrategy::MultiGroup,
        )
        .unwrap();
        check(&w1);
        assert!(gpu.shared_binds.len() > 0);
        drop(xm);
        assert_eq!(
            gpu.shared_binds.len(),
            0,
            "X's groups are forgotten with it"
        );
    }
}
