//! The OpenCL context: context and profiling queue, program and kernel caches, scratch buffers,
//! the profiler and the one way ops enqueue work ([`Cl::run`]).

use std::collections::HashMap;
use std::ptr;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use duet_core::launch::KernelBuild;
use duet_core::{Error, KernelParams, OpenOptions, Result};
use opencl3::command_queue::{CL_QUEUE_PROFILING_ENABLE, CommandQueue};
use opencl3::context::Context;
use opencl3::device::Device;
use opencl3::error_codes::ClError;
use opencl3::event::Event;
use opencl3::kernel::Kernel;
use opencl3::memory::{Buffer, CL_MEM_READ_WRITE, ClMem};
use opencl3::program::Program;
use opencl3::types::{CL_BLOCKING, cl_event, cl_mem};

use crate::kernels;

/// A program: kernel file stem and the `-D` constants beyond the table's.
type ProgramKey = (&'static str, Vec<(&'static str, u32)>);

/// One kernel argument.
#[derive(Clone, Copy)]
pub(crate) enum Arg {
    Mem(cl_mem),
    /// An argument struct (kernel_args.rs) passed by value: its words, and how many.
    Params([u32; duet_core::launch::MAX_ARG_WORDS], usize),
}

impl Arg {
    /// Whether both are the same buffer or the same words.
    fn same(&self, other: &Arg) -> bool {
        match (self, other) {
            (Arg::Mem(a), Arg::Mem(b)) => a == b,
            (Arg::Params(a, n), Arg::Params(b, m)) => n == m && a[..*n] == b[..*m],
            _ => false,
        }
    }

    /// `args` as the struct argument a kernel takes by value.
    pub fn params(args: &impl duet_core::kernel_args::KernelArgs) -> Arg {
        let a = duet_core::launch::ArgWords::of(args);
        Arg::Params(a.words, a.len)
    }
}

