//! duet-opencl: duet's ops as OpenCL C kernels through opencl3.
//!
//! libOpenCL is loaded at run time: a binary built with this crate starts and runs its other
//! backends on a machine without OpenCL, and [`enumerate`] says why OpenCL is unavailable.

mod context;
pub mod kernels;
mod memory;
mod ops;
mod platform;

use std::sync::RwLock;
use std::time::Duration;

use duet_core::chunk::HostRows;
use duet_core::{
    ArgExtreme, Backend, DeviceInfo, Error, Extreme, KernelParams, Labels, Layout, LogregStrategy,
    Mask, MaskData, Matrix, OpenOptions, RbfArgs, RbfVariant, Result, Storage, TrainConfig,
    TrainTrace, Vector,
};

use context::Cl;
use duet_core::launch::{Bind, KernelLaunch};
use memory::{ClMat, ClVec, mask_of, mat_of, vec_of};
pub use platform::{enumerate, unavailable_reason};

/// The widest column-major matrix whose default RBF rung is `column_major` (see
/// [`OpenClBackend`]'s `default_rbf_variant`). On an H200 (BENCHMARKS.md, session 46), with
/// session 46's loop (×1.2 through NVIDIA's OpenCL at 4–48 columns even at one row a step,
/// the same sums; which part of the rewrite gained is not isolated), `column_major` took 0.70–0.97× `sliced`'s time at 8–33
/// columns from 16 MiB to 1 GiB (1 GiB, 16 columns: 302 against 336 µs; measured with two rows
/// a work-item up to 13 columns, level with one there) except at 31 columns and 16 MiB (10.5
/// against 9.9 µs), and 1.01–1.14× at 48.
/// Before session 46 the bound was 8 columns (16 with at most 2²¹ points), from the H100's
/// session 38, where the old loop was behind `sliced` at 13–16 columns from 256 MiB.
pub const RBF_NARROW_COLS: usize = 33;

/// OpenCL's default RBF rung for a column-major matrix of `rows × cols`:
/// [`default_column_major_rung`](duet_core::ops::rbf::default_column_major_rung) with
/// [`RBF_NARROW_COLS`] (`vectorized` up to 8 columns and, from 2²⁷ elements, up to
/// [`RBF_NARROW_COLS`]; else `column_major` up to [`RBF_NARROW_COLS`] columns, `sliced` above).
pub fn column_major_rung(rows: usize, cols: usize) -> RbfVariant {
    duet_core::ops::rbf::default_column_major_rung(rows, cols, RBF_NARROW_COLS)
}

/// An OpenCL device opened as a duet backend.
pub struct OpenClBackend {
    info: DeviceInfo,
    cl: Cl,
}

fn find(index: usize) -> Result<platform::Found> {
    let mut all = platform::devices()?;
    let count = all.len();
    if index >= count {
        return Err(Error::NoDevice(format!(
            "opencl:{index} does not exist ({count} OpenCL device(s) found)"
        )));
    }
    Ok(all.swap_remove(index))
}

/// Opens device `index` (as numbered by [`enumerate`], the `N` of `opencl:N`).
pub fn open(index: usize, opts: &OpenOptions) -> Result<OpenClBackend> {
    let found = find(index)?;
    let mut info = platform::describe(index, &found);
    let key = duet_core::tune::DeviceKey::of(&info);
    let cl = Cl::open(found.device, opts, key)?;
    info.max_binding_bytes = cl.binding_cap;
    Ok(OpenClBackend { info, cl })
}

