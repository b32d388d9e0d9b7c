//! Matrices gathered on the device: a row-major host array copied to device memory once as it
//! is ([`Rows`], no packing on the host), and matrices of rows picked out of it laid out by a
//! kernel ([`Device::gather_matrix`]).
//!
//! A gathered matrix is the matrix [`Device::upload_matrix_rows`] makes of the same rows, to
//! the bit: the same layout, pitch, blocks and zero padding, the values copied, not computed.
//! Training one-vs-one (duet-svm) picks every class pair's rows out of one array: gathering
//! them on the device saves packing and copying each pair's rows on the host (on an H200, 12 ms
//! of a 50 ms Fashion-MNIST pair through OpenCL; BENCHMARKS.md, session 32).
//!
//! Values are checked where they are gathered: a pick that reaches a value that is not finite
//! (NaN, ±∞) is an error naming it by its row and column in the array, as an upload names it;
//! values no pick reaches are never checked. The array must fit one binding of the device (its
//! `max_binding_bytes`) and so must the picks; else [`Error::TooLarge`] says which, and the
//! caller uploads the rows from the host instead.

use crate::chunk::{plan_matrix, plan_vector};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::handle::{DeviceId, Layout, Matrix, Vector};
use crate::kernel_args::GatherParams;
use crate::launch::{ArgWords, Bind, KernelLaunch};

/// A row-major array in device memory, `rows × cols`, from which matrices are gathered.
#[derive(Debug)]
pub struct Rows {
    data: Vector,
    rows: usize,
    cols: usize,
}

impl Rows {
    /// Rows in the array.
    pub fn rows(&self) -> usize {
        self.rows
    }
    /// Columns of each row.
    pub fn cols(&self) -> usize {
        self.cols
    }
    /// The device this array lives on.
    pub fn owner(&self) -> DeviceId {
        self.data.owner()
    }
}

/// "No non-finite value seen" in the status word.
const NONE: u32 = u32::MAX;

/// The launches that fill `m`'s blocks from `src` (one `gather_rows` launch per block, a
/// grid-stride loop of at most `MAX_GROUPS` workgroups of `reduce_wg`).
fn plan_gather<'a>(
    src: &'a Vector,
    pick: &'a Vector,
    status: &'a Vector,
    m: &'a Matrix,
    max_binding_bytes: u64,
    params: &crate::KernelParams,
) -> Result<Vec<KernelLaunch<'a>>> {
    let wg = params.reduce_wg;
    let blocks = plan_matrix(m.rows, m.cols, m.layout, max_binding_bytes, params)?;
    Ok(blocks
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let total = b.elems(m.cols, m.layout);
            let groups = total
                .div_ceil(wg as usize)
                .clamp(1, crate::params::MAX_GROUPS as usize) as u32;
            KernelLaunch {
                stem: "gather",
                entry: "gather_rows",
                extra: Vec::new(),
                groups,
                wg,
                binds: vec![
                    (0, Bind::Vector(src, 0)),
                    (1, Bind::Vector(pick, 0)),
                    (2, Bind::Matrix(m, i)),
                    (3, Bind::Vector(status, 0)),
                ],
                args: ArgWords::of(&GatherParams {
                    cols: m.cols as u32,
                    pitch: b.pitch as u32,
                    rows: b.rows as u32,
                    row_start: b.row_start as u32,
                    layout_cm: u32::from(m.layout == Layout::ColumnMajor),
                    total: total as u32,
                    groups,
                }),
            }
        })
        .collect())
}

/// The error for the value `value` at flat index `at` of an array `cols` wide.
fn not_finite(at: usize, cols: usize, value: f32) -> Error {
    Error::invalid(
        format!("x[{}, {}]", at / cols, at % cols),
        value,
        "matrix values must be finite",
    )
}

impl Device {
    /// Copies a row-major host array (`data.len() / cols` rows of `cols` values) into device
    /// memory as it is, to gather matrices from ([`Device::gather_matrix`]). Its values are
    /// checked when they are gathered, not here.
    pub fn upload_rows(&self, data: &[f32], cols: usize) -> Result<Rows> {
        Self::check_whole_rows(data, cols)?;
        Ok(Rows {
            data: self.upload(data)?,
            rows: data.len() / cols,
            cols,
        })
    }

