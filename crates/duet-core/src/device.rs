//! [`Device`]: an opened backend behind one validated, object-safe front.

use std::time::Duration;

use crate::backend::{Backend, DeviceInfo, TimerKind};
use crate::error::{Error, Result};
use crate::handle::{DeviceId, Labels, Layout, Mask, MaskData, Matrix, Vector};
use crate::ops::argext::{self, ArgExtreme, Extreme};
use crate::ops::logreg::{self, LogregStrategy, TrainConfig, TrainTrace};
use crate::ops::rbf::RbfArgs;
use crate::ops::rbf::{self, RbfVariant};
use crate::params::KernelParams;

/// One opened device. Every call is validated here, once for all backends, so an invalid call
/// returns the same error whichever backend is behind it.
pub struct Device {
    id: DeviceId,
    backend: Box<dyn Backend>,
}

impl std::fmt::Debug for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Device")
            .field("name", &self.info().name)
            .finish()
    }
}

impl Device {
    /// Wraps an opened backend.
    pub fn new(backend: Box<dyn Backend>) -> Self {
        Device {
            id: DeviceId::fresh(),
            backend,
        }
    }

    /// What the device is.
    pub fn info(&self) -> &DeviceInfo {
        self.backend.info()
    }

    /// The device's name (`cpu`, `wgpu:0`, …).
    pub fn name(&self) -> &str {
        &self.backend.info().name
    }

    /// The kernel parameters in use.
    pub fn params(&self) -> &KernelParams {
        self.backend.params()
    }

    /// The backend behind this device.
    pub fn backend(&self) -> &dyn Backend {
        self.backend.as_ref()
    }

    /// An error unless `owner` is this device (a handle made here).
    pub(crate) fn check_owner(&self, what: &str, owner: DeviceId) -> Result<()> {
        if owner == self.id {
            Ok(())
        } else {
            Err(Error::invalid(
                what,
                "a handle of another device",
                format!(
                    "handles can only be used on the device that made them ({})",
                    self.name()
                ),
            ))
        }
    }

    fn vector(&self, len: usize, storage: crate::handle::Storage) -> Vector {
        Vector {
            len,
            owner: self.id,
            storage,
        }
    }

    /// Device vectors hold at most [`argext::MAX_LEN`] elements: every index fits `u32`.
    fn check_len(what: &str, len: usize) -> Result<()> {
        if len > argext::MAX_LEN {
            return Err(Error::TooLarge {
                what: format!("{what} (elements; indices are 32-bit)"),
                needed: len as u64,
                limit: argext::MAX_LEN as u64,
            });
        }
        Ok(())
    }

    /// Copies host data into a new device vector.
    pub fn upload(&self, data: &[f32]) -> Result<Vector> {
        Self::check_len("vector", data.len())?;
        let storage = self.backend.upload_vector(data)?;
        Ok(self.vector(data.len(), storage))
    }

    /// A new device vector of `len` zeros.
    pub fn zeros(&self, len: usize) -> Result<Vector> {
        Self::check_len("vector", len)?;
        let storage = self.backend.alloc_vector(len)?;
        Ok(self.vector(len, storage))
    }

    /// Copies mask flags into a new device mask.
    pub fn upload_mask(&self, flags: MaskData<'_>) -> Result<Mask> {
        Self::check_len("mask", flags.len())?;
        let storage = self.backend.upload_mask(flags)?;
        Ok(Mask {
            len: flags.len(),
            kind: flags.kind(),
            owner: self.id,
            storage,
        })
    }

    /// Copies labels into device memory; each must be finite and in `[0, 1]`.
    pub fn upload_labels(&self, y: &[f32]) -> Result<Labels> {
        if let Some((i, v)) = y
            .iter()
            .enumerate()
            .find(|(_, v)| !(v.is_finite() && (0.0..=1.0).contains(*v)))
        {
            return Err(Error::invalid(
                format!("y[{i}]"),
                v,
                "labels must lie in [0, 1]",
            ));
        }
        Ok(Labels(self.upload(y)?))
    }

