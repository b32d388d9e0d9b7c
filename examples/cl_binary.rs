//! Writes what an OpenCL driver compiled from one of duet's kernel files (PTX on NVIDIA), to
//! read how a kernel was compiled (registers, local-memory spills, unrolling); the build log
//! goes to stderr (with DUET_CL_OPTIONS=-cl-nv-verbose, NVIDIA's register report):
//!
//! ```text
//! cargo run --release --example cl_binary -- opencl:1 logreg LOGREG_K=8,LOGREG_RPT=8 > logreg.ptx
//! ptxas -arch=sm_90 -v logreg.ptx -o logreg.cubin && cuobjdump -sass logreg.cubin   # SASS
//! ```
//!
//! (On the GPU machine ptxas and cuobjdump come with Triton: its `backends/nvidia/bin`.)

#[path = "common/constants.rs"]
mod constants;

use std::io::Write;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [device, stem, rest @ ..] = args.as_slice() else {
        return Err("usage: cl_binary opencl:N STEM [NAME=VALUE,...]".into());
    };
    let index: usize = device
        .strip_prefix("opencl:")
        .ok_or("the device must be opencl:N")?
        .parse()?;
    let source = duet::duet_opencl::kernels::source(stem).ok_or("no such kernel file")?;
    let extra = constants::parse(rest)?;
    let list = duet::devices();
    let info = list.get(device).ok_or("no such device")?;
    let params = duet::KernelParams::DEFAULT.fit(info.max_workgroup_memory);
    let (log, binaries) =
        duet::duet_opencl::program_binaries(index, stem, source, &params, &extra)?;
    eprintln!("{log}");
    let mut out = std::io::stdout().lock();
    for b in binaries {
        // NVIDIA's binary is PTX text with its terminating NUL(s), which ptxas reads as an
        // unexpected end of file: a text binary (no NUL before its trailing ones) goes out
        // without them; any other binary whole.
        let text = b.iter().rposition(|&c| c != 0).map_or(0, |i| i + 1);
        let is_text = !b[..text].contains(&0);
        out.write_all(if is_text { &b[..text] } else { &b })?;
    }
    Ok(())
}
