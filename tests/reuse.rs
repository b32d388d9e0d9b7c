//! A handle used again: the wgpu backend keeps a vector's bind groups with the device's scratch
//! buffers in the vector and reads results from buffers the host maps directly, so a call
//! after another vector grew the scratch, and a call after the vector was written, must see
//! the new buffers and the new values. Every GPU device at hand, against the values' own
//! extremes and the CPU reference's sum; `DUET_REQUIRE` as in the suite.

// A test may stop at a failed setup step: the panic message says which.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use duet::{BackendKind, Device};

/// The GPU devices at hand, opened with the defaults.
fn gpus() -> Vec<Device> {
    let list = duet::devices();
    let required = duet::suite::parse_require(&std::env::var("DUET_REQUIRE").unwrap_or_default())
        .expect("DUET_REQUIRE lists wgpu, opencl or cpu");
    for (backend, why) in &list.unavailable {
        assert!(
            !required.contains(backend),
            "required backend {backend} is not available: {why}"
        );
        eprintln!("SKIPPED BACKEND {backend}: not available ({why})");
    }
    let mut out = Vec::new();
    for d in &list.devices {
        if d.backend == BackendKind::Cpu {
            continue;
        }
        match duet::suite::open_target(&d.name, false, &duet::KernelParams::DEFAULT) {
            Ok(t) => out.push(t.device),
            Err(e) if required.contains(&d.backend) => {
                panic!("required device {} could not be opened: {e}", d.name)
            }
            Err(e) => eprintln!("SKIPPED DEVICE {}: could not open: {e}", d.name),
        }
    }
    out
}

/// Distinct values with the maximum at `at` and the minimum at `len - 1 - at`.
fn values(len: usize, at: usize, scale: f32) -> Vec<f32> {
    let mut v: Vec<f32> = (0..len)
        .map(|i| ((i * 7919) % 1000) as f32 * scale)
        .collect();
    v[at] = 5000.0 * scale;
    v[len - 1 - at] = -5000.0 * scale;
    v
}

#[test]
fn a_vector_used_again_after_the_scratch_grew_and_after_a_write() {
    let devices = gpus();
    if devices.is_empty() {
        eprintln!("SKIPPED: no GPU device at hand");
        return;
    }
    for dev in &devices {
        let name = &dev.info().name;
        let small_data = values(1000, 17, 1.0);
        let mut small = dev.upload(&small_data).expect("upload");
        let check = |v: &duet::Vector, data: &[f32], what: &str| {
            let max = dev.argmax(v).expect("argmax");
            let min = dev.argmin(v).expect("argmin");
            let sum = dev.read_sum(v).expect("read_sum");
            let at = |x: f32| data.iter().position(|&y| y == x).unwrap();
            let (hi, lo) = (
                data.iter().copied().fold(f32::MIN, f32::max),
                data.iter().copied().fold(f32::MAX, f32::min),
            );
            assert_eq!(max.index, at(hi), "{name}: argmax {what}");
            assert_eq!(min.index, at(lo), "{name}: argmin {what}");
            let exact: f64 = data.iter().map(|&x| x as f64).sum();
            let bound = 1e-5 * data.iter().map(|&x| x.abs() as f64).sum::<f64>();
            assert!(
                (sum - exact).abs() <= bound,
                "{name}: read_sum {what}: {sum} against {exact}"
            );
        };
        check(&small, &small_data, "first call");
        // A vector long enough to need more partial slots than the small one: the scratch is
        // replaced by a larger buffer.
        let large_data = values(3_000_000, 2_000_000, 0.5);
        let large = dev.upload(&large_data).expect("upload");
        check(&large, &large_data, "large vector");
        check(&small, &small_data, "after the scratch grew");
        let new_data = values(1000, 900, 2.0);
        dev.write(&mut small, &new_data).expect("write");
        check(&small, &new_data, "after a write");
        check(&large, &large_data, "large vector again");
    }
}
