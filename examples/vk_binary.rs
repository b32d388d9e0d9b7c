//! The wgpu twin of `cl_binary`: what a Vulkan driver compiled from one of duet's WGSL entry
//! points, to read how a kernel was compiled (registers, local memory, spills, unrolling). The
//! SPIR-V is made as wgpu makes it for duet's pipelines (naga, the override constants of the
//! parameter table and `NAME=VALUE` on top, no bounds checks, no loop bounding, no
//! integer-division checks, no workgroup-memory zeroing) and written to stdout; the driver's
//! statistics and internal representations (`VK_KHR_pipeline_executable_properties`, where the
//! driver has it) go to stderr:
//!
//! ```text
//! cargo run --release --example vk_binary -- vk:0 logreg logreg_partial_reg \
//!     LOGREG_K=13,LOGREG_PITCH=13,LOGREG_LANES=1,LOGREG_RPS=2 > logreg.spv
//! ```
//!
//! With `DUET_VK_CACHE=FILE` the pipeline is built through a pipeline cache and the cache's data
//! (`vkGetPipelineCacheData`: a driver's own format, which may hold the machine code it built)
//! is written to FILE.
//!
//! STEM may be a path ending in `.wgsl` (a variant of a shader file, to compare what the driver
//! makes of each). `vk:N` is the N-th physical device in Vulkan's own order (named on stderr). `#if subgroups`
//! blocks are kept where the device has subgroup shuffles in compute shaders.

#[path = "common/constants.rs"]
mod constants;

use std::error::Error;
use std::ffi::{CStr, CString};
use std::io::Write;

use ash::vk;

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [device, stem, entry_point, rest @ ..] = args.as_slice() else {
        return Err("usage: vk_binary vk:N STEM ENTRY [NAME=VALUE,...]".into());
    };
    let index: usize = device
        .strip_prefix("vk:")
        .ok_or("the device must be vk:N")?
        .parse()?;
    // A path ending in .wgsl: that file instead of the compiled-in shader (a variant to compare).
    let owned;
    let source = if stem.ends_with(".wgsl") {
        owned = std::fs::read_to_string(stem).map_err(|e| format!("{stem}: {e}"))?;
        owned.as_str()
    } else {
        duet::duet_wgpu::shaders::source(stem).ok_or("no such shader file")?
    };
    let extra = constants::parse(rest)?;

    // SAFETY: loading the Vulkan loader runs its initialisation; nothing else is in flight.
    let entry = unsafe { ash::Entry::load()? };
    let app = vk::ApplicationInfo::default().api_version(vk::API_VERSION_1_3);
    // SAFETY: a plain instance, no layers or extensions; destroyed at the end.
    let instance = unsafe {
        entry.create_instance(
            &vk::InstanceCreateInfo::default().application_info(&app),
            None,
        )?
    };
    let result = inspect(&instance, index, source, stem, entry_point, &extra);
    // SAFETY: every object made from the instance was destroyed in `inspect`.
    unsafe { instance.destroy_instance(None) };
    result
}

