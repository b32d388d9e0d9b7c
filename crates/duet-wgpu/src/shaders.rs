//! The WGSL sources, compiled into the binary: a built binary needs no source tree.

macro_rules! embed {
    ($($stem:literal),*) => {
        /// `(stem, source)` of every file in `shaders/` (the stems of
        /// [`duet_core::kernel_stems`]).
        pub const SOURCES: &[(&str, &str)] =
            &[$(($stem, include_str!(concat!("../../../shaders/", $stem, ".wgsl")))),*];
    };
}
duet_core::kernel_stems!(embed);

/// The source of `shaders/<stem>.wgsl`.
pub fn source(stem: &str) -> Option<&'static str> {
    SOURCES
        .iter()
        .find(|(s, _)| *s == stem)
        .map(|(_, src)| *src)
}

/// The pipeline constants of a build of `source`:
/// [`KernelParams::constants_with`](duet_core::KernelParams::constants_with)`(extra)`,
/// keeping those the source declares as `override NAME:` (wgpu rejects a constant the module
/// does not declare), as the `f64`s wgpu takes.
pub fn pipeline_constants(
    source: &str,
    params: &duet_core::KernelParams,
    extra: &[(&'static str, u32)],
) -> Vec<(&'static str, f64)> {
    params
        .constants_with(extra)
        .into_iter()
        .filter(|(name, _)| source.contains(&format!("override {name}:")))
        .map(|(name, v)| (name, f64::from(v)))
        .collect()
}

/// `source` as duet builds it: [`preprocess`]ed for `defined`, with the argument structs of
/// duet-core's `kernel_args.rs` appended (module-scope declarations may come in any order, so
/// line numbers stay those of the file).
pub fn prepare(source: &str, defined: &[&str]) -> Result<String, String> {
    let mut out = preprocess(source, defined)?;
    out.push_str(&duet_core::kernel_args::wgsl_prelude());
    Ok(out)
}

/// `source` with its `#if NAME` / `#else` / `#endif` lines resolved: a block is kept when NAME
/// is in `defined`, the directive lines and the dropped lines become empty lines (so compiler
/// messages keep their line numbers). One level, no nesting. WGSL has no conditional
/// compilation, and a module that mentions subgroup built-ins fails validation on a device
/// without them, so `#if subgroups` blocks are kept only for devices that have them. The
/// error names the line of a stray or missing directive.
pub fn preprocess(source: &str, defined: &[&str]) -> Result<String, String> {
    let mut out = String::with_capacity(source.len());
    // None outside a block; Some(keep) inside one.
    let mut block: Option<bool> = None;
    let mut opened_at = 0;
    for (i, line) in source.lines().enumerate() {
        let t = line.trim();
        let keep_line = if let Some(name) = t.strip_prefix("#if ") {
            if block.is_some() {
                return Err(format!("line {}: nested #if", i + 1));
            }
            block = Some(defined.contains(&name.trim()));
            opened_at = i + 1;
            false
        } else if t == "#else" {
            match block {
                Some(keep) => block = Some(!keep),
                None => return Err(format!("line {}: #else without #if", i + 1)),
            }
            false
        } else if t == "#endif" {
            if block.take().is_none() {
                return Err(format!("line {}: #endif without #if", i + 1));
            }
            false
        } else {
            block.unwrap_or(true)
        };
        if keep_line {
            out.push_str(line);
        }
        out.push('\n');
    }
    if block.is_some() {
        return Err(format!("line {opened_at}: #if without #endif"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::preprocess;

    #[test]
    fn keeps_the_block_of_the_defined_name() {
        let src = "a\n#if subgroups\nb\n#else\nc\n#endif\nd\n";
        assert_eq!(
            preprocess(src, &["subgroups"]).as_deref(),
            Ok("a\n\nb\n\n\n\nd\n")
        );
        assert_eq!(preprocess(src, &[]).as_deref(), Ok("a\n\n\n\nc\n\nd\n"));
        assert_eq!(preprocess("x\n", &[]).as_deref(), Ok("x\n"));
    }

    #[test]
    fn stray_directives_name_their_line() {
        assert_eq!(
            preprocess("#else\n", &[]),
            Err("line 1: #else without #if".into())
        );
        assert_eq!(
            preprocess("\n#endif\n", &[]),
            Err("line 2: #endif without #if".into())
        );
        assert_eq!(
            preprocess("#if a\n#if b\n", &[]),
            Err("line 2: nested #if".into())
        );
        assert_eq!(
            preprocess("#if a\nx\n", &[]),
            Err("line 1: #if without #endif".into())
        );
    }

    #[test]
    fn every_shader_preprocesses_both_ways() {
        for (stem, src) in super::SOURCES {
            for defined in [&[][..], &["subgroups"][..]] {
                assert!(preprocess(src, defined).is_ok(), "{stem}.wgsl");
            }
        }
    }
}
