//! Every WGSL file in `shaders/` parses and validates with naga (no GPU needed), with the
//! pipeline constants duet passes, and every file is compiled into duet-wgpu.

// A test may stop at a failed setup step: the panic message says which.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::path::Path;

use duet::KernelParams;

fn shader_files() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("shaders");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("shaders/ is readable")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "wgsl"))
        .map(|p| {
            let stem = p
                .file_stem()
                .expect("file stem")
                .to_string_lossy()
                .into_owned();
            (
                stem,
                std::fs::read_to_string(&p).expect("shader is readable"),
            )
        })
        .collect();
    files.sort();
    files
}

/// Validates `shaders/<stem>.wgsl` as duet builds it: preprocessed for a device with subgroup
/// operations (`#if subgroups` blocks kept, the capability granted) or without them.
fn validate(stem: &str, raw: &str, subgroups: bool) -> Result<(), String> {
    let defined: &[&str] = if subgroups { &["subgroups"] } else { &[] };
    let source = &duet::duet_wgpu::shaders::prepare(raw, defined)
        .map_err(|e| format!("shaders/{stem}.wgsl: {e}"))?;
    let module = naga::front::wgsl::parse_str(source)
        .map_err(|e| e.emit_to_string_with_path(source, &format!("shaders/{stem}.wgsl")))?;
    let mut caps = naga::valid::Capabilities::IMMEDIATES;
    if subgroups {
        caps |= naga::valid::Capabilities::SUBGROUP;
    }
    let mut validator = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), caps);
    let info = validator
        .validate(&module)
        .map_err(|e| e.emit_to_string_with_path(source, &format!("shaders/{stem}.wgsl")))?;
    // The constants duet passes must resolve every override (workgroup sizes, array lengths).
    let constants: naga::back::PipelineConstants =
        duet::duet_wgpu::shaders::pipeline_constants(source, &KernelParams::DEFAULT, &[])
            .into_iter()
            .map(|(name, v)| (name.to_string(), v))
            .collect();
    naga::back::pipeline_constants::process_overrides(&module, &info, None, &constants)
        .map_err(|e| format!("shaders/{stem}.wgsl: overrides: {e}"))?;
    Ok(())
}

#[test]
fn every_shader_validates() {
    let files = shader_files();
    assert!(!files.is_empty(), "no .wgsl files found");
    let failures: Vec<String> = files
        .iter()
        .flat_map(|(stem, src)| [false, true].map(|sg| validate(stem, src, sg).err()))
        .flatten()
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_shader_is_compiled_in_and_paired_with_a_kernel() {
    let files = shader_files();
    let embedded: Vec<&str> = duet::duet_wgpu::shaders::SOURCES
        .iter()
        .map(|(s, _)| *s)
        .collect();
    for (stem, src) in &files {
        assert_eq!(
            duet::duet_wgpu::shaders::source(stem),
            Some(src.as_str()),
            "shaders/{stem}.wgsl is not the source compiled into duet-wgpu"
        );
        assert!(
            duet::duet_opencl::kernels::source(stem).is_some(),
            "shaders/{stem}.wgsl has no twin kernels/{stem}.cl"
        );
    }
    assert_eq!(
        embedded.len(),
        files.len(),
        "duet-wgpu embeds a shader that is not in shaders/"
    );
}

#[test]
fn entry_points_match_the_opencl_twins() {
    for (stem, src) in shader_files() {
        let src = duet::duet_wgpu::shaders::prepare(&src, &[])
            .expect("preprocesses (see every_shader_validates)");
        let module =
            naga::front::wgsl::parse_str(&src).expect("parses (see every_shader_validates)");
        let cl = duet::duet_opencl::kernels::source(&stem).expect("twin exists");
        for ep in &module.entry_points {
            let decl = format!("void {}(", ep.name);
            assert!(
                cl.contains(&decl),
                "kernels/{stem}.cl lacks the entry point {}",
                ep.name
            );
        }
    }
}
