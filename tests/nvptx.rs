//! The OpenCL kernels' NVIDIA-only paths — inline PTX `shfl.sync` in the working-set solve and
//! scans (`SMO_WS_SPAN` 32), the logistic lane sums (`LOGREG_SPAN` 32) and the `row_lanes` RBF
//! rung's lane sums (`RBF_SPAN` 32) — run on no device in
//! CI (PoCL takes the workgroup-memory paths). This compiles them with clang for NVIDIA's PTX
//! target, with duet's own program text and build options, and checks that the shuffles are
//! in the PTX: a syntax or type error there fails here, not first on a GPU. clang comes with
//! PoCL (Debian's libpocl2 depends on it), so where OpenCL is required it must be there.

// A test may stop at a failed setup step: the panic message says which.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::process::Command;

use duet::{BackendKind, KernelParams};

/// Compiles `stem`'s kernel file with `extra` for nvptx64; returns the PTX, or None when clang
/// is not installed.
fn ptx(stem: &str, extra: &[(&'static str, u32)]) -> Option<String> {
    let source = duet::duet_opencl::kernels::source(stem).expect("a kernel file");
    let (text, options) = duet::duet_opencl::program_text(source, &KernelParams::DEFAULT, extra);
    let dir = std::env::temp_dir().join(format!("duet-nvptx-{}-{stem}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let input = dir.join(format!("{stem}.cl"));
    let output = dir.join(format!("{stem}.ptx"));
    std::fs::write(&input, text).expect("writes the program");
    // NVIDIA's compiler takes `asm`; clang's OpenCL C spells it `__asm__`.
    let run = Command::new("clang-15")
        .args([
            "-x",
            "cl",
            "--target=nvptx64-nvidia-nvcl",
            "-Dasm=__asm__",
            "-S",
            "-o",
        ])
        .arg(&output)
        .args(options.split_whitespace())
        .arg(&input)
        .output();
    let run = match run {
        Ok(r) => r,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => panic!("clang-15 did not start: {e}"),
    };
    assert!(
        run.status.success(),
        "kernels/{stem}.cl with {extra:?} does not compile for nvptx64:\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let ptx = std::fs::read_to_string(&output).expect("clang wrote the PTX");
    let _ = std::fs::remove_dir_all(&dir);
    Some(ptx)
}

/// A kernel file, the specialisation that takes its NVIDIA paths, and what its PTX must hold.
type Case = (
    &'static str,
    Vec<(&'static str, u32)>,
    &'static [&'static str],
);

#[test]
fn nvidia_shuffle_paths_compile_for_ptx() {
    let required = duet::suite::parse_require(&std::env::var("DUET_REQUIRE").unwrap_or_default())
        .expect("DUET_REQUIRE lists wgpu, opencl or cpu");
    // The working set (rows kept by point, as on Fashion-MNIST pairs), and the register-resident
    // logistic pass at 64 columns (4 lanes a row, 16 columns each), as the H100 builds them.
    // The row_lanes RBF rung at 1000 columns (64 lanes a row: two warps' shuffles, then local
    // memory).
    let cases: [Case; 3] = [
        (
            "smo",
            vec![("SMO_WS_SPAN", 32), ("SMO_WS_BY_POINT", 1)],
            &["shfl.sync.bfly", "shfl.sync.up", "shfl.sync.down"],
        ),
        (
            "logreg",
            vec![
                ("LOGREG_K", 64),
                ("LOGREG_PITCH", 64),
                ("LOGREG_LANES", 4),
                ("LOGREG_SPAN", 32),
                ("LOGREG_INTERLEAVE", 1),
            ],
            &["shfl.sync.bfly"],
        ),
        (
            "rbf_lanes",
            vec![
                ("RBF_SPAN", 32),
                ("RBF_LANES", 64),
                ("RBF_ROW_VEC4", 1),
                ("RBF_ROWS", 2),
            ],
            &["shfl.sync.bfly"],
        ),
    ];
    for (stem, extra, wanted) in cases {
        let Some(ptx) = ptx(stem, &extra) else {
            assert!(
                !required.contains(&BackendKind::OpenCl),
                "OpenCL is required, and clang-15 (which PoCL brings) is not installed"
            );
            eprintln!("SKIPPED: no clang-15 to compile the NVIDIA paths");
            return;
        };
        for w in wanted {
            assert!(ptx.contains(w), "kernels/{stem}.cl's PTX has no {w}");
        }
    }
}
