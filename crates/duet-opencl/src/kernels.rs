//! The OpenCL C sources, compiled into the binary: a built binary needs no source tree.

macro_rules! embed {
    ($($stem:literal),*) => {
        /// `(stem, source)` of every file in `kernels/` (the stems of
        /// [`duet_core::kernel_stems`]).
        pub const SOURCES: &[(&str, &str)] =
            &[$(($stem, include_str!(concat!("../../../kernels/", $stem, ".cl")))),*];
    };
}
duet_core::kernel_stems!(embed);

/// The source of `kernels/<stem>.cl`.
pub fn source(stem: &str) -> Option<&'static str> {
    SOURCES
        .iter()
        .find(|(s, _)| *s == stem)
        .map(|(_, src)| *src)
}
