//! The read kernel (Σ v): the bandwidth bound every benchmark is measured against. The family
//! also owns the invalid calls of device memory itself (uploads and handles), which every op
//! shares.

use duet_core::chunk::plan_vector;
use duet_core::tune::{Shape, TunedOp};
use duet_core::{Device, ErrorKind, KernelParams, Layout, Result, reference};

use crate::cases::{Values, around, reduction_sizes};
use crate::check::{Checked, Worst};
use crate::registry::{
    BadCall, BenchCall, BenchCase, BenchInputs, Case, CaseSpec, Level, OpFamily,
    SPLIT_BINDING_BYTES, Sizes, Work, sweep_bytes,
};
use crate::{inputs, tolerance};

/// The read family's descriptor.
pub struct Read;
/// The read family.
pub static READ: Read = Read;

/// Σ v over a vector of `n` values.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadCase {
    /// Length.
    pub n: usize,
    /// Values.
    pub values: Values,
}

impl CaseSpec for ReadCase {
    fn family(&self) -> &'static dyn OpFamily {
        &READ
    }
    fn op(&self) -> &'static str {
        "read"
    }
    fn check(&self, dev: &Device) -> Result<Checked> {
        let n = self.n;
        let data = inputs::values(&self.values, n);
        let v = dev.upload(&data)?;
        let got = dev.read_sum(&v)?;
        let expected = reference::sum(&data);
        let abs_sum: f64 = data.iter().map(|x| x.abs() as f64).sum();
        let p = &dev.params_for(
            TunedOp::Read,
            Shape {
                rows: n,
                cols: 1,
                layout: Layout::RowMajor,
            },
            None,
        );
        let slots: usize = plan_vector(n, dev.info().max_binding_bytes, p)?
            .iter()
            .map(|c| p.reduce_groups(c.len) as usize)
            .sum();
        let bound = tolerance::read_sum(n, abs_sum, slots.max(1), p);
        let mut w = Worst::default();
        w.see((got - expected).abs(), bound, || {
            format!("sum {got:e} vs reference {expected:e} (Σ|x| = {abs_sum:e}, bound {bound:.3e})")
        });
        Ok(Checked::of(w))
    }
}

fn read(n: usize, values: Values) -> ReadCase {
    ReadCase { n, values }
}

struct ReadCall(duet_core::Vector);

impl BenchCall for ReadCall {
    fn call(&mut self, dev: &Device) -> Result<f64> {
        dev.read_sum(&self.0)
    }
}

