//! Benchmarks: the same op, size and data on every device, GPU time from timestamps or
//! profiling events (the method recorded with each number), wall time beside it, and every
//! bandwidth as a fraction of what the read kernel measured on the same device in the same run.
//! Each case's result is also checked against the CPU reference.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

pub use duet_conform::registry::{BenchCall, BenchCase, BenchInputs, Sizes, bench_cases as cases};

use crate::{Device, Layout, Result};

/// How to measure.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct BenchConfig {
    /// Untimed runs first (at least this many).
    pub warmup: u32,
    /// Untimed runs continue until this much wall time has passed after the first call (which
    /// builds the case's kernels: up to seconds with a cold driver cache, the GPU idle): a GPU
    /// that idled while the inputs were generated or the kernels built runs at its idle clock
    /// (an H100's SM clock drops to 345 MHz after about a second without work, and takes 0.1–0.5
    /// s of load to return to 1980 MHz), and a few short calls do not wake it. See
    /// [`warm_up`].
    pub warmup_time: Duration,
    /// Timed runs at most.
    pub reps: u32,
    /// Stop repeating once this much wall time was spent on a case.
    pub budget: Duration,
    /// Also time the CPU reference.
    pub cpu_reference: bool,
    /// Check the result against the CPU reference after timing.
    pub check: bool,
    /// Uploads of each case's inputs to time it on (at least 1): each further one is a fresh
    /// upload, warmed up and timed as the first was, its median kept in
    /// [`Measurement::upload_medians_s`]. Where the inputs land in device memory may change a
    /// kernel's time (BENCHMARKS.md, session 58: the same binary, kernel and shape timed 16.6
    /// and 23.9 µs, each with a tight spread, in consecutive cases, each its own upload); a
    /// spread between one case's uploads shows whether it does.
    pub uploads: u32,
}

impl Default for BenchConfig {
    fn default() -> Self {
        BenchConfig {
            warmup: 3,
            warmup_time: Duration::from_millis(500),
            reps: 30,
            budget: Duration::from_secs(2),
            cpu_reference: true,
            check: true,
            uploads: 1,
        }
    }
}

/// One measured case on one device.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Measurement {
    /// Op name.
    pub op: String,
    /// Rung or strategy.
    pub variant: String,
    /// Size label.
    pub size: String,
    /// The case.
    pub case: BenchCase,
    /// Device name.
    pub device: String,
    /// Device's own name.
    pub device_name: String,
    /// How `gpu_*` was measured.
    pub timer: String,
    /// Timed runs.
    pub reps: u32,
    /// Median device time per call, seconds.
    #[serde(deserialize_with = "f64_or_nan")]
    pub gpu_median_s: f64,
    /// Fastest device time, seconds.
    #[serde(deserialize_with = "f64_or_nan")]
    pub gpu_min_s: f64,
    /// Slowest device time, seconds.
    #[serde(deserialize_with = "f64_or_nan")]
    pub gpu_max_s: f64,
    /// Median wall time per call (the op's call to its result on the host), seconds, from
    /// calls of their own with profiling off (profiling adds a timestamp readback).
    #[serde(deserialize_with = "f64_or_nan")]
    pub wall_median_s: f64,
    /// Where those calls spent their host time: each phase's median per call, in the order
    /// the backend marks them (see `Device::take_phases`); empty for the CPU reference.
    #[serde(default)]
    pub wall_phases: Vec<Phase>,
    /// Bytes of input streamed / median device time, GB/s (10⁹ bytes).
    #[serde(deserialize_with = "f64_or_nan")]
    pub gbps: f64,
    /// Flops / median device time, GFLOP/s.
    #[serde(deserialize_with = "f64_or_nan")]
    pub gflops: f64,
    /// Elements (or reductions) per second, 10⁹/s.
    #[serde(deserialize_with = "f64_or_nan")]
    pub g_elements_per_s: f64,
    /// Training iterations per second.
    pub iters_per_s: Option<f64>,
    /// GB/s as a percentage of the read kernel's GB/s on the same device in this run.
    pub pct_of_read: Option<f64>,
    /// The read bandwidth that percentage is relative to, GB/s.
    pub read_gbps: Option<f64>,
    /// The result against the CPU reference: worst error / bound (≤ 1 passes; NaN: not
    /// checked).
    #[serde(deserialize_with = "f64_or_nan")]
    pub check_ratio: f64,
    /// Whether the check passed.
    pub check_passed: bool,
    /// CPU reference time for the same case, seconds.
    pub cpu_reference_s: Option<f64>,
    /// This case's median GPU time through wgpu over its time through OpenCL, in the same run
    /// (on both backends' rows; `None` where only one backend ran it).
    #[serde(default)]
    pub wgpu_over_opencl: Option<f64>,
    /// The tunable kernel parameters the case ran with (`name=value`, space separated; empty
    /// for ops without any) and the variant the library picked for `default` cases.
    #[serde(default)]
    pub params: String,
    /// Where `params` came from: `cache`, `built-in` or `default` (the device's own table);
    /// empty for ops without tunable parameters.
    #[serde(default)]
    pub params_from: String,
    /// Wall time of the case's first call in this process, seconds: it builds (or loads from
    /// the kernel cache) the kernels the case needs that no earlier case built.
    #[serde(default)]
    pub first_call_s: Option<f64>,
    /// Why the case was warmed up and timed again, once per re-timing (at most [`RETIMES`]):
    /// what [`unsteady`] saw in the timing before it. Empty: timed once.
    #[serde(default)]
    pub retimed: Vec<String>,
    /// Why the last timing still did not describe a steady device (`None`: it did): its GPU
    /// times are then those of a clock that was still rising, slower than the device runs.
    #[serde(default)]
    pub unsteady: Option<String>,
    /// With [`BenchConfig::uploads`] above 1: the median GPU seconds of the case on each upload
    /// of its inputs, the first upload's (the other fields' timing) first; else empty.
    #[serde(default)]
    pub upload_medians_s: Vec<f64>,
}