    /// Copies a row-major host matrix (`rows × cols`, all values finite) into device memory,
    /// laid out as `layout`.
    pub fn upload_matrix(
        &self,
        data: &[f32],
        rows: usize,
        cols: usize,
        layout: Layout,
    ) -> Result<Matrix> {
        let expected = rows.checked_mul(cols).ok_or_else(|| {
            Error::invalid("rows × cols", format!("{rows} × {cols}"), "overflows usize")
        })?;
        if data.len() != expected {
            return Err(Error::shape(
                "x",
                format!("{rows} × {cols} = {expected} values"),
                format!("{} values", data.len()),
            ));
        }
        Self::check_len("matrix rows", rows)?;
        Self::check_len("matrix columns", cols)?;
        if let Some(i) = data.iter().position(|v| !v.is_finite()) {
            return Err(Error::invalid(
                format!("x[{}, {}]", i / cols, i % cols),
                data[i],
                "matrix values must be finite",
            ));
        }
        let storage = self.backend.upload_matrix(data, rows, cols, layout)?;
        Ok(Matrix {
            rows,
            cols,
            layout,
            owner: self.id,
            storage,
        })
    }

    /// Overwrites a device vector with host data of the same length.
    pub fn write(&self, v: &mut Vector, data: &[f32]) -> Result<()> {
        self.check_owner("v", v.owner)?;
        if data.len() != v.len {
            return Err(Error::shape(
                "data",
                format!("{} values", v.len),
                format!("{} values", data.len()),
            ));
        }
        self.backend.write_vector(v, data)
    }

    /// Copies a device vector to the host.
    pub fn download(&self, v: &Vector) -> Result<Vec<f32>> {
        self.check_owner("v", v.owner)?;
        self.backend.download_vector(v)
    }

    /// Waits for all queued work.
    pub fn finish(&self) -> Result<()> {
        self.backend.finish()
    }

    /// The read kernel: Σ v (see [`ops::read`](crate::ops::read)).
    pub fn read_sum(&self, v: &Vector) -> Result<f64> {
        self.check_owner("v", v.owner)?;
        self.backend.read_sum(v)
    }

    fn arg(&self, v: &Vector, mask: Option<&Mask>, e: Extreme) -> Result<Option<ArgExtreme>> {
        self.check_owner("v", v.owner)?;
        if let Some(m) = mask {
            self.check_owner("mask", m.owner)?;
        }
        argext::validate(e.op_name(), v.len, mask.map(|m| m.len))?;
        self.backend.arg_extreme(v, mask, e)
    }

    fn unmasked(&self, v: &Vector, e: Extreme) -> Result<ArgExtreme> {
        self.arg(v, None, e)?.ok_or_else(|| {
            Error::execution(
                e.op_name(),
                "the backend returned no element for an unmasked call",
            )
        })
    }

    /// The smallest element and its index (see [`ops::argext`](crate::ops::argext) for ties
    /// and NaN).
    pub fn argmin(&self, v: &Vector) -> Result<ArgExtreme> {
        self.unmasked(v, Extreme::Min)
    }

    /// The largest element and its index (see [`ops::argext`](crate::ops::argext)).
    pub fn argmax(&self, v: &Vector) -> Result<ArgExtreme> {
        self.unmasked(v, Extreme::Max)
    }

    /// The smallest selected element; `None` when the mask selects nothing.
    pub fn argmin_masked(&self, v: &Vector, mask: &Mask) -> Result<Option<ArgExtreme>> {
        self.arg(v, Some(mask), Extreme::Min)
    }

    /// The largest selected element; `None` when the mask selects nothing.
    pub fn argmax_masked(&self, v: &Vector, mask: &Mask) -> Result<Option<ArgExtreme>> {
        self.arg(v, Some(mask), Extreme::Max)
    }

    /// The RBF rung [`Device::rbf_rows`] runs for a matrix in `layout` with `cols` columns on
    /// this device: the backend's choice (row-major matrices have one rung; for column-major
    /// ones each backend picks the fastest it measured for the shape).
    pub fn default_rbf_variant(&self, layout: Layout, cols: usize) -> RbfVariant {
        self.backend.default_rbf_variant(layout, cols)
    }

