//! One module per op, beside its shader in `shaders/`.

pub(crate) mod read;
