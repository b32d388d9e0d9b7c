//! The ops' semantics, defined once: argument types, result types and validation. The CPU
//! reference implements these definitions literally; the GPU backends are checked against it.

pub mod argext;
pub mod gather;
pub mod logreg;
pub mod rbf;
pub mod read;
pub mod svm;