    /// The rows `pick` of `src`, in `pick`'s order, as a `pick.len() × cols` matrix in
    /// `layout`: bit for bit the matrix [`Device::upload_matrix_rows`] makes of the same host
    /// rows, laid out by the device (see [`ops::gather`](crate::ops::gather)). A row may be
    /// picked more than once. Errors: a pick past `src`'s rows, a picked value that is not
    /// finite (named by its row and column in `src`), `src` or the picks larger than one
    /// binding ([`Error::TooLarge`]).
    pub fn gather_matrix(&self, src: &Rows, pick: &[usize], layout: Layout) -> Result<Matrix> {
        self.check_owner("src", src.owner())?;
        if let Some(t) = pick.iter().position(|&r| r >= src.rows) {
            return Err(Error::invalid(
                format!("pick[{t}]"),
                pick[t],
                format!("must name one of the array's {} rows", src.rows),
            ));
        }
        if self.info().backend == crate::BackendKind::Cpu {
            // The reference: the host's upload of the same rows (its storage is host memory),
            // after the kernels' check (the first bad value in the array's order).
            let host = self.download(&src.data)?;
            let mut picked = pick.to_vec();
            picked.sort_unstable();
            picked.dedup();
            let cols = src.cols;
            let bad = picked.iter().find_map(|&r| {
                let row = &host[r * cols..(r + 1) * cols];
                row.iter()
                    .position(|v| !v.is_finite())
                    .map(|c| r * cols + c)
            });
            if let Some(at) = bad {
                return Err(not_finite(at, cols, host[at]));
            }
            return self.upload_matrix_rows(&host, cols, pick, layout);
        }
        let cap = self.info().max_binding_bytes;
        for (what, len) in [
            ("the array to gather from", src.data.len()),
            ("the picks", pick.len()),
        ] {
            if plan_vector(len, cap, self.params())?.len() > 1 {
                return Err(Error::TooLarge {
                    what: format!("{what} (it must fit one binding)"),
                    needed: 4 * len as u64,
                    limit: cap,
                });
            }
        }
        let m = self.alloc_matrix(pick.len(), src.cols, layout)?;
        if pick.is_empty() {
            return Ok(m);
        }
        let words: Vec<f32> = pick.iter().map(|&r| f32::from_bits(r as u32)).collect();
        let picks = self.upload(&words)?;
        let status = self.upload(&[f32::from_bits(NONE)])?;
        let plan = plan_gather(&src.data, &picks, &status, &m, cap, self.params())?;
        self.backend().run_plan("gather_matrix", &plan)?;
        let bad = self.download(&status)?[0].to_bits();
        if bad != NONE {
            let at = bad as usize;
            let value = self
                .download(&src.data)?
                .get(at)
                .copied()
                .unwrap_or(f32::NAN);
            return Err(not_finite(at, src.cols, value));
        }
        Ok(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_picks_and_values_are_named_on_the_reference() {
        let dev = Device::new(Box::new(crate::CpuBackend::new()));
        let src = dev
            .upload_rows(&[1.0, 2.0, 3.0, f32::NAN, 5.0, 6.0], 2)
            .expect("rows");
        assert_eq!((src.rows(), src.cols()), (3, 2));
        let err = |r: Result<Matrix>| r.expect_err("must fail").to_string();
        let e = err(dev.gather_matrix(&src, &[0, 3], Layout::RowMajor));
        assert!(e.contains("pick[1]") && e.contains("3 rows"), "{e}");
        let e = err(dev.gather_matrix(&src, &[2, 1], Layout::ColumnMajor));
        assert!(e.contains("x[1, 1]") && e.contains("finite"), "{e}");
        let e = dev
            .upload_rows(&[1.0; 5], 2)
            .expect_err("ragged")
            .to_string();
        assert!(e.contains("whole rows of 2"), "{e}");
        let m = dev
            .gather_matrix(&src, &[2, 0, 2], Layout::RowMajor)
            .expect("picks may repeat");
        assert_eq!((m.rows(), m.cols()), (3, 2));
    }
}
