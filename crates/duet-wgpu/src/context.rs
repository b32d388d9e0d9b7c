//! The GPU context: device and queue, error capture, the pipeline cache, the profiler and the
//! one way ops submit work ([`Gpu::run`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use duet_core::{Error, KernelParams, OpenOptions, Result};

use crate::shaders;
use duet_core::kernel_args::KernelArgs;
use duet_core::launch::{ArgWords, KernelBuild};

/// `logreg_max_groups` when it is automatic: wgpu reports no compute-unit count; two
/// workgroups per SM of an H100 measured best (BENCHMARKS.md).
pub const AUTO_LOGREG_GROUPS: u32 = 264;
/// `logreg_rps` when it is automatic: two rows per step measured best through wgpu on an H100
/// (BENCHMARKS.md).
pub const AUTO_LOGREG_RPS: u32 = 2;
/// `row_pad` when it is automatic: rows padded where it costs at most 2/16 of a row (33
/// columns to 36: 56 → 74 % of the read bound on the H100, BENCHMARKS.md).
pub const AUTO_ROW_PAD: u32 = 2;
/// `row_pad_wide` when it is automatic: every row wider than 16 columns padded (17 and 21
/// columns, which `row_pad` leaves unpadded: the logistic gradient 70 → 82 and 77 → 84 % of
/// the read bound, RBF rows on a row-major matrix 47 → 65 and 51 → 75 % on an H200 at 256 MiB,
/// BENCHMARKS.md, session 30).
pub const AUTO_ROW_PAD_WIDE: u32 = 2;

/// `logreg_pipeline` when it is automatic: the next step's loads issued before the current
/// step's are used. On an H200 through wgpu that took the pass from 61–82 % of the read bound
/// to 83–95 % at 8, 13, 33, 127, 777 and 1 000 columns (BENCHMARKS.md, session 30).
pub const AUTO_LOGREG_PIPELINE: u32 = 2;

/// `logreg_finish_cols` when it is automatic: one 32-column tile. On an H200 the separate
/// reduce launch cost wgpu 1–2 µs, and finishing wider passes in their last workgroup was level
/// at 48–64 columns and slower at 33 and from 100 (BENCHMARKS.md, session 31).
pub const AUTO_LOGREG_FINISH_COLS: u32 = 32;

/// `logreg_quad_pitch` when it is automatic: rows of up to 7 floats four to a work-item. On
/// the H100 that pass was 1.1–3.2× as fast at 1 to 7 columns and level to 0.94× at 8
/// (BENCHMARKS.md).
pub const AUTO_QUAD_PITCH: u32 = 7;

/// `rbf_lane_rows` when it is automatic: two rows a step where a row's lanes sum by shuffles
/// alone. On an H200 that took the `row_lanes` rung from 70–87 to 76–89 % of the read bound
/// at 31–256 columns (256 MiB) and left 8–16 columns level (BENCHMARKS.md, session 23).
pub const AUTO_RBF_LANE_ROWS: u32 = 2;

/// `rbf_slice_fill` when it is automatic: the `sliced` RBF rung aims for 64 × 1024
/// work-items. On an H200 at 64 and 256 MiB and 64–4096 columns (14 shapes) that picked the
/// fastest fixed slice count at 11 shapes, 1–2 points of the read bound short of it at 2 and 6
/// short at one (4096 columns, 64 MiB); aiming for 2¹⁷ was 4–24 points slower at 11 of them
/// (BENCHMARKS.md, session 25).
pub const AUTO_RBF_SLICE_FILL: u32 = 64;

/// `rbf_sliced_wg` and `rbf_sliced_unroll` when they are automatic: `local_memory`'s 256 and 8.
/// On an H200 at 256 MiB and 33–4096 columns, 256 and 8 was the fastest of seven pairs
/// (128–512 work-items, 1–8 loads in flight) or within 2 points of it; at 64 MiB 256 and 4
/// was 1–6 points ahead at 8 of 9 column counts but up to 6 behind at 256 MiB, and 512 and
/// 2, OpenCL's choice, lost up to 18 points at both (BENCHMARKS.md, session 26).
pub const AUTO_RBF_SLICED: (u32, u32) = (256, 8);
/// `rbf_pivot_cols` when it is automatic: the `local_memory` and `sliced` rungs stage the
/// pivots from X up to 1 024 columns and read `rbf_gather`'s copy above. A second dispatch of
/// a compute pass costs 1–2 µs here, so the gather costs little: on an H100 staging from X
/// took 1–3.5 µs off a column-major call at 100–500 columns (64 and 256 MiB), was level at
/// 1 000 and cost 5 µs (64 MiB) and 13 µs (256 MiB) at 4 096, where every workgroup's
/// scattered pivot loads match its share of X (BENCHMARKS.md, session 34).
pub const AUTO_RBF_PIVOT_COLS: u32 = 1024;

/// Most dispatches recorded into one compute pass (and one submission); longer runs (a training
/// loop) are split into several submissions with no host wait between them.
const MAX_DISPATCHES_PER_PASS: usize = 8192;

/// One kernel launch: pipeline, bindings, immediates (as 32-bit words) and workgroup count.
#[derive(Clone)]
pub(crate) struct Dispatch {
    /// The kernel's entry point (named in `DUET_WGPU_TRACE` lines).
    pub entry: &'static str,
    pub pipeline: wgpu::ComputePipeline,
    pub bind_group: wgpu::BindGroup,
    pub immediates: [u32; duet_core::launch::MAX_ARG_WORDS],
    pub immediate_words: usize,
    pub groups: (u32, u32),
}

impl Dispatch {
    /// A dispatch of `groups` workgroups of `pipeline` with `bind_group`, its arguments as
    /// immediates.
    pub fn new(
        pipeline: &wgpu::ComputePipeline,
        bind_group: &wgpu::BindGroup,
        args: &impl KernelArgs,
        groups: u32,
    ) -> Self {
        Self::from_words(pipeline, bind_group, &ArgWords::of(args), groups)
    }

