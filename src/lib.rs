//! # duet
//!
//! One set of ML compute kernels — logistic regression, SVM RBF kernel rows, arg-min/arg-max —
//! defined once behind [`Backend`] and implemented twice: WGSL compute shaders on wgpu and
//! OpenCL C kernels through opencl3, both checked against an f64 CPU reference.
//!
//! ```no_run
//! # fn main() -> duet::Result<()> {
//! let dev = duet::open("wgpu:0")?;            // or "opencl:0", "cpu"
//! let v = dev.upload(&[3.0, 1.0, 2.0])?;     // data stays on the device
//! let m = dev.argmin(&v)?;
//! assert_eq!((m.index, m.value), (1, 1.0));
//! # Ok(()) }
//! ```

pub use duet_conform as conform;
pub use duet_svm as svm;

pub mod bench;
mod first_use;
pub mod plot;
pub mod suite;
pub mod tuner;
pub use duet_core::*;

#[cfg(feature = "opencl")]
pub use duet_opencl;
#[cfg(feature = "wgpu")]
pub use duet_wgpu;

/// Every device duet can open, and the backends it could not use with the reason.
#[derive(Debug, Clone, serde::Serialize)]
pub struct DeviceList {
    /// Openable devices: `cpu` first, then `wgpu:N`, then `opencl:N`.
    pub devices: Vec<DeviceInfo>,
    /// Backends that found nothing usable, with why (`opencl: could not load libOpenCL …`).
    pub unavailable: Vec<(BackendKind, String)>,
}

impl DeviceList {
    /// Pairs `(wgpu device, OpenCL device)` that are the same physical GPU ([`same_gpu`]).
    pub fn pairs(&self) -> Vec<(&DeviceInfo, &DeviceInfo)> {
        let mut out = Vec::new();
        for a in self
            .devices
            .iter()
            .filter(|d| d.backend == BackendKind::Wgpu)
        {
            for b in self
                .devices
                .iter()
                .filter(|d| d.backend == BackendKind::OpenCl)
            {
                if same_gpu(a, b) {
                    out.push((a, b));
                }
            }
        }
        out
    }

    /// The device whose name is `name`.
    pub fn get(&self, name: &str) -> Option<&DeviceInfo> {
        self.devices.iter().find(|d| d.name == name)
    }
}

/// Lists every device of every backend compiled in.
pub fn devices() -> DeviceList {
    let mut devices = vec![CpuBackend::new().info().clone()];
    #[allow(unused_mut)]
    let mut unavailable = Vec::new();
    #[cfg(feature = "wgpu")]
    {
        let found = duet_wgpu::enumerate();
        if found.is_empty() {
            unavailable.push((
                BackendKind::Wgpu,
                "no adapter on any wgpu backend (Vulkan, GL, Metal, DX12); on Debian install \
                 mesa-vulkan-drivers for a software Vulkan device"
                    .to_string(),
            ));
        }
        devices.extend(found);
    }
    #[cfg(not(feature = "wgpu"))]
    unavailable.push((
        BackendKind::Wgpu,
        "built without the `wgpu` feature".to_string(),
    ));
    #[cfg(feature = "opencl")]
    match duet_opencl::enumerate() {
        Ok(found) if found.is_empty() => unavailable.push((
            BackendKind::OpenCl,
            "no OpenCL device on any platform".into(),
        )),
        Ok(found) => devices.extend(found),
        Err(e) => unavailable.push((BackendKind::OpenCl, reason(&e))),
    }
    #[cfg(not(feature = "opencl"))]
    unavailable.push((
        BackendKind::OpenCl,
        "built without the `opencl` feature".to_string(),
    ));
    DeviceList {
        devices,
        unavailable,
    }
}

fn reason(e: &Error) -> String {
    match e {
        Error::BackendUnavailable { reason, .. } => reason.clone(),
        other => other.to_string(),
    }
}

/// Whether a wgpu adapter and an OpenCL device are the same physical GPU: the same device UUID
/// where both report one, else the same PCI bus address where both report one, else the same
/// vendor and device name. Software devices (CPU type) never pair.
pub fn same_gpu(a: &DeviceInfo, b: &DeviceInfo) -> bool {
    if a.device_type == DeviceType::Cpu || b.device_type == DeviceType::Cpu {
        return false;
    }
    if let (Some(x), Some(y)) = (&a.uuid, &b.uuid) {
        return x == y;
    }
    if let (Some(x), Some(y)) = (&a.pci_bus, &b.pci_bus) {
        return x.eq_ignore_ascii_case(y);
    }
    a.vendor_id.is_some()
        && a.vendor_id == b.vendor_id
        && a.device.trim().eq_ignore_ascii_case(b.device.trim())
}

