//! The OpenCL C sources, compiled into the binary: a built binary needs no source tree.

/// `(stem, source)` of every file in `kernels/`.
pub const SOURCES: &[(&str, &str)] = &[
    ("argext", include_str!("../../../kernels/argext.cl")),
    ("logreg", include_str!("../../../kernels/logreg.cl")),
    ("rbf", include_str!("../../../kernels/rbf.cl")),
    ("read", include_str!("../../../kernels/read.cl")),
];

/// The source of `kernels/<stem>.cl`.
pub fn source(stem: &str) -> Option<&'static str> {
    SOURCES
        .iter()
        .find(|(s, _)| *s == stem)
        .map(|(_, src)| *src)
}
