//! The OpenCL C sources, compiled into the binary: a built binary needs no source tree.

/// `(stem, source)` of every file in `kernels/`.
pub const SOURCES: &[(&str, &str)] = &[
    ("read", include_str!("../../../kernels/read.cl")),
];

/// The source of `kernels/<stem>.cl`.
pub fn source(stem: &str) -> Option<&'static str> {
    SOURCES.iter().find(|(s, _)| *s == stem).map(|(_, src)| *src)
}