/// Opens a device by name (`cpu`, `wgpu:0`, `opencl:1`) with default options.
pub fn open(name: &str) -> Result<Device> {
    open_with(name, &OpenOptions::default())
}

/// Opens a device by name with `opts`.
pub fn open_with(name: &str, opts: &OpenOptions) -> Result<Device> {
    let (backend, index) = match name.split_once(':') {
        Some((b, i)) => {
            let index = i.parse::<usize>().map_err(|_| {
                Error::NoDevice(format!(
                    "`{name}`: the part after `:` must be a device index"
                ))
            })?;
            (b, Some(index))
        }
        None => (name, None),
    };
    // An unknown pinned parameter and an invalid DUET_TUNE are errors on every backend, before
    // anything is opened.
    for n in &opts.pinned {
        KernelParams::check_name(n)?;
    }
    let mode = match opts.tune {
        Some(m) => m,
        None => tune::TuneMode::from_env()?,
    };
    let budget = match (mode, opts.auto_budget) {
        (tune::TuneMode::Auto, None) => {
            tune::auto::budget_from_env()?.unwrap_or(tune::auto::DEFAULT_BUDGET)
        }
        (_, b) => b.unwrap_or(tune::auto::DEFAULT_BUDGET),
    };
    match (backend, index) {
        ("cpu", None | Some(0)) => Ok(Device::new(Box::new(CpuBackend::new()))),
        #[cfg(feature = "wgpu")]
        ("wgpu", i) => tuned(
            Box::new(duet_wgpu::open(i.unwrap_or(0), opts)?),
            mode,
            opts,
            budget,
        ),
        #[cfg(feature = "opencl")]
        ("opencl", i) => tuned(
            Box::new(duet_opencl::open(i.unwrap_or(0), opts)?),
            mode,
            opts,
            budget,
        ),
        _ => Err(Error::NoDevice(format!(
            "`{name}`: expected cpu, wgpu:N or opencl:N (see `duet devices`)"
        ))),
    }
}

/// `backend` as a [`Device`] with the tuned choices for it in `mode`: the cache file in
/// `opts.cache_dir` (else [`tune::cache::cache_dir`]) and the built-in database, and with
/// `auto`, the first-use tuner with `budget` per bucket. A cache file that cannot be used is
/// reported on stderr once per process and ignored, as are entries that would change a
/// parameter of `opts.pinned` (an unknown name there is an error).
#[cfg(any(feature = "wgpu", feature = "opencl"))]
fn tuned(
    backend: Box<dyn Backend>,
    mode: tune::TuneMode,
    opts: &OpenOptions,
    budget: std::time::Duration,
) -> Result<Device> {
    let dir = opts.cache_dir.clone().or_else(tune::cache::cache_dir);
    let key = tune::DeviceKey::of(backend.info());
    let mut tuning = tune::Tuning::load(&key, mode, dir.as_deref(), &|stem| {
        backend.kernel_source(stem)
    });
    tuning.pin(&opts.pinned)?;
    let name = backend.info().name.clone();
    let mut dev = Device::with_tuning(backend, tuning);
    for w in dev.tuning().warnings() {
        report_once(w);
    }
    if let Some((n, names)) = dev.tuning().overruled() {
        print_once(&format!(
            "duet: {name}: {n} tuned entr{} not used: {} would change {}, which the caller set",
            if n == 1 { "y is" } else { "ies are" },
            if n == 1 { "it" } else { "they" },
            names.join(", ")
        ));
    }
    if mode == tune::TuneMode::Auto {
        dev = dev.with_auto_tune(Box::new(first_use::FirstUse::new(
            &name, opts, key, dir, budget,
        )));
    }
    Ok(dev)
}

/// Prints `warning` on stderr unless this process printed it before.
fn report_once(warning: &str) {
    print_once(&format!(
        "duet: warning: {warning} (using the built-in parameters)"
    ));
}

/// Prints `line` on stderr unless this process printed it before.
fn print_once(line: &str) {
    static SEEN: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    if !seen.iter().any(|s| s == line) {
        eprintln!("{line}");
        seen.push(line.to_string());
    }
}

/// The README's code examples, compiled by `cargo test --doc`.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
