//! One module per op, beside its kernel file in `kernels/`.

pub(crate) mod argext;
pub(crate) mod logreg;
pub(crate) mod rbf;
pub(crate) mod read;
