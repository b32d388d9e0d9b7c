//! The generic launch path: an op whose launch plan is all in duet-core hands the backend a
//! list of [`KernelLaunch`]es (entry point, specialisation, grid, what each binding holds, the
//! argument struct) and the backend only binds and dispatches ([`Backend::run_plan`]). Such an
//! op needs no code in the backend crates: its files are listed in docs/adding-an-op.md.
//!
//! [`Backend::run_plan`]: crate::Backend::run_plan

use crate::handle::{Matrix, Vector};
use crate::kernel_args::KernelArgs;

/// What one binding of a launch holds.
#[derive(Debug, Clone, Copy)]
pub enum Bind<'a> {
    /// Chunk `i` of a vector (as [`plan_vector`](crate::chunk::plan_vector) splits it over the
    /// device's bindings).
    Vector(&'a Vector, usize),
    /// Block `i` of a matrix (as [`plan_matrix`](crate::chunk::plan_matrix) splits it).
    Matrix(&'a Matrix, usize),
}

/// Words an argument struct may have: 128 bytes, the push-constant size every Vulkan device
/// offers (WGSL immediates; wgpu's open checks the adapter's limit).
pub const MAX_ARG_WORDS: usize = 32;

/// An argument struct as the words a kernel receives.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ArgWords {
    /// The struct's words (at most [`MAX_ARG_WORDS`]).
    pub words: [u32; MAX_ARG_WORDS],
    /// How many of them are the struct's.
    pub len: usize,
}

impl ArgWords {
    /// The words of `args`.
    pub fn of(args: &impl KernelArgs) -> ArgWords {
        let bytes = args.bytes();
        let mut words = [0u32; MAX_ARG_WORDS];
        // Argument structs are whole 4-byte words, at most MAX_ARG_WORDS (kernel_args.rs tests
        // both).
        let n = bytes.len().min(4 * MAX_ARG_WORDS);
        bytemuck::cast_slice_mut::<u32, u8>(&mut words)[..n].copy_from_slice(&bytes[..n]);
        ArgWords { words, len: n / 4 }
    }

    /// The words as bytes.
    pub fn bytes(&self) -> &[u8] {
        &bytemuck::cast_slice(&self.words)[..4 * self.len]
    }
}

/// One build of a kernel: what a backend compiles once and reuses for every launch of the
/// same file, entry point and constants (see [`Backend::prepare`](crate::Backend::prepare)).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KernelBuild {
    /// Kernel file stem (`shaders/<stem>.wgsl`, `kernels/<stem>.cl`).
    pub stem: &'static str,
    /// Entry point, the same in both files.
    pub entry: &'static str,
    /// Specialisation constants of the build.
    pub extra: Vec<(&'static str, u32)>,
}

/// One launch of a kernel plan.
#[derive(Debug, Clone)]
pub struct KernelLaunch<'a> {
    /// Kernel file stem (`shaders/<stem>.wgsl`, `kernels/<stem>.cl`).
    pub stem: &'static str,
    /// Entry point, the same in both files.
    pub entry: &'static str,
    /// Specialisation constants of the build (see
    /// [`KernelParams::constants_with`](crate::KernelParams::constants_with)).
    pub extra: Vec<(&'static str, u32)>,
    /// Workgroups.
    pub groups: u32,
    /// Work-items per workgroup: the table's value the entry point is declared with (WGSL's
    /// `@workgroup_size`, OpenCL's `reqd_work_group_size`).
    pub wg: u32,
    /// `(binding, buffer)` in ascending binding order: WGSL's `@binding` numbers; the OpenCL
    /// kernel takes the same buffers in the same order as its first arguments, then the
    /// argument struct by value.
    pub binds: Vec<(u32, Bind<'a>)>,
    /// The argument struct (WGSL immediates, OpenCL's last argument).
    pub args: ArgWords,
}

impl Bind<'_> {
    /// Whether both name the same piece of the same handle.
    pub fn same(&self, other: &Bind<'_>) -> bool {
        match (self, other) {
            (Bind::Vector(a, i), Bind::Vector(b, j)) => std::ptr::eq(*a, *b) && i == j,
            (Bind::Matrix(a, i), Bind::Matrix(b, j)) => std::ptr::eq(*a, *b) && i == j,
            _ => false,
        }
    }
}

impl KernelLaunch<'_> {
    /// The build this launch runs.
    pub fn build(&self) -> KernelBuild {
        KernelBuild {
            stem: self.stem,
            entry: self.entry,
            extra: self.extra.clone(),
        }
    }

    /// Whether `other` runs the same build of the same entry point on the same bindings (its
    /// grid and arguments may differ): a backend binds such launches once per plan (an SMO
    /// batch repeats four launches hundreds of times).
    pub fn same_binding(&self, other: &KernelLaunch<'_>) -> bool {
        self.stem == other.stem
            && self.entry == other.entry
            && self.extra == other.extra
            && self.binds.len() == other.binds.len()
            && self
                .binds
                .iter()
                .zip(&other.binds)
                .all(|((i, a), (j, b))| i == j && a.same(b))
    }
}