fn inspect(
    instance: &ash::Instance,
    index: usize,
    source: &str,
    stem: &str,
    entry_point: &str,
    extra: &[(&'static str, u32)],
) -> Result<(), Box<dyn Error>> {
    // SAFETY: queries of a live instance and of its physical devices.
    let pds = unsafe { instance.enumerate_physical_devices()? };
    let &pd = pds.get(index).ok_or("no such Vulkan device")?;
    let mut subgroup = vk::PhysicalDeviceSubgroupProperties::default();
    let mut props2 = vk::PhysicalDeviceProperties2::default().push_next(&mut subgroup);
    // SAFETY: as above; the chained structure lives across the call.
    unsafe { instance.get_physical_device_properties2(pd, &mut props2) };
    let props = props2.properties;
    let name = props
        .device_name_as_c_str()
        .unwrap_or(c"?")
        .to_string_lossy();
    let api = props.api_version;
    eprintln!(
        "device vk:{index}: {name} (Vulkan {}.{}.{}, driver {:#x})",
        vk::api_version_major(api),
        vk::api_version_minor(api),
        vk::api_version_patch(api),
        props.driver_version
    );
    let shuffles = subgroup
        .supported_stages
        .contains(vk::ShaderStageFlags::COMPUTE)
        && subgroup
            .supported_operations
            .contains(vk::SubgroupFeatureFlags::SHUFFLE);
    let params =
        duet::KernelParams::DEFAULT.fit(u64::from(props.limits.max_compute_shared_memory_size));
    let defined: &[&str] = if shuffles { &["subgroups"] } else { &[] };
    let spirv = spirv(source, defined, &params, extra, entry_point, api)
        .map_err(|e| format!("{stem}.wgsl: {e}"))?;
    let bytes: Vec<u8> = spirv.iter().flat_map(|w| w.to_le_bytes()).collect();
    let mut out = std::io::stdout().lock();
    out.write_all(&bytes)?;
    out.flush()?;
    eprintln!("SPIR-V: {} bytes", bytes.len());

    // SAFETY: as above.
    let has = unsafe { instance.enumerate_device_extension_properties(pd)? }
        .iter()
        .any(|e| e.extension_name_as_c_str() == Ok(ash::khr::pipeline_executable_properties::NAME));
    if !has {
        eprintln!("the driver has no VK_KHR_pipeline_executable_properties: SPIR-V only");
        return Ok(());
    }
    // SAFETY: as above.
    let family = unsafe { instance.get_physical_device_queue_family_properties(pd) }
        .iter()
        .position(|f| f.queue_flags.contains(vk::QueueFlags::COMPUTE))
        .ok_or("no compute queue")? as u32;
    let priorities = [1.0f32];
    let queues = [vk::DeviceQueueCreateInfo::default()
        .queue_family_index(family)
        .queue_priorities(&priorities)];
    let extensions = [ash::khr::pipeline_executable_properties::NAME.as_ptr()];
    // Only the feature the queries need: duet's shaders use core Vulkan 1.1 capabilities
    // (subgroup operations) and nothing a pipeline build checks against enabled features.
    let mut pep = vk::PhysicalDevicePipelineExecutablePropertiesFeaturesKHR::default()
        .pipeline_executable_info(true);
    let info = vk::DeviceCreateInfo::default()
        .queue_create_infos(&queues)
        .enabled_extension_names(&extensions)
        .push_next(&mut pep);
    eprintln!("creating a device with VK_KHR_pipeline_executable_properties");
    // SAFETY: the create info and its chain live across the call; the device is destroyed
    // below.
    let device = unsafe { instance.create_device(pd, &info, None)? };
    let result = report(instance, &device, &spirv, entry_point, &props.limits);
    // SAFETY: every object made from the device was destroyed in `report`.
    unsafe { device.destroy_device(None) };
    result
}

/// The SPIR-V wgpu's Vulkan backend makes for `entry_point` of `source` with duet's
/// unchecked shader modules on a device of `api` version.
fn spirv(
    source: &str,
    defined: &[&str],
    params: &duet::KernelParams,
    extra: &[(&'static str, u32)],
    entry_point: &str,
    api: u32,
) -> Result<Vec<u32>, Box<dyn Error>> {
    let prepared = duet::duet_wgpu::shaders::prepare(source, defined)?;
    let module =
        naga::front::wgsl::parse_str(&prepared).map_err(|e| e.emit_to_string(&prepared))?;
    let info = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .map_err(|e| format!("{e:?}"))?;
    let mut constants = naga::back::PipelineConstants::default();
    for (name, v) in duet::duet_wgpu::shaders::pipeline_constants(source, params, extra) {
        constants.insert(name.to_string(), v);
    }
    let (module, info) = naga::back::pipeline_constants::process_overrides(
        &module,
        &info,
        Some((naga::ShaderStage::Compute, entry_point)),
        &constants,
    )?;
    let options = naga::back::spv::Options {
        // wgpu-hal's choice by the device's Vulkan version.
        lang_version: match (vk::api_version_major(api), vk::api_version_minor(api)) {
            (1, 0) => (1, 0),
            (1, 1) => (1, 3),
            (1, 2) => (1, 5),
            _ => (1, 6),
        },
        flags: naga::back::spv::WriterFlags::empty(),
        bounds_check_policies: naga::proc::BoundsCheckPolicies::default(),
        zero_initialize_workgroup_memory: naga::back::spv::ZeroInitializeWorkgroupMemoryMode::None,
        force_loop_bounding: false,
        emit_int_div_checks: false,
        ..Default::default()
    };
    let pipeline = naga::back::spv::PipelineOptions {
        shader_stage: naga::ShaderStage::Compute,
        entry_point: entry_point.to_string(),
    };
    Ok(naga::back::spv::write_vec(
        &module,
        &info,
        &options,
        Some(&pipeline),
    )?)
}

/// Builds the compute pipeline with the driver's statistics and internal representations
/// captured, and prints them.
fn report(
    instance: &ash::Instance,
    device: &ash::Device,
    spirv: &[u32],
    entry_point: &str,
    limits: &vk::PhysicalDeviceLimits,
) -> Result<(), Box<dyn Error>> {
    // One set of storage buffers at bindings 0..32 and the largest push-constant range: a
    // superset of every duet shader's interface (a layout may declare more than a shader uses).
    let bindings: Vec<vk::DescriptorSetLayoutBinding<'_>> = (0..32)
        .map(|b| {
            vk::DescriptorSetLayoutBinding::default()
                .binding(b)
                .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                .descriptor_count(1)
                .stage_flags(vk::ShaderStageFlags::COMPUTE)
        })
        .collect();
    let ranges = [vk::PushConstantRange::default()
        .stage_flags(vk::ShaderStageFlags::COMPUTE)
        .size(limits.max_push_constants_size.min(256))];
    let name = CString::new(entry_point)?;
    let pep = ash::khr::pipeline_executable_properties::Device::new(instance, device);
    // SAFETY: every object is created from `device` and destroyed before returning; the
    // create infos live across their calls.
    unsafe {
        let set = device.create_descriptor_set_layout(
            &vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings),
            None,
        )?;
        let sets = [set];
        let layout = device.create_pipeline_layout(
            &vk::PipelineLayoutCreateInfo::default()
                .set_layouts(&sets)
                .push_constant_ranges(&ranges),
            None,
        )?;
        let module = device
            .create_shader_module(&vk::ShaderModuleCreateInfo::default().code(spirv), None)?;
        let stage = vk::PipelineShaderStageCreateInfo::default()
            .stage(vk::ShaderStageFlags::COMPUTE)
            .module(module)
            .name(&name);
        let create = [vk::ComputePipelineCreateInfo::default()
            .flags(
                vk::PipelineCreateFlags::CAPTURE_STATISTICS_KHR
                    | vk::PipelineCreateFlags::CAPTURE_INTERNAL_REPRESENTATIONS_KHR,
            )
            .stage(stage)
            .layout(layout)];
        eprintln!("building the pipeline");
        let cache_file = std::env::var_os("DUET_VK_CACHE");
        let cache = match cache_file {
            Some(_) => {
                device.create_pipeline_cache(&vk::PipelineCacheCreateInfo::default(), None)?
            }
            None => vk::PipelineCache::null(),
        };
        let built = device.create_compute_pipelines(cache, &create, None);
        if let Some(file) = &cache_file {
            let data = device.get_pipeline_cache_data(cache);
            device.destroy_pipeline_cache(cache, None);
            let data = data?;
            std::fs::write(file, &data)
                .map_err(|e| format!("{}: {e}", std::path::Path::new(file).display()))?;
            eprintln!("pipeline cache: {} bytes", data.len());
        }
        let result = match built {
            Ok(pipelines) => {
                let r = print_executables(&pep, pipelines[0]);
                for p in pipelines {
                    device.destroy_pipeline(p, None);
                }
                r
            }
            Err((_, e)) => Err(format!("vkCreateComputePipelines: {e}").into()),
        };
        device.destroy_shader_module(module, None);
        device.destroy_pipeline_layout(layout, None);
        device.destroy_descriptor_set_layout(set, None);
        result
    }
}

/// Prints each executable of `pipeline`: its name, subgroup size, statistics and internal
/// representations (text ones whole, binary ones by size).
///
/// # Safety
/// `pipeline` was created from `pep`'s device with both capture flags.
unsafe fn print_executables(
    pep: &ash::khr::pipeline_executable_properties::Device,
    pipeline: vk::Pipeline,
) -> Result<(), Box<dyn Error>> {
    let text = |c: &[std::ffi::c_char]| -> String {
        // SAFETY: the driver writes NUL-terminated strings into these fixed arrays.
        unsafe { CStr::from_ptr(c.as_ptr()) }
            .to_string_lossy()
            .into_owned()
    };
    // SAFETY: see the function's contract.
    let executables = unsafe {
        pep.get_pipeline_executable_properties(&vk::PipelineInfoKHR::default().pipeline(pipeline))?
    };
    for (i, e) in executables.iter().enumerate() {
        eprintln!(
            "== executable {i}: {} ({}), subgroup size {}",
            text(&e.name),
            text(&e.description),
            e.subgroup_size
        );
        let which = vk::PipelineExecutableInfoKHR::default()
            .pipeline(pipeline)
            .executable_index(i as u32);
        // SAFETY: as above.
        for s in unsafe { pep.get_pipeline_executable_statistics(&which)? } {
            // SAFETY: the union's member is the one `format` names.
            let v = unsafe {
                match s.format {
                    vk::PipelineExecutableStatisticFormatKHR::BOOL32 => s.value.b32.to_string(),
                    vk::PipelineExecutableStatisticFormatKHR::INT64 => s.value.i64.to_string(),
                    vk::PipelineExecutableStatisticFormatKHR::UINT64 => s.value.u64.to_string(),
                    _ => s.value.f64.to_string(),
                }
            };
            eprintln!("  {}: {v}  ({})", text(&s.name), text(&s.description));
        }
        let fp = pep
            .fp()
            .get_pipeline_executable_internal_representations_khr;
        let mut count = 0u32;
        // SAFETY: the two-call protocol: first the count, then the structures with their sizes,
        // then again with buffers of those sizes.
        unsafe { fp(pep.device(), &which, &mut count, std::ptr::null_mut()) }.result()?;
        let mut reps =
            vec![vk::PipelineExecutableInternalRepresentationKHR::default(); count as usize];
        // SAFETY: as above.
        unsafe { fp(pep.device(), &which, &mut count, reps.as_mut_ptr()) }.result()?;
        let mut buffers: Vec<Vec<u8>> = reps.iter().map(|r| vec![0u8; r.data_size]).collect();
        for (r, b) in reps.iter_mut().zip(buffers.iter_mut()) {
            r.p_data = b.as_mut_ptr().cast();
        }
        // SAFETY: as above; the buffers outlive the call.
        unsafe { fp(pep.device(), &which, &mut count, reps.as_mut_ptr()) }.result()?;
        for (r, b) in reps.iter().zip(buffers.iter()) {
            eprintln!("-- {} ({}):", text(&r.name), text(&r.description));
            if r.is_text == vk::TRUE {
                let end = b.iter().position(|&c| c == 0).unwrap_or(b.len());
                eprintln!("{}", String::from_utf8_lossy(&b[..end]));
            } else {
                eprintln!("({} bytes of binary)", b.len());
            }
        }
    }
    Ok(())
}
