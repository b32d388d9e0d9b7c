//! duet-wgpu: duet's ops as WGSL compute shaders on wgpu (Vulkan, Metal, DX12, GL).
//!
//! Open a device with [`open`] by its index among [`enumerate`]'s adapters; the result
//! implements [`duet_core::Backend`].

mod adapter;
mod context;
mod memory;
mod ops;
pub mod shaders;

use std::time::Duration;

use duet_core::chunk::HostRows;
use duet_core::{
    ArgExtreme, Backend, DeviceInfo, Error, Extreme, KernelParams, Labels, Layout, LogregStrategy,
    Mask, MaskData, Matrix, OpenOptions, RbfArgs, RbfVariant, Result, Storage, TrainConfig,
    TrainTrace, Vector,
};

pub use adapter::enumerate;
use context::{Dispatch, Gpu};
use duet_core::launch::{Bind, KernelLaunch};
use memory::{GpuMat, GpuVec, mask_of, mat_of, vec_of};

/// The widest column-major matrix for which the default RBF rung is `column_major` (or
/// `vectorized`, [`default_column_major_rung`](duet_core::ops::rbf::default_column_major_rung))
/// rather than `sliced` (measured, see [`WgpuBackend`]'s `default_rbf_variant`). On an H100 with the
/// pivots read from X (BENCHMARKS.md, session 38) `column_major` was 1.02–1.20× as fast as
/// `sliced` at 33 and 48 columns at every size from 4 MiB to 1 GiB, mixed at 61–64 (0.92–1.09×)
/// and up to 1.47× slower from 100 columns at 4–16 MiB; 32 before.
pub const RBF_NARROW_COLS: usize = 48;

/// A wgpu adapter opened as a duet backend.
pub struct WgpuBackend {
    info: DeviceInfo,
    gpu: Gpu,
}

/// Opens adapter `index` (as numbered by [`enumerate`], the `N` of `wgpu:N`).
pub fn open(index: usize, opts: &OpenOptions) -> Result<WgpuBackend> {
    let adapters = adapter::adapters();
    let adapter = adapters.get(index).ok_or_else(|| {
        Error::NoDevice(format!(
            "wgpu:{index} does not exist ({} wgpu adapter(s) found)",
            adapters.len()
        ))
    })?;
    let mut info = adapter::describe(index, adapter);
    let key = duet_core::tune::DeviceKey::of(&info);
    let gpu = Gpu::open(adapter, opts, key)?;
    info.max_binding_bytes = gpu.binding_cap;
    Ok(WgpuBackend { info, gpu })
}

impl Backend for WgpuBackend {
    fn info(&self) -> &DeviceInfo {
        &self.info
    }

    fn params(&self) -> &KernelParams {
        &self.gpu.params
    }

    fn upload_vector(&self, data: &[f32]) -> Result<Storage> {
        let words: &[u32] = bytemuck::cast_slice(data);
        Ok(Storage::new(GpuVec::upload(&self.gpu, words, "vector")?))
    }

    fn upload_mask(&self, flags: MaskData<'_>) -> Result<Storage> {
        Ok(Storage::new(GpuVec::upload(
            &self.gpu,
            &flags.words(),
            "mask",
        )?))
    }

    fn alloc_matrix(&self, rows: usize, cols: usize, layout: Layout) -> Result<Storage> {
        Ok(Storage::new(GpuMat::alloc(&self.gpu, rows, cols, layout)?))
    }

    fn upload_matrix(&self, host: HostRows<'_>, layout: Layout) -> Result<Storage> {
        Ok(Storage::new(GpuMat::upload(&self.gpu, host, layout)?))
    }

    fn alloc_vector(&self, len: usize) -> Result<Storage> {
        Ok(Storage::new(GpuVec::zeros(&self.gpu, len, "vector")?))
    }

    fn write_vector(&self, v: &Vector, data: &[f32]) -> Result<()> {
        vec_of(v)?.write(&self.gpu, data)
    }

    fn download_vector(&self, v: &Vector) -> Result<Vec<f32>> {
        vec_of(v)?.download(&self.gpu)
    }

    fn finish(&self) -> Result<()> {
        self.gpu.wait("finish")
    }