/// Builds OpenCL C `source` (named `stem`) for device `index` with the build options duet uses
/// (the parameter table, and `extra`, as `-D` macros); the error carries the build log.
pub fn build_source(
    index: usize,
    stem: &str,
    source: &str,
    params: &KernelParams,
    extra: &[(&'static str, u32)],
) -> Result<()> {
    let found = find(index)?;
    let context = opencl3::context::Context::from_device(&found.device)
        .map_err(|e| context::cl_error("clCreateContext", e, 0))?;
    let options = Cl::build_options(params, extra);
    context::build(&context, &found.device, stem, source, &options).map(|_| ())
}

/// The program text and build options duet would use for OpenCL C `source` with `params` and
/// `extra` (as [`build_source`] builds it), for compiling it with another compiler: the tests
/// compile the NVIDIA-only paths (`shfl.sync`) for NVIDIA's PTX target with clang, since no
/// device in CI takes them.
pub fn program_text(
    source: &str,
    params: &KernelParams,
    extra: &[(&'static str, u32)],
) -> (String, String) {
    (
        context::with_prelude(source),
        Cl::build_options(params, extra),
    )
}

/// Whether `kernels/logreg.cl` can sum lanes with a shuffle on device `index` (NVIDIA's
/// `shfl.sync`; duet then builds it with `LOGREG_SPAN=32` when `logreg_lane_sum` is 2).
pub fn has_lane_shuffle(index: usize) -> Result<bool> {
    Ok(context::has_lane_shuffle(&find(index)?.device))
}

/// Builds like [`build_source`] and returns the program's build log and binaries, one per
/// device of the context (PTX text on NVIDIA): what the driver made of a kernel, for inspection.
pub fn program_binaries(
    index: usize,
    stem: &str,
    source: &str,
    params: &KernelParams,
    extra: &[(&'static str, u32)],
) -> Result<(String, Vec<Vec<u8>>)> {
    let found = find(index)?;
    let context = opencl3::context::Context::from_device(&found.device)
        .map_err(|e| context::cl_error("clCreateContext", e, 0))?;
    let options = Cl::build_options(params, extra);
    let program = context::build(&context, &found.device, stem, source, &options)?;
    let log = context::build_log(&program, &found.device);
    let binaries = program
        .get_binaries()
        .map_err(|e| context::cl_error("clGetProgramInfo(CL_PROGRAM_BINARIES)", e, 0))?;
    Ok((log, binaries))
}

/// `data`'s bits as the words the buffers hold (no copy).
fn words(data: &[f32]) -> &[u32] {
    bytemuck::cast_slice(data)
}

impl Backend for OpenClBackend {
    fn info(&self) -> &DeviceInfo {
        &self.info
    }

    fn params(&self) -> &KernelParams {
        &self.cl.params
    }

    fn upload_vector(&self, data: &[f32]) -> Result<Storage> {
        let v = ClVec::upload(&self.cl, words(data), "vector")?;
        Ok(Storage::new(RwLock::new(v)))
    }

    fn upload_mask(&self, flags: MaskData<'_>) -> Result<Storage> {
        let v = ClVec::upload(&self.cl, &flags.words(), "mask")?;
        Ok(Storage::new(RwLock::new(v)))
    }

    fn alloc_matrix(&self, rows: usize, cols: usize, layout: Layout) -> Result<Storage> {
        Ok(Storage::new(ClMat::alloc(&self.cl, rows, cols, layout)?))
    }

    fn upload_matrix(&self, host: HostRows<'_>, layout: Layout) -> Result<Storage> {
        Ok(Storage::new(ClMat::upload(&self.cl, host, layout)?))
    }

    fn alloc_vector(&self, len: usize) -> Result<Storage> {
        Ok(Storage::new(RwLock::new(ClVec::zeros(
            &self.cl, len, "vector",
        )?)))
    }

    fn write_vector(&self, v: &Vector, data: &[f32]) -> Result<()> {
        let mut guard = vec_of(v)?
            .write()
            .map_err(|_| Error::execution("write", "a vector lock was poisoned"))?;
        guard.write(&self.cl, words(data))
    }

    fn download_vector(&self, v: &Vector) -> Result<Vec<f32>> {
        let guard = vec_of(v)?
            .read()
            .map_err(|_| Error::execution("download", "a vector lock was poisoned"))?;
        guard.download(&self.cl)
    }

    fn finish(&self) -> Result<()> {
        self.cl.finish()
    }

    fn kernel_source(&self, stem: &str) -> Option<&'static str> {
        kernels::source(stem)
    }

    fn read_sum(&self, v: &Vector, p: &KernelParams) -> Result<f64> {
        let guard = vec_of(v)?
            .read()
            .map_err(|_| Error::execution("read_sum", "a vector lock was poisoned"))?;
        ops::read::read_sum(&self.cl, &guard, p)
    }

    fn arg_extreme(
        &self,
        v: &Vector,
        mask: Option<&Mask>,
        extreme: Extreme,
        p: &KernelParams,
    ) -> Result<Option<ArgExtreme>> {
        let poisoned = || Error::execution(extreme.op_name(), "a vector lock was poisoned");
        let values = vec_of(v)?.read().map_err(|_| poisoned())?;
        let flags = match mask {
            Some(m) => Some((mask_of(m)?.read().map_err(|_| poisoned())?, m.kind())),
            None => None,
        };
        let mask = flags.as_ref().map(|(g, k)| (&**g, *k));
        ops::argext::arg_extreme(&self.cl, &values, mask, extreme, p)
    }

    /// For column-major matrices: [`column_major_rung`] — `vectorized` at 1–8 columns and at
    /// up to [`RBF_NARROW_COLS`] from 2²⁷ elements (session 48), else `column_major` (a few
    /// points a work-item, scalar loads) up to [`RBF_NARROW_COLS`] columns, `sliced` above. `column_major` had been the default at
    /// d = 1000 and 2¹⁸ points too (93–95 % of the read kernel on an H100), while `sliced` paid
    /// a gather launch first; reading the pivots from X, `sliced` took 356 µs there against
    /// `column_major`'s 379 (BENCHMARKS.md, session 35), and with fewer points `column_major`
    /// has too few work-items (on an H200 at 256 MiB it read 13–68 % of the read kernel at
    /// 500–4096 columns, where `sliced` read 57–76 %; session 25). Row-major matrices: `row_major` below
    /// [`RBF_LANES_FROM_COLS`](duet_core::ops::rbf::RBF_LANES_FROM_COLS) columns, `row_lanes`
    /// from there.
    fn default_rbf_variant(&self, layout: Layout, rows: usize, cols: usize) -> RbfVariant {
        match layout {
            Layout::RowMajor => duet_core::ops::rbf::default_row_major_rung(cols),
            Layout::ColumnMajor => column_major_rung(rows, cols),
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
        let poisoned = || Error::execution("rbf_rows", "a vector lock was poisoned");
        let hi = vec_of(out_hi)?.read().map_err(|_| poisoned())?;
        let lo = vec_of(out_lo)?.read().map_err(|_| poisoned())?;
        ops::rbf::rbf_rows(
            &self.cl,
            mat_of(x)?,
            (x.cols(), x.layout()),
            args,
            variant,
            (&hi, &lo),
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
        let poisoned = || Error::execution("logreg_gradient", "a vector lock was poisoned");
        let (yv, wv) = (vec_of(y.as_vector())?, vec_of(w)?);
        let (yv, wv) = (
            yv.read().map_err(|_| poisoned())?,
            wv.read().map_err(|_| poisoned())?,
        );
        let gv = vec_of(grad)?.read().map_err(|_| poisoned())?;
        let prob = ops::logreg::Problem {
            x: mat_of(x)?,
            y: &yv,
            w: &wv,
            cols: x.cols(),
            p,
        };
        ops::logreg::gradient(&self.cl, &prob, &gv, strategy)
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
        let poisoned = || Error::execution("logreg_train", "a vector lock was poisoned");
        let (yv, wv) = (vec_of(y.as_vector())?, vec_of(w)?);
        let (yv, wv) = (
            yv.read().map_err(|_| poisoned())?,
            wv.read().map_err(|_| poisoned())?,
        );
        let prob = ops::logreg::Problem {
            x: mat_of(x)?,
            y: &yv,
            w: &wv,
            cols: x.cols(),
            p,
        };
        ops::logreg::train(&self.cl, &prob, cfg, strategy)
    }

    fn run_plan(&self, op: &str, launches: &[KernelLaunch<'_>]) -> Result<()> {
        let _op = self.cl.op_lock();
        let missing = |what: &str, i: usize| {
            Error::execution(
                op,
                format!("the plan binds {what} {i}, which does not exist"),
            )
        };
        // The vectors stay read-locked (their buffers unchanged) until the launches are queued.
        let mut guards = Vec::new();
        let mut queued = Vec::with_capacity(launches.len());
        for l in launches {
            let mut args = Vec::with_capacity(l.binds.len() + 1);
            for (_, b) in &l.binds {
                let mem = match *b {
                    Bind::Vector(v, i) => {
                        let guard = vec_of(v)?
                            .read()
                            .map_err(|_| Error::execution(op, "a vector lock was poisoned"))?;
                        let mem = guard
                            .chunks
                            .get(i)
                            .map(|c| c.mem())
                            .ok_or_else(|| missing("vector chunk", i))?;
                        guards.push(guard);
                        mem
                    }
                    Bind::Matrix(m, i) => mat_of(m)?
                        .blocks
                        .get(i)
                        .map(|b| b.mem())
                        .ok_or_else(|| missing("matrix block", i))?,
                };
                args.push(context::Arg::Mem(mem));
            }
            args.push(context::Arg::Params(l.args.words, l.args.len));
            queued.push(context::Launch {
                stem: l.stem,
                entry: l.entry,
                extra: l.extra.clone(),
                args,
                groups: l.groups as usize,
                wg: l.wg as usize,
            });
        }
        let result = self.cl.run(op, &queued);
        drop(guards);
        result
    }

    fn prepare(&self, builds: &[duet_core::launch::KernelBuild]) -> Result<()> {
        self.cl.prepare(builds)
    }

    fn set_profiling(&self, on: bool) {
        self.cl.set_profiling(on)
    }

    fn take_gpu_time(&self) -> Option<Duration> {
        self.cl.take_gpu_time()
    }

    fn set_phase_trace(&self, on: bool) {
        self.cl.phases.set(on)
    }

    fn take_phases(&self) -> Vec<(&'static str, Duration)> {
        self.cl.phases.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vectorized_to_eight_columns_then_column_major_to_thirty_three() {
        let rows = 1 << 20;
        for cols in 1..=8 {
            assert_eq!(
                column_major_rung(rows, cols),
                RbfVariant::Vectorized,
                "{cols}"
            );
            assert_eq!(column_major_rung(1, cols), RbfVariant::Vectorized, "{cols}");
        }
        for cols in 9..=33 {
            assert_eq!(
                column_major_rung(rows, cols),
                RbfVariant::ColumnMajor,
                "{cols}"
            );
            // From 2^27 elements (512 MiB of X) vectorized up to the narrow bound.
            let big = (1usize << 27).div_ceil(cols);
            assert_eq!(
                column_major_rung(big, cols),
                RbfVariant::Vectorized,
                "{cols}"
            );
            assert_eq!(
                column_major_rung(big - 1, cols),
                RbfVariant::ColumnMajor,
                "{cols}"
            );
        }
        for cols in [34, 48, 64] {
            assert_eq!(column_major_rung(rows, cols), RbfVariant::Sliced, "{cols}");
            assert_eq!(
                column_major_rung(1 << 27, cols),
                RbfVariant::Sliced,
                "{cols}"
            );
        }
        // The seeds' ladder (2¹⁸ points of 1 000 columns) no longer takes column_major.
        assert_eq!(column_major_rung(1 << 18, 1000), RbfVariant::Sliced);
        assert_eq!(column_major_rung(usize::MAX, 33), RbfVariant::Vectorized);
    }
}