impl Measurement {
    /// The slowest upload's median over the fastest's ([`Measurement::upload_medians_s`]);
    /// `None` with fewer than two uploads.
    pub fn upload_spread(&self) -> Option<f64> {
        if self.upload_medians_s.len() < 2 {
            return None;
        }
        let lo = self
            .upload_medians_s
            .iter()
            .copied()
            .fold(f64::INFINITY, f64::min);
        let hi = self.upload_medians_s.iter().copied().fold(0.0, f64::max);
        (lo > 0.0).then(|| hi / lo)
    }
}

/// One phase of an op call's host time (see `Device::take_phases`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Phase {
    /// The backend's name for it (`prepare`, `submit`, `wait`, …).
    pub name: String,
    /// Median seconds per call.
    pub median_s: f64,
}

/// What `case` runs with on `dev`: its tunable parameters (with the variant the library picks
/// for a `default` case) and where they came from.
pub fn run_params(dev: &Device, case: &BenchCase) -> (String, String) {
    use duet_core::tune::{Shape, TunedOp};
    let Some(op) = case
        .family()
        .ok()
        .and_then(|f| TunedOp::of_family(f.name()))
    else {
        return (String::new(), String::new());
    };
    let default = case.variant == duet_conform::registry::DEFAULT_VARIANT;
    let (variant, layout): (Option<String>, Layout) = match op {
        TunedOp::Read | TunedOp::Argext => (None, Layout::RowMajor),
        TunedOp::Rbf => {
            let v = match duet_conform::ops::rbf::default_layout(&case.variant) {
                Some(layout) => Some(dev.rbf_variant_at(layout, case.n, case.d)),
                None => case.variant.parse::<crate::RbfVariant>().ok(),
            };
            (
                v.map(|v| v.name().to_string()),
                v.map_or(Layout::ColumnMajor, |v| v.layout()),
            )
        }
        TunedOp::Logreg => {
            let s = if default {
                Some(dev.logreg_strategy_at(case.n, case.d))
            } else {
                case.variant.parse::<crate::LogregStrategy>().ok()
            };
            (s.map(|s| s.name().to_string()), Layout::RowMajor)
        }
    };
    let shape = Shape {
        rows: case.n,
        cols: case.d,
        layout,
    };
    let (p, _, origin) = dev.tuned(op, shape, variant.as_deref());
    let mut out: Vec<String> = Vec::new();
    if default && let Some(v) = &variant {
        out.push(format!("variant={v}"));
    }
    out.extend(
        op.values_in(variant.as_deref(), &p)
            .iter()
            .map(|(k, v)| format!("{k}={v}")),
    );
    (out.join(" "), origin.to_string())
}

