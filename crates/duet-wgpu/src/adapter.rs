//! Finding adapters and describing them.

use std::sync::OnceLock;

use duet_core::{BackendKind, DeviceInfo, DeviceType, TimerKind};

/// The process-wide wgpu instance: adapters keep their `wgpu:N` index for the whole run.
pub(crate) fn instance() -> &'static wgpu::Instance {
    static INSTANCE: OnceLock<wgpu::Instance> = OnceLock::new();
    INSTANCE.get_or_init(|| {
        let mut desc = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
        if std::env::var_os("WGPU_BACKEND").is_none() {
            desc.backends = wgpu::Backends::all();
        }
        wgpu::Instance::new(desc)
    })
}

/// Every adapter on every wgpu backend, in a stable order.
pub(crate) fn adapters() -> &'static [wgpu::Adapter] {
    static ADAPTERS: OnceLock<Vec<wgpu::Adapter>> = OnceLock::new();
    ADAPTERS.get_or_init(|| {
        let mut list = pollster::block_on(instance().enumerate_adapters(wgpu::Backends::all()));
        // The noop backend is for wgpu's own tests, not a device.
        list.retain(|a| a.get_info().backend != wgpu::Backend::Noop);
        list
    })
}

fn device_type(t: wgpu::DeviceType) -> DeviceType {
    match t {
        wgpu::DeviceType::DiscreteGpu => DeviceType::DiscreteGpu,
        wgpu::DeviceType::IntegratedGpu => DeviceType::IntegratedGpu,
        wgpu::DeviceType::VirtualGpu => DeviceType::VirtualGpu,
        wgpu::DeviceType::Cpu => DeviceType::Cpu,
        wgpu::DeviceType::Other => DeviceType::Other,
    }
}

/// What Vulkan says beyond wgpu's adapter info.
#[derive(Default)]
struct VulkanExtras {
    api_version: Option<String>,
    memory: Option<u64>,
    uuid: Option<String>,
}

#[cfg(any(target_os = "linux", target_os = "windows", target_os = "android"))]
fn vulkan_extras(adapter: &wgpu::Adapter) -> VulkanExtras {
    use ash::vk;
    // SAFETY: the hal adapter is only read, and only while `adapter` is alive.
    let Some(hal) = (unsafe { adapter.as_hal::<wgpu::hal::api::Vulkan>() }) else {
        return VulkanExtras::default();
    };
    let instance = hal.shared_instance().raw_instance();
    let pd = hal.raw_physical_device();
    // SAFETY: `pd` belongs to `instance`; the calls only fill the structures passed.
    let (props, mem) = unsafe {
        (
            instance.get_physical_device_properties(pd),
            instance.get_physical_device_memory_properties(pd),
        )
    };
    let heaps = &mem.memory_heaps[..mem.memory_heap_count as usize];
    let memory = heaps
        .iter()
        .filter(|h| h.flags.contains(vk::MemoryHeapFlags::DEVICE_LOCAL))
        .map(|h| h.size)
        .max();
    let mut uuid = None;
    if props.api_version >= vk::API_VERSION_1_1 {
        let mut id = vk::PhysicalDeviceIDProperties::default();
        let mut p2 = vk::PhysicalDeviceProperties2::default().push_next(&mut id);
        // SAFETY: as above; Vulkan 1.1 guarantees vkGetPhysicalDeviceProperties2.
        unsafe { instance.get_physical_device_properties2(pd, &mut p2) };
        uuid = Some(id.device_uuid.iter().map(|b| format!("{b:02x}")).collect());
    }
    let v = props.api_version;
    VulkanExtras {
        api_version: Some(format!(
            "{}.{}.{}",
            vk::api_version_major(v),
            vk::api_version_minor(v),
            vk::api_version_patch(v)
        )),
        memory,
        uuid,
    }
}

#[cfg(not(any(target_os = "linux", target_os = "windows", target_os = "android")))]
fn vulkan_extras(_: &wgpu::Adapter) -> VulkanExtras {
    VulkanExtras::default()
}

/// The info `duet devices` shows for adapter `index`.
pub(crate) fn describe(index: usize, adapter: &wgpu::Adapter) -> DeviceInfo {
    let info = adapter.get_info();
    let limits = adapter.limits();
    let features = adapter.features();
    let extras = if info.backend == wgpu::Backend::Vulkan {
        vulkan_extras(adapter)
    } else {
        VulkanExtras::default()
    };
    let api = match (&info.backend, &extras.api_version) {
        (wgpu::Backend::Vulkan, Some(v)) => format!("Vulkan {v}"),
        (b, _) => format!("{b:?}"),
    };
    let driver = [info.driver.as_str(), info.driver_info.as_str()]
        .iter()
        .filter(|s| !s.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    DeviceInfo {
        name: format!("wgpu:{index}"),
        backend: BackendKind::Wgpu,
        api,
        device: info.name.clone(),
        device_type: device_type(info.device_type),
        vendor_id: (info.vendor != 0).then_some(info.vendor),
        device_id: (info.device != 0).then_some(info.device),
        driver,
        memory_bytes: extras.memory,
        max_buffer_bytes: limits.max_buffer_size,
        max_binding_bytes: limits
            .max_storage_buffer_binding_size
            .min(limits.max_buffer_size),
        max_workgroup_size: limits.max_compute_invocations_per_workgroup,
        max_workgroup_memory: limits.max_compute_workgroup_storage_size as u64,
        compute_units: None,
        subgroup_size: features
            .contains(wgpu::Features::SUBGROUP)
            .then_some((info.subgroup_min_size, info.subgroup_max_size)),
        timer: if features.contains(wgpu::Features::TIMESTAMP_QUERY) {
            TimerKind::Timestamps
        } else {
            TimerKind::HostClock
        },
        pci_bus: (!info.device_pci_bus_id.is_empty()).then(|| info.device_pci_bus_id.clone()),
        uuid: extras.uuid,
    }
}

/// Every wgpu adapter's info, or why there is none.
pub fn enumerate() -> Vec<DeviceInfo> {
    adapters()
        .iter()
        .enumerate()
        .map(|(i, a)| describe(i, a))
        .collect()
}