    fn kernel_source(&self, stem: &str) -> Option<&'static str> {
        shaders::source(stem)
    }

    fn read_sum(&self, v: &Vector, p: &KernelParams) -> Result<f64> {
        ops::read::read_sum(&self.gpu, vec_of(v)?, p)
    }

    fn arg_extreme(
        &self,
        v: &Vector,
        mask: Option<&Mask>,
        extreme: Extreme,
        p: &KernelParams,
    ) -> Result<Option<ArgExtreme>> {
        let mask = match mask {
            Some(m) => Some((mask_of(m)?, m.kind())),
            None => None,
        };
        ops::argext::arg_extreme(&self.gpu, vec_of(v)?, mask, extreme, p)
    }

    /// For column-major matrices: `vectorized` up to
    /// [`RBF_VEC4_COLS`](duet_core::ops::rbf::RBF_VEC4_COLS) columns, and up to
    /// [`RBF_NARROW_COLS`] from
    /// [`RBF_VEC4_ELEMS`](duet_core::ops::rbf::RBF_VEC4_ELEMS) elements (session 48); else
    /// `column_major` up to [`RBF_NARROW_COLS`] columns, where
    /// staging the pivots does not pay (on an H100 it is 1.0–2.3× faster than `local_memory`
    /// at every k ≤ 32, at 4 MiB, 256 MiB and 1 GiB; 33–48 columns: session 38), `sliced`
    /// above: `local_memory`'s pass (99 % of the read kernel at d = 1000 on an H100) with the
    /// columns cut into slices where the points are few. On an H200 at 256–4096 columns, 64 and 256 MiB, the slice counts it
    /// picks read 73–95 % of the read bound, where `local_memory` read 7–95 % and
    /// `column_major` 5–91 % (BENCHMARKS.md, session 25). Row-major matrices: `row_major` below
    /// [`RBF_LANES_FROM_COLS`](duet_core::ops::rbf::RBF_LANES_FROM_COLS) columns, `row_lanes`
    /// from there.
    fn default_rbf_variant(&self, layout: Layout, rows: usize, cols: usize) -> RbfVariant {
        match layout {
            Layout::RowMajor => duet_core::ops::rbf::default_row_major_rung(cols),
            Layout::ColumnMajor => {
                duet_core::ops::rbf::default_column_major_rung(rows, cols, RBF_NARROW_COLS)
            }
        }
    }

    fn rbf_rows(
        &self,
        x: &Matrix,
        args: RbfArgs,
        variant: RbfVariant,
        out_hi: &Vector,
        out_lo: &Vector,
        p: &KernelParams,
    ) -> Result<()> {
        let out = (vec_of(out_hi)?, vec_of(out_lo)?);
        ops::rbf::rbf_rows(
            &self.gpu,
            mat_of(x)?,
            (x.cols(), x.layout()),
            args,
            variant,
            out,
            p,
        )
    }

    fn logreg_gradient(
        &self,
        x: &Matrix,
        y: &Labels,
        w: &Vector,
        grad: &Vector,
        strategy: LogregStrategy,
        p: &KernelParams,
    ) -> Result<f64> {
        let prob = ops::logreg::Problem {
            x: mat_of(x)?,
            y: vec_of(y.as_vector())?,
            w: vec_of(w)?,
            cols: x.cols(),
            p,
        };
        ops::logreg::gradient(&self.gpu, &prob, vec_of(grad)?, strategy)
    }

    fn logreg_train(
        &self,
        x: &Matrix,
        y: &Labels,
        w: &Vector,
        cfg: &TrainConfig,
        strategy: LogregStrategy,
        p: &KernelParams,
    ) -> Result<TrainTrace> {
        let prob = ops::logreg::Problem {
            x: mat_of(x)?,
            y: vec_of(y.as_vector())?,
            w: vec_of(w)?,
            cols: x.cols(),
            p,
        };
        ops::logreg::train(&self.gpu, &prob, cfg, strategy)
    }

    fn run_plan(&self, op: &str, launches: &[KernelLaunch<'_>]) -> Result<()> {
        let gpu = &self.gpu;
        let _op = gpu.op_lock();
        let missing = |what: &str, i: usize| {
            Error::execution(
                op,
                format!("the plan binds {what} {i}, which does not exist"),
            )
        };
        let mut dispatches = Vec::with_capacity(launches.len());
        // Launches that repeat a build and its bindings (an SMO batch) share one bind group.
        let mut bound: Vec<(usize, wgpu::ComputePipeline, wgpu::BindGroup)> = Vec::new();
        for (n, l) in launches.iter().enumerate() {
            if let Some((_, pipeline, bind)) =
                bound.iter().find(|(m, _, _)| launches[*m].same_binding(l))
            {
                dispatches
                    .push(Dispatch::from_words(pipeline, bind, &l.args, l.groups).named(l.entry));
                continue;
            }
            let pipeline = gpu.pipeline_with(l.stem, l.entry, &l.extra)?;
            let mut buffers = Vec::with_capacity(l.binds.len());
            for (binding, b) in &l.binds {
                let buffer = match *b {
                    Bind::Vector(v, i) => vec_of(v)?
                        .chunks
                        .get(i)
                        .map(|c| &c.buffer)
                        .ok_or_else(|| missing("vector chunk", i))?,
                    Bind::Matrix(m, i) => mat_of(m)?
                        .blocks
                        .get(i)
                        .map(|b| &b.buffer)
                        .ok_or_else(|| missing("matrix block", i))?,
                };
                buffers.push((*binding, buffer));
            }
            // Only handles' buffers are bound: kept across calls, each forgotten with its handle.
            let bind = gpu.bind_shared(&pipeline, &buffers)?;
            dispatches
                .push(Dispatch::from_words(&pipeline, &bind, &l.args, l.groups).named(l.entry));
            bound.push((n, pipeline, bind));
        }
        gpu.run(op, &dispatches, None)?;
        Ok(())
    }

    fn prepare(&self, builds: &[duet_core::launch::KernelBuild]) -> Result<()> {
        self.gpu.prepare(builds)
    }

    fn set_profiling(&self, on: bool) {
        self.gpu.set_profiling(on)
    }

    fn take_gpu_time(&self) -> Option<Duration> {
        self.gpu.take_gpu_time()
    }

    fn set_phase_trace(&self, on: bool) {
        self.gpu.phases.set(on)
    }

    fn take_phases(&self) -> Vec<(&'static str, Duration)> {
        self.gpu.phases.take()
    }
}
