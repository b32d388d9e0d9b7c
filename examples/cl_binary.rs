//! Writes what an OpenCL driver compiled from one of duet's kernel files (PTX on NVIDIA), to
//! read how a kernel was compiled (registers, local-memory spills, unrolling); the build log
//! goes to stderr (with DUET_CL_OPTIONS=-cl-nv-verbose, NVIDIA's register report):
//!
//! ```text
//! cargo run --release --example cl_binary -- opencl:1 logreg LOGREG_K=8,LOGREG_RPT=8 > logreg.ptx
//! ```

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
        out.write_all(&b)?;
    }
    Ok(())
}
