//! [`Device`]: an opened backend behind one validated, object-safe front.

use std::time::Duration;

use crate::backend::{Backend, DeviceInfo, TimerKind};
use crate::chunk::HostRows;
use crate::error::{Error, Result};
use crate::handle::{DeviceId, Labels, Layout, Mask, MaskData, Matrix, Vector};
use crate::ops::argext::{self, ArgExtreme, Extreme};
use crate::ops::logreg::{self, LogregStrategy, TrainConfig, TrainTrace};
use crate::ops::rbf::RbfArgs;
use crate::ops::rbf::{self, RbfVariant};
use crate::params::KernelParams;
use crate::tune::auto::{Auto, AutoTune};
use crate::tune::{Origin, Shape, TunedOp, Tuning};

/// One opened device. Every call is validated here, once for all backends, so an invalid call
/// returns the same error whichever backend is behind it.
pub struct Device {
    id: DeviceId,
    backend: Box<dyn Backend>,
    tuning: Tuning,
    auto: Option<Auto>,
    /// Threads releasing handles for [`Device::release_in_background`], joined on drop.
    releasing: std::sync::Mutex<Vec<std::thread::JoinHandle<()>>>,
}

impl Drop for Device {
    /// Waits for the handles still being released in the background.
    fn drop(&mut self) {
        let threads = match self.releasing.get_mut() {
            Ok(t) => std::mem::take(t),
            Err(poisoned) => std::mem::take(poisoned.into_inner()),
        };
        for t in threads {
            // A release that panicked has nothing left to free.
            let _ = t.join();
        }
    }
}

impl std::fmt::Debug for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Device")
            .field("name", &self.info().name)
            .finish()
    }
}

impl Device {
    /// Wraps an opened backend; every call runs with the backend's own parameter table.
    pub fn new(backend: Box<dyn Backend>) -> Self {
        Device::with_tuning(backend, Tuning::none())
    }

    /// Wraps an opened backend whose calls use the tuned choices `tuning` (loaded for this
    /// device, see [`Tuning::load`]) where one matches the call's shape.
    pub fn with_tuning(backend: Box<dyn Backend>, mut tuning: Tuning) -> Self {
        Self::prepare(backend.as_ref(), &mut tuning);
        Device {
            id: DeviceId::fresh(),
            backend,
            tuning,
            auto: None,
            releasing: Default::default(),
        }
    }

    /// This device with `DUET_TUNE=auto` behaviour ([`crate::tune::auto`]): a call that leaves
    /// the kernel to the library and whose shape bucket has no tuned entry calls `hook` once
    /// for that bucket, and uses what it finds.
    pub fn with_auto_tune(mut self, hook: Box<dyn AutoTune>) -> Self {
        self.auto = Some(Auto::new(hook));
        self
    }

    /// Whether this device tunes missing buckets on first use.
    pub fn auto_tunes(&self) -> bool {
        self.auto.is_some()
    }

    /// The tuned choices this device loaded when it opened (entries tuned on first use since,
    /// with `DUET_TUNE=auto`, are not among them; [`Device::tuned`] reports their origin as
    /// [`Origin::Auto`]).
    pub fn tuning(&self) -> &Tuning {
        &self.tuning
    }

    /// Replaces the tuned choices (the tuner runs each candidate this way); handles made
    /// before stay valid. On a device that tunes on first use, what it found before is
    /// forgotten (it is in the cache) and every bucket may be tuned again.
    pub fn set_tuning(&mut self, mut tuning: Tuning) {
        Self::prepare(self.backend.as_ref(), &mut tuning);
        self.tuning = tuning;
        if let Some(auto) = &mut self.auto {
            auto.reset();
        }
    }

    /// Prepares `tuning` as this device prepares what it is given ([`Tuning::prepare`] with
    /// its table, limits and own variants): entries it could not run or would not use are left
    /// out and counted (what `duet tune --verify` checks is what a call would use).
    pub fn prepare_tuning(&self, tuning: &mut Tuning) {
        Self::prepare(self.backend.as_ref(), tuning);
    }

    fn prepare(backend: &dyn Backend, tuning: &mut Tuning) {
        let info = backend.info();
        tuning.prepare(
            backend.params(),
            (info.max_workgroup_size, info.max_workgroup_memory),
            &|op, shape| Self::default_variant(backend, op, shape),
        );
    }