/// One kernel launch: `groups` workgroups of the kernel's fixed workgroup size `wg`.
pub(crate) struct Launch {
    pub stem: &'static str,
    pub entry: &'static str,
    /// `-D` constants beyond the parameter table's (a specialised program).
    pub extra: Vec<(&'static str, u32)>,
    pub args: Vec<Arg>,
    pub groups: usize,
    pub wg: usize,
}

impl Launch {
    /// This launch with its argument struct (its last argument) replaced by `args`.
    pub fn with_args(&self, args: &impl duet_core::kernel_args::KernelArgs) -> Launch {
        let mut bound = self.args.clone();
        if let Some(last @ Arg::Params(..)) = bound.last_mut() {
            *last = Arg::params(args);
        }
        Launch {
            stem: self.stem,
            entry: self.entry,
            extra: self.extra.clone(),
            args: bound,
            groups: self.groups,
            wg: self.wg,
        }
    }
}

/// The `sliced` RBF rung's workgroup when `rbf_sliced_wg` is automatic: 512 work-items where
/// the device allows it and the tile arrays hold their partial sums (`rbf_tile` ≥ 4 × the
/// workgroup), else the largest power of two that does. On an H200 through NVIDIA's OpenCL,
/// 512 with `rbf_sliced_unroll` 2 read 72–83 % of the read bound at 256 MiB and 33–4096
/// columns against 55–75 % with 256 and 8 (`local_memory`'s), and 54–62 % against 40–60 %
/// at 64 MiB (BENCHMARKS.md, session 26).
pub const AUTO_RBF_SLICED_WG: u32 = 512;

/// `rbf_sliced_unroll` when it is automatic: two `vec4` loads in flight a work-item, with
/// [`AUTO_RBF_SLICED_WG`]'s workgroups (1 and 4 measured within 3 points of it).
pub const AUTO_RBF_SLICED_UNROLL: u32 = 2;

/// [`AUTO_RBF_SLICED_WG`] within a device's workgroup limit `max_wg` and a tile of `tile`
/// floats (at least 1).
fn sliced_wg(max_wg: u32, tile: u32) -> u32 {
    let cap = AUTO_RBF_SLICED_WG.min(max_wg).min(tile / 4).max(1);
    1 << cap.ilog2()
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // These locks guard caches and counters; a panic elsewhere cannot leave them inconsistent.
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Maps an OpenCL error code from `op` onto duet's errors.
pub(crate) fn cl_error(op: &str, e: ClError, bytes: u64) -> Error {
    use opencl3::error_codes::*;
    match e.0 {
        CL_MEM_OBJECT_ALLOCATION_FAILURE | CL_OUT_OF_HOST_MEMORY => Error::OutOfDeviceMemory {
            what: format!("{op}: {e}"),
            bytes,
        },
        CL_OUT_OF_RESOURCES if bytes > 0 => Error::OutOfDeviceMemory {
            what: format!("{op}: {e}"),
            bytes,
        },
        CL_INVALID_BUFFER_SIZE => Error::TooLarge {
            what: format!("{op}: {e}"),
            needed: bytes,
            limit: 0,
        },
        _ => Error::execution(op, format!("{e} ({})", e.0)),
    }
}

/// An opened OpenCL device with everything the ops share.
pub(crate) struct Cl {
    pub context: Context,
    pub queue: CommandQueue,
    pub device: Device,
    pub params: KernelParams,
    /// `LOGREG_SPAN` of the register-resident logistic pass: adjacent lanes added by shuffles,
    /// 32 with NVIDIA's `shfl.sync` (a warp), 1 (local memory only) when `logreg_lane_sum` is 1.
    pub lane_span: u32,
    pub binding_cap: u64,
    /// `DUET_CL_TRACE` was set when the device was opened: profiled ops print their kernels'
    /// times.
    trace: bool,
    programs: Mutex<HashMap<ProgramKey, Program>>,
    /// Where program binaries are kept between processes, with this device's key.
    blobs: Option<(std::path::PathBuf, duet_core::tune::DeviceKey)>,
    kernels: Mutex<HashMap<(ProgramKey, &'static str), Kernel>>,
    scratch: Mutex<HashMap<&'static str, (Buffer<u32>, usize)>>,
    /// Where op calls spend host time (off unless asked).
    pub phases: duet_core::phases::PhaseTrace,
    profiling: Mutex<Option<Duration>>,
    op_lock: Mutex<()>,
}

impl Cl {
    pub fn open(device: Device, opts: &OpenOptions, key: duet_core::tune::DeviceKey) -> Result<Cl> {
        let context =
            Context::from_device(&device).map_err(|e| cl_error("clCreateContext", e, 0))?;
        let queue =
            CommandQueue::create_default_with_properties(&context, CL_QUEUE_PROFILING_ENABLE, 0)
                .map_err(|e| cl_error("clCreateCommandQueueWithProperties", e, 0))?;
        let max_alloc = device
            .max_mem_alloc_size()
            .map_err(|e| cl_error("clGetDeviceInfo", e, 0))?;
        let local = device.local_mem_size().unwrap_or(32 * 1024);
        let compute_units = device.max_compute_units().ok();
        let name = device.name().unwrap_or_default();
        // NVIDIA's shfl.sync, within 32-wide warps (has_lane_shuffle).
        let shuffle = has_lane_shuffle(&device);
        let max_wg = device
            .max_work_group_size()
            .map_err(|e| cl_error("clGetDeviceInfo", e, 0))?;
        let max_wg = max_wg.min(u32::MAX as usize) as u32;
        let fitted = opts.params.fit(local);
        // `n` workgroups a compute unit; where the device reports no count, as if it had 66.
        let per_unit = |n: u32| {
            compute_units
                .filter(|&c| c > 0)
                .map_or(66 * n, |c| c.saturating_mul(n))
        };
        let params = fitted
            .with_automatic(duet_core::Automatic {
                // Four workgroups per compute unit: the measured best on an H100 (528 groups;
                // BENCHMARKS.md). 264 where the count is unknown.
                logreg_max_groups: per_unit(4),
                // Three where the register-resident pass holds four vec4s a lane (KL = 4): on
                // the H100 NVIDIA's compiler gives it 80 registers (three 256-wide workgroups
                // a unit), and 396 against 528 workgroups took the gradient at 64 MiB–1 GiB
                // and 13–4 096 such columns 1.03–1.2× as fast (1 GiB, 64 columns: 410 → 370
                // µs), ten training iterations 1.06–1.19× (BENCHMARKS.md, session 36). 198
                // where the count is unknown.
                logreg_full_groups: per_unit(3),
                // Rows a step by the row (`KernelParams::partial_rps`): two at 5–8 floats a
                // row, one elsewhere, where two were level or slower on an H200 (BENCHMARKS.md,
                // session 50).
                logreg_rps: 0,
                // Rows padded where it costs at most 1/16 of a row: padding 33 columns to 36
                // took the H100 from 83 to 78 % of the read bound, 61 to 64 from 69 to 84 %
                // (BENCHMARKS.md).
                row_pad: 1,
                // Rows wider than 16 columns padded only within that: padding 17 and 21
                // columns to 20 and 24 lost on the logistic pass on an H200 (78 → 73 and
                // 86 → 79 % of the read bound, BENCHMARKS.md, session 30).
                row_pad_wide: 1,
                // Rows of up to 4 floats four to a work-item: on the H100 that pass was
                // 1.04–2.2× as fast at 1 to 4 columns and 0.84–0.94× at 7 and 8 (BENCHMARKS.md);
                // at 5 columns the one-row pass took the gradient from 81–84 to 90–93 % of the
                // read bound at 64 MiB–1 GiB (BENCHMARKS.md, session 43).
                logreg_quad_pitch: 4,
                // By the row (KernelParams::partial_wide): over rows of 8 lanes or more (over
                // 64 columns) the pass takes two rows a step, pipelined, at half of
                // logreg_max_groups (two workgroups a unit): on an H200 the three together took
                // the gradient at 700 columns ×1.15–1.19 from 16 MiB to 1 GiB and the sweep's
                // wide columns ×1.00–1.16 (BENCHMARKS.md, session 54), and 65–512 columns
                // ×1.01–1.14 at 64 and 256 MiB (session 55). Elsewhere each step's
                // loads at its start. The pipelined pass was slower on an H200 at 13,
                // 127, 777 and 1 000 columns (by 11–21 %) with one row a step at three or four
                // workgroups a unit, level at 8 and faster only at 33 (BENCHMARKS.md, session
                // 30; the tuner may choose it per shape).
                logreg_pipeline: 0,
                // Passes over up to 256 columns finish in their last workgroup, in two levels
                // where a lane of one level would sum 64 slots or more (logreg_finish_split;
                // 396–528 slots of 33 columns and more; on an H100 that took 1–3.5 µs off passes
                // at 33–64 columns, 4–256 MiB, and was level or slower at 16–32, BENCHMARKS.md,
                // session 42): on an H200 that took 4–6 µs off a 64 or 256 MiB pass at
                // 100 and 256 columns against the separate reduce launch (6–7 µs), and 4–14 µs
                // off 4 and 16 MiB passes at 100–256 columns; at 64 columns two levels were 1–3
                // µs faster at 64 MiB but 3 µs slower at 16 MiB than one, and at 8–13 columns
                // slower; at 1 000 columns the two levels' loads (23 slots of 1 000 columns a
                // workgroup) cost more than the launch (BENCHMARKS.md, session 33; session 31:
                // the separate launch cost 6–11 µs at 33–64 columns).
                logreg_finish_cols: 256,
                logreg_finish_split: 64,
                // A lone gradient over 257–2 048 columns finishes too where X holds at most
                // 2²⁶ floats (256 MiB): on an H100 that took 4 and 16 MiB from 28–31 µs to
                // 15–26 at every width (the reduce launch pays NVIDIA's gap in full there),
                // 64 and 256 MiB at 257–1 000 columns 4–6 µs faster, level at 2 000–2 048 and
                // 1.5 µs slower at 1 200–1 500 (64 MiB); in training loops, whose launches
                // queue, finishing was slower from 1 500 columns (BENCHMARKS.md, session 36).
                logreg_finish_lone: 1 << 26,
                // One row a step of the `row_lanes` RBF rung: two and four measured slower at
                // 13–4096 columns on an H200 (BENCHMARKS.md, session 23).
                rbf_lane_rows: 1,
                // Workgroups of 128 for the `row_lanes` rung's rows that do not start on 16
                // bytes (the 17–45 columns that `row_pad` 1 leaves unpadded): on an H100,
                // entries off, from 64 MiB to 1 GiB 0.99–1.05× as fast as 256 at 17–29
                // columns and 1.02–1.15× at 33–45 (33 and 45 columns at 64 MiB: 83 → 92 % and
                // 81 → 90 % of the read bound); at 16 MiB 0.93–1.13×, as far as the rows of
                // whole float4s, which run the same kernel either way, moved between runs
                // (BENCHMARKS.md, session 40; not measured on an H200). 0 (rbf_wg) on a device
                // that cannot run 128.
                rbf_lane_wg_unaligned: if max_wg >= 128 { 128 } else { 0 },
                // The `sliced` RBF rung aims for 128 × 1024 work-items: on an H200 at 64 and
                // 256 MiB and 64–4096 columns (14 shapes) that picked the fastest fixed slice
                // count at all 14, and aiming for 2¹⁶ was 8–22 points of the read bound
                // slower at 11 of them (BENCHMARKS.md, session 25).
                rbf_slice_fill: 128,
                rbf_sliced_wg: sliced_wg(max_wg, fitted.rbf_tile),
                rbf_sliced_unroll: AUTO_RBF_SLICED_UNROLL,
                // The staging rungs read the pivots from X at every width: the gather's launch
                // and the gap NVIDIA's OpenCL leaves after it cost an H100 15–17 µs a call,
                // and without them `sliced` took 45–50 µs to 32–36 at 100–4 096 columns and
                // 64 MiB (BENCHMARKS.md, session 34).
                rbf_pivot_cols: duet_core::params::RBF_PIVOTS_ALWAYS,
            })
            .resolve_lane_sum(shuffle, &name)?
            .resolve_spans(if shuffle { 32 } else { 1 }, &name)?;
        params.validate(max_wg, local)?;
        Ok(Cl {
            binding_cap: opts.binding_cap(max_alloc),
            lane_span: if params.logreg_lane_sum == 2 { 32 } else { 1 },
            params,
            trace: std::env::var_os("DUET_CL_TRACE").is_some(),
            context,
            queue,
            device,
            programs: Mutex::new(HashMap::new()),
            // CPU runtimes (PoCL) keep their own kernel cache, and asking PoCL for a program's
            // binaries compiles every kernel in it at once (it compiles lazily, per kernel):
            // that made the conformance suite 7× slower on PoCL. So binaries are kept for
            // them only when asked for explicitly.
            blobs: match opts.kernel_cache {
                None if device.dev_type().unwrap_or(0) & opencl3::device::CL_DEVICE_TYPE_CPU
                    != 0 =>
                {
                    None
                }
                _ => opts.kernel_cache_dir().map(|d| (d, key)),
            },
            kernels: Mutex::new(HashMap::new()),
            scratch: Mutex::new(HashMap::new()),
            phases: Default::default(),
            profiling: Mutex::new(None),
            op_lock: Mutex::new(()),
        })
    }

    /// Serialises ops (they share kernels' argument state and scratch buffers).
    pub fn op_lock(&self) -> MutexGuard<'_, ()> {
        let guard = lock(&self.op_lock);
        self.phases.start();
        guard
    }

    /// The build options every program gets: the parameter table (and `extra`) as `-D`
    /// macros, OpenCL C 1.2, and no relaxed math; then `DUET_CL_OPTIONS`, for inspecting a
    /// driver's compile (e.g. `-cl-nv-verbose`, whose register report lands in the build log).
    pub fn build_options(params: &KernelParams, extra: &[(&'static str, u32)]) -> String {
        let mut o = String::from("-cl-std=CL1.2");
        for (name, v) in params.constants_with(extra) {
            o.push_str(&format!(" -D {name}={v}u"));
        }
        if let Ok(more) = std::env::var("DUET_CL_OPTIONS") {
            o.push(' ');
            o.push_str(&more);
        }
        o
    }

    /// Builds `kernels/<stem>.cl` for this device with `extra` constants (cached); a failure
    /// carries the build log.
    fn program(&self, key: &ProgramKey) -> Result<()> {
        if lock(&self.programs).contains_key(key) {
            return Ok(());
        }
        let stem = key.0;
        let source = kernels::source(stem).ok_or_else(|| Error::KernelBuild {
            kernel: format!("{stem}.cl"),
            log: "no such kernel file is compiled in".into(),
        })?;
        let options = Self::build_options(&self.params, &key.1);
        // A binary this device built before from the same source and options (keyed by the
        // device, driver and duet version too); one that does not load is rebuilt from source
        // and replaced.
        let blob = self.blobs.as_ref().map(|(dir, dev)| {
            let what = format!("{}\n{options}", duet_core::tune::source_hash(source));
            duet_core::tune::cache::kernel_blob_path(dir, dev, &what)
        });
        if let Some(bytes) = blob.as_deref().and_then(duet_core::tune::cache::read_blob)
            && let Ok(program) =
                Program::create_and_build_from_binary(&self.context, &[&bytes], &options)
        {
            lock(&self.programs).insert(key.clone(), program);
            return Ok(());
        }
        let program = build(&self.context, &self.device, stem, source, &options)?;
        if let Some(path) = &blob
            && let Ok(binaries) = program.get_binaries()
            && let Some(bytes) = binaries.first().filter(|b| !b.is_empty())
        {
            // The cache is an optimisation: a directory that cannot be written costs the next
            // process a build, nothing else.
            let _ = duet_core::tune::cache::write_blob(path, bytes);
        }
        lock(&self.programs).insert(key.clone(), program);
        Ok(())
    }

    /// Builds the programs of `builds` not built yet (each distinct file and constants once,
    /// each on a thread of its own) and creates their kernels.
    pub fn prepare(&self, builds: &[KernelBuild]) -> Result<()> {
        let mut keys: Vec<ProgramKey> = builds.iter().map(|b| (b.stem, b.extra.clone())).collect();
        keys.sort_unstable();
        keys.dedup();
        duet_core::par::try_each(&keys, |k| self.program(k))?;
        builds
            .iter()
            .try_for_each(|b| self.with_kernel(b.stem, b.entry, &b.extra, |_| Ok(())))
    }

    fn with_kernel<T>(
        &self,
        stem: &'static str,
        entry: &'static str,
        extra: &[(&'static str, u32)],
        f: impl FnOnce(&Kernel) -> Result<T>,
    ) -> Result<T> {
        let key: ProgramKey = (stem, extra.to_vec());
        self.program(&key)?;
        let mut kernels = lock(&self.kernels);
        let kkey = (key, entry);
        if !kernels.contains_key(&kkey) {
            let programs = lock(&self.programs);
            let program = programs.get(&kkey.0).ok_or_else(|| Error::KernelBuild {
                kernel: format!("{stem}.cl"),
                log: "program missing after build".into(),
            })?;
            let k = Kernel::create(program, entry).map_err(|e| Error::KernelBuild {
                kernel: format!("{stem}.cl::{entry}"),
                log: format!("clCreateKernel: {e}"),
            })?;
            kernels.insert(kkey.clone(), k);
        }
        match kernels.get(&kkey) {
            Some(k) => f(k),
            None => Err(Error::execution(entry, "kernel cache lost an entry")),
        }
    }

    /// A read-write buffer of `words` 32-bit words (at least one `float4`).
    pub fn buffer(&self, what: &str, words: usize) -> Result<Buffer<u32>> {
        let words = words.div_ceil(4).max(1) * 4;
        let bytes = 4 * words as u64;
        let limit = self.device.max_mem_alloc_size().unwrap_or(u64::MAX);
        if bytes > limit {
            return Err(Error::TooLarge {
                what: format!("buffer `{what}`"),
                needed: bytes,
                limit,
            });
        }
        // SAFETY: no host pointer is passed; the size is non-zero.
        unsafe { Buffer::<u32>::create(&self.context, CL_MEM_READ_WRITE, words, ptr::null_mut()) }
            .map_err(|e| cl_error(&format!("clCreateBuffer({what})"), e, bytes))
    }

    /// A buffer holding `data` (padded to whole `float4`s).
    pub fn buffer_with(&self, what: &str, data: &[u32]) -> Result<Buffer<u32>> {
        let mut buf = self.buffer(what, data.len())?;
        self.write(&mut buf, data)?;
        Ok(buf)
    }

    /// Writes `data` at the start of `buf` (blocking, so the host memory may be reused).
    pub fn write(&self, buf: &mut Buffer<u32>, data: &[u32]) -> Result<()> {
        if data.is_empty() {
            return Ok(());
        }
        // SAFETY: `buf` holds at least `data.len()` words; the write is blocking.
        unsafe {
            self.queue
                .enqueue_write_buffer(buf, CL_BLOCKING, 0, data, &[])
        }
        .map_err(|e| cl_error("clEnqueueWriteBuffer", e, 4 * data.len() as u64))?;
        Ok(())
    }

    /// Fills the first `words` words of `buf` with zeros.
    pub fn zero(&self, buf: &mut Buffer<u32>, words: usize) -> Result<()> {
        let words = words.div_ceil(4).max(1) * 4;
        // SAFETY: the buffer holds `words` words (see `buffer`).
        unsafe {
            self.queue
                .enqueue_fill_buffer(buf, &[0u32], 0, 4 * words, &[])
        }
        .map_err(|e| cl_error("clEnqueueFillBuffer", e, 4 * words as u64))?;
        Ok(())
    }

    /// Reads the first `words` words of `buf` after all queued work.
    pub fn read(&self, buf: &Buffer<u32>, words: usize) -> Result<Vec<u32>> {
        let mut out = vec![0u32; words];
        if words > 0 {
            // SAFETY: `out` has room for `words` words, which the buffer holds; blocking read.
            // (A non-blocking read polled for completion was 10–45 µs slower per small call on
            // NVIDIA's OpenCL than this blocking read: BENCHMARKS.md, small calls.)
            unsafe {
                self.queue
                    .enqueue_read_buffer(buf, CL_BLOCKING, 0, &mut out, &[])
            }
            .map_err(|e| cl_error("clEnqueueReadBuffer", e, 0))?;
        }
        self.phases.mark("read back");
        Ok(out)
    }

    /// A scratch buffer `name` of at least `words` words, reused across ops (ops are
    /// serialised by [`Cl::op_lock`] and the queue is in order).
    pub fn scratch(&self, name: &'static str, words: usize) -> Result<cl_mem> {
        let mut s = lock(&self.scratch);
        if let Some((b, cap)) = s.get(name)
            && *cap >= words
        {
            return Ok(b.get());
        }
        let cap = words.max(64);
        let b = self.buffer(name, cap)?;
        let mem = b.get();
        s.insert(name, (b, cap));
        Ok(mem)
    }

    /// A scratch buffer `name` of at least `words` words, zeroed when it is made (for counters
    /// the kernels reset themselves).
    pub fn zeroed_scratch(&self, name: &'static str, words: usize) -> Result<cl_mem> {
        let mut s = lock(&self.scratch);
        if let Some((b, cap)) = s.get(name)
            && *cap >= words
        {
            return Ok(b.get());
        }
        let cap = words.max(64);
        let b = self.buffer_with(name, &vec![0u32; cap])?;
        let mem = b.get();
        s.insert(name, (b, cap));
        Ok(mem)
    }

    /// Reads `words` words of scratch buffer `name`.
    pub fn read_scratch(&self, name: &'static str, words: usize) -> Result<Vec<u32>> {
        let s = lock(&self.scratch);
        let (b, _) = s
            .get(name)
            .ok_or_else(|| Error::execution("readback", format!("no scratch buffer `{name}`")))?;
        self.read(b, words)
    }

    /// Enqueues `launches` in order on the in-order queue, with no host wait between them.
    /// With profiling on, a short op's kernels are held back by a user event until all are
    /// enqueued, so the device runs them back to back, as one wgpu submission does, and the
    /// profile (the time from the first kernel's start to the last's end, waited for and added)
    /// is the kernels' time, not the host's enqueueing. Without profiling they start as they
    /// are enqueued: on NVIDIA's OpenCL the gate added 20–60 µs to each call's wall time
    /// (BENCHMARKS.md, small calls).
    pub fn run(&self, op: &str, launches: &[Launch]) -> Result<()> {
        self.phases.mark("prepare");
        let profiling = lock(&self.profiling).is_some();
        let mut events: Vec<(&str, Event)> = Vec::with_capacity(launches.len());
        // One launch has nothing to run back to back with.
        let gate = if profiling && (2..=GATED_LAUNCHES).contains(&launches.len()) {
            Some(Gate::new(&self.context)?)
        } else {
            None
        };
        let mut result = Ok(());
        for (n, l) in launches.iter().enumerate() {
            let wait: Vec<cl_event> = match (&gate, n) {
                (Some(g), 0) => vec![g.0],
                _ => Vec::new(),
            };
            // A kernel object keeps its arguments: a launch that repeats an earlier one of this
            // plan with the same arguments (an SMO batch) only enqueues.
            let repeat = launches[..n]
                .iter()
                .rev()
                .find(|e| e.stem == l.stem && e.entry == l.entry && e.extra == l.extra);
            let args_set = repeat.is_some_and(|e| {
                e.args.len() == l.args.len() && e.args.iter().zip(&l.args).all(|(a, b)| a.same(b))
            });
            // Only profiling needs events, of the first and last launch (the gate is the first
            // one's wait list); a long plan's middle launches go without (one event per launch
            // costs the host more than a small kernel runs). DUET_CL_TRACE keeps them all.
            let needs_event = (profiling && (n == 0 || n + 1 == launches.len())) || self.trace;
            let event = self.with_kernel(l.stem, l.entry, &l.extra, |k| {
                for (i, a) in l.args.iter().enumerate().filter(|_| !args_set) {
                    let i = i as u32;
                    // SAFETY: each argument matches the kernel's parameter at that index (the
                    // op modules and kernels/*.cl are written together and tested together).
                    let r = unsafe {
                        match a {
                            Arg::Mem(m) => k.set_arg(i, m),
                            Arg::Params(words, n) => opencl3::kernel::set_kernel_arg(
                                k.get(),
                                i,
                                4 * n,
                                words.as_ptr().cast(),
                            )
                            .map_err(Into::into),
                        }
                    };
                    r.map_err(|e| cl_error(&format!("clSetKernelArg({}, {i})", l.entry), e, 0))?;
                }
                let global = [l.groups * l.wg];
                let local = [l.wg];
                if !needs_event {
                    return enqueue_without_event(self.queue.get(), k.get(), &global, &local)
                        .map(|_| None)
                        .map_err(|e| {
                            cl_error(&format!("clEnqueueNDRangeKernel({})", l.entry), e, 0)
                        });
                }
                // SAFETY: the sizes describe a 1-D range whose workgroup size matches the
                // kernel's reqd_work_group_size.
                unsafe {
                    self.queue.enqueue_nd_range_kernel(
                        k.get(),
                        1,
                        ptr::null(),
                        global.as_ptr(),
                        local.as_ptr(),
                        &wait,
                    )
                }
                .map(Some)
                .map_err(|e| cl_error(&format!("clEnqueueNDRangeKernel({})", l.entry), e, 0))
            });
            match event {
                Ok(Some(event)) => events.push((l.entry, event)),
                Ok(None) => {}
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        // Open the gate even after a failed enqueue, so what was enqueued can finish.
        if let Some(g) = gate {
            g.open()?;
        }
        result?;
        self.phases.mark("enqueue");
        self.queue
            .flush()
            .map_err(|e| cl_error(&format!("{op}: clFlush"), e, 0))?;
        self.phases.mark("flush");
        if profiling && let (Some((_, first)), Some((_, last))) = (events.first(), events.last()) {
            last.wait().map_err(|e| cl_error(op, e, 0))?;
            let start = first
                .profiling_command_start()
                .map_err(|e| cl_error(op, e, 0))?;
            let end = last
                .profiling_command_end()
                .map_err(|e| cl_error(op, e, 0))?;
            if let Some(total) = lock(&self.profiling).as_mut() {
                *total += Duration::from_nanos(end.saturating_sub(start));
            }
            if self.trace {
                trace(op, start, &events)?;
            }
        }
        Ok(())
    }

    pub fn finish(&self) -> Result<()> {
        self.queue.finish().map_err(|e| cl_error("clFinish", e, 0))
    }

    pub fn set_profiling(&self, on: bool) {
        *lock(&self.profiling) = on.then_some(Duration::ZERO);
    }

    pub fn take_gpu_time(&self) -> Option<Duration> {
        lock(&self.profiling).as_mut().map(std::mem::take)
    }
}

/// At most this many kernels of one op are enqueued behind a gate (a training loop's thousands
/// of kernels start as they are enqueued).
const GATED_LAUNCHES: usize = 64;

/// A user event the first kernel of an op waits for.
struct Gate(cl_event);

impl Gate {
    fn new(context: &Context) -> Result<Gate> {
        cl3::event::create_user_event(context.get())
            .map(Gate)
            .map_err(|e| cl_error("clCreateUserEvent", ClError(e), 0))
    }

    fn open(&self) -> Result<()> {
        cl3::event::set_user_event_status(self.0, cl3::event::CL_COMPLETE)
            .map_err(|e| cl_error("clSetUserEventStatus", ClError(e), 0))
    }
}

impl Drop for Gate {
    fn drop(&mut self) {
        // SAFETY: the event was created by create_user_event and is released once.
        let _ = unsafe { cl3::event::release_event(self.0) };
    }
}

/// Prints each kernel's start and end (µs from the op's first start) to stderr: where an op's
/// profiled time goes (`DUET_CL_TRACE=1`, with profiling on, as `duet bench` has it).
fn trace(op: &str, origin: u64, events: &[(&str, Event)]) -> Result<()> {
    let mut line = format!("cl-trace {op}:");
    for (entry, e) in events {
        let start = e
            .profiling_command_start()
            .map_err(|e| cl_error(op, e, 0))?;
        let end = e.profiling_command_end().map_err(|e| cl_error(op, e, 0))?;
        let us = |t: u64| t.saturating_sub(origin) as f64 / 1e3;
        line.push_str(&format!(" {entry} {:.1}..{:.1}", us(start), us(end)));
    }
    eprintln!("{line}");
    Ok(())
}

/// Whether `kernels/logreg.cl` can sum lanes with a shuffle on `device` (`LOGREG_SPAN=32`),
/// and `kernels/smo.cl`'s working-set kernels reduce and scan with one (`SMO_WS_SPAN=32`):
/// NVIDIA's `shfl.sync` (inline PTX; NVIDIA's OpenCL has no subgroup extension, and its
/// work-items form 32-wide warps in order of local id). `cl_khr_subgroup_shuffle` is not used:
/// PoCL 6's compiler aborts the process on it in a kernel with barriers.
pub(crate) fn has_lane_shuffle(device: &Device) -> bool {
    let extensions = device.extensions().unwrap_or_default();
    extensions
        .split_whitespace()
        .any(|e| e == "cl_nv_device_attribute_query")
}

/// The build log of a built program on `device`.
pub fn build_log(program: &Program, device: &Device) -> String {
    program
        .get_build_log(device.id())
        .unwrap_or_else(|e| format!("(no build log: {e})"))
}

/// The program text duet builds from a kernel file's `source`: the argument structs of
/// duet-core's kernel_args.rs, then `#line 1` (compiler messages keep the file's line
/// numbers), then the source.
pub fn with_prelude(source: &str) -> String {
    format!("{}{source}", duet_core::kernel_args::cl_prelude())
}

/// Builds one program; on failure the error holds the build log of every device.
pub fn build(
    context: &Context,
    device: &Device,
    stem: &str,
    source: &str,
    options: &str,
) -> Result<Program> {
    let source = with_prelude(source);
    let mut program =
        Program::create_from_source(context, &source).map_err(|e| Error::KernelBuild {
            kernel: format!("{stem}.cl"),
            log: format!("clCreateProgramWithSource: {e}"),
        })?;
    if let Err(e) = program.build(&[device.id()], options) {
        let log = program
            .get_build_log(device.id())
            .unwrap_or_else(|l| format!("(no build log: {l})"));
        let name = device.name().unwrap_or_default();
        return Err(Error::KernelBuild {
            kernel: format!("{stem}.cl"),
            log: format!("{e} on {name}:\n{log}"),
        });
    }
    Ok(program)
}

/// `clEnqueueNDRangeKernel` of a 1-D range with no wait list and no event (opencl3 always asks
/// for one).
fn enqueue_without_event(
    queue: opencl3::types::cl_command_queue,
    kernel: opencl3::types::cl_kernel,
    global: &[usize; 1],
    local: &[usize; 1],
) -> std::result::Result<(), ClError> {
    let runtime = cl3::load_library()
        .as_ref()
        .map_err(|_| ClError(cl3::error_codes::DLOPEN_RUNTIME_LOAD_FAILED))?;
    // The queue and kernel are live handles of this context, the sizes describe a 1-D range
    // whose workgroup size matches the kernel's reqd_work_group_size, and a null event pointer
    // is allowed (no event is returned).
    let status = runtime.clEnqueueNDRangeKernel(
        queue,
        kernel,
        1,
        ptr::null(),
        global.as_ptr(),
        local.as_ptr(),
        0,
        ptr::null(),
        ptr::null_mut(),
    );
    match status {
        Some(0) => Ok(()),
        Some(code) => Err(ClError(code)),
        None => Err(ClError(cl3::error_codes::DLOPEN_FUNCTION_NOT_AVAILABLE)),
    }
}

#[cfg(test)]
mod tests {
    use super::sliced_wg;

    #[test]
    fn the_sliced_workgroup_fits_the_device_and_the_tile() {
        assert_eq!(sliced_wg(1024, 2048), 512);
        assert_eq!(sliced_wg(256, 2048), 256);
        assert_eq!(sliced_wg(1024, 1020), 128);
        assert_eq!(sliced_wg(1, 2048), 1);
        assert_eq!(sliced_wg(1024, 4), 1);
    }
}
