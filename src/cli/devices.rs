//! `duet devices`: every backend and device, their limits, and which are the same GPU.

use duet::{DeviceList, TimerKind};

use super::{CliResult, bytes};

/// Prints the device list as text.
pub fn print(list: &DeviceList) -> CliResult<()> {
    for d in &list.devices {
        outln!("{}  {}", d.name, d.device);
        outln!("    api      {} ({})", d.api, d.device_type);
        if !d.driver.is_empty() {
            outln!("    driver   {}", d.driver);
        }
        let mem = d.memory_bytes.map_or("unknown".into(), bytes);
        outln!(
            "    memory   {mem}; max buffer {}, max binding {}",
            bytes(d.max_buffer_bytes),
            bytes(d.max_binding_bytes)
        );
        let cu = d.compute_units.map_or("unknown".into(), |c| c.to_string());
        let sg = d.subgroup_size.map_or("unknown".into(), |(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}..{b}")
            }
        });
        outln!(
            "    limits   workgroup {} items, {} workgroup memory; compute units {cu}; subgroup {sg}",
            d.max_workgroup_size,
            bytes(d.max_workgroup_memory)
        );
        let timing = match d.timer {
            TimerKind::Timestamps => "GPU timestamps",
            TimerKind::ProfilingEvents => "OpenCL profiling events",
            TimerKind::HostClock => "host clock only",
        };
        outln!("    timing   {timing}");
        if let Some(p) = &d.pci_bus {
            outln!("    pci      {p}");
        }
        if let Some(u) = &d.uuid {
            outln!("    uuid     {u}");
        }
    }
    for (backend, why) in &list.unavailable {
        outln!("{backend}: not available ({why})");
    }
    let pairs = list.pairs();
    if pairs.is_empty() {
        outln!("same GPU: no wgpu adapter and OpenCL device are the same physical GPU");
    }
    for (a, b) in pairs {
        outln!("same GPU: {} and {} ({})", a.name, b.name, a.device);
    }
    Ok(())
}

/// Prints the device list as JSON.
pub fn print_json(list: &DeviceList) -> CliResult<()> {
    #[derive(serde::Serialize)]
    struct Out<'a> {
        devices: &'a [duet::DeviceInfo],
        unavailable: Vec<(String, String)>,
        same_gpu: Vec<(String, String)>,
    }
    let out = Out {
        devices: &list.devices,
        unavailable: list
            .unavailable
            .iter()
            .map(|(b, w)| (b.to_string(), w.clone()))
            .collect(),
        same_gpu: list
            .pairs()
            .iter()
            .map(|(a, b)| (a.name.clone(), b.name.clone()))
            .collect(),
    };
    outln!("{}", serde_json::to_string_pretty(&out)?);
    Ok(())
}
