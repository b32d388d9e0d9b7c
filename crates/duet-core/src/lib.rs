//! duet-core: the backend trait, device-resident handles, errors, kernel parameters, the ops'
//! semantics, data generation and loading, and the f64 CPU reference every GPU backend is
//! checked against. It depends on no GPU crate.

pub mod backend;
pub mod chunk;
pub mod cpu;
pub mod data;
pub mod device;
pub mod error;
pub mod files;
pub mod handle;
pub mod kernel_args;
pub mod launch;
pub mod ops;
pub mod par;
pub mod params;
pub mod phases;
pub mod reference;
pub mod tune;

pub use backend::{
    Backend, BackendKind, DeviceInfo, DeviceType, MAX_BINDING_BYTES, OpenOptions, TimerKind,
};
pub use cpu::CpuBackend;
pub use device::Device;
pub use error::{Error, ErrorKind, Result};
pub use handle::{Labels, Layout, Mask, MaskData, MaskKind, Matrix, Storage, Vector};
pub use ops::argext::{ArgExtreme, Extreme};
pub use ops::gather::Rows;
pub use ops::logreg::{LogregStrategy, TrainConfig, TrainTrace};
pub use ops::rbf::{RbfArgs, RbfVariant};
pub use params::{
    Automatic, KernelParams, LogregTiling, SINGLE_REG_MAX_COLS, SINGLE_REG_MAX_FLOATS,
};