    /// [`Dispatch::new`] with the arguments as words.
    pub fn from_words(
        pipeline: &wgpu::ComputePipeline,
        bind_group: &wgpu::BindGroup,
        args: &ArgWords,
        groups: u32,
    ) -> Self {
        Dispatch {
            entry: "kernel",
            pipeline: pipeline.clone(),
            bind_group: bind_group.clone(),
            immediates: args.words,
            immediate_words: args.len,
            groups: (groups, 1),
        }
    }

    /// This dispatch, its entry point named for `DUET_WGPU_TRACE`.
    pub fn named(mut self, entry: &'static str) -> Self {
        self.entry = entry;
        self
    }

    /// Records this dispatch into `pass`: its pipeline, bind group, immediates and groups.
    fn record(&self, pass: &mut wgpu::ComputePass<'_>) {
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.bind_group, &[]);
        if self.immediate_words > 0 {
            pass.set_immediates(
                0,
                bytemuck::cast_slice(&self.immediates[..self.immediate_words]),
            );
        }
        pass.dispatch_workgroups(self.groups.0, self.groups.1, 1);
    }
}

/// Errors the device reported outside any error scope, and whether it was lost.
#[derive(Default)]
struct Faults {
    uncaptured: Vec<String>,
    lost: Option<String>,
}

struct Profiler {
    queries: wgpu::QuerySet,
    resolve: wgpu::Buffer,
    readback: wgpu::Buffer,
    period_ns: f64,
}

