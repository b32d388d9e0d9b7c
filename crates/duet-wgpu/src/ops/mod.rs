//! One module per op, beside its shader in `shaders/`.

pub(crate) mod argext;
pub(crate) mod logreg;
pub(crate) mod rbf;
pub(crate) mod read;
