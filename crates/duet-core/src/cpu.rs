//! The CPU reference backend: the [`reference`](mod@crate::reference) computations behind the
//! backend trait, so tests and the CLI treat it as one more device. Results are computed in
//! `f64` and rounded once to `f32` where an op writes a device vector.

use std::sync::{Mutex, RwLock};
use std::time::{Duration, Instant};

use crate::backend::{Backend, BackendKind, DeviceInfo, DeviceType, TimerKind};
use crate::chunk::HostRows;
use crate::error::{Error, Result};
use crate::handle::{Labels, Layout, Mask, MaskData, Matrix, Storage, Vector};
use crate::ops::argext::{ArgExtreme, Extreme};
use crate::ops::logreg::{LogregStrategy, TrainConfig, TrainTrace};
use crate::ops::rbf::RbfArgs;
use crate::ops::rbf::RbfVariant;
use crate::params::KernelParams;
use crate::reference;

/// A vector (or mask words) in host memory.
struct HostVec<T>(RwLock<Vec<T>>);

/// A row-major matrix in host memory (the layout is only recorded in the handle).
struct HostMatrix(Vec<f32>);

/// The f64 CPU reference as a backend (device name `cpu`).
pub struct CpuBackend {
    info: DeviceInfo,
    params: KernelParams,
    profiling: Mutex<Option<Duration>>,
}

impl Default for CpuBackend {
    fn default() -> Self {
        Self::new()
    }
}

impl CpuBackend {
    /// The reference backend.
    pub fn new() -> Self {
        let threads = std::thread::available_parallelism()
            .map(|n| n.get() as u32)
            .ok();
        CpuBackend {
            info: DeviceInfo {
                name: "cpu".into(),
                backend: BackendKind::Cpu,
                api: "Rust, f64 accumulation".into(),
                device: "CPU reference".into(),
                device_type: DeviceType::Cpu,
                vendor_id: None,
                device_id: None,
                driver: format!("duet-core {}", env!("CARGO_PKG_VERSION")),
                memory_bytes: None,
                max_buffer_bytes: isize::MAX as u64,
                max_binding_bytes: isize::MAX as u64,
                max_workgroup_size: 1,
                max_workgroup_memory: 0,
                compute_units: threads,
                subgroup_size: None,
                timer: TimerKind::HostClock,
                pci_bus: None,
                uuid: None,
            },
            params: KernelParams::DEFAULT.with_automatic(crate::Automatic {
                logreg_max_groups: 264,
                logreg_full_groups: 264,
                logreg_rps: 1,
                row_pad: 2,
                row_pad_wide: 1,
                logreg_quad_pitch: 7,
                logreg_pipeline: 1,
                logreg_finish_cols: 32,
                logreg_finish_split: crate::params::NEVER_SPLIT,
                logreg_finish_lone: crate::params::FINISH_LONE_NEVER,
                rbf_lane_rows: 1,
                rbf_lane_wg_unaligned: 0,
                rbf_slice_fill: 64,
                rbf_sliced_wg: 256,
                rbf_sliced_unroll: 8,
                rbf_pivot_cols: crate::params::RBF_PIVOTS_ALWAYS,
            }),
            profiling: Mutex::new(None),
        }
    }

    fn timed<T>(&self, f: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let out = f();
        if let Ok(mut p) = self.profiling.lock()
            && let Some(total) = p.as_mut()
        {
            *total += start.elapsed();
        }
        out
    }
}

fn host_vec(v: &Vector) -> Result<&HostVec<f32>> {
    v.storage()
        .get::<HostVec<f32>>()
        .ok_or_else(|| Error::execution("cpu", "a vector handle not made by the cpu backend"))
}

fn read<T: Clone>(v: &HostVec<T>) -> Result<std::sync::RwLockReadGuard<'_, Vec<T>>> {
    v.0.read()
        .map_err(|_| Error::execution("cpu", "a vector lock was poisoned"))
}

fn write_all(v: &Vector, data: Vec<f32>) -> Result<()> {
    let h = host_vec(v)?;
    let mut guard =
        h.0.write()
            .map_err(|_| Error::execution("cpu", "a vector lock was poisoned"))?;
    *guard = data;
    Ok(())
}

fn host_matrix(x: &Matrix) -> Result<&[f32]> {
    x.storage()
        .get::<HostMatrix>()
        .map(|m| m.0.as_slice())
        .ok_or_else(|| Error::execution("cpu", "a matrix handle not made by the cpu backend"))
}

impl Backend for CpuBackend {
    fn info(&self) -> &DeviceInfo {
        &self.info
    }

    fn params(&self) -> &KernelParams {
        &self.params
    }

    fn upload_vector(&self, data: &[f32]) -> Result<Storage> {
        Ok(Storage::new(HostVec(RwLock::new(data.to_vec()))))
    }

    fn upload_mask(&self, flags: MaskData<'_>) -> Result<Storage> {
        Ok(Storage::new(HostVec(RwLock::new(flags.words()))))
    }

