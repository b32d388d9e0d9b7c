//! The backend trait: what a device must do to run duet's ops, and what it says about itself.
//!
//! [`Backend`] is object-safe: the CLI and the tests pick backends at run time and hold them as
//! `Box<dyn Backend>` inside a [`Device`](crate::Device), which validates every call once, for
//! all backends, before the backend sees it. A backend may therefore assume its arguments are
//! valid (lengths agree, indices in range, handles its own), but it must still turn every driver
//! failure into an [`Error`](crate::Error).

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::handle::{Labels, Layout, Mask, MaskData, Matrix, Storage, Vector};
use crate::ops::argext::{ArgExtreme, Extreme};
use crate::ops::logreg::{LogregStrategy, TrainConfig, TrainTrace};
use crate::ops::rbf::{RbfArgs, RbfVariant};
use crate::params::KernelParams;

/// The three kinds of backend.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum BackendKind {
    /// The f64 CPU reference.
    Cpu,
    /// WGSL through wgpu.
    Wgpu,
    /// OpenCL C through opencl3.
    OpenCl,
}

impl BackendKind {
    /// `cpu`, `wgpu` or `opencl`: the prefix of device names.
    pub fn prefix(self) -> &'static str {
        match self {
            BackendKind::Cpu => "cpu",
            BackendKind::Wgpu => "wgpu",
            BackendKind::OpenCl => "opencl",
        }
    }
}

impl fmt::Display for BackendKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.prefix())
    }
}

/// What kind of processor a device is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeviceType {
    /// A discrete GPU.
    DiscreteGpu,
    /// A GPU sharing memory with the CPU.
    IntegratedGpu,
    /// A virtual GPU.
    VirtualGpu,
    /// A CPU (software rasterizers such as llvmpipe, PoCL, the reference).
    Cpu,
    /// Anything else.
    Other,
}

impl fmt::Display for DeviceType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DeviceType::DiscreteGpu => "discrete GPU",
            DeviceType::IntegratedGpu => "integrated GPU",
            DeviceType::VirtualGpu => "virtual GPU",
            DeviceType::Cpu => "CPU",
            DeviceType::Other => "other",
        })
    }
}

/// How a backend measures the time its ops take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TimerKind {
    /// GPU timestamps written around the op's dispatches (wgpu timestamp queries).
    Timestamps,
    /// The start and end of the op's first and last command (OpenCL profiling events).
    ProfilingEvents,
    /// The host's monotonic clock around the computation (CPU reference, or a GPU without
    /// timestamps: then it includes submission and synchronisation).
    HostClock,
}

impl fmt::Display for TimerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TimerKind::Timestamps => "gpu-timestamps",
            TimerKind::ProfilingEvents => "cl-profiling-events",
            TimerKind::HostClock => "host-clock",
        })
    }
}

/// What a device is and what it allows; `duet devices` prints this.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeviceInfo {
    /// The name to open it by: `cpu`, `wgpu:0`, `opencl:1`.
    pub name: String,
    /// Which backend drives it.
    pub backend: BackendKind,
    /// The API under the backend, with version (`Vulkan 1.3.230`, `Gl`, `OpenCL 3.0 PoCL 3.1`).
    pub api: String,
    /// The device's own name (`NVIDIA H100 80GB HBM3`, `llvmpipe (LLVM 15.0.6, 256 bits)`).
    pub device: String,
    /// Processor kind.
    pub device_type: DeviceType,
    /// PCI vendor id where the API reports one.
    pub vendor_id: Option<u32>,
    /// PCI device id where the API reports one (wgpu does; OpenCL has no portable query).
    #[serde(default)]
    pub device_id: Option<u32>,
    /// Driver name and version.
    pub driver: String,
    /// Device memory in bytes, where known.
    pub memory_bytes: Option<u64>,
    /// Largest single buffer, bytes.
    pub max_buffer_bytes: u64,
    /// Largest range one kernel binding (argument) may cover, bytes; data larger than this is
    /// split over several bindings.
    pub max_binding_bytes: u64,
    /// Largest workgroup (work-items).
    pub max_workgroup_size: u32,
    /// Workgroup (local) memory per workgroup, bytes.
    pub max_workgroup_memory: u64,
    /// Compute units (SMs, CUs, cores), where known.
    pub compute_units: Option<u32>,
    /// Subgroup (warp, wavefront, SIMD) size range, where known.
    pub subgroup_size: Option<(u32, u32)>,
    /// Whether GPU-side timing is available ([`TimerKind`]).
    pub timer: TimerKind,
    /// PCI bus address (`0000:01:00.0`), where known.
    pub pci_bus: Option<String>,
    /// Device UUID (hex), where known: the surest way to match one GPU across APIs.
    pub uuid: Option<String>,
}

