//! Every kernel constant is declared once, in duet-core (`KernelParams` and the shared and
//! specialisation constants of `params.rs`), and reaches both kernel languages with the value
//! given there:
//! - no WGSL source declares a constant with a default of its own, and no OpenCL source defines
//!   one (so a value can only come from the declaration);
//! - a WGSL shader and its OpenCL twin use the same constants;
//! - WGSL: naga's override processing (what wgpu runs when it builds a pipeline) gives every
//!   override of every shader exactly the table's value, for a table whose every value differs
//!   from the defaults;
//! - OpenCL: a probe built with duet's build options on every OpenCL device at hand checks each
//!   value with `#if NAME != value` / `#error`.

// A test may stop at a failed setup step: the panic message says which.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use duet::{BackendKind, KernelParams};

/// A table whose every constant differs from the default (`smo_ws_q` also changes the
/// working-set constants derived from it), and a specialisation.
fn changed() -> (KernelParams, Vec<(&'static str, u32)>) {
    let p = KernelParams::DEFAULT
        .with_assignments(
            &[
                "reduce_wg=128",
                "reduce_unroll=2",
                "rbf_wg=64",
                "rbf_tile=1020",
                "rbf_unroll=3",
                "logreg_wg=128",
                "logreg_tile=2048",
                "logreg_rows=500",
                "smo_ws_q=64",
                "smo_ws_span=2",
                "smo_ws_held=5",
                "rbf_span=2",
            ]
            .map(String::from),
        )
        .expect("valid assignments");
    let extra = vec![
        ("LOGREG_K", 13),
        ("LOGREG_PITCH", 16),
        ("LOGREG_RPT", 3),
        ("LOGREG_LANES", 2),
        ("LOGREG_RPS", 2),
        ("LOGREG_INTERLEAVE", 1),
        ("LOGREG_PIPELINE", 1),
        ("LOGREG_SPAN", 2),
        ("SMO_SLICES", 4),
        ("SMO_WS_BY_POINT", 1),
        ("RBF_LANES", 2),
        ("RBF_ROW_VEC4", 1),
        ("RBF_ROWS", 2),
        ("RBF_LOOP_ROWS", 2),
        ("RBF_QUAD_PITCH", 3),
    ];
    (p, extra)
}

/// Every name a kernel build receives.
fn names() -> Vec<&'static str> {
    KernelParams::DEFAULT
        .constants()
        .into_iter()
        .map(|c| c.0)
        .collect()
}

/// Whether `src` uses `name` as a whole identifier.
fn uses(src: &str, name: &str) -> bool {
    src.match_indices(name).any(|(i, _)| {
        let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
        let before = src[..i].chars().next_back().is_none_or(|c| !ident(c));
        let after = src[i + name.len()..]
            .chars()
            .next()
            .is_none_or(|c| !ident(c));
        before && after
    })
}

#[test]
fn every_constant_differs_from_the_default_in_the_probe_table() {
    let (p, extra) = changed();
    let default = KernelParams::DEFAULT.constants();
    for (name, v) in p.constants_with(&extra) {
        let d = default.iter().find(|c| c.0 == name).expect("same names").1;
        // The shared constants are not parameters: they cannot differ.
        if duet::params::SHARED_CONSTANTS.iter().all(|c| c.0 != name) {
            assert_ne!(v, d, "{name}: the probe table must change it");
        }
    }
}

/// WGSL's arrays whose length a parameter bounds must be constant expressions, not overrides:
/// the loop rungs keep their rows' sums in arrays of `LOOP_ROWS_MAX` (at least the most rows a
/// step `rbf_loop_rows` allows), `rbf_row_quad` its four rows in arrays of `QUAD_PITCH_MAX`
/// (at least the widest pitch `rbf_quad_pitch` allows, duet-core's `RBF_QUAD_MAX_PITCH`).
#[test]
fn the_wgsl_arrays_hold_every_allowed_value() {
    let src = duet::duet_wgpu::shaders::SOURCES
        .iter()
        .find(|(stem, _)| *stem == "rbf")
        .expect("shaders/rbf.wgsl")
        .1;
    for (constant, param) in [
        ("LOOP_ROWS_MAX", "rbf_loop_rows"),
        ("QUAD_PITCH_MAX", "rbf_quad_pitch"),
    ] {
        let prefix = format!("const {constant}: u32 = ");
        let max: u32 = src
            .lines()
            .find_map(|l| l.trim().strip_prefix(prefix.as_str()))
            .and_then(|r| r.trim_end_matches(';').trim_end_matches('u').parse().ok())
            .unwrap_or_else(|| panic!("shaders/rbf.wgsl declares {constant}"));
        let allowed = |v: u32| {
            KernelParams::DEFAULT
                .with_assignments(&[format!("{param}={v}")])
                .is_ok()
        };
        let most = (1..=64).filter(|&v| allowed(v)).max().expect("some value");
        assert!(most <= max, "{param} allows {most}, {constant} holds {max}");
    }
}