    fn upload_matrix(&self, host: HostRows<'_>, _: Layout) -> Result<Storage> {
        let data = match host.pick {
            None => host.data.to_vec(),
            Some(_) => (0..host.rows())
                .flat_map(|r| host.row(r))
                .copied()
                .collect(),
        };
        Ok(Storage::new(HostMatrix(data)))
    }

    fn alloc_matrix(&self, rows: usize, cols: usize, _: Layout) -> Result<Storage> {
        Ok(Storage::new(HostMatrix(vec![0.0; rows * cols])))
    }

    fn alloc_vector(&self, len: usize) -> Result<Storage> {
        Ok(Storage::new(HostVec(RwLock::new(vec![0.0f32; len]))))
    }

    fn write_vector(&self, v: &Vector, data: &[f32]) -> Result<()> {
        write_all(v, data.to_vec())
    }

    fn download_vector(&self, v: &Vector) -> Result<Vec<f32>> {
        Ok(read(host_vec(v)?)?.clone())
    }

    fn finish(&self) -> Result<()> {
        Ok(())
    }

    fn read_sum(&self, v: &Vector, _: &KernelParams) -> Result<f64> {
        let data = read(host_vec(v)?)?;
        Ok(self.timed(|| reference::sum(&data)))
    }

    fn arg_extreme(
        &self,
        v: &Vector,
        mask: Option<&Mask>,
        extreme: Extreme,
        _: &KernelParams,
    ) -> Result<Option<ArgExtreme>> {
        let data = read(host_vec(v)?)?;
        let words = match mask {
            Some(m) => {
                let h = m.storage().get::<HostVec<u32>>().ok_or_else(|| {
                    Error::execution("cpu", "a mask handle not made by the cpu backend")
                })?;
                Some((read(h)?, m.kind()))
            }
            None => None,
        };
        let mask = words.as_ref().map(|(w, k)| (w.as_slice(), *k));
        Ok(self.timed(|| reference::arg_extreme(&data, mask, extreme)))
    }

    /// Every rung computes the same on the CPU; `local_memory` for column-major matrices
    /// and the GPU backends' rule for row-major ones (so a CPU run reports the same names).
    fn default_rbf_variant(&self, layout: Layout, _rows: usize, cols: usize) -> RbfVariant {
        match layout {
            Layout::RowMajor => crate::ops::rbf::default_row_major_rung(cols),
            Layout::ColumnMajor => RbfVariant::LocalMemory,
        }
    }

    fn rbf_rows(
        &self,
        x: &Matrix,
        args: RbfArgs,
        _: RbfVariant,
        out_hi: &Vector,
        out_lo: &Vector,
        _: &KernelParams,
    ) -> Result<()> {
        let data = host_matrix(x)?;
        let r = self.timed(|| reference::rbf_rows(data, x.cols(), args.hi, args.lo, args.gamma));
        write_all(out_hi, r.k_hi.iter().map(|&k| k as f32).collect())?;
        write_all(out_lo, r.k_lo.iter().map(|&k| k as f32).collect())
    }

    fn logreg_gradient(
        &self,
        x: &Matrix,
        y: &Labels,
        w: &Vector,
        grad: &Vector,
        _: LogregStrategy,
        _: &KernelParams,
    ) -> Result<f64> {
        let data = host_matrix(x)?;
        let labels = read(host_vec(y.as_vector())?)?.clone();
        let w: Vec<f64> = read(host_vec(w)?)?.iter().map(|&v| v as f64).collect();
        let r = self.timed(|| reference::logreg_gradient(data, x.cols(), &labels, &w));
        write_all(grad, r.grad.iter().map(|&g| g as f32).collect())?;
        Ok(r.loglik)
    }

    fn logreg_train(
        &self,
        x: &Matrix,
        y: &Labels,
        w: &Vector,
        cfg: &TrainConfig,
        _: LogregStrategy,
        _: &KernelParams,
    ) -> Result<TrainTrace> {
        let data = host_matrix(x)?;
        let labels = read(host_vec(y.as_vector())?)?.clone();
        let w0 = read(host_vec(w)?)?.clone();
        let (w_final, loglik) =
            self.timed(|| reference::logreg_train(data, x.cols(), &labels, &w0, cfg));
        write_all(w, w_final.iter().map(|&v| v as f32).collect())?;
        Ok(TrainTrace { loglik })
    }

    fn run_on_host(&self, f: &mut dyn FnMut()) {
        self.timed(f);
    }

    fn set_profiling(&self, on: bool) {
        if let Ok(mut p) = self.profiling.lock() {
            *p = on.then_some(Duration::ZERO);
        }
    }

    fn take_gpu_time(&self) -> Option<Duration> {
        self.profiling
            .lock()
            .ok()
            .and_then(|mut p| p.as_mut().map(std::mem::take))
    }
}
