//! One module per op, beside its kernel file in `kernels/`.

pub(crate) mod read;
