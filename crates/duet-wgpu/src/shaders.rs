//! The WGSL sources, compiled into the binary: a built binary needs no source tree.

/// `(stem, source)` of every file in `shaders/`.
pub const SOURCES: &[(&str, &str)] = &[
    ("argext", include_str!("../../../shaders/argext.wgsl")),
    ("logreg", include_str!("../../../shaders/logreg.wgsl")),
    ("rbf", include_str!("../../../shaders/rbf.wgsl")),
    ("read", include_str!("../../../shaders/read.wgsl")),
];

/// The source of `shaders/<stem>.wgsl`.
pub fn source(stem: &str) -> Option<&'static str> {
    SOURCES
        .iter()
        .find(|(s, _)| *s == stem)
        .map(|(_, src)| *src)
}
