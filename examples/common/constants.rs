//! The `NAME=VALUE[,…]` kernel constants `cl_binary` and `vk_binary` take.

/// Parses `args` (each `NAME=VALUE`, comma separated) into constants a build takes on top of
/// the parameter table; an error names a pair that is not `NAME=VALUE`, a name that is no
/// kernel constant, or a value that is not a `u32`.
pub fn parse(args: &[String]) -> Result<Vec<(&'static str, u32)>, Box<dyn std::error::Error>> {
    let known = duet::KernelParams::DEFAULT.constants();
    let mut extra: Vec<(&'static str, u32)> = Vec::new();
    for pair in args.iter().flat_map(|s| s.split(',')) {
        let (name, value) = pair
            .split_once('=')
            .ok_or_else(|| format!("`{pair}`: constants are NAME=VALUE"))?;
        let name = known
            .iter()
            .find(|c| c.0 == name)
            .map(|c| c.0)
            .ok_or_else(|| format!("{name} is not a kernel constant"))?;
        let value = value.parse().map_err(|e| format!("{name}={value}: {e}"))?;
        extra.push((name, value));
    }
    Ok(extra)
}
