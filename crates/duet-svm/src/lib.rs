//! SVM training and prediction on duet's devices (seeds 002 and 004): C-SVC with an RBF
//! kernel, solved by SMO with LIBSVM's second-order working-set selection, one-vs-one for more
//! than two classes; LIBSVM's data and model files so that models move between duet and
//! `svm-train`/`svm-predict`.
//!
//! - [`solver`]: the binary dual, its semantics, and the `f64` [`ReferenceSolver`] (the truth).
//! - [`device`]: the same algorithm on a device, with no host round trip between steps.
//! - [`model`]: one-vs-one training over any [`BinarySolver`], the model, prediction.
//! - [`modelfile`], [`data`], [`scale`]: LIBSVM's model files, data formats, `svm-scale`.
//!
//! ```no_run
//! # fn main() -> duet_core::Result<()> {
//! # let dev: duet_core::Device = todo!();
//! use duet_svm::{DeviceSolver, SvmConfig, data};
//! let train = data::read("train.libsvm".as_ref(), data::Format::Libsvm)?;
//! let cfg = SvmConfig::default();
//! let mut solver = DeviceSolver::new(&dev, cfg.steps_per_check);
//! let model = duet_svm::train(&train.x, train.rows, train.cols, &train.y, &cfg, &mut solver, &mut |_, _, _| {})?;
//! let labels = model.predict(&train.x, train.rows, train.cols)?;
//! # Ok(()) }
//! ```

pub mod check;
pub mod config;
pub mod data;
pub mod device;
pub mod model;
pub mod modelfile;
pub mod predict;
pub mod scale;
pub mod solver;

pub use config::{Gamma, SvmConfig, SvmStrategy};
pub use device::DeviceSolver;
pub use model::{PairReport, SvmModel, accuracy, train};
pub use solver::{Binary, BinarySolution, BinarySolver, ReferenceSolver, Stop};
