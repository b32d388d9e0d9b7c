//! duet-conform: the conformance suite. Every op on every backend against the f64 CPU
//! reference, with tolerances derived in docs/conformance.md, and every invalid call checked to
//! return the same error variant everywhere. `cargo test` and `duet conform` run the same
//! [`cases::suite`].

pub mod cases;
pub mod inputs;
pub mod report;
pub mod run;
pub mod tolerance;
pub mod train;

pub use cases::{Binding, Case, Level, Op, SPLIT_BINDING_BYTES, suite};
pub use run::{CaseResult, Status, Target, run_case, run_on};
