//! The streaming read kernel: the sum of an `f32` vector in one pass.
//!
//! It exists to measure how fast a backend can read device memory: every op's benchmark reports
//! its bandwidth as a fraction of what this kernel reaches on the same device in the same run.
//! Its result is checked too, so the bandwidth is never that of a kernel that skipped work.
//!
//! Semantics: returns Σ vᵢ accumulated in `f32` on the GPU (in an order fixed by
//! [`KernelParams`](crate::KernelParams)) and in `f64` on the CPU reference, widened to `f64`.
//! An empty vector sums to 0. NaN or ±Inf anywhere make the result non-finite, as in IEEE
//! arithmetic.

use crate::chunk::VectorChunk;
use crate::kernel_args::ReduceParams;

/// The launches of a streaming reduction (the read kernel and the arg-extremes): one
/// first-pass launch per chunk of the vector, each writing one partial per workgroup into
/// consecutive slots, then the final pass over the slots. Both backends run it as given.
#[derive(Debug, Clone, PartialEq)]
pub struct ReducePlan {
    /// `(chunk index, arguments)` of each first-pass launch (`args.groups` workgroups).
    pub partials: Vec<(usize, ReduceParams)>,
    /// Partial slots in all.
    pub slots: u32,
    /// The final pass (one workgroup), or `None` where the last workgroup of the first pass
    /// finishes (`arg_last_group`).
    pub last: Option<ReduceParams>,
}

/// Plans a reduction over `chunks` with the table's grid; `mask_kind` is the masked
/// arg-extremes' flag kind (0 otherwise); `last_group` lets the first pass's last workgroup
/// finish (where the backend has a device-scope fence).
pub fn plan_reduce(
    chunks: &[VectorChunk],
    params: &crate::KernelParams,
    mask_kind: u32,
    last_group: bool,
) -> ReducePlan {
    let groups: Vec<u32> = chunks.iter().map(|c| params.reduce_groups(c.len)).collect();
    let slots: u32 = groups.iter().sum();
    let mut slot = 0;
    let partials = chunks
        .iter()
        .zip(&groups)
        .enumerate()
        .map(|(i, (c, &g))| {
            let args = ReduceParams {
                len: c.len as u32,
                slot,
                groups: g,
                start: c.start as u32,
                mask_kind,
                total_slots: if last_group { slots } else { 0 },
            };
            slot += g;
            (i, args)
        })
        .collect();
    ReducePlan {
        partials,
        slots,
        last: (!last_group).then_some(ReduceParams {
            len: slots,
            groups: 1,
            ..Default::default()
        }),
    }
}
