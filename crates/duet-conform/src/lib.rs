//! duet-conform: the op registry and the conformance suite. Every op family has one
//! descriptor ([`registry::OpFamily`], in [`ops`]) that says its cases, invalid calls,
//! benchmark cases, reference and tolerance; the suite checks every op on every backend against
//! the f64 CPU reference, with tolerances derived in docs/conformance.md, and every invalid call
//! to return the same error variant everywhere. `cargo test`, `duet conform` and `duet bench`
//! all read [`registry::families`].

pub mod cases;
pub mod check;
pub mod inputs;
pub mod ops;
pub mod registry;
pub mod report;
pub mod run;
pub mod tolerance;
pub mod train;

pub use registry::{
    BenchCase, Binding, Case, Level, OpFamily, SPLIT_BINDING_BYTES, Selection, Sizes, families,
    suite,
};
pub use run::{CaseResult, Status, Target, run_case, run_on};
