//! The one error type of duet: every backend and every op returns it.

use serde::Serialize;

/// Shorthand for `Result<T, duet_core::Error>`.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// What went wrong, with variants a caller can act on.
///
/// Backends map their driver errors onto these variants; the conformance suite checks that an
/// invalid call returns the same [`ErrorKind`] on every backend.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// No device matched, or the device name could not be parsed.
    #[error("no device: {0}")]
    NoDevice(String),
    /// A backend cannot be used on this machine (no driver, no library, built without it).
    #[error("{backend}: not available ({reason})")]
    BackendUnavailable {
        /// `wgpu`, `opencl` or `cpu`.
        backend: String,
        /// Why, as the loader or driver said it.
        reason: String,
    },
    /// Two arguments that must agree in length or shape do not.
    #[error("shape mismatch in {what}: expected {expected}, got {got}")]
    ShapeMismatch {
        /// The argument whose shape is wrong.
        what: String,
        /// The shape it must have.
        expected: String,
        /// The shape it has.
        got: String,
    },
    /// An argument has a value the op does not accept.
    #[error("invalid argument `{name}` = {value}: {reason}")]
    InvalidArgument {
        /// The argument (or the cell of a matrix, e.g. `x[3, 5]`).
        name: String,
        /// Its value, as text.
        value: String,
        /// What the op requires instead.
        reason: String,
    },
    /// The request needs more than the device allows in one piece (a dispatch, a workgroup).
    #[error("{what} is too large for the device: needs {needed}, limit {limit}")]
    TooLarge {
        /// What was too large.
        what: String,
        /// How much it needs (bytes unless `what` says otherwise).
        needed: u64,
        /// The device's limit, same unit.
        limit: u64,
    },
    /// The device could not allocate memory.
    #[error("out of device memory allocating {what} ({bytes} bytes)")]
    OutOfDeviceMemory {
        /// What was being allocated.
        what: String,
        /// How many bytes were asked for.
        bytes: u64,
    },
    /// The device was lost (driver reset, removal, a crash on the device); it cannot be used again.
    #[error("device lost: {0}")]
    DeviceLost(String),
    /// A kernel failed to compile; `log` holds the compiler's output for every device.
    #[error("kernel build failed for {kernel}:\n{log}")]
    KernelBuild {
        /// The kernel file (stem) and entry point.
        kernel: String,
        /// The build log.
        log: String,
    },
    /// The driver refused or failed a command.
    #[error("execution failed in {op}: {reason}")]
    Execution {
        /// The op or driver call that failed.
        op: String,
        /// The driver's words.
        reason: String,
    },
    /// Input data (a CSV file, say) could not be read. Shown as `name:line:column: reason`,
    /// `name:line: reason` where the whole line is meant, `name: reason` where the whole input
    /// is.
    #[error("{}: {reason}", place(source_name, *line, *column))]
    Data {
        /// The file name, or `<input>`.
        source_name: String,
        /// 1-based line number (0 when the whole input is meant).
        line: usize,
        /// 1-based column number (0 when the whole line is meant).
        column: usize,
        /// What is wrong there.
        reason: String,
    },
}

/// Where in an input an [`Error::Data`] is: the name, then the line and column where they
/// are known (non-zero).
fn place(name: &str, line: usize, column: usize) -> String {
    match (line, column) {
        (0, _) => name.to_string(),
        (l, 0) => format!("{name}:{l}"),
        (l, c) => format!("{name}:{l}:{c}"),
    }
}

/// The variant of an [`Error`] without its payload, for comparing errors across backends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[allow(missing_docs)]
pub enum ErrorKind {
    NoDevice,
    BackendUnavailable,
    ShapeMismatch,
    InvalidArgument,
    TooLarge,
    OutOfDeviceMemory,
    DeviceLost,
    KernelBuild,
    Execution,
    Data,
}

impl Error {
    /// The variant, without payload.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::NoDevice(_) => ErrorKind::NoDevice,
            Error::BackendUnavailable { .. } => ErrorKind::BackendUnavailable,
            Error::ShapeMismatch { .. } => ErrorKind::ShapeMismatch,
            Error::InvalidArgument { .. } => ErrorKind::InvalidArgument,
            Error::TooLarge { .. } => ErrorKind::TooLarge,
            Error::OutOfDeviceMemory { .. } => ErrorKind::OutOfDeviceMemory,
            Error::DeviceLost(_) => ErrorKind::DeviceLost,
            Error::KernelBuild { .. } => ErrorKind::KernelBuild,
            Error::Execution { .. } => ErrorKind::Execution,
            Error::Data { .. } => ErrorKind::Data,
        }
    }

    /// An [`Error::InvalidArgument`].
    pub fn invalid(
        name: impl Into<String>,
        value: impl ToString,
        reason: impl Into<String>,
    ) -> Self {
        Error::InvalidArgument {
            name: name.into(),
            value: value.to_string(),
            reason: reason.into(),
        }
    }

    /// An [`Error::ShapeMismatch`].
    pub fn shape(what: impl Into<String>, expected: impl ToString, got: impl ToString) -> Self {
        Error::ShapeMismatch {
            what: what.into(),
            expected: expected.to_string(),
            got: got.to_string(),
        }
    }

    /// An [`Error::Execution`].
    pub fn execution(op: impl Into<String>, reason: impl ToString) -> Self {
        Error::Execution {
            op: op.into(),
            reason: reason.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Error;

    fn data(line: usize, column: usize) -> String {
        Error::Data {
            source_name: "f.txt".into(),
            line,
            column,
            reason: "bad".into(),
        }
        .to_string()
    }

    #[test]
    fn a_data_error_names_only_the_places_it_knows() {
        assert_eq!(data(0, 0), "f.txt: bad");
        assert_eq!(data(3, 0), "f.txt:3: bad");
        assert_eq!(data(3, 7), "f.txt:3:7: bad");
    }
}
