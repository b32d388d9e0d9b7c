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
//! use duet_svm::{DeviceSvm, SvmConfig, data};
//! let d = data::read("train.libsvm".as_ref(), data::Format::Libsvm)?;
//! let model = dev.svm_train(&d.x, d.rows, d.cols, &d.y, &SvmConfig::default())?;
//! let labels = model.predict_on(&dev, &d.x, d.rows, d.cols)?;
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

/// SVM training as a method of a device: `dev.svm_train(&x, rows, cols, &y, &cfg)` trains on
/// the device with [`DeviceSolver`] (the CPU device: the reference solver).
pub trait DeviceSvm {
    /// One-vs-one C-SVC training of `rows × cols` row-major points with labels `y`
    /// ([`train`]); the row cache takes its default size.
    fn svm_train(
        &self,
        x: &[f32],
        rows: usize,
        cols: usize,
        y: &[f64],
        cfg: &SvmConfig,
    ) -> duet_core::Result<SvmModel>;
}

impl DeviceSvm for duet_core::Device {
    fn svm_train(
        &self,
        x: &[f32],
        rows: usize,
        cols: usize,
        y: &[f64],
        cfg: &SvmConfig,
    ) -> duet_core::Result<SvmModel> {
        let mut solver = DeviceSolver::new(self, cfg.steps_per_check).with_strategy(cfg.strategy);
        train(x, rows, cols, y, cfg, &mut solver, &mut |_, _, _| {})
    }
}
pub use device::DeviceSolver;
pub use model::{PairReport, SvmModel, accuracy, train};
pub use solver::{Binary, BinarySolution, BinarySolver, ReferenceSolver, Stop};