/// A compute device that runs duet's ops on device-resident data.
///
/// Implementors: [`CpuBackend`](crate::cpu::CpuBackend) (the reference), `duet_wgpu::WgpuBackend`
/// and `duet_opencl::OpenClBackend`. Callers use [`Device`](crate::Device), which validates.
///
/// Ops are asynchronous where the API allows: an op that returns no host value may return once
/// its work is queued; [`Backend::download_vector`] and [`Backend::finish`] wait for it.
pub trait Backend: Send + Sync {
    /// What the device is.
    fn info(&self) -> &DeviceInfo;
    /// The kernel parameters this backend was opened with.
    fn params(&self) -> &KernelParams;

    /// Copies host data into a new device vector.
    fn upload_vector(&self, data: &[f32]) -> Result<Storage>;
    /// Copies mask flags into device memory (raw 32-bit words).
    fn upload_mask(&self, flags: MaskData<'_>) -> Result<Storage>;
    /// Copies a host matrix (its rows: all of a row-major array, or those it picks) into
    /// device memory in `layout`.
    fn upload_matrix(&self, host: crate::chunk::HostRows<'_>, layout: Layout) -> Result<Storage>;
    /// A new device matrix in `layout`, split into blocks as
    /// [`plan_matrix`](crate::chunk::plan_matrix) splits it, whose contents are undefined
    /// until kernels write every element of every block (padding included): the output of
    /// [`Device::gather_matrix`](crate::Device::gather_matrix).
    fn alloc_matrix(&self, rows: usize, cols: usize, layout: Layout) -> Result<Storage>;
    /// A new device vector of zeros.
    fn alloc_vector(&self, len: usize) -> Result<Storage>;
    /// Overwrites a device vector with host data of the same length.
    fn write_vector(&self, v: &Vector, data: &[f32]) -> Result<()>;
    /// Copies a device vector to the host, after all queued work that writes it.
    fn download_vector(&self, v: &Vector) -> Result<Vec<f32>>;
    /// Waits until all queued work is done.
    fn finish(&self) -> Result<()>;

    /// The read kernel: Σ v, see [`ops::read`](crate::ops::read).
    ///
    /// Every op takes the parameter table `p` it plans and builds its kernels with: the
    /// device's own table ([`Backend::params`]) or a tuned one for the call's shape
    /// ([`crate::tune`]); a table that differs from the device's gets kernels of its own.
    fn read_sum(&self, v: &Vector, p: &KernelParams) -> Result<f64>;
    /// Arg-min or arg-max, optionally masked, see [`ops::argext`](crate::ops::argext).
    /// `None` only when a mask selects nothing.
    fn arg_extreme(
        &self,
        v: &Vector,
        mask: Option<&Mask>,
        extreme: Extreme,
        p: &KernelParams,
    ) -> Result<Option<ArgExtreme>>;
    /// The RBF rung this backend runs when the caller names none, for a `rows × cols` matrix
    /// in `layout`: backend policy (the fastest rung measured on its devices over the shape
    /// sweep), to be replaced by a tuned choice. It must read `layout`.
    fn default_rbf_variant(&self, layout: Layout, rows: usize, cols: usize) -> RbfVariant;
    /// RBF kernel rows into `out_hi` and `out_lo`, see [`ops::rbf`](crate::ops::rbf).
    fn rbf_rows(
        &self,
        x: &Matrix,
        args: RbfArgs,
        variant: RbfVariant,
        out_hi: &Vector,
        out_lo: &Vector,
        p: &KernelParams,
    ) -> Result<()>;
    /// The logistic-regression gradient into `grad`; returns the log-likelihood, see
    /// [`ops::logreg`](crate::ops::logreg).
    fn logreg_gradient(
        &self,
        x: &Matrix,
        y: &Labels,
        w: &Vector,
        grad: &Vector,
        strategy: LogregStrategy,
        p: &KernelParams,
    ) -> Result<f64>;
    /// Gradient ascent on the device, updating `w` in place.
    fn logreg_train(
        &self,
        x: &Matrix,
        y: &Labels,
        w: &Vector,
        cfg: &TrainConfig,
        strategy: LogregStrategy,
        p: &KernelParams,
    ) -> Result<TrainTrace>;

    /// Runs a kernel plan of the generic launch path ([`launch`](crate::launch)): each launch
    /// bound and dispatched in order, in one submission with no host wait between them, queued
    /// (like the other ops that return nothing; [`Backend::download_vector`] and
    /// [`Backend::finish`] wait). The arguments were validated by the op's `Device` method.
    /// A backend without kernels (the CPU reference, which runs such ops directly) returns an
    /// execution error.
    fn run_plan(&self, op: &str, launches: &[crate::launch::KernelLaunch<'_>]) -> Result<()> {
        let _ = launches;
        Err(crate::Error::execution(
            op,
            format!("{} runs no kernel plans", self.info().name),
        ))
    }

    /// Builds `builds` (each distinct one once; those built before are skipped) so that the
    /// first plan that launches them does not wait for the driver's compiler: an op calls it
    /// on another thread while it uploads its data, so the builds and the upload overlap.
    /// Safe to call from several threads; a build that fails returns the error its first
    /// launch would. A backend without kernels builds nothing.
    fn prepare(&self, builds: &[crate::launch::KernelBuild]) -> Result<()> {
        let _ = builds;
        Ok(())
    }

    /// Runs `f`, the host computation of an op that the CPU reference runs directly (an op of
    /// the generic launch path), counted in the op time [`Backend::take_gpu_time`] reports, as
    /// the backend's own ops are. Backends with a device of their own just run it.
    fn run_on_host(&self, f: &mut dyn FnMut()) {
        f();
    }

    /// The kernel source of the file `stem` (`read`, `rbf`, …) this backend builds, for the
    /// tuning cache's keys; `None` for a backend without kernels (the CPU reference).
    fn kernel_source(&self, stem: &str) -> Option<&'static str> {
        let _ = stem;
        None
    }

    /// How [`Backend::take_gpu_time`] measures.
    fn timer(&self) -> TimerKind {
        self.info().timer
    }
    /// Turns timing of every op on or off (off by default: timing may synchronise).
    fn set_profiling(&self, on: bool);
    /// The device time spent in ops since the last call, when profiling is on.
    fn take_gpu_time(&self) -> Option<Duration>;
    /// Turns the host-phase trace of op calls on or off (see [`crate::phases`]); a backend
    /// without phases ignores it.
    fn set_phase_trace(&self, on: bool) {
        let _ = on;
    }
    /// The host time per phase of the op calls since the last take (empty when the trace is
    /// off or the backend has no phases).
    fn take_phases(&self) -> Vec<(&'static str, Duration)> {
        Vec::new()
    }
}

/// How long the wgpu backend polls for an op's result before it blocks, unless
/// [`OpenOptions::spin_wait`] says otherwise: on the H100, a blocking wait through Vulkan
/// returned about 25 µs later than polling did, more than a small op runs (BENCHMARKS.md,
/// small calls). A call that takes longer than this then blocks, so at most this much CPU time
/// is spent polling per call. Software adapters (llvmpipe) never poll: they need the host's
/// cores. OpenCL always blocks: polling an event's status made NVIDIA's OpenCL calls 10–45 µs
/// slower than a blocking read.
pub const SPIN_WAIT: Duration = Duration::from_millis(2);

/// The most [`OpenOptions::spin_wait`] (and `DUET_SPIN_US`) may ask for.
pub const MAX_SPIN_WAIT: Duration = Duration::from_millis(100);

/// The most bytes one binding covers on any device, whatever the device allows (NVIDIA's
/// OpenCL lets one buffer hold a quarter of the GPU's memory, 35 GiB on an H200): the kernels
/// index a binding with 32-bit element indices and step through it by grid strides of up to
/// 2²⁸ elements (65 535 workgroups of 1 024 work-items, 4 rows each), so a binding of at most
/// 2³¹ floats keeps every index and every step below 2³². Larger data is split over several
/// bindings, as on devices with smaller limits.
pub const MAX_BINDING_BYTES: u64 = 1 << 33;

/// How to open a device.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OpenOptions {
    /// Cap on the bytes one binding may cover (below the device's own limit): lets tests
    /// exercise the split-over-several-bindings paths with small data. `None`: the device's.
    pub max_binding_bytes: Option<u64>,
    /// Build WGSL with naga's runtime checks (bounds clamps, loop bounding). Off: kernels are
    /// trusted, as the hot path wants; the conformance tests run both ways.
    pub checked_shaders: bool,
    /// The kernel parameters.
    pub params: KernelParams,
    /// Parameters of `params` the caller chose (field names, e.g. `logreg_rps`): a tuned entry
    /// that would give one of them another value is not used, and calls in its shape bucket run
    /// with `params` ([`Tuning::pin`](crate::tune::Tuning::pin)). Empty: tuned entries replace
    /// any parameter they set. `duet bench|conform|train --param` pins what it sets.
    pub pinned: Vec<String>,
    /// Whether calls use tuned parameters ([`crate::tune`]). `None`: what `DUET_TUNE` says
    /// (unset: [`TuneMode::Cached`](crate::tune::TuneMode::Cached)).
    pub tune: Option<crate::tune::TuneMode>,
    /// The directory of the tuning cache. `None`: [`crate::tune::cache::cache_dir`]
    /// (`DUET_CACHE_DIR`, else `$XDG_CACHE_HOME/duet`, else `~/.cache/duet`).
    pub cache_dir: Option<std::path::PathBuf>,
    /// Whether compiled kernels (OpenCL program binaries, wgpu's pipeline cache) are kept in
    /// `kernels/` under the cache directory and reused by later processes. `None`: yes, unless
    /// `DUET_KERNEL_CACHE=off`, except OpenCL CPU devices (PoCL keeps its own kernel cache);
    /// `Some(true)`: on those too.
    pub kernel_cache: Option<bool>,
    /// With `DUET_TUNE=auto`: the time one bucket's tuning may take. `None`: what
    /// `DUET_TUNE_BUDGET` says (seconds), else [`crate::tune::auto::DEFAULT_BUDGET`].
    pub auto_budget: Option<std::time::Duration>,
    /// How long wgpu polls for an op's result before blocking, on a hardware adapter (at most
    /// [`MAX_SPIN_WAIT`]; zero: always block). `None`: what `DUET_SPIN_US` says
    /// (microseconds), else [`SPIN_WAIT`]. Software adapters never poll; OpenCL always blocks.
    pub spin_wait: Option<Duration>,
}

impl Default for OpenOptions {
    fn default() -> Self {
        OpenOptions {
            max_binding_bytes: None,
            checked_shaders: false,
            params: KernelParams::DEFAULT,
            pinned: Vec::new(),
            tune: None,
            cache_dir: None,
            kernel_cache: None,
            auto_budget: None,
            spin_wait: None,
        }
    }
}

impl OpenOptions {
    /// Where compiled kernels are kept: `kernels/` of the cache directory (`cache_dir`, else
    /// [`crate::tune::cache::cache_dir`]), or `None` when the kernel cache is off or there is
    /// no cache directory.
    pub fn kernel_cache_dir(&self) -> Option<std::path::PathBuf> {
        let on = self.kernel_cache.unwrap_or_else(|| {
            std::env::var("DUET_KERNEL_CACHE").map_or(true, |v| v.trim() != "off")
        });
        if !on {
            return None;
        }
        self.cache_dir
            .clone()
            .or_else(crate::tune::cache::cache_dir)
    }

