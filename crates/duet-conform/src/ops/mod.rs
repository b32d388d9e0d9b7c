//! One module per op family: its descriptor ([`OpFamily`](crate::registry::OpFamily)), its
//! case types and its check against the reference.

pub mod argext;
pub mod logreg;
pub mod rbf;
pub mod read;
pub mod smo;
pub mod svm;
pub mod train;