impl OpFamily for Read {
    fn name(&self) -> &'static str {
        "read"
    }
    fn about(&self) -> &'static str {
        "the streaming read kernel (Σ v), the bandwidth bound; also uploads and handles"
    }
    fn ops(&self) -> &'static [&'static str] {
        &["read"]
    }
    fn cases(&self, level: Level) -> Vec<Case> {
        let mut out = Vec::new();
        for n in reduction_sizes(level) {
            out.push(Case::new(
                format!("read n={n}"),
                read(n, Values::Random(n as u64)),
            ));
        }
        for n in [262_144, 262_145, 655_361] {
            out.push(Case::split(
                format!("read n={n}"),
                read(n, Values::Random(5)),
            ));
        }
        out
    }
    /// One workgroup's elements, the full first-pass grid (capped: 4M elements at the
    /// defaults), and the split binding's chunk.
    fn threshold_cases(&self, params: &[KernelParams]) -> Vec<Case> {
        let mut out = Vec::new();
        for n in reduction_thresholds(params) {
            out.push(Case::new(
                format!("read n={n} threshold"),
                read(n, Values::Random(n as u64)),
            ));
        }
        for n in chunk_thresholds(params) {
            out.push(Case::split(
                format!("read n={n} threshold"),
                read(n, Values::Random(n as u64)),
            ));
        }
        out
    }
    fn bad_calls(&self) -> Vec<BadCall> {
        vec![
            BadCall {
                family: &READ,
                name: "MatrixDataLength",
                expected: ErrorKind::ShapeMismatch,
                call: |dev| {
                    dev.upload_matrix(&[1.0; 7], 2, 3, Layout::RowMajor)
                        .map(|_| ())
                },
            },
            BadCall {
                family: &READ,
                name: "MatrixNaN",
                expected: ErrorKind::InvalidArgument,
                call: |dev| {
                    let mut data = [1.0; 6];
                    data[4] = f32::NAN;
                    dev.upload_matrix(&data, 2, 3, Layout::RowMajor).map(|_| ())
                },
            },
            BadCall {
                family: &READ,
                name: "TooLarge",
                expected: ErrorKind::TooLarge,
                call: |dev| dev.zeros(u32::MAX as usize).map(|_| ()),
            },
            BadCall {
                family: &READ,
                name: "ForeignHandle",
                expected: ErrorKind::InvalidArgument,
                call: |dev| {
                    let other = Device::new(Box::new(duet_core::CpuBackend::new()));
                    let v = other.upload(&[1.0, 2.0])?;
                    dev.read_sum(&v).map(|_| ())
                },
            },
        ]
    }
    /// The reductions' sizes; in a sweep, one vector per matrix size of the sweep (the bound
    /// every point is measured against).
    fn bench_cases(&self, sizes: Sizes) -> Vec<BenchCase> {
        let lens: Vec<usize> = if sizes.is_sweep() {
            sweep_bytes(sizes)
                .into_iter()
                .map(|b| (b / 4) as usize)
                .collect()
        } else {
            vector_sizes(sizes)
        };
        lens.into_iter()
            .map(|n| BenchCase {
                op: "read".into(),
                variant: "-".into(),
                n,
                d: 1,
                iters: 0,
            })
            .collect()
    }
    fn work(&self, case: &BenchCase) -> Work {
        vector_work(case)
    }
    fn bench_inputs(&self, case: &BenchCase) -> BenchInputs {
        vector_inputs(case)
    }
    fn bench_prepare<'a>(
        &self,
        dev: &Device,
        _case: &BenchCase,
        inputs: &'a BenchInputs,
    ) -> Result<Box<dyn BenchCall + 'a>> {
        Ok(Box::new(ReadCall(dev.upload(&inputs.x)?)))
    }
    fn bench_check(&self, case: &BenchCase) -> Result<Case> {
        Ok(Case::new(
            format!("bench check read {}", case.size_label()),
            read(case.n, Values::Random(1)),
        ))
    }
    fn bench_reference(&self, _case: &BenchCase, inputs: &BenchInputs) {
        std::hint::black_box(reference::sum(&inputs.x));
    }
}

/// The work of a reduction over a vector: its bytes read once, one flop per element.
pub fn vector_work(case: &BenchCase) -> Work {
    let bytes = case.input_bytes() as f64;
    Work {
        bytes,
        flops: bytes / 4.0,
    }
}

/// A reduction benchmark's input: uniform values in [−1, 1) from a fixed seed.
pub fn vector_inputs(case: &BenchCase) -> BenchInputs {
    BenchInputs {
        x: duet_core::data::uniform(case.n, -1.0, 1.0, 1),
        ..BenchInputs::default()
    }
}

/// The vector lengths of the reductions' benchmarks (read, arg-extremes); none in a sweep
/// (the sweeps are over matrix shapes).
pub fn vector_sizes(sizes: Sizes) -> Vec<usize> {
    match sizes {
        Sizes::Quick => vec![1 << 10, 1 << 16, 1 << 20],
        Sizes::Full => (10..=28).step_by(2).map(|p| 1usize << p).collect(),
        Sizes::Sweep | Sizes::SweepQuick => Vec::new(),
    }
}

/// Lengths around the reductions' thresholds: one workgroup's elements and the full
/// first-pass grid (capped at 4M elements), at most 2²³.
pub fn reduction_thresholds(params: &[KernelParams]) -> Vec<usize> {
    let mut lens = around(params.iter().flat_map(|p| {
        let per_group = (p.reduce_wg * 4 * p.reduce_unroll) as usize;
        [
            per_group,
            per_group * (p.reduce_max_groups as usize).min(1024),
        ]
    }));
    lens.retain(|&n| n <= 1 << 23);
    lens
}

/// Lengths around the chunk of a split binding ([`SPLIT_BINDING_BYTES`], rounded to
/// `chunk_align`).
pub fn chunk_thresholds(params: &[KernelParams]) -> Vec<usize> {
    let split_elems = (SPLIT_BINDING_BYTES / 4) as usize;
    around(
        params
            .iter()
            .map(|p| split_elems / p.chunk_align as usize * p.chunk_align as usize),
    )
}