    /// RBF kernel rows with the rung this device's backend runs by default for `x`'s layout
    /// ([`Device::default_rbf_variant`]; see [`ops::rbf`](crate::ops::rbf)).
    pub fn rbf_rows(
        &self,
        x: &Matrix,
        args: RbfArgs,
        out_hi: &mut Vector,
        out_lo: &mut Vector,
    ) -> Result<()> {
        let rung = self.default_rbf_variant(x.layout, x.cols());
        self.rbf_rows_variant(x, args, rung, out_hi, out_lo)
    }

    /// RBF kernel rows with a named rung.
    pub fn rbf_rows_variant(
        &self,
        x: &Matrix,
        args: RbfArgs,
        variant: RbfVariant,
        out_hi: &mut Vector,
        out_lo: &mut Vector,
    ) -> Result<()> {
        self.check_owner("x", x.owner)?;
        self.check_owner("out_hi", out_hi.owner)?;
        self.check_owner("out_lo", out_lo.owner)?;
        rbf::validate(
            (x.rows, x.cols, x.layout),
            &args,
            variant,
            (out_hi.len, out_lo.len),
        )?;
        self.backend.rbf_rows(x, args, variant, out_hi, out_lo)
    }

    fn check_logreg(&self, x: &Matrix, y: &Labels, w: &Vector, grad_len: usize) -> Result<()> {
        self.check_owner("x", x.owner)?;
        self.check_owner("y", y.0.owner)?;
        self.check_owner("w", w.owner)?;
        logreg::validate_gradient(x.rows, x.cols, y.len(), w.len, grad_len)?;
        if x.layout != Layout::RowMajor {
            return Err(Error::invalid(
                "x",
                format!("a {} matrix", x.layout),
                "logistic regression reads a row-major matrix",
            ));
        }
        Ok(())
    }

    /// The logistic-regression gradient into `grad`, returning the log-likelihood; the
    /// strategy is picked from the shape.
    pub fn logreg_gradient(
        &self,
        x: &Matrix,
        y: &Labels,
        w: &Vector,
        grad: &mut Vector,
    ) -> Result<f64> {
        let s = LogregStrategy::for_shape(x.rows, x.cols);
        self.logreg_gradient_with(x, y, w, grad, s)
    }

    /// The gradient with a named strategy.
    pub fn logreg_gradient_with(
        &self,
        x: &Matrix,
        y: &Labels,
        w: &Vector,
        grad: &mut Vector,
        strategy: LogregStrategy,
    ) -> Result<f64> {
        self.check_owner("grad", grad.owner)?;
        self.check_logreg(x, y, w, grad.len)?;
        self.backend.logreg_gradient(x, y, w, grad, strategy)
    }

    /// Gradient ascent on the device, updating `w` in place; the strategy is picked from the
    /// shape.
    pub fn logreg_train(
        &self,
        x: &Matrix,
        y: &Labels,
        w: &mut Vector,
        cfg: &TrainConfig,
    ) -> Result<TrainTrace> {
        let s = LogregStrategy::for_shape(x.rows, x.cols);
        self.logreg_train_with(x, y, w, cfg, s)
    }

    /// Training with a named strategy.
    pub fn logreg_train_with(
        &self,
        x: &Matrix,
        y: &Labels,
        w: &mut Vector,
        cfg: &TrainConfig,
        strategy: LogregStrategy,
    ) -> Result<TrainTrace> {
        self.check_logreg(x, y, w, x.cols)?;
        logreg::validate_train(cfg)?;
        self.backend.logreg_train(x, y, w, cfg, strategy)
    }

    /// How [`Device::take_gpu_time`] measures.
    pub fn timer(&self) -> TimerKind {
        self.backend.timer()
    }

    /// Turns per-op timing on or off.
    pub fn set_profiling(&self, on: bool) {
        self.backend.set_profiling(on)
    }

    /// Device time spent in ops since the last call (profiling on).
    pub fn take_gpu_time(&self) -> Option<Duration> {
        self.backend.take_gpu_time()
    }
}
