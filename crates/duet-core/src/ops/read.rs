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