/// JSON has no NaN or ∞: serde_json writes them as `null` (an unchecked case's `check_ratio`
/// is NaN, a failed one's ∞, and `check_passed` says which); read `null` back as NaN.
fn f64_or_nan<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<f64, D::Error> {
    Ok(Option::<f64>::deserialize(d)?.unwrap_or(f64::NAN))
}

/// The median of `v` (sorted in place; the mean of the middle two for an even count; NaN
/// when empty). The bench's and the tuner's timings both take it.
pub(crate) fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    if v.is_empty() {
        return f64::NAN;
    }
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        0.5 * (v[m - 1] + v[m])
    }
}

/// Inputs of a case, made once and shared by every device.
pub struct Inputs {
    case: BenchCase,
    family: &'static dyn duet_conform::OpFamily,
    data: BenchInputs,
}

impl Inputs {
    /// Makes a case's inputs (deterministic); an op the registry does not know is an error.
    pub fn new(case: BenchCase) -> Result<Inputs> {
        let family = case.family()?;
        let data = family.bench_inputs(&case);
        Ok(Inputs { case, family, data })
    }

    /// The case.
    pub fn case(&self) -> &BenchCase {
        &self.case
    }

    /// These inputs for `case` when it is of the same family and shape (the inputs do not
    /// depend on the variant), else new ones.
    pub fn reuse(self, case: BenchCase) -> Result<Inputs> {
        let family = case.family()?;
        if family.name() == self.family.name() && (case.n, case.d) == (self.case.n, self.case.d) {
            Ok(Inputs { case, ..self })
        } else {
            drop(self);
            Inputs::new(case)
        }
    }
}

/// How long a GPU may have nothing to run before its clocks may have dropped: an H100's SM clock
/// fell from 1 980 MHz towards its idle 345 MHz 1.2–1.9 s after its last work (nvidia-smi every
/// 100 ms; BENCHMARKS.md, session 42). Half a second keeps a margin.
pub const CLOCK_DROP_IDLE: Duration = Duration::from_millis(500);

/// Untimed calls of `call` that bring the device's clocks up before it is timed: the first call,
/// then at least `calls` calls in all, and calls until `time` has passed since the first one
/// returned. Returns the first call's wall time, seconds.
///
/// The first call does not count towards `time`: it builds the kernels that no earlier call
/// built, which through a cold driver cache takes about 2 s a program on an H100 (NVIDIA's
/// OpenCL) while the GPU has nothing to run. Counted, it used up a 300 ms warm-up, and the
/// case was timed at the idle clock its GPU had dropped to (345 MHz against 1 980; 2.2–2.8× the
/// time at 64 and 256 MiB through wgpu: BENCHMARKS.md, session 42).
pub fn warm_up(dev: &Device, call: &mut dyn BenchCall, calls: u32, time: Duration) -> Result<f64> {
    let start = Instant::now();
    call.call(dev)?;
    let first_call_s = start.elapsed().as_secs_f64();
    let warming = Instant::now();
    let mut done = 1;
    while done < calls || warming.elapsed() < time {
        call.call(dev)?;
        done += 1;
    }
    Ok(first_call_s)
}

/// How many times [`measure`] warms a case up and times it again when its timed calls show a
/// device still speeding up ([`unsteady`]).
pub const RETIMES: u32 = 2;

/// The fewest timed calls [`unsteady`] judges.
pub const STEADY_CALLS: usize = 9;

