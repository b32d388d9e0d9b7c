//! `duet devices`: every backend and device, their limits, and which are the same GPU.

use duet::{DeviceList, TimerKind};

use super::bytes;

/// Prints the device list as text.
pub fn print(list: &DeviceList) {
    for d in &list.devices {
        println!("{}  {}", d.name, d.device);
        println!("    api      {} ({})", d.api, d.device_type);
        if !d.driver.is_empty() {
            println!("    driver   {}", d.driver);
        }
        let mem = d.memory_bytes.map_or("unknown".into(), bytes);
        println!(
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
        println!(
            "    limits   workgroup {} items, {} workgroup memory; compute units {cu}; subgroup {sg}",
            d.max_workgroup_size,
            bytes(d.max_workgroup_memory)
        );
        let timing = match d.timer {
            TimerKind::Timestamps => "GPU timestamps",
            TimerKind::ProfilingEvents => "OpenCL profiling events",
            TimerKind::HostClock => "host clock only",
        };
        println!("    timing   {timing}");
        if let Some(p) = &d.pci_bus {
            println!("    pci      {p}");
        }
        if let Some(u) = &d.uuid {
            println!("    uuid     {u}");
        }
    }
    for (backend, why) in &list.unavailable {
        println!("{backend}: not available ({why})");
    }
    let pairs = list.pairs();
    if pairs.is_empty() {
        println!("same GPU: no wgpu adapter and OpenCL device are the same physical GPU");
    }
    for (a, b) in pairs {
        println!("same GPU: {} and {} ({})", a.name, b.name, a.device);
    }
}

/// Prints the device list as JSON.
pub fn print_json(list: &DeviceList) -> Result<(), serde_json::Error> {
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
    println!("{}", serde_json::to_string_pretty(&out)?);
    Ok(())
}