#[test]
fn no_source_carries_its_own_value() {
    for (stem, src) in duet::duet_wgpu::shaders::SOURCES {
        for line in src.lines() {
            let t = line.trim();
            if let Some(rest) = t.strip_prefix("override ") {
                assert!(
                    !rest.contains('='),
                    "shaders/{stem}.wgsl gives an override a default: {t}"
                );
                let name = rest.split(':').next().unwrap_or("").trim();
                assert!(
                    names().contains(&name),
                    "shaders/{stem}.wgsl declares {name}, which duet-core does not"
                );
            }
            let declared = t
                .strip_prefix("const ")
                .and_then(|r| r.split([':', ' ', '=']).next());
            assert!(
                declared.is_none_or(|d| !names().contains(&d)),
                "shaders/{stem}.wgsl declares a constant of duet-core's as a const: {t}"
            );
        }
    }
    for (stem, src) in duet::duet_opencl::kernels::SOURCES {
        for name in names() {
            for directive in ["#define", "#ifndef", "#undef"] {
                assert!(
                    !src.contains(&format!("{directive} {name}")),
                    "kernels/{stem}.cl has `{directive} {name}`: its value must come from the build options"
                );
            }
        }
    }
}

#[test]
fn twins_use_the_same_constants() {
    for (stem, wgsl) in duet::duet_wgpu::shaders::SOURCES {
        let cl = duet::duet_opencl::kernels::source(stem).expect("every shader has a twin");
        for name in names() {
            assert_eq!(
                uses(wgsl, name),
                uses(cl, name),
                "{name}: used by shaders/{stem}.wgsl but not kernels/{stem}.cl, or the reverse"
            );
        }
    }
}

#[test]
fn every_override_gets_the_tables_value_in_wgsl() {
    let (p, extra) = changed();
    let expected = p.constants_with(&extra);
    for (stem, raw) in duet::duet_wgpu::shaders::SOURCES {
        let src = duet::duet_wgpu::shaders::prepare(raw, &[]).expect("preprocesses");
        let module = naga::front::wgsl::parse_str(&src).expect("parses");
        let info = naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::IMMEDIATES,
        )
        .validate(&module)
        .expect("validates");
        let declared: Vec<String> = module
            .overrides
            .iter()
            .filter_map(|(_, o)| o.name.clone())
            .collect();
        let constants: naga::back::PipelineConstants =
            duet::duet_wgpu::shaders::pipeline_constants(&src, &p, &extra)
                .into_iter()
                .map(|(n, v)| (n.to_string(), v))
                .collect();
        let (done, _) =
            naga::back::pipeline_constants::process_overrides(&module, &info, None, &constants)
                .unwrap_or_else(|e| panic!("shaders/{stem}.wgsl: {e}"));
        assert!(!declared.is_empty(), "shaders/{stem}.wgsl has no overrides");
        for name in &declared {
            let want = expected
                .iter()
                .find(|c| c.0 == name)
                .unwrap_or_else(|| panic!("{name} is not declared in duet-core"))
                .1;
            let (_, c) = done
                .constants
                .iter()
                .find(|(_, c)| c.name.as_deref() == Some(name.as_str()))
                .unwrap_or_else(|| panic!("shaders/{stem}.wgsl: {name} was not resolved"));
            let got = match done.global_expressions[c.init] {
                naga::Expression::Literal(naga::Literal::U32(v)) => v,
                ref e => panic!("shaders/{stem}.wgsl: {name} resolved to {e:?}"),
            };
            assert_eq!(got, want, "shaders/{stem}.wgsl: {name}");
        }
    }
}

#[test]
fn every_constant_gets_the_tables_value_in_opencl() {
    let required = duet::suite::parse_require(&std::env::var("DUET_REQUIRE").unwrap_or_default())
        .expect("DUET_REQUIRE lists wgpu, opencl or cpu");
    let devices = match duet::duet_opencl::enumerate() {
        Ok(d) if !d.is_empty() => d,
        other => {
            assert!(
                !required.contains(&BackendKind::OpenCl),
                "OpenCL is required: {other:?}"
            );
            eprintln!("SKIPPED: no OpenCL device for the constants probe");
            return;
        }
    };
    let (p, extra) = changed();
    let mut probe = String::new();
    for (name, v) in p.constants_with(&extra) {
        probe.push_str(&format!(
            "#if !defined({name}) || {name} != {v}u\n#error \"{name} did not arrive as {v}\"\n#endif\n"
        ));
    }
    probe.push_str("__kernel void probe(__global uint *out) { out[0] = 1u; }\n");
    for (index, info) in devices.iter().enumerate() {
        duet::duet_opencl::build_source(index, "probe", &probe, &p, &extra)
            .unwrap_or_else(|e| panic!("[{}] {e}", info.name));
        // And the probe can fail: a wrong value is caught.
        let wrong = probe.replace(
            "__kernel",
            "#if REDUCE_WG != 1u\n#error \"caught\"\n#endif\n__kernel",
        );
        assert!(
            duet::duet_opencl::build_source(index, "probe", &wrong, &p, &extra).is_err(),
            "[{}] the probe cannot fail",
            info.name
        );
    }
}
