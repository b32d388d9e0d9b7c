//! Finding OpenCL devices (libOpenCL is loaded at run time) and describing them.

use duet_core::{BackendKind, DeviceInfo, DeviceType, Error, Result, TimerKind};
use opencl3::device::{CL_DEVICE_TYPE_ALL, CL_DEVICE_TYPE_CPU, CL_DEVICE_TYPE_GPU, Device};
use opencl3::platform::get_platforms;
use std::sync::Mutex;

/// Why OpenCL cannot be used here, or `None` when the library loads.
pub fn unavailable_reason() -> Option<String> {
    match cl3::load_library() {
        Ok(_) => None,
        Err(e) => Some(format!(
            "could not load libOpenCL ({e}); install an ICD loader and a driver \
             (Debian: ocl-icd-libopencl1 and e.g. pocl-opencl-icd) or set OPENCL_DYLIB_PATH"
        )),
    }
}

fn unavailable(reason: String) -> Error {
    Error::BackendUnavailable {
        backend: "opencl".into(),
        reason,
    }
}

/// A device with its platform's name and version.
pub(crate) struct Found {
    pub device: Device,
    pub platform: String,
}

/// Serialises enumeration: the ICD loader's first-call initialisation (and PoCL's device
/// initialisation behind it) is not safe to enter from two threads at once; seen as a thread
/// that finds a platform but no device while another enumerates.
static ENUMERATION: Mutex<()> = Mutex::new(());

/// `CL_DEVICE_NOT_FOUND`: what a platform with no device of the asked type answers.
const CL_DEVICE_NOT_FOUND: i32 = -1;

/// Every device of every platform, in a stable order (the `N` of `opencl:N`). A platform whose
/// device query fails (other than having no device) makes the whole answer an error naming it,
/// so that the numbering of the others never shifts silently.
pub(crate) fn devices() -> Result<Vec<Found>> {
    if let Some(reason) = unavailable_reason() {
        return Err(unavailable(reason));
    }
    let _serial = ENUMERATION
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let platforms = get_platforms().map_err(|e| unavailable(format!("clGetPlatformIDs: {e}")))?;
    if platforms.is_empty() {
        return Err(unavailable(
            "libOpenCL loaded but no platform (ICD) is installed".into(),
        ));
    }
    let mut out = Vec::new();
    for p in platforms {
        let name = p.name().unwrap_or_else(|_| "unknown platform".into());
        let version = p.version().unwrap_or_default();
        let ids = match p.get_devices(CL_DEVICE_TYPE_ALL) {
            Ok(ids) => ids,
            Err(e) if e.0 == CL_DEVICE_NOT_FOUND => Vec::new(),
            Err(e) => {
                return Err(unavailable(format!(
                    "clGetDeviceIDs on platform `{name}`: {e}"
                )));
            }
        };
        for id in ids {
            out.push(Found {
                device: Device::new(id),
                platform: format!("{version} {name}").trim().to_string(),
            });
        }
    }
    Ok(out)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The info `duet devices` shows for device `index`.
pub(crate) fn describe(index: usize, found: &Found) -> DeviceInfo {
    let d = &found.device;
    let ty = d.dev_type().unwrap_or(0);
    let device_type = if ty & CL_DEVICE_TYPE_GPU != 0 {
        if d.host_unified_memory().unwrap_or(false) {
            DeviceType::IntegratedGpu
        } else {
            DeviceType::DiscreteGpu
        }
    } else if ty & CL_DEVICE_TYPE_CPU != 0 {
        DeviceType::Cpu
    } else {
        // Accelerators and custom devices.
        DeviceType::Other
    };
    let extensions = d.extensions().unwrap_or_default();
    let has = |ext: &str| extensions.split_whitespace().any(|e| e == ext);
    let pci_bus = if has("cl_khr_pci_bus_info") {
        d.pcibusinfokhr_intel().ok().map(|p| {
            format!(
                "{:04x}:{:02x}:{:02x}.{:x}",
                p.pci_domain, p.pci_bus, p.pci_device, p.pci_function
            )
        })
    } else if has("cl_nv_device_attribute_query") {
        match (d.pci_bus_id_nv(), d.pci_slot_id_nv()) {
            (Ok(bus), Ok(slot)) => Some(format!("0000:{bus:02x}:{:02x}.{:x}", slot >> 3, slot & 7)),
            _ => None,
        }
    } else {
        None
    };
    let subgroup = if has("cl_nv_device_attribute_query") {
        d.wrap_size_nv().ok().map(|w| (w, w))
    } else {
        None
    };
    let uuid = if has("cl_khr_device_uuid") {
        d.uuid_khr().ok().map(|u| hex(&u))
    } else {
        None
    };
    let max_alloc = d.max_mem_alloc_size().unwrap_or(0);
    DeviceInfo {
        name: format!("opencl:{index}"),
        backend: BackendKind::OpenCl,
        api: found.platform.clone(),
        device: d.name().unwrap_or_default().trim().to_string(),
        device_type,
        vendor_id: d.vendor_id().ok().filter(|&v| v != 0),
        device_id: None,
        driver: format!(
            "{} {}",
            d.vendor().unwrap_or_default().trim(),
            d.driver_version().unwrap_or_default().trim()
        ),
        memory_bytes: d.global_mem_size().ok(),
        max_buffer_bytes: max_alloc,
        max_binding_bytes: max_alloc,
        max_workgroup_size: d.max_work_group_size().unwrap_or(1) as u32,
        max_workgroup_memory: d.local_mem_size().unwrap_or(0),
        compute_units: d.max_compute_units().ok(),
        subgroup_size: subgroup,
        timer: TimerKind::ProfilingEvents,
        pci_bus,
        uuid,
    }
}

/// Every OpenCL device's info, or why OpenCL cannot be used.
pub fn enumerate() -> Result<Vec<DeviceInfo>> {
    Ok(devices()?
        .iter()
        .enumerate()
        .map(|(i, f)| describe(i, f))
        .collect())
}