    /// The variant a call of `op` at `shape` runs when neither the caller nor a tuned entry
    /// names one: the backend's RBF rung, the logistic strategy by shape; `None` for ops
    /// without variants. (What `duet tune` measures as the defaults.)
    pub fn default_variant(
        backend: &dyn Backend,
        op: TunedOp,
        shape: Shape,
    ) -> Option<&'static str> {
        match op {
            TunedOp::Rbf => Some(
                backend
                    .default_rbf_variant(shape.layout, shape.rows, shape.cols)
                    .name(),
            ),
            TunedOp::Logreg => Some(LogregStrategy::for_shape(shape.rows, shape.cols).name()),
            TunedOp::Read | TunedOp::Argext => None,
        }
    }

    /// What a call of `op` at `shape` runs with: the parameter table, the tuned variant name
    /// (if the entry names one) and where they came from. `variant`: the variant the caller
    /// named, if any; an entry tuned for another variant is not used for it (its parameters
    /// were chosen for its own kernels), and the call runs with the device's table. On a
    /// device that tunes on first use ([`Device::with_auto_tune`]), a call with no variant
    /// whose bucket has no entry is tuned first.
    pub fn tuned(
        &self,
        op: TunedOp,
        shape: Shape,
        variant: Option<&str>,
    ) -> (KernelParams, Option<String>, Origin) {
        let Some(auto) = &self.auto else {
            return self.resolve_in(&self.tuning, op, shape, variant);
        };
        if variant.is_none()
            && let Some(at) = auto.claim(&self.tuning, op, shape)
        {
            auto.tune(&self.tuning, op, at, |t| {
                Self::prepare(self.backend.as_ref(), t)
            });
        }
        auto.with(&self.tuning, |t| self.resolve_in(t, op, shape, variant))
    }

    fn resolve_in(
        &self,
        tuning: &Tuning,
        op: TunedOp,
        shape: Shape,
        variant: Option<&str>,
    ) -> (KernelParams, Option<String>, Origin) {
        match tuning.resolve(op, shape) {
            Some(r) if variant.is_none() || r.variant.is_none() || variant == r.variant => {
                (r.params, r.variant.map(str::to_string), r.origin)
            }
            _ => (*self.params(), None, Origin::Default),
        }
    }

    /// The parameter table a call of `op` at `shape` with `variant` runs with
    /// ([`Device::tuned`]); tolerances that depend on the summation order read it.
    pub fn params_for(&self, op: TunedOp, shape: Shape, variant: Option<&str>) -> KernelParams {
        self.tuned(op, shape, variant).0
    }

    fn vector_shape(len: usize) -> Shape {
        Shape {
            rows: len,
            cols: 1,
            layout: Layout::RowMajor,
        }
    }

    fn matrix_shape(x: &Matrix) -> Shape {
        Shape {
            rows: x.rows,
            cols: x.cols,
            layout: x.layout,
        }
    }

    /// What the device is.
    pub fn info(&self) -> &DeviceInfo {
        self.backend.info()
    }

    /// This device's id: the [`owner`](Vector::owner) of the handles it makes.
    pub fn id(&self) -> DeviceId {
        self.id
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

    fn matrix(
        &self,
        rows: usize,
        cols: usize,
        layout: Layout,
        storage: crate::handle::Storage,
    ) -> Matrix {
        Matrix {
            rows,
            cols,
            layout,
            owner: self.id,
            storage,
        }
    }

    /// `data` holds whole rows of `cols` values (and `cols` is not 0).
    pub(crate) fn check_whole_rows(data: &[f32], cols: usize) -> Result<()> {
        if cols == 0 || !data.len().is_multiple_of(cols) {
            return Err(Error::shape(
                "x",
                format!("whole rows of {cols} values"),
                format!("{} values", data.len()),
            ));
        }
        Ok(())
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
    /// laid out as `layout` (row-major rows padded to a multiple of 4 columns within `row_pad`
    /// sixteenths of a row, column-major columns to a multiple of `pitch_align` rows: see
    /// [`Layout`]).
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
        self.upload_host(HostRows::all(data, cols), layout)
    }

    /// The checks both uploads share (sizes the kernels can index, finite values, an error
    /// naming the first bad value by its row in the data), then the backend's copy.
    fn upload_host(&self, host: HostRows<'_>, layout: Layout) -> Result<Matrix> {
        let (rows, cols) = (host.rows(), host.cols);
        Self::check_len("matrix rows", rows)?;
        Self::check_len("matrix columns", cols)?;
        let bad = match host.pick {
            None => crate::par::first_non_finite(host.data).map(|i| (i / cols, i % cols)),
            Some(pick) => crate::par::first_non_finite_row(host.data, cols, pick),
        };
        if let Some((r, c)) = bad {
            return Err(Error::invalid(
                format!("x[{r}, {c}]"),
                host.data[r * cols + c],
                "matrix values must be finite",
            ));
        }
        let storage = self.backend.upload_matrix(host, layout)?;
        Ok(self.matrix(rows, cols, layout, storage))
    }

    /// Frees `v` on a thread of its own, so the caller does not wait for the driver (freeing a
    /// buffer of hundreds of MB took 6 ms on NVIDIA's OpenCL and 17 ms on wgpu's Vulkan on the
    /// H100). Its memory may stay in use until that thread is done; the device waits for it
    /// when it is dropped. Where no thread can be started, `v` is freed here.
    pub fn release_in_background(&self, v: Vector) {
        let mut threads = match self.releasing.lock() {
            Ok(t) => t,
            Err(poisoned) => poisoned.into_inner(),
        };
        threads.retain(|t| !t.is_finished());
        // A thread that cannot start drops its closure, and `v` with it, here.
        if let Ok(t) = std::thread::Builder::new()
            .name("duet-release".into())
            .spawn(move || drop(v))
        {
            threads.push(t);
        }
    }

    /// A `rows × cols` matrix in `layout` whose blocks kernels fill
    /// ([`Backend::alloc_matrix`](crate::Backend::alloc_matrix)).
    pub(crate) fn alloc_matrix(&self, rows: usize, cols: usize, layout: Layout) -> Result<Matrix> {
        Self::check_len("matrix rows", rows)?;
        Self::check_len("matrix columns", cols)?;
        let storage = self.backend.alloc_matrix(rows, cols, layout)?;
        Ok(self.matrix(rows, cols, layout, storage))
    }

    /// The rows `pick` of the row-major `data` (`cols` wide), in `pick`'s order, as a
    /// `pick.len() × cols` device matrix in `layout`: the matrix [`Device::upload_matrix`]
    /// makes of those rows copied out, without the copy on the host (they are packed
    /// straight into the transfer). A row may be picked more than once. Errors name a
    /// value by its row in `data`.
    pub fn upload_matrix_rows(
        &self,
        data: &[f32],
        cols: usize,
        pick: &[usize],
        layout: Layout,
    ) -> Result<Matrix> {
        Self::check_whole_rows(data, cols)?;
        let have = data.len() / cols;
        if let Some(t) = pick.iter().position(|&r| r >= have) {
            return Err(Error::invalid(
                format!("pick[{t}]"),
                pick[t],
                format!("must name one of the data's {have} rows"),
            ));
        }
        let host = HostRows {
            data,
            cols,
            pick: Some(pick),
        };
        self.upload_host(host, layout)
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
        let (p, _, _) = self.tuned(TunedOp::Read, Self::vector_shape(v.len), None);
        self.backend.read_sum(v, &p)
    }

    fn arg(&self, v: &Vector, mask: Option<&Mask>, e: Extreme) -> Result<Option<ArgExtreme>> {
        self.check_owner("v", v.owner)?;
        if let Some(m) = mask {
            self.check_owner("mask", m.owner)?;
        }
        argext::validate(e.op_name(), v.len, mask.map(|m| m.len))?;
        let (p, _, _) = self.tuned(TunedOp::Argext, Self::vector_shape(v.len), None);
        self.backend.arg_extreme(v, mask, e, &p)
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

    /// The RBF rung the backend runs when neither the caller nor a tuned entry names one, for
    /// a `rows × cols` matrix in `layout` (each backend picks the fastest rung it measured
    /// for the shape).
    pub fn default_rbf_variant(&self, layout: Layout, rows: usize, cols: usize) -> RbfVariant {
        self.backend.default_rbf_variant(layout, rows, cols)
    }

    /// The RBF rung [`Device::rbf_rows`] runs for `x` ([`Device::rbf_variant_at`] its shape).
    pub fn rbf_variant_for(&self, x: &Matrix) -> RbfVariant {
        self.rbf_variant_at(x.layout, x.rows, x.cols)
    }

    /// The RBF rung [`Device::rbf_rows`] runs for a `rows × cols` matrix in `layout`: a tuned
    /// entry's for the shape where one matches and names a rung that reads `layout`, else
    /// [`Device::default_rbf_variant`].
    pub fn rbf_variant_at(&self, layout: Layout, rows: usize, cols: usize) -> RbfVariant {
        let shape = Shape { rows, cols, layout };
        let (_, tuned, _) = self.tuned(TunedOp::Rbf, shape, None);
        tuned
            .and_then(|name| name.parse::<RbfVariant>().ok())
            .filter(|v| v.layout() == layout)
            .unwrap_or_else(|| self.default_rbf_variant(layout, rows, cols))
    }

    /// RBF kernel rows with the rung this device runs for `x` ([`Device::rbf_variant_for`]: the
    /// tuned rung, else the backend's default; see [`ops::rbf`](crate::ops::rbf)).
    pub fn rbf_rows(
        &self,
        x: &Matrix,
        args: RbfArgs,
        out_hi: &mut Vector,
        out_lo: &mut Vector,
    ) -> Result<()> {
        let rung = self.rbf_variant_for(x);
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
        let shape = Self::matrix_shape(x);
        let (p, _, _) = self.tuned(TunedOp::Rbf, shape, Some(variant.name()));
        self.backend.rbf_rows(x, args, variant, out_hi, out_lo, &p)
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

    /// The strategy [`Device::logreg_gradient`] and [`Device::logreg_train`] run for a
    /// `rows × cols` problem: a tuned entry's for the shape, else
    /// [`LogregStrategy::for_shape`].
    pub fn logreg_strategy_at(&self, rows: usize, cols: usize) -> LogregStrategy {
        let shape = Shape {
            rows,
            cols,
            layout: Layout::RowMajor,
        };
        let (_, tuned, _) = self.tuned(TunedOp::Logreg, shape, None);
        tuned
            .and_then(|name| name.parse::<LogregStrategy>().ok())
            .unwrap_or_else(|| LogregStrategy::for_shape(rows, cols))
    }

    /// The logistic-regression gradient into `grad`, returning the log-likelihood; the
    /// strategy is [`Device::logreg_strategy_at`].
    pub fn logreg_gradient(
        &self,
        x: &Matrix,
        y: &Labels,
        w: &Vector,
        grad: &mut Vector,
    ) -> Result<f64> {
        let s = self.logreg_strategy_at(x.rows, x.cols);
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
        let shape = Self::matrix_shape(x);
        let (p, _, _) = self.tuned(TunedOp::Logreg, shape, Some(strategy.name()));
        self.backend.logreg_gradient(x, y, w, grad, strategy, &p)
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
        let s = self.logreg_strategy_at(x.rows, x.cols);
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
        let shape = Self::matrix_shape(x);
        let (p, _, _) = self.tuned(TunedOp::Logreg, shape, Some(strategy.name()));
        self.backend.logreg_train(x, y, w, cfg, strategy, &p)
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

    /// Turns the trace of where op calls spend host time on or off (off by default; measure
    /// with profiling off, which adds its own readback).
    pub fn set_phase_trace(&self, on: bool) {
        self.backend.set_phase_trace(on)
    }

    /// Host time per phase of the op calls since the last take, in the order the phases first
    /// appeared: wgpu's `prepare` (pipelines, scratch, bind groups), `encode`, `submit`, `wait`
    /// (until the device is done), `read back`; OpenCL's `prepare`, `enqueue`, `flush`,
    /// `read back` (a blocking read, so it includes the wait). Empty when the trace is off.
    pub fn take_phases(&self) -> Vec<(&'static str, Duration)> {
        self.backend.take_phases()
    }
}