/// A pipeline: shader stem, entry point, and the specialisation constants beyond the table's.
type PipelineKey = (&'static str, &'static str, Vec<(&'static str, u32)>);

/// An opened wgpu device with everything the ops share.
pub(crate) struct Gpu {
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    pub params: KernelParams,
    /// Bytes one binding may cover (device limit, or the tighter cap asked for at open).
    pub binding_cap: u64,
    pub max_groups_per_dim: u32,
    /// `LOGREG_SPAN` of the register-resident logistic pass: adjacent lanes added by subgroup
    /// shuffles, the adapter's smallest subgroup size (1 when `logreg_lane_sum` is 1).
    pub lane_span: u32,
    /// A software adapter (llvmpipe, lavapipe, WARP): some of them bound loop trips per
    /// invocation, see `ops::logreg`.
    pub software: bool,
    /// WGSL's `storageBarrier` is a device-scope fence on this adapter's backend (Vulkan: naga
    /// emits Device memory scope; DX12: `DeviceMemoryBarrierWithGroupSync`; GL:
    /// `memoryBarrierBuffer`), so a reduction's last workgroup may finish it in one dispatch
    /// (`arg_last_group`). Metal's `threadgroup_barrier(mem_device)` promises no ordering seen
    /// by other threadgroups, so Metal (and a browser's WebGPU, which may run on it) launches
    /// the final pass.
    pub device_fence: bool,
    /// How long a readback polls before it blocks (`OpenOptions::spin_wait`).
    spin: Duration,
    checked: bool,
    faults: Arc<Mutex<Faults>>,
    modules: Mutex<HashMap<&'static str, wgpu::ShaderModule>>,
    pipelines: Mutex<HashMap<PipelineKey, wgpu::ComputePipeline>>,
    /// The driver's pipeline cache, loaded from and saved to this file (Vulkan adapters with
    /// `PIPELINE_CACHE`, when the kernel cache is on).
    pipeline_cache: Option<PipelineCacheFile>,
    profiler: Option<Profiler>,
    profiling: Mutex<Option<Duration>>,
    /// Held for the whole of an op: ops share scratch and readback buffers.
    op_lock: Mutex<()>,
    staging: Mutex<Option<wgpu::Buffer>>,
    scratch: Mutex<HashMap<&'static str, wgpu::Buffer>>,
    /// Result buffers ([`Gpu::result`]) are mapped for reading themselves, with no copy into
    /// the staging buffer (`MAPPABLE_PRIMARY_BUFFERS`).
    mappable: bool,
    /// Ops keep the bind groups of a handle's buffer with scratch buffers in the handle
    /// ([`Gpu::bind_kept`]), and those over several handles in `shared_binds`
    /// ([`Gpu::bind_shared`]), instead of creating them per call.
    keep_binds: bool,
    /// Bind groups over several handles' buffers, forgotten as each handle is dropped.
    pub(crate) shared_binds: std::sync::Arc<crate::memory::BindCache>,
    /// `DUET_WGPU_TRACE` was set when the device was opened: profiled ops time each dispatch
    /// ([`Gpu::run_traced`]).
    trace: bool,
    /// Where op calls spend host time (off unless asked).
    pub phases: duet_core::phases::PhaseTrace,
}

/// The driver's pipeline cache and the file it is kept in. New pipelines mark it dirty; it is
/// written at most once per [`PipelineCacheFile::EVERY`] while pipelines are being built, and
/// when the device is dropped (the whole cache is one blob, so writing it after every pipeline
/// would cost the tuner, which builds hundreds, quadratic time).
struct PipelineCacheFile {
    cache: wgpu::PipelineCache,
    path: std::path::PathBuf,
    /// When it was last written, and whether pipelines were built since.
    state: Mutex<(Option<Instant>, bool)>,
}

impl PipelineCacheFile {
    const EVERY: Duration = Duration::from_secs(2);

    fn save(&self) {
        if let Some(data) = self.cache.get_data() {
            // The cache is an optimisation: a directory that cannot be written costs the next
            // process a driver compile, nothing else.
            let _ = duet_core::tune::cache::write_blob(&self.path, &data);
        }
    }

    /// After a new pipeline: writes the cache if it was not written in the last
    /// [`PipelineCacheFile::EVERY`].
    fn built(&self) {
        let mut state = lock(&self.state);
        let due = state.0.is_none_or(|t| t.elapsed() >= Self::EVERY);
        if due {
            self.save();
            *state = (Some(Instant::now()), false);
        } else {
            state.1 = true;
        }
    }
}

impl Drop for PipelineCacheFile {
    fn drop(&mut self) {
        if lock(&self.state).1 {
            self.save();
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding one of these locks cannot leave the data inconsistent (they guard
    // caches and counters), so a poisoned lock is still used.
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Gpu {
    pub fn open(
        adapter: &wgpu::Adapter,
        opts: &OpenOptions,
        key: duet_core::tune::DeviceKey,
    ) -> Result<Gpu> {
        let info = adapter.get_info();
        // The pipeline cache file: where the adapter has one (wgpu: Vulkan) and the kernel
        // cache is on.
        let cache_file = opts
            .kernel_cache_dir()
            .filter(|_| wgpu::util::pipeline_cache_key(&info).is_some())
            .map(|dir| duet_core::tune::cache::kernel_blob_path(&dir, &key, "wgpu-pipeline-cache"));
        let wanted = wgpu::Features::TIMESTAMP_QUERY
            | wgpu::Features::IMMEDIATES
            | wgpu::Features::SUBGROUP
            | wgpu::Features::MAPPABLE_PRIMARY_BUFFERS
            | if cache_file.is_some() {
                wgpu::Features::PIPELINE_CACHE
            } else {
                wgpu::Features::empty()
            };
        let features = adapter.features() & wanted;
        if !features.contains(wgpu::Features::IMMEDIATES) {
            return Err(Error::BackendUnavailable {
                backend: "wgpu".into(),
                reason: format!(
                    "{} ({:?}) lacks immediates (push constants), which duet's kernels use",
                    info.name, info.backend
                ),
            });
        }
        let needed = duet_core::kernel_args::largest_bytes() as u32;
        if adapter.limits().max_immediate_size < needed {
            return Err(Error::BackendUnavailable {
                backend: "wgpu".into(),
                reason: format!(
                    "{} ({:?}) holds {} bytes of immediates; duet's kernel arguments take {needed}",
                    info.name,
                    info.backend,
                    adapter.limits().max_immediate_size
                ),
            });
        }
        // Shuffles combine adjacent work-items within the smallest subgroup (at least 4): a
        // power of two (Vulkan's subgroup sizes are; rounded down if not); 1 without them.
        let shuffles = features.contains(wgpu::Features::SUBGROUP) && info.subgroup_min_size >= 4;
        let subgroup = if shuffles {
            1u32 << (31 - info.subgroup_min_size.leading_zeros())
        } else {
            1
        };
        // The working-set kernels' span is at most 64 (`smo_ws_span`'s bound).
        let shuffle_span = subgroup.min(64);
        let limits = adapter.limits();
        let params = opts
            .params
            .fit(limits.max_compute_workgroup_storage_size as u64)
            .with_automatic(duet_core::Automatic {
                logreg_max_groups: AUTO_LOGREG_GROUPS,
                // No cap below logreg_max_groups: on the H100 176 and 132 workgroups were level
                // with 264 within 1 µs at 100–4 096 columns, 4–256 MiB, or slower
                // (BENCHMARKS.md, session 36).
                logreg_full_groups: AUTO_LOGREG_GROUPS,
                logreg_rps: AUTO_LOGREG_RPS,
                row_pad: AUTO_ROW_PAD,
                row_pad_wide: AUTO_ROW_PAD_WIDE,
                logreg_quad_pitch: AUTO_QUAD_PITCH,
                logreg_pipeline: AUTO_LOGREG_PIPELINE,
                logreg_finish_cols: AUTO_LOGREG_FINISH_COLS,
                // One level always (why: `KernelParams::logreg_finish_split`'s doc).
                logreg_finish_split: duet_core::params::NEVER_SPLIT,
                // A wider pass finishing was slower than its reduce dispatch (1–2 µs) at every
                // size measured, lone or in training (BENCHMARKS.md, session 35).
                logreg_finish_lone: duet_core::params::FINISH_LONE_NEVER,
                rbf_lane_rows: AUTO_RBF_LANE_ROWS,
                // rbf_wg: rows over 16 columns are padded to whole vec4s here (row_pad_wide),
                // and smaller workgroups for `row_lanes` were slower through wgpu on an H100
                // at every width but 777 (BENCHMARKS.md, session 39).
                rbf_lane_wg_unaligned: 0,
                rbf_slice_fill: AUTO_RBF_SLICE_FILL,
                rbf_sliced_wg: AUTO_RBF_SLICED.0,
                rbf_sliced_unroll: AUTO_RBF_SLICED.1,
                rbf_pivot_cols: AUTO_RBF_PIVOT_COLS,
            })
            .resolve_lane_sum(shuffles, &info.name)?
            .resolve_spans(shuffle_span, &info.name)?;
        params.validate(
            limits
                .max_compute_invocations_per_workgroup
                .min(limits.max_compute_workgroup_size_x),
            limits.max_compute_workgroup_storage_size as u64,
        )?;
        let desc = wgpu::DeviceDescriptor {
            label: Some("duet"),
            required_features: features,
            required_limits: limits.clone(),
            ..Default::default()
        };
        let (device, queue) = pollster::block_on(adapter.request_device(&desc)).map_err(|e| {
            Error::BackendUnavailable {
                backend: "wgpu".into(),
                reason: format!("{} ({:?}): {e}", info.name, info.backend),
            }
        })?;
        let faults = Arc::new(Mutex::new(Faults::default()));
        let sink = faults.clone();
        device.on_uncaptured_error(Arc::new(move |e: wgpu::Error| {
            lock(&sink).uncaptured.push(e.to_string());
        }));
        let sink = faults.clone();
        device.set_device_lost_callback(move |reason, message| {
            lock(&sink).lost = Some(format!("{reason:?}: {message}"));
        });
        let profiler = features
            .contains(wgpu::Features::TIMESTAMP_QUERY)
            .then(|| Profiler {
                queries: device.create_query_set(&wgpu::QuerySetDescriptor {
                    label: Some("duet timestamps"),
                    ty: wgpu::QueryType::Timestamp,
                    count: 2,
                }),
                resolve: device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some("duet timestamp resolve"),
                    size: 16,
                    usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
                    mapped_at_creation: false,
                }),
                readback: device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some("duet timestamp readback"),
                    size: 16,
                    usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                }),
                period_ns: queue.get_timestamp_period() as f64,
            });
        let device_binding = limits
            .max_storage_buffer_binding_size
            .min(limits.max_buffer_size);
        let pipeline_cache = cache_file
            .filter(|_| features.contains(wgpu::Features::PIPELINE_CACHE))
            .map(|path| {
                let data = duet_core::tune::cache::read_blob(&path);
                // SAFETY: `data` is what `PipelineCache::get_data` returned in an earlier
                // process, written atomically to a file keyed by this device, its driver and
                // duet's version. wgpu checks its header (magic, version, backend, adapter and
                // driver key, size) and falls back to an empty cache on a mismatch; the driver
                // checks its own header (vendor, device and pipeline cache UUID) too.
                let cache = unsafe {
                    device.create_pipeline_cache(&wgpu::PipelineCacheDescriptor {
                        label: Some("duet pipeline cache"),
                        data: data.as_deref(),
                        fallback: true,
                    })
                };
                PipelineCacheFile {
                    cache,
                    path,
                    state: Mutex::new((None, false)),
                }
            });
        Ok(Gpu {
            binding_cap: opts.binding_cap(device_binding),
            max_groups_per_dim: limits.max_compute_workgroups_per_dimension,
            lane_span: if params.logreg_lane_sum == 2 {
                subgroup
            } else {
                1
            },
            software: info.device_type == wgpu::DeviceType::Cpu,
            spin: opts.spin_wait(info.device_type == wgpu::DeviceType::Cpu)?,
            device_fence: matches!(
                info.backend,
                wgpu::Backend::Vulkan | wgpu::Backend::Dx12 | wgpu::Backend::Gl
            ),
            params,
            checked: opts.checked_shaders,
            device,
            queue,
            faults,
            modules: Mutex::new(HashMap::new()),
            pipelines: Mutex::new(HashMap::new()),
            pipeline_cache,
            profiler,
            profiling: Mutex::new(None),
            op_lock: Mutex::new(()),
            staging: Mutex::new(None),
            scratch: Mutex::new(HashMap::new()),
            mappable: features.contains(wgpu::Features::MAPPABLE_PRIMARY_BUFFERS)
                && std::env::var("DUET_WGPU_MAPPED").map_or(true, |v| v != "0"),
            keep_binds: std::env::var("DUET_WGPU_KEEP_BINDS").map_or(true, |v| v != "0"),
            shared_binds: std::sync::Arc::new(crate::memory::BindCache::keeping(
                crate::memory::BindCache::SHARED_KEEP,
            )),
            trace: std::env::var_os("DUET_WGPU_TRACE").is_some(),
            phases: Default::default(),
        })
    }

    /// Whether a reduction's first pass finishes it in its last workgroup (`arg_last_group`
    /// where [`Gpu::device_fence`] allows).
    pub fn last_group(&self, p: &KernelParams) -> bool {
        p.arg_last_group == 1 && self.device_fence
    }

    /// Serialises ops on this device (they share scratch buffers and the staging buffer).
    pub fn op_lock(&self) -> MutexGuard<'_, ()> {
        let guard = lock(&self.op_lock);
        self.phases.start();
        guard
    }

    /// Fails with [`Error::DeviceLost`] once the device is lost, and with
    /// [`Error::Execution`] for errors the device reported outside any scope.
    pub fn check_faults(&self, op: &str) -> Result<()> {
        let mut f = lock(&self.faults);
        if let Some(reason) = &f.lost {
            return Err(Error::DeviceLost(reason.clone()));
        }
        if !f.uncaptured.is_empty() {
            let all = std::mem::take(&mut f.uncaptured).join("; ");
            return Err(Error::execution(op, all));
        }
        Ok(())
    }

    /// Runs `f` inside out-of-memory and validation error scopes and turns what they caught
    /// into errors; `what` and `bytes` describe an allocation for the out-of-memory error.
    pub fn scoped<T>(&self, what: &str, bytes: u64, f: impl FnOnce() -> T) -> Result<T> {
        self.check_faults(what)?;
        let oom = self.device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
        let validation = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let out = f();
        let v = pollster::block_on(validation.pop());
        let o = pollster::block_on(oom.pop());
        if let Some(e) = o {
            return Err(Error::OutOfDeviceMemory {
                what: format!("{what}: {e}"),
                bytes,
            });
        }
        if let Some(e) = v {
            return Err(Error::execution(what, e));
        }
        self.check_faults(what)?;
        Ok(out)
    }

    /// A new buffer; sizes are rounded up to whole 16-byte `vec4`s.
    pub fn buffer(
        &self,
        label: &str,
        bytes: u64,
        usage: wgpu::BufferUsages,
    ) -> Result<wgpu::Buffer> {
        let size = bytes.div_ceil(16).max(1) * 16;
        let max = self.device.limits().max_buffer_size;
        if size > max {
            return Err(Error::TooLarge {
                what: format!("buffer `{label}`"),
                needed: size,
                limit: max,
            });
        }
        self.scoped(label, size, || {
            self.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size,
                usage,
                mapped_at_creation: false,
            })
        })
    }

    /// A storage buffer holding `data` (padded to whole `vec4`s with zeros).
    pub fn storage_with(&self, label: &str, data: &[u8]) -> Result<wgpu::Buffer> {
        let buf = self.buffer(
            label,
            data.len() as u64,
            wgpu::BufferUsages::STORAGE
                | wgpu::BufferUsages::COPY_SRC
                | wgpu::BufferUsages::COPY_DST,
        )?;
        self.write(&buf, 0, data)?;
        Ok(buf)
    }

    /// A storage buffer of `units` × `unit` floats, each piece of whole units written by
    /// `fill(units, out)` straight into wgpu's staging memory (no copy of the data on the host
    /// first); `out` holds `units.len()` × `unit` floats and must be written whole.
    pub fn storage_filled(
        &self,
        label: &str,
        units: usize,
        unit: usize,
        fill: impl Fn(std::ops::Range<usize>, &mut [f32]),
    ) -> Result<wgpu::Buffer> {
        let buf = self.buffer(
            label,
            4 * (units * unit) as u64,
            wgpu::BufferUsages::STORAGE
                | wgpu::BufferUsages::COPY_SRC
                | wgpu::BufferUsages::COPY_DST,
        )?;
        let per = (Self::PIECE / (4 * unit.max(1))).max(1);
        let mut first = 0;
        let mut pieces = 0;
        while first < units {
            let last = (first + per).min(units);
            let floats = (last - first) * unit;
            let at = 4 * (first * unit) as u64;
            let Some(size) = wgpu::BufferSize::new(4 * floats as u64) else {
                first = last;
                continue;
            };
            self.scoped("upload", size.get(), || -> Result<()> {
                let mut view = self
                    .queue
                    .write_buffer_with(&buf, at, size)
                    .ok_or_else(|| {
                        Error::execution("upload", "wgpu gave no staging memory for the write")
                    })?;
                let mut bytes = view.slice(..);
                let ptr = bytes.as_raw_element_ptr().as_ptr();
                if ptr.align_offset(std::mem::align_of::<f32>()) == 0 {
                    // SAFETY: the view is `4 · floats` bytes of mapped staging memory, aligned
                    // for f32 (checked), that nothing else accesses while `view` lives; on
                    // native backends it is ordinary host memory, and `fill` writes all of it
                    // (f32 has no invalid bit patterns).
                    let out = unsafe { std::slice::from_raw_parts_mut(ptr.cast::<f32>(), floats) };
                    fill(first..last, out);
                } else {
                    let mut out = vec![0.0f32; floats];
                    fill(first..last, &mut out);
                    bytes.copy_from_slice(bytemuck::cast_slice(&out));
                }
                Ok(())
            })??;
            pieces += 1;
            if pieces % 4 == 0 {
                self.queue.submit([]);
                self.wait("upload")?;
            }
            first = last;
        }
        Ok(buf)
    }

    /// Bytes of one piece of a large upload: the staging memory wgpu takes stays bounded.
    const PIECE: usize = 64 << 20;

    /// Queues a write of `data` into `buf` at `offset` (ordered before later submissions).
    pub fn write(&self, buf: &wgpu::Buffer, offset: u64, data: &[u8]) -> Result<()> {
        for (i, piece) in data.chunks(Self::PIECE).enumerate() {
            let at = offset + (i * Self::PIECE) as u64;
            self.scoped("upload", piece.len() as u64, || {
                self.queue.write_buffer(buf, at, piece);
            })?;
            if i % 4 == 3 {
                self.queue.submit([]);
                self.wait("upload")?;
            }
        }
        Ok(())
    }

    /// Waits for every submission so far.
    pub fn wait(&self, op: &str) -> Result<()> {
        self.device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| Error::execution(op, e))?;
        self.check_faults(op)
    }

    /// The pipeline for `entry` built with the parameter table `p` (a call's tuned table: its
    /// constants that differ from the device's become extra constants, so each table has its
    /// own pipeline) and `extra` specialisation constants.
    pub fn pipeline_for(
        &self,
        stem: &'static str,
        entry: &'static str,
        p: &KernelParams,
        extra: &[(&'static str, u32)],
    ) -> Result<wgpu::ComputePipeline> {
        if *p == self.params {
            return self.pipeline_with(stem, entry, extra);
        }
        let overrides = p.overrides_of(&self.params);
        if overrides.is_empty() {
            self.pipeline_with(stem, entry, extra)
        } else {
            self.pipeline_with(stem, entry, &[extra, &overrides].concat())
        }
    }

    /// The pipeline for `entry` specialised with `extra` constants on top of the table's.
    pub fn pipeline_with(
        &self,
        stem: &'static str,
        entry: &'static str,
        extra: &[(&'static str, u32)],
    ) -> Result<wgpu::ComputePipeline> {
        let key: PipelineKey = (stem, entry, extra.to_vec());
        if let Some(p) = lock(&self.pipelines).get(&key) {
            return Ok(p.clone());
        }
        let source = shaders::source(stem).ok_or_else(|| Error::KernelBuild {
            kernel: format!("{stem}.wgsl"),
            log: "no such shader is compiled in".into(),
        })?;
        let module = self.module(stem, source)?;
        let constants = shaders::pipeline_constants(source, &self.params, extra);
        let pipeline = self
            .scoped(&format!("pipeline {stem}::{entry}"), 0, || {
                self.device
                    .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                        label: Some(entry),
                        layout: None,
                        module: &module,
                        entry_point: Some(entry),
                        compilation_options: wgpu::PipelineCompilationOptions {
                            constants: &constants,
                            zero_initialize_workgroup_memory: false,
                        },
                        cache: self.pipeline_cache.as_ref().map(|c| &c.cache),
                    })
            })
            .map_err(|e| Error::KernelBuild {
                kernel: format!("{stem}.wgsl::{entry}"),
                log: e.to_string(),
            })?;
        if let Some(c) = &self.pipeline_cache {
            c.built();
        }
        lock(&self.pipelines).insert(key, pipeline.clone());
        Ok(pipeline)
    }

    /// Builds the pipelines of `builds` that are not built yet, each on a thread of its own
    /// (naga's translation and the driver's compile are host work), after their shader
    /// modules (one per file).
    pub fn prepare(&self, builds: &[KernelBuild]) -> Result<()> {
        let mut todo: Vec<&KernelBuild> = Vec::new();
        {
            let built = lock(&self.pipelines);
            for b in builds {
                let key: PipelineKey = (b.stem, b.entry, b.extra.clone());
                if !built.contains_key(&key) && !todo.contains(&b) {
                    todo.push(b);
                }
            }
        }
        let mut stems: Vec<&'static str> = todo.iter().map(|b| b.stem).collect();
        stems.sort_unstable();
        stems.dedup();
        for stem in stems {
            let source = shaders::source(stem).ok_or_else(|| Error::KernelBuild {
                kernel: format!("{stem}.wgsl"),
                log: "no such shader is compiled in".into(),
            })?;
            self.module(stem, source)?;
        }
        duet_core::par::try_each(&todo, |b| {
            self.pipeline_with(b.stem, b.entry, &b.extra).map(|_| ())
        })
    }

    fn module(&self, stem: &'static str, source: &str) -> Result<wgpu::ShaderModule> {
        if let Some(m) = lock(&self.modules).get(stem) {
            return Ok(m.clone());
        }
        // `#if subgroups` blocks only where shuffles are in use (the logistic pass's lanes, the
        // working-set solve's reductions).
        let defined: &[&str] = if self.params.logreg_lane_sum == 2 || self.params.smo_ws_span > 1 {
            &["subgroups"]
        } else {
            &[]
        };
        let source = shaders::prepare(source, defined).map_err(|e| Error::KernelBuild {
            kernel: format!("{stem}.wgsl"),
            log: e,
        })?;
        let desc = wgpu::ShaderModuleDescriptor {
            label: Some(stem),
            source: wgpu::ShaderSource::Wgsl(source.into()),
        };
        let module = self
            .scoped(&format!("shader {stem}.wgsl"), 0, || {
                if self.checked {
                    self.device.create_shader_module(desc)
                } else {
                    // SAFETY: duet's kernels index only within the bounds they are dispatched
                    // for and every loop has a bound; the conformance tests run them with the
                    // checks on as well.
                    unsafe {
                        self.device.create_shader_module_trusted(
                            desc,
                            wgpu::ShaderRuntimeChecks::unchecked(),
                        )
                    }
                }
            })
            .map_err(|e| Error::KernelBuild {
                kernel: format!("{stem}.wgsl"),
                log: e.to_string(),
            })?;
        lock(&self.modules).insert(stem, module.clone());
        Ok(module)
    }

    /// A bind group for `pipeline` with each `(binding, buffer)` bound whole.
    pub fn bind(
        &self,
        pipeline: &wgpu::ComputePipeline,
        buffers: &[(u32, &wgpu::Buffer)],
    ) -> Result<wgpu::BindGroup> {
        let layout = pipeline.get_bind_group_layout(0);
        let entries: Vec<wgpu::BindGroupEntry<'_>> = buffers
            .iter()
            .map(|(i, b)| wgpu::BindGroupEntry {
                binding: *i,
                resource: b.as_entire_binding(),
            })
            .collect();
        // No error scope (two pushes and pops cost more than the call on a small op): a
        // validation error reaches the uncaptured-error handler, which check_faults reports.
        let group = self.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &layout,
            entries: &entries,
        });
        self.check_faults("bind group")?;
        Ok(group)
    }

    /// [`Gpu::bind`], kept in `cache` (the handle whose buffer it binds, see
    /// [`BindCache`](crate::memory::BindCache)) unless `DUET_WGPU_KEEP_BINDS=0`: the caller
    /// passes a cache only where every other buffer bound is the device's own.
    pub fn bind_kept(
        &self,
        cache: &crate::memory::BindCache,
        pipeline: &wgpu::ComputePipeline,
        buffers: &[(u32, &wgpu::Buffer)],
    ) -> Result<wgpu::BindGroup> {
        if self.keep_binds {
            cache.get_or(pipeline, buffers, || self.bind(pipeline, buffers))
        } else {
            self.bind(pipeline, buffers)
        }
    }

    /// [`Gpu::bind`], kept in the device's shared cache unless `DUET_WGPU_KEEP_BINDS=0`, for
    /// bind groups over several handles' buffers: every buffer in `buffers` must be a handle's
    /// (a [`VecChunk`](crate::memory::VecChunk) or [`MatBlock`](crate::memory::MatBlock),
    /// which forget their bind groups when dropped) or the device's own.
    pub fn bind_shared(
        &self,
        pipeline: &wgpu::ComputePipeline,
        buffers: &[(u32, &wgpu::Buffer)],
    ) -> Result<wgpu::BindGroup> {
        self.bind_kept(&self.shared_binds, pipeline, buffers)
    }

    /// Records `dispatches` in order (compute passes of at most [`MAX_DISPATCHES_PER_PASS`],
    /// each its own submission, no host wait between), then copies `readback` bytes of
    /// `result` to the host if asked. With profiling on, the GPU time from the start of the
    /// first dispatch to the end of the last is added to the profile.
    pub fn run(
        &self,
        op: &str,
        dispatches: &[Dispatch],
        readback: Option<(&wgpu::Buffer, u64)>,
    ) -> Result<Option<Vec<u8>>> {
        self.phases.mark("prepare");
        self.check_faults(op)?;
        let profiling = lock(&self.profiling).is_some();
        if profiling && self.trace && self.profiler.is_some() {
            return self.run_traced(op, dispatches, readback);
        }
        let timestamps = if profiling {
            self.profiler.as_ref()
        } else {
            None
        };
        let host_start = Instant::now();
        let passes: Vec<&[Dispatch]> = if dispatches.is_empty() {
            vec![&[]]
        } else {
            dispatches.chunks(MAX_DISPATCHES_PER_PASS).collect()
        };
        let last = passes.len() - 1;
        // A result buffer the host can map is read where the kernels wrote it.
        let direct =
            readback.is_some_and(|(b, _)| b.usage().contains(wgpu::BufferUsages::MAP_READ));
        let staging = match readback {
            Some((_, bytes)) if !direct => Some(self.staging(bytes)?),
            _ => None,
        };
        for (i, pass_dispatches) in passes.iter().enumerate() {
            let mut encoder = self
                .device
                .create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some(op) });
            {
                // The first pass writes the start, the last the end; passes between write none.
                let timestamp_writes = timestamps.filter(|_| i == 0 || i == last).map(|p| {
                    wgpu::ComputePassTimestampWrites {
                        query_set: &p.queries,
                        beginning_of_pass_write_index: (i == 0).then_some(0),
                        end_of_pass_write_index: (i == last).then_some(1),
                    }
                });
                let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                    label: Some(op),
                    timestamp_writes,
                });
                for d in pass_dispatches.iter() {
                    d.record(&mut pass);
                }
            }
            if i == last {
                if let Some(p) = timestamps {
                    encoder.resolve_query_set(&p.queries, 0..2, &p.resolve, 0);
                    encoder.copy_buffer_to_buffer(&p.resolve, 0, &p.readback, 0, 16);
                }
                if let (Some((src, bytes)), Some(dst)) = (readback, staging.as_ref()) {
                    encoder.copy_buffer_to_buffer(src, 0, dst, 0, bytes.div_ceil(4) * 4);
                }
            }
            let cmd = encoder.finish();
            self.phases.mark("encode");
            // As in `bind`: errors reach check_faults, no error scope.
            self.queue.submit([cmd]);
            self.check_faults(op)?;
            self.phases.mark("submit");
        }
        let out = match (readback, staging) {
            (Some((_, bytes)), Some(buf)) => Some(self.map_read(&buf, bytes)?),
            (Some((buf, bytes)), None) => Some(self.map_read(buf, bytes)?),
            _ => None,
        };
        if profiling {
            let elapsed = match timestamps {
                Some(p) => {
                    let raw = self.map_read(&p.readback, 16)?;
                    let t: &[u64] = bytemuck::cast_slice(&raw);
                    Duration::from_nanos((t[1].saturating_sub(t[0]) as f64 * p.period_ns) as u64)
                }
                None => {
                    self.wait(op)?;
                    host_start.elapsed()
                }
            };
            if let Some(total) = lock(&self.profiling).as_mut() {
                *total += elapsed;
            }
        }
        self.check_faults(op)?;
        Ok(out)
    }

    /// [`Gpu::run`] with every dispatch in a compute pass of its own that writes timestamps
    /// at its start and end (`DUET_WGPU_TRACE`, with profiling on): prints one line per
    /// submission to stderr, each dispatch's entry point and start..end in µs from the first
    /// start (the format of duet-opencl's `DUET_CL_TRACE`, which scripts/cl_trace_sum.py
    /// sums), and adds the first start to the last end to the profile. A diagnostic: a pass
    /// per dispatch and a wait per submission cost more than [`Gpu::run`]'s recording.
    fn run_traced(
        &self,
        op: &str,
        dispatches: &[Dispatch],
        readback: Option<(&wgpu::Buffer, u64)>,
    ) -> Result<Option<Vec<u8>>> {
        // Two timestamps a dispatch; wgpu's query sets hold at most 4096.
        const PER_SUBMISSION: usize = 2048;
        let period_ns = self.profiler.as_ref().map_or(1.0, |p| p.period_ns);
        let mut first_start = None;
        let mut last_end = 0u64;
        for chunk in dispatches.chunks(PER_SUBMISSION) {
            let count = 2 * chunk.len() as u32;
            let queries = self.device.create_query_set(&wgpu::QuerySetDescriptor {
                label: Some("duet trace timestamps"),
                ty: wgpu::QueryType::Timestamp,
                count,
            });
            let bytes = 8 * count as u64;
            let resolve = self.buffer(
                "duet trace resolve",
                bytes,
                wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
            )?;
            let host = self.buffer(
                "duet trace readback",
                bytes,
                wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            )?;
            let mut encoder = self
                .device
                .create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some(op) });
            for (k, d) in chunk.iter().enumerate() {
                let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                    label: Some(d.entry),
                    timestamp_writes: Some(wgpu::ComputePassTimestampWrites {
                        query_set: &queries,
                        beginning_of_pass_write_index: Some(2 * k as u32),
                        end_of_pass_write_index: Some(2 * k as u32 + 1),
                    }),
                });
                d.record(&mut pass);
            }
            encoder.resolve_query_set(&queries, 0..count, &resolve, 0);
            encoder.copy_buffer_to_buffer(&resolve, 0, &host, 0, bytes);
            self.queue.submit([encoder.finish()]);
            self.check_faults(op)?;
            let raw = self.map_read(&host, bytes)?;
            let t: &[u64] = bytemuck::cast_slice(&raw);
            let origin = *first_start.get_or_insert(t[0]);
            let us = |v: u64| v.saturating_sub(origin) as f64 * period_ns / 1e3;
            let mut line = format!("wgpu-trace {op}:");
            for (k, d) in chunk.iter().enumerate() {
                line.push_str(&format!(
                    " {} {:.1}..{:.1}",
                    d.entry,
                    us(t[2 * k]),
                    us(t[2 * k + 1])
                ));
            }
            eprintln!("{line}");
            last_end = last_end.max(t[2 * chunk.len() - 1]);
        }
        if let Some(total) = lock(&self.profiling).as_mut() {
            let ticks = last_end.saturating_sub(first_start.unwrap_or(last_end));
            *total += Duration::from_nanos((ticks as f64 * period_ns) as u64);
        }
        let out = match readback {
            Some((src, bytes)) if !src.usage().contains(wgpu::BufferUsages::MAP_READ) => {
                let dst = self.staging(bytes)?;
                let mut encoder = self
                    .device
                    .create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some(op) });
                encoder.copy_buffer_to_buffer(src, 0, &dst, 0, bytes.div_ceil(4) * 4);
                self.queue.submit([encoder.finish()]);
                Some(self.map_read(&dst, bytes)?)
            }
            Some((src, bytes)) => Some(self.map_read(src, bytes)?),
            None => None,
        };
        self.check_faults(op)?;
        Ok(out)
    }

    /// A storage scratch buffer `name` of at least `bytes`, reused across ops (ops are
    /// serialised by [`Gpu::op_lock`] and the queue runs them in order).
    pub fn scratch(&self, name: &'static str, bytes: u64) -> Result<wgpu::Buffer> {
        self.kept(name, bytes, wgpu::BufferUsages::COPY_SRC)
    }

    /// A buffer `name` of at least `bytes` that kernels write an op's result into and the host
    /// reads back ([`Gpu::run`]'s `readback`), reused across ops as [`Gpu::scratch`] is. Where
    /// the device allows it (`MAPPABLE_PRIMARY_BUFFERS`) the host maps it directly, so a call
    /// records no copy into the staging buffer and no barrier before one.
    pub fn result(&self, name: &'static str, bytes: u64) -> Result<wgpu::Buffer> {
        if self.mappable {
            self.kept(name, bytes, wgpu::BufferUsages::MAP_READ)
        } else {
            self.scratch(name, bytes)
        }
    }

    /// The device's storage buffer `name` (also `COPY_DST` and `extra`), at least `bytes`:
    /// the one kept under that name, or a new one kept in its place.
    fn kept(
        &self,
        name: &'static str,
        bytes: u64,
        extra: wgpu::BufferUsages,
    ) -> Result<wgpu::Buffer> {
        let mut s = lock(&self.scratch);
        if let Some(b) = s.get(name)
            && b.size() >= bytes
        {
            return Ok(b.clone());
        }
        let usage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST | extra;
        let b = self.buffer(name, bytes.max(256), usage)?;
        if let Some(old) = s.insert(name, b.clone()) {
            // The shared cache's groups over the smaller buffer would keep it alive.
            self.shared_binds.forget(&old);
        }
        Ok(b)
    }

    /// The shared staging buffer, grown to at least `bytes`.
    fn staging(&self, bytes: u64) -> Result<wgpu::Buffer> {
        let mut s = lock(&self.staging);
        if let Some(b) = s.as_ref()
            && b.size() >= bytes
        {
            return Ok(b.clone());
        }
        let b = self.buffer(
            "duet staging",
            bytes.max(1 << 16),
            wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        )?;
        *s = Some(b.clone());
        Ok(b)
    }

    /// Maps `bytes` of a MAP_READ buffer after all submitted work, copies them out, unmaps.
    fn map_read(&self, buf: &wgpu::Buffer, bytes: u64) -> Result<Vec<u8>> {
        let size = bytes.div_ceil(4) * 4;
        let slice = buf.slice(0..size);
        let (tx, rx) = std::sync::mpsc::channel();
        slice.map_async(wgpu::MapMode::Read, move |r| {
            let _ = tx.send(r);
        });
        let mapped = self.spin_until(&rx)?;
        self.phases.mark("wait");
        mapped.map_err(|e| Error::execution("readback", e))?;
        let data = {
            let view = slice
                .get_mapped_range()
                .map_err(|e| Error::execution("readback", e))?;
            view[..bytes as usize].to_vec()
        };
        buf.unmap();
        self.phases.mark("read back");
        Ok(data)
    }

    /// Waits for the map callback behind `rx`: polls the device without blocking for up to
    /// `spin` ([`duet_core::backend::SPIN_WAIT`] by default on a hardware adapter: waking from a
    /// blocking wait cost 25–40 µs per call on the H100, BENCHMARKS.md), then blocks.
    fn spin_until<T>(&self, rx: &std::sync::mpsc::Receiver<T>) -> Result<T> {
        let start = Instant::now();
        if !self.spin.is_zero() {
            while start.elapsed() < self.spin {
                self.device
                    .poll(wgpu::PollType::Poll)
                    .map_err(|e| Error::execution("readback", e))?;
                if let Ok(r) = rx.try_recv() {
                    self.check_faults("readback")?;
                    return Ok(r);
                }
                std::hint::spin_loop();
            }
        }
        self.wait("readback")?;
        rx.recv().map_err(|e| Error::execution("readback", e))
    }

    /// Copies `bytes` from the start of `src` to the host, in pieces through the staging buffer
    /// (never counted as op time).
    pub fn read_buffer(&self, src: &wgpu::Buffer, bytes: u64) -> Result<Vec<u8>> {
        const PIECE: u64 = 64 << 20;
        let mut out = Vec::with_capacity(bytes as usize);
        let mut offset = 0;
        while offset < bytes {
            let len = (bytes - offset).min(PIECE);
            let staging = self.staging(len)?;
            let mut encoder = self
                .device
                .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                    label: Some("download"),
                });
            encoder.copy_buffer_to_buffer(src, offset, &staging, 0, len.div_ceil(4) * 4);
            self.scoped("download", 0, || {
                self.queue.submit([encoder.finish()]);
            })?;
            out.extend_from_slice(&self.map_read(&staging, len)?);
            offset += len;
        }
        Ok(out)
    }

    pub fn set_profiling(&self, on: bool) {
        *lock(&self.profiling) = on.then_some(Duration::ZERO);
    }

    pub fn take_gpu_time(&self) -> Option<Duration> {
        lock(&self.profiling).as_mut().map(std::mem::take)
    }
}
