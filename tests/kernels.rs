//! Every OpenCL C file in `kernels/` builds on every OpenCL device at hand (PoCL in CI), with
//! the build options duet uses, including the register-resident logistic-regression kernel's
//! specialisations. Without OpenCL the test says so loudly, and fails when DUET_REQUIRE names it.

// A test may stop at a failed setup step: the panic message says which.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::path::Path;

use duet::{BackendKind, KernelParams};

#[test]
fn every_kernel_file_builds() {
    let required = duet::suite::parse_require(&std::env::var("DUET_REQUIRE").unwrap_or_default())
        .expect("DUET_REQUIRE lists wgpu, opencl or cpu");
    let devices = match duet::duet_opencl::enumerate() {
        Ok(d) if !d.is_empty() => d,
        other => {
            let why = match other {
                Err(e) => e.to_string(),
                Ok(_) => "no OpenCL device".into(),
            };
            assert!(
                !required.contains(&BackendKind::OpenCl),
                "OpenCL is required: {why}"
            );
            eprintln!("SKIPPED: no OpenCL device to build kernels/*.cl on ({why})");
            return;
        }
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("kernels/ is readable")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cl"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .cl files");
    let mut failures = Vec::new();
    for (index, info) in devices.iter().enumerate() {
        let params = KernelParams::DEFAULT.fit(info.max_workgroup_memory);
        for f in &files {
            let stem = f.file_stem().expect("stem").to_string_lossy().into_owned();
            let src = std::fs::read_to_string(f).expect("readable");
            assert_eq!(
                duet::duet_opencl::kernels::source(&stem),
                Some(src.as_str()),
                "kernels/{stem}.cl is not the source compiled into duet-opencl"
            );
            if let Err(e) = duet::duet_opencl::build_source(index, &stem, &src, &params, &[]) {
                failures.push(format!("[{}] {e}", info.name));
            }
        }
        // The specialised single-group kernel: the seed's shape and the extremes allowed.
        let logreg = std::fs::read_to_string(dir.join("logreg.cl")).expect("logreg.cl");
        for (k, rpt, lanes) in [
            (8u32, 8u32, 1u32),
            (1, 128, 1),
            (16, 8, 1),
            (64, 1, 4),
            (33, 1, 4),
            (3, 1, 1),
            (20, 1, 2),
            (1000, 1, 64),
            (777, 1, 64),
        ] {
            let extra = [
                ("LOGREG_K", k),
                ("LOGREG_RPT", rpt),
                ("LOGREG_LANES", lanes),
            ];
            if let Err(e) =
                duet::duet_opencl::build_source(index, "logreg", &logreg, &params, &extra)
            {
                failures.push(format!("[{}] K={k} RPT={rpt}: {e}", info.name));
            }
        }
        // The lane shuffle of the register-resident pass, where the device has one.
        let shuffle = duet::duet_opencl::has_lane_shuffle(index).expect("device query");
        for (k, lanes) in [
            (64u32, 4u32),
            (20, 2),
            (8, 1),
            (1000, 64),
            (777, 64),
            (4096, 256),
        ]
        .into_iter()
        .filter(|_| shuffle)
        {
            let extra = [
                ("LOGREG_K", k),
                ("LOGREG_LANES", lanes),
                ("LOGREG_SPAN", 32),
                ("LOGREG_INTERLEAVE", 1),
            ];
            if let Err(e) =
                duet::duet_opencl::build_source(index, "logreg", &logreg, &params, &extra)
            {
                failures.push(format!("[{}] K={k} LOGREG_SPAN=32: {e}", info.name));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