/// Why timed calls (`gpu`, device seconds in the order they ran) and the untimed calls after
/// them (`wall`, seconds each) do not describe a steady device, or `None` when they do or when
/// fewer than [`STEADY_CALLS`] calls were timed (one call against another is noise):
/// - the first third of the timed calls took a median over 1.1 × the last third's: the device
///   sped up while it was timed;
/// - (a device timer only, `host_clock` false) the median device time is over 1.25 × the median
///   wall time of the calls after it: a call cannot take much longer on the device than from
///   its submission to its result, so the device ran slower while timed than afterwards. (Not
///   1.0: through NVIDIA's OpenCL a steady 20–50 µs call's profiling events spanned up to 1.24×
///   the wall time of the unprofiled calls after it, in sweeps of sessions 22–26; a rising
///   clock gives 1.4–2.6×.)
///
/// Both are what a GPU whose clock is still rising shows: an H200's SM clock took about 0.3 s
/// of load to go from 345 through 600 to 1 980 MHz after a 2 GiB upload left it idle, and calls
/// in those 0.3 s took 2.3–2.7× their time (BENCHMARKS.md, session 47).
pub fn unsteady(gpu: &[f64], wall: &[f64], host_clock: bool) -> Option<String> {
    if gpu.len() < STEADY_CALLS || wall.is_empty() {
        return None;
    }
    if let Some(why) = speeding_up(gpu) {
        return Some(why);
    }
    let g = median(&mut gpu.to_vec());
    let w = median(&mut wall.to_vec());
    if !host_clock && g > 1.25 * w {
        return Some(format!(
            "a median {:.1} µs on the device against {:.1} µs of wall time a call afterwards",
            g * 1e6,
            w * 1e6
        ));
    }
    None
}

/// The first criterion of [`unsteady`] alone, for timings without untimed calls after them
/// (the tuner's): why the first third of `gpu` (seconds in the order the calls ran) took a
/// median over 1.1 × the last third's, or `None` (also for fewer than [`STEADY_CALLS`] calls).
pub fn speeding_up(gpu: &[f64]) -> Option<String> {
    if gpu.len() < STEADY_CALLS {
        return None;
    }
    let third = gpu.len() / 3;
    let first = median(&mut gpu[..third].to_vec());
    let last = median(&mut gpu[gpu.len() - third..].to_vec());
    (first > 1.1 * last).then(|| {
        format!(
            "the first {third} timed calls took a median {:.1} µs, the last {third} {:.1} µs",
            first * 1e6,
            last * 1e6
        )
    })
}