    /// How long a device polls for results before blocking (see [`OpenOptions::spin_wait`]):
    /// zero for a software device; an error names a bad `DUET_SPIN_US` or a `spin_wait` above
    /// [`MAX_SPIN_WAIT`].
    pub fn spin_wait(&self, software: bool) -> Result<Duration> {
        let spin = match self.spin_wait {
            Some(d) => d,
            None => match std::env::var("DUET_SPIN_US") {
                Err(_) => SPIN_WAIT,
                Ok(v) => parse_spin_us(&v)?,
            },
        };
        if spin > MAX_SPIN_WAIT {
            return Err(crate::Error::invalid(
                "spin_wait",
                format!("{spin:?}"),
                format!("at most {MAX_SPIN_WAIT:?}"),
            ));
        }
        Ok(if software { Duration::ZERO } else { spin })
    }

    /// The binding cap in effect on a device whose own limit is `device_limit`: the smallest of
    /// the two and [`MAX_BINDING_BYTES`], rounded down to a multiple of 256 bytes.
    pub fn binding_cap(&self, device_limit: u64) -> u64 {
        let cap = self
            .max_binding_bytes
            .map_or(device_limit, |c| c.min(device_limit))
            .min(MAX_BINDING_BYTES);
        cap / 256 * 256
    }
}

/// Parses `DUET_SPIN_US`: whole microseconds, 0 to [`MAX_SPIN_WAIT`].
fn parse_spin_us(v: &str) -> Result<Duration> {
    match v.trim().parse::<u64>() {
        Ok(us) if Duration::from_micros(us) <= MAX_SPIN_WAIT => Ok(Duration::from_micros(us)),
        _ => Err(crate::Error::invalid(
            "DUET_SPIN_US",
            v,
            format!(
                "expected whole microseconds from 0 to {}",
                MAX_SPIN_WAIT.as_micros()
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spin_wait_is_bounded_and_zero_on_software() {
        let opts = |d| OpenOptions {
            spin_wait: Some(d),
            ..Default::default()
        };
        let us = Duration::from_micros;
        assert_eq!(opts(us(500)).spin_wait(false).ok(), Some(us(500)));
        assert_eq!(opts(us(500)).spin_wait(true).ok(), Some(Duration::ZERO));
        let err = opts(MAX_SPIN_WAIT + us(1)).spin_wait(false).unwrap_err();
        assert!(err.to_string().contains("spin_wait"), "{err}");
        assert_eq!(parse_spin_us(" 0 ").ok(), Some(Duration::ZERO));
        assert_eq!(parse_spin_us("2000").ok(), Some(us(2000)));
        for bad in ["-1", "1.5", "fast", "100001"] {
            let err = parse_spin_us(bad).unwrap_err().to_string();
            assert!(err.contains("DUET_SPIN_US") && err.contains(bad), "{err}");
        }
    }

    /// A binding never covers more than 2³¹ floats, however much the device allows; a smaller
    /// cap of the caller's or the device's wins, rounded down to 256 bytes.
    #[test]
    fn bindings_stay_within_32_bit_indices() {
        let none = OpenOptions::default();
        assert_eq!(none.binding_cap(35 << 30), MAX_BINDING_BYTES);
        const { assert!(MAX_BINDING_BYTES / 4 + 4 * 65_535 * 1_024 < 1 << 32) };
        assert_eq!(none.binding_cap(2 << 30), 2 << 30);
        assert_eq!(none.binding_cap(1_000), 768);
        let capped = OpenOptions {
            max_binding_bytes: Some(1 << 20),
            ..Default::default()
        };
        assert_eq!(capped.binding_cap(35 << 30), 1 << 20);
    }
}