/// Each phase's seconds per call, in the order the backend marks them (`Device::take_phases`).
type PhaseTimes = Vec<(&'static str, Vec<f64>)>;

/// Wall time of `calls` untimed calls (stopping once `budget` has passed), with the phase trace
/// on: each call's seconds, and their phases.
fn time_wall(
    dev: &Device,
    call: &mut dyn BenchCall,
    calls: usize,
    budget: Duration,
) -> Result<(Vec<f64>, PhaseTimes)> {
    let mut wall = Vec::new();
    let mut phases = PhaseTimes::new();
    dev.set_phase_trace(true);
    let started = Instant::now();
    for _ in 0..calls {
        let start = Instant::now();
        let r = call.call(dev);
        wall.push(start.elapsed().as_secs_f64());
        let took = dev.take_phases();
        if let Err(e) = r {
            dev.set_phase_trace(false);
            return Err(e);
        }
        for (name, d) in took {
            match phases.iter_mut().find(|(p, _)| *p == name) {
                Some((_, v)) => v.push(d.as_secs_f64()),
                None => phases.push((name, vec![d.as_secs_f64()])),
            }
        }
        if started.elapsed() > budget {
            break;
        }
    }
    dev.set_phase_trace(false);
    Ok((wall, phases))
}

/// Runs one case on one device: warm-up ([`warm_up`]), timed repetitions, untimed ones for
/// the wall time, again (after another warm-up, at most [`RETIMES`] times) while those show a
/// device still speeding up ([`unsteady`]), then a check against the reference.
pub fn measure(dev: &Device, inp: &Inputs, cfg: &BenchConfig) -> Result<Measurement> {
    let case = &inp.case;
    let family = inp.family;
    let (params, params_from) = run_params(dev, case);
    // Upload once; each call then only runs the op (and reads back what it returns).
    let mut call = family.bench_prepare(dev, case, &inp.data)?;
    // Timed calls, at most cfg.reps and until cfg.budget has passed: each call's device time
    // (its wall time where the device has no timer), in the order they ran.
    let timed = |call: &mut dyn BenchCall| -> Result<Vec<f64>> {
        dev.set_profiling(true);
        let mut gpu = Vec::new();
        let started = Instant::now();
        for _ in 0..cfg.reps.max(1) {
            let _ = dev.take_gpu_time();
            let start = Instant::now();
            let r = call.call(dev);
            let wall = start.elapsed().as_secs_f64();
            if let Err(e) = r {
                dev.set_profiling(false);
                return Err(e);
            }
            gpu.push(dev.take_gpu_time().map_or(wall, |t| t.as_secs_f64()));
            if started.elapsed() > cfg.budget {
                break;
            }
        }
        dev.set_profiling(false);
        Ok(gpu)
    };
    // A case of many iterations is long enough that one untimed run warms the clocks.
    let warmups = if case.iters > 0 { 1 } else { cfg.warmup };
    let first_call_s = Some(warm_up(dev, call.as_mut(), warmups, cfg.warmup_time)?);
    let host_clock = dev.timer() == duet_core::TimerKind::HostClock;
    let mut retimed: Vec<String> = Vec::new();
    let (mut gpu, mut wall, phases, unsteady) = loop {
        let gpu = timed(call.as_mut())?;
        let (wall, phases) = time_wall(dev, call.as_mut(), gpu.len(), cfg.budget)?;
        let why = unsteady(&gpu, &wall, host_clock);
        match why {
            Some(why) if retimed.len() < RETIMES as usize => {
                retimed.push(why);
                warm_up(dev, call.as_mut(), 1, cfg.warmup_time)?;
            }
            _ => break (gpu, wall, phases, why),
        }
    };
    let calls = wall.len();
    let wall_phases = phases
        .into_iter()
        .map(|(name, mut v)| {
            // A phase some calls skip counts 0 for them.
            v.resize(calls.max(v.len()), 0.0);
            Phase {
                name: name.to_string(),
                median_s: median(&mut v),
            }
        })
        .collect();
    // Free the device buffers before another upload or the reference check allocates its own.
    drop(call);
    let g = median(&mut gpu);
    let mut upload_medians_s = Vec::new();
    if cfg.uploads > 1 {
        upload_medians_s.push(g);
        for _ in 1..cfg.uploads {
            let mut again = family.bench_prepare(dev, case, &inp.data)?;
            warm_up(dev, again.as_mut(), warmups, cfg.warmup_time)?;
            upload_medians_s.push(median(&mut timed(again.as_mut())?));
        }
    }
    let check_ratio = if cfg.check {
        let checked = duet_conform::run_on(&family.bench_check(case)?, dev);
        match (checked.status, checked.worst_ratio) {
            (duet_conform::Status::Pass, Some(r)) => r,
            _ => f64::INFINITY,
        }
    } else {
        f64::NAN
    };
    let reps = gpu.len() as u32;
    let gpu_min = gpu.iter().copied().fold(f64::INFINITY, f64::min);
    let gpu_max = gpu.iter().copied().fold(0.0, f64::max);
    let wl = median(&mut wall);
    let cpu_reference_s = if cfg.cpu_reference {
        Some(time_reference(inp))
    } else {
        None
    };
    let work = family.work(case);
    Ok(Measurement {
        op: case.op.clone(),
        variant: case.variant.clone(),
        size: case.size_label(),
        case: case.clone(),
        device: dev.name().into(),
        device_name: dev.info().device.clone(),
        timer: dev.timer().to_string(),
        reps,
        gpu_median_s: g,
        gpu_min_s: gpu_min,
        gpu_max_s: gpu_max,
        wall_median_s: wl,
        wall_phases,
        gbps: work.bytes / g / 1e9,
        gflops: work.flops / g / 1e9,
        g_elements_per_s: (case.n * case.d) as f64 / g / 1e9,
        iters_per_s: (case.iters > 0).then(|| case.iters as f64 / g),
        pct_of_read: None,
        read_gbps: None,
        check_ratio,
        check_passed: check_ratio <= 1.0 || check_ratio.is_nan(),
        cpu_reference_s,
        wgpu_over_opencl: None,
        params,
        params_from,
        first_call_s,
        retimed,
        unsteady,
        upload_medians_s,
    })
}

/// Times the CPU reference on the case once (seconds).
pub fn time_reference(inp: &Inputs) -> f64 {
    let start = Instant::now();
    inp.family.bench_reference(&inp.case, &inp.data);
    start.elapsed().as_secs_f64()
}

/// Whether `case` is the read kernel, whose bandwidth is the bound of every other case.
pub fn is_bound(case: &BenchCase) -> bool {
    case.family()
        .is_ok_and(|f| f.name() == duet_conform::registry::bound_family().name())
}

/// Fills `pct_of_read`: each case's GB/s over the read kernel's GB/s at the same bytes moved on
/// the same device (or, for sizes the read sweep did not run, its best plateau).
pub fn relate_to_read(all: &mut [Measurement]) {
    // Bytes one call moves (the family's roofline count: reads, and writes where the op writes
    // its input back), so an op is compared with the read kernel at the same traffic.
    // (Per iteration for training: the bandwidth of a pass over X.)
    let moved = |m: &Measurement| {
        m.case.family().map_or(m.case.input_bytes(), |f| {
            (f.work(&m.case).bytes / f64::from(m.case.iters.max(1))) as u64
        })
    };
    let reads: Vec<(String, u64, f64)> = all
        .iter()
        .filter(|m| is_bound(&m.case))
        .map(|m| (m.device.clone(), moved(m), m.gbps))
        .collect();
    for m in all.iter_mut() {
        if is_bound(&m.case) {
            continue;
        }
        let bytes_moved = moved(m);
        let same = reads
            .iter()
            .filter(|(dev, _, _)| *dev == m.device)
            .min_by_key(|(_, b, _)| b.abs_diff(bytes_moved));
        if let Some((_, bytes, gbps)) = same {
            // Within a factor of 2 of the read size, use it; else the device's plateau.
            let base = if (*bytes as f64 / bytes_moved as f64 - 1.0).abs() <= 1.0 {
                *gbps
            } else {
                reads
                    .iter()
                    .filter(|(dev, _, _)| *dev == m.device)
                    .map(|r| r.2)
                    .fold(0.0, f64::max)
            };
            m.read_gbps = Some(base);
            m.pct_of_read = Some(100.0 * m.gbps / base);
        }
    }
}

/// Fills `wgpu_over_opencl`: for each case measured through both backends (the first device of
/// each, in run order), the wgpu GPU time over the OpenCL one, on both rows.
pub fn relate_backends(all: &mut [Measurement]) {
    let backend_of = |m: &Measurement| m.device.split(':').next().unwrap_or("").to_string();
    let times: Vec<(String, BenchCase, f64)> = all
        .iter()
        .map(|m| (backend_of(m), m.case.clone(), m.gpu_median_s))
        .collect();
    let first = |backend: &str, case: &BenchCase| {
        times
            .iter()
            .find(|(b, c, _)| b == backend && c == case)
            .map(|t| t.2)
    };
    for m in all.iter_mut() {
        let ratio = match (first("wgpu", &m.case), first("opencl", &m.case)) {
            (Some(w), Some(o)) if o > 0.0 => Some(w / o),
            _ => None,
        };
        m.wgpu_over_opencl = ratio;
    }
}

/// Recomputes each measurement's GB/s and GFLOP/s from its GPU time and the current roofline
/// model of its family (a file written by an older duet then reads with today's counts).
pub fn apply_work_model(all: &mut [Measurement]) {
    for m in all.iter_mut() {
        if let Ok(f) = m.case.family()
            && m.gpu_median_s > 0.0
        {
            let work = f.work(&m.case);
            m.gbps = work.bytes / m.gpu_median_s / 1e9;
            m.gflops = work.flops / m.gpu_median_s / 1e9;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A call whose first run takes `first` (it "builds the kernels") and every later one
    /// `each`, counting its runs.
    struct Slow {
        first: Duration,
        each: Duration,
        runs: u32,
    }

    impl BenchCall for Slow {
        fn call(&mut self, _dev: &Device) -> Result<f64> {
            self.runs += 1;
            std::thread::sleep(if self.runs == 1 {
                self.first
            } else {
                self.each
            });
            Ok(0.0)
        }
    }

    #[test]
    fn the_warm_up_time_starts_after_the_first_call() {
        let dev = crate::open("cpu").expect("the CPU reference opens");
        let mut call = Slow {
            first: Duration::from_millis(120),
            each: Duration::from_millis(2),
            runs: 0,
        };
        let time = Duration::from_millis(60);
        let start = Instant::now();
        let first_s = warm_up(&dev, &mut call, 3, time).expect("runs");
        let total = start.elapsed();
        assert!(first_s >= 0.12, "the first call's time: {first_s}");
        // The calls after the first fill the warm-up time (counting the first, two short calls
        // would have followed it: 124 ms in all).
        assert!(total >= Duration::from_millis(180), "{total:?}");
        assert!(call.runs >= 3, "{} runs", call.runs);
        // At least `calls` runs, even with no time to fill.
        let mut quick = Slow {
            first: Duration::ZERO,
            each: Duration::ZERO,
            runs: 0,
        };
        warm_up(&dev, &mut quick, 5, Duration::ZERO).expect("runs");
        assert_eq!(quick.runs, 5);
    }

    #[test]
    fn timings_of_a_device_still_speeding_up_are_unsteady() {
        let ms = |v: f64, n: usize| vec![v * 1e-3; n];
        // Steady: device times level, below the wall time.
        assert_eq!(unsteady(&ms(0.86, 60), &ms(1.0, 60), false), None);
        // Session 47's trace: the first 20 of 100 calls at 1.72 ms, the rest at 0.74.
        let ramp = [ms(1.72, 20), ms(0.74, 80)].concat();
        let why = unsteady(&ramp, &ms(0.92, 100), false).expect("a ramp is unsteady");
        assert!(why.contains("first 33 timed calls"), "{why}");
        // Call 1's: every timed call slow (2.29 ms), the untimed ones after it at 1.0 ms.
        let why = unsteady(&ms(2.29, 27), &ms(1.0, 27), false).expect("slower than the wall");
        assert!(why.contains("wall time"), "{why}");
        // A host clock times the call itself: no wall comparison (the trend still counts).
        assert_eq!(unsteady(&ms(2.29, 27), &ms(1.0, 27), true), None);
        assert!(unsteady(&ramp, &ms(0.92, 100), true).is_some());
        // Too few calls to judge (`--reps 1` in CI, the main job's 5); noise of ±5 % is not a
        // trend, nor a steady OpenCL call's events at 1.24× the wall time (a 43 µs call).
        let few = [ms(2.0, 4), ms(1.0, 4)].concat();
        assert_eq!(unsteady(&few, &ms(1.0, 8), false), None);
        assert_eq!(unsteady(&ms(2.29, 1), &ms(1.0, 1), false), None);
        assert_eq!(unsteady(&ms(0.0535, 30), &ms(0.0433, 30), false), None);
        // At the floor of nine calls both tests apply.
        let nine = [ms(2.0, 3), ms(1.0, 6)].concat();
        assert!(unsteady(&nine, &ms(1.2, 9), false).is_some());
        let noisy: Vec<f64> = (0..30)
            .map(|i| (1.0 + 0.05 * ((i % 3) as f64 - 1.0)) * 1e-3)
            .collect();
        assert_eq!(unsteady(&noisy, &ms(1.1, 30), false), None);
        // The trend alone (the tuner's timings, no untimed calls after them).
        assert_eq!(speeding_up(&ramp), unsteady(&ramp, &ms(0.92, 100), true));
        assert_eq!(speeding_up(&ms(2.29, 27)), None);
        assert_eq!(speeding_up(&noisy), None);
        assert_eq!(speeding_up(&few), None);
        assert!(speeding_up(&nine).is_some());
    }
}
