//! RBF kernel rows, every rung of the ladder, against the reference's direct differences.

use duet_core::params::{RBF_MAX_SLICES, RBF_QUAD_MAX_PITCH, RBF_SLICE_COLS};
use duet_core::{Device, ErrorKind, KernelParams, Layout, RbfArgs, RbfVariant, Result, reference};

use crate::cases::{Place, Points, around};
use crate::check::{Checked, Worst, acc_of};
use crate::registry::{
    BadCall, BenchCall, BenchCase, BenchInputs, Case, CaseSpec, DEFAULT_VARIANT, Level, OpFamily,
    Sizes, Work, sweep_points,
};
use crate::{inputs, tolerance};

/// The RBF family's descriptor.
pub struct Rbf;
/// The RBF family.
pub static RBF: Rbf = Rbf;

/// The rung names, in ladder order (`RbfVariant::ALL`).
const VARIANTS: [&str; 6] = [
    RbfVariant::ALL[0].name(),
    RbfVariant::ALL[1].name(),
    RbfVariant::ALL[2].name(),
    RbfVariant::ALL[3].name(),
    RbfVariant::ALL[4].name(),
    RbfVariant::ALL[5].name(),
];

/// The variant name of a sweep case that runs the rung the library picks by itself for a
/// row-major matrix ([`DEFAULT_VARIANT`] is a column-major matrix's).
pub const DEFAULT_ROW_MAJOR: &str = "default_row_major";

/// The names `--variant` takes for RBF: the rungs, then the row-major default.
const NAMES: [&str; 7] = [
    VARIANTS[0],
    VARIANTS[1],
    VARIANTS[2],
    VARIANTS[3],
    VARIANTS[4],
    VARIANTS[5],
    DEFAULT_ROW_MAJOR,
];

/// The RBF dimensions and point counts of the suite (crossed, within a size budget).
pub const RBF_DIMS: [usize; 12] = [1, 2, 3, 4, 5, 17, 31, 64, 127, 1000, 3000, 13_000];
/// See [`RBF_DIMS`].
pub const RBF_POINTS: [usize; 5] = [1, 7, 64, 1000, 65_537];

/// RBF rows of two pivots over `n` points in `d` dimensions.
#[derive(Debug, Clone, PartialEq)]
pub struct RbfCase {
    /// The rung.
    pub variant: RbfVariant,
    /// Points.
    pub n: usize,
    /// Dimensions.
    pub d: usize,
    /// Coordinates.
    pub points: Points,
    /// Pivot rows.
    pub hi: Place,
    /// Pivot rows.
    pub lo: Place,
    /// γ.
    pub gamma: f32,
}

impl CaseSpec for RbfCase {
    fn family(&self) -> &'static dyn OpFamily {
        &RBF
    }
    fn op(&self) -> &'static str {
        "rbf"
    }
    fn variant(&self) -> Option<&'static str> {
        Some(self.variant.name())
    }
    fn check(&self, dev: &Device) -> Result<Checked> {
        let (n, d) = (self.n, self.d);
        let x = inputs::points(&self.points, n, d);
        let args = RbfArgs {
            hi: self.hi.index(n),
            lo: self.lo.index(n),
            gamma: self.gamma,
        };
        let m = dev.upload_matrix(&x, n, d, self.variant.layout())?;
        let mut k_hi = dev.zeros(n)?;
        let mut k_lo = dev.zeros(n)?;
        dev.rbf_rows_variant(&m, args, self.variant, &mut k_hi, &mut k_lo)?;
        let got_hi = dev.download(&k_hi)?;
        let got_lo = dev.download(&k_lo)?;
        let r = reference::rbf_rows(&x, d, args.hi, args.lo, args.gamma);
        let acc = acc_of(dev);
        let g = args.gamma as f64;
        let mut w = Worst::default();
        let (mut subnormal_ref, mut flushed) = (0usize, 0usize);
        for (which, got, k_ref, s) in [
            ("k_hi", &got_hi, &r.k_hi, &r.s_hi),
            ("k_lo", &got_lo, &r.k_lo, &r.s_lo),
        ] {
            for i in 0..n {
                let bound = tolerance::rbf(k_ref[i], g * s[i], d, acc);
                let err = (got[i] as f64 - k_ref[i]).abs();
                w.see(err, bound, || {
                    format!(
                        "{which}[{i}] = {:e}, reference {:e} (γ·‖x_i − x_p‖² = {:.4}, bound {bound:.3e})",
                        got[i],
                        k_ref[i],
                        g * s[i]
                    )
                });
                let kr = k_ref[i] as f32;
                if kr != 0.0 && kr.is_subnormal() {
                    subnormal_ref += 1;
                    if got[i] == 0.0 {
                        flushed += 1;
                    }
                }
            }
        }
        let mut c = Checked::of(w);
        if subnormal_ref > 0 {
            c.note = Some(format!(
                "{flushed} of {subnormal_ref} subnormal results returned as 0 ({})",
                if flushed == subnormal_ref {
                    "flushes to zero"
                } else if flushed == 0 {
                    "keeps subnormals"
                } else {
                    "mixed"
                }
            ));
        }
        Ok(c)
    }
}

struct RbfCall {
    x: duet_core::Matrix,
    hi: duet_core::Vector,
    lo: duet_core::Vector,
    args: RbfArgs,
    variant: RbfVariant,
}

impl BenchCall for RbfCall {
    fn call(&mut self, dev: &Device) -> Result<f64> {
        dev.rbf_rows_variant(&self.x, self.args, self.variant, &mut self.hi, &mut self.lo)?;
        dev.finish().map(|_| 0.0)
    }
    fn set_variant(&mut self, variant: &str) -> Result<bool> {
        let v: RbfVariant = variant.parse()?;
        if v.layout() != self.x.layout() {
            return Ok(false);
        }
        self.variant = v;
        Ok(true)
    }
}

/// An RBF case with the rung the device picks by itself for a matrix in the layout of the
/// case's own rung (its `variant` names the layout only).
#[derive(Debug, Clone, PartialEq)]
pub struct DefaultRung(pub RbfCase);

impl CaseSpec for DefaultRung {
    fn family(&self) -> &'static dyn OpFamily {
        &RBF
    }
    fn op(&self) -> &'static str {
        "rbf"
    }
    fn variant(&self) -> Option<&'static str> {
        Some(default_name(self.0.variant.layout()))
    }
    fn check(&self, dev: &Device) -> Result<Checked> {
        RbfCase {
            variant: dev.rbf_variant_at(self.0.variant.layout(), self.0.n, self.0.d),
            ..self.0.clone()
        }
        .check(dev)
    }
}

/// The sweep's name for the library's own rung on a matrix in `layout`.
fn default_name(layout: Layout) -> &'static str {
    match layout {
        Layout::ColumnMajor => DEFAULT_VARIANT,
        Layout::RowMajor => DEFAULT_ROW_MAJOR,
    }
}

/// The layout whose default rung the sweep variant `name` runs (`default`: column-major,
/// `default_row_major`: row-major), if it names one.
pub fn default_layout(name: &str) -> Option<Layout> {
    [Layout::ColumnMajor, Layout::RowMajor]
        .into_iter()
        .find(|&l| default_name(l) == name)
}

fn bench_args(case: &BenchCase) -> RbfArgs {
    RbfArgs {
        hi: case.n - 1,
        lo: case.n / 2,
        gamma: 0.5 / case.d as f32,
    }
}

/// A 5 × 3 column-major matrix of ones with two outputs of `out` elements, for the invalid
/// calls.
fn small(
    dev: &Device,
    layout: Layout,
    out: usize,
) -> Result<(duet_core::Matrix, duet_core::Vector, duet_core::Vector)> {
    Ok((
        dev.upload_matrix(&[1.0; 15], 5, 3, layout)?,
        dev.zeros(out)?,
        dev.zeros(5)?,
    ))
}

fn bad_rbf(dev: &Device, hi: usize, lo: usize, gamma: f32) -> Result<()> {
    let (x, mut a, mut c) = small(dev, Layout::ColumnMajor, 5)?;
    dev.rbf_rows(&x, RbfArgs { hi, lo, gamma }, &mut a, &mut c)
}

impl OpFamily for Rbf {
    fn name(&self) -> &'static str {
        "rbf"
    }
    fn about(&self) -> &'static str {
        "RBF kernel rows of two pivots, the rungs of the seeds' ladder"
    }
    fn ops(&self) -> &'static [&'static str] {
        &["rbf"]
    }
    fn variants(&self) -> &'static [&'static str] {
        &NAMES
    }
    fn cases(&self, level: Level) -> Vec<Case> {
        let mut out = Vec::new();
        let budget = match level {
            Level::Quick => 1 << 22,
            Level::Full => 1 << 28,
        };
        for variant in RbfVariant::ALL {
            let v = variant.name();
            let rbf = |n, d, points, hi, lo, gamma| RbfCase {
                variant,
                n,
                d,
                points,
                hi,
                lo,
                gamma,
            };
            for &d in &RBF_DIMS {
                for &n in &RBF_POINTS {
                    if n * d > budget {
                        continue;
                    }
                    let gamma = 0.5 / d as f32;
                    out.push(Case::new(
                        format!("rbf {v} n={n} d={d}"),
                        rbf(
                            n,
                            d,
                            Points::Random((n * d) as u64),
                            Place::Middle,
                            Place::Start,
                            gamma,
                        ),
                    ));
                }
            }
            for (n, d) in [(1000, 31), (65_537, 5), (7, 13_000)] {
                let g = 0.5 / d as f32;
                out.push(Case::new(
                    format!("rbf {v} n={n} d={d} hi=lo"),
                    rbf(n, d, Points::Random(3), Place::Middle, Place::Middle, g),
                ));
                out.push(Case::new(
                    format!("rbf {v} n={n} d={d} hi,lo=last"),
                    rbf(n, d, Points::Random(4), Place::End, Place::End, g),
                ));
                out.push(Case::new(
                    format!("rbf {v} n={n} d={d} far-apart"),
                    rbf(n, d, Points::FarApart(5), Place::Start, Place::End, 1.0),
                ));
                out.push(Case::new(
                    format!("rbf {v} n={n} d={d} identical"),
                    rbf(n, d, Points::Identical, Place::Start, Place::End, 0.7),
                ));
            }
            out.push(Case::new(
                format!("rbf {v} n=1000 d=64 subnormal-results"),
                rbf(
                    1000,
                    64,
                    Points::SubnormalResults(6),
                    Place::Start,
                    Place::At(1),
                    1.0,
                ),
            ));
            // Every row pitch `rbf_row_quad` may take (four rows a work-item, `row_major` up to
            // rbf_quad_pitch floats a row) and one past it, on rows whose last quad is not
            // whole.
            if variant == RbfVariant::RowMajor {
                for d in 1..=RBF_QUAD_MAX_PITCH + 1 {
                    out.push(Case::new(
                        format!("rbf {v} n=1003 d={d} quad"),
                        rbf(
                            1003,
                            d,
                            Points::Random(d as u64 + 9),
                            Place::At(1001),
                            Place::At(2),
                            0.5 / d as f32,
                        ),
                    ));
                }
            }
            // Beyond one binding: 1 MiB bindings (row-major blocks of 1-7 columns read four
            // rows a vec4, blocks and spans that start inside a quad and a last quad not
            // whole).
            for (n, d) in [
                (300_001, 1),
                (200_003, 2),
                (130_001, 3),
                (70_000, 5),
                (70_001, 7),
                (3000, 127),
                (300, 3000),
            ] {
                out.push(Case::split(
                    format!("rbf {v} n={n} d={d}"),
                    rbf(
                        n,
                        d,
                        Points::Random(8),
                        Place::End,
                        Place::Start,
                        0.5 / d as f32,
                    ),
                ));
            }
        }
        out
    }
    /// Rows around the workgroup, columns around the local-memory tile; for `row_lanes`,
    /// columns around each doubling of the lanes per row (`rbf_lane_cols · 2ⁱ`) up to the
    /// widest row whose pivots a lane holds in registers (`rbf_lane_cols · rbf_wg`), and rows
    /// around a workgroup's sub-step and step (`rbf_rows` sub-steps) at 64 and 33 columns
    /// (the second with the workgroup of unaligned rows); for
    /// `sliced`, columns around each width where the automatic slice count doubles
    /// (`2 · s · RBF_SLICE_COLS`, s = 1 … 32) on a few points, so each count's slices (some
    /// shorter than `rbf_unroll`) meet.
    fn threshold_cases(&self, params: &[KernelParams]) -> Vec<Case> {
        let mut out = Vec::new();
        let widths = (0..RBF_MAX_SLICES.trailing_zeros()).map(|i| (2 * RBF_SLICE_COLS) << i);
        for d in around(widths) {
            out.push(Case::new(
                format!("rbf sliced n=300 d={d} threshold"),
                RbfCase {
                    variant: RbfVariant::Sliced,
                    n: 300,
                    d,
                    points: Points::Random(d as u64 + 1),
                    hi: Place::End,
                    lo: Place::Start,
                    gamma: 0.5 / d as f32,
                },
            ));
        }
        let lanes_case = |n: usize, d: usize| RbfCase {
            variant: RbfVariant::RowLanes,
            n,
            d,
            points: Points::Random((n * d) as u64),
            hi: Place::End,
            lo: Place::Start,
            gamma: 0.5 / d as f32,
        };
        let doublings = params.iter().flat_map(|p| {
            let (cols, wg) = (p.rbf_lane_cols as usize, p.rbf_wg as usize);
            (0..=wg.trailing_zeros()).map(move |i| cols << i)
        });
        for d in around(doublings) {
            let n = (1usize << 16).div_ceil(d).clamp(3, 300);
            out.push(Case::new(
                format!("rbf row_lanes n={n} d={d} threshold"),
                lanes_case(n, d),
            ));
        }
        // A workgroup's rows per sub-step, and per step (rbf_rows sub-steps): at 64 columns
        // (rows of whole vec4s) and at 33, whose rows, where left unpadded, take the rung's
        // workgroup for unaligned rows (rbf_lane_wg_for).
        for (d, pitch) in [(64, 64), (33, 33)] {
            for n in around(params.iter().flat_map(|p| {
                let wg = p.rbf_lane_wg_for(d, pitch);
                let lp = KernelParams { rbf_wg: wg, ..*p };
                let step = (wg / lp.rbf_row_lanes(d)) as usize;
                [step, step * lp.rbf_rows(d) as usize]
            })) {
                out.push(Case::new(
                    format!("rbf row_lanes n={n} d={d} threshold"),
                    lanes_case(n, d),
                ));
            }
        }
        for v in RbfVariant::ALL {
            for n in around(params.iter().map(|p| p.for_rbf(v).rbf_wg as usize)) {
                out.push(Case::new(
                    format!("rbf {v} n={n} d=7 threshold"),
                    RbfCase {
                        variant: v,
                        n,
                        d: 7,
                        points: Points::Random(n as u64),
                        hi: Place::End,
                        lo: Place::Start,
                        gamma: 0.1,
                    },
                ));
            }
            for d in around(params.iter().map(|p| p.rbf_tile as usize)) {
                out.push(Case::new(
                    format!("rbf {v} n=37 d={d} threshold"),
                    RbfCase {
                        variant: v,
                        n: 37,
                        d,
                        points: Points::Random(d as u64),
                        hi: Place::End,
                        lo: Place::Start,
                        gamma: 0.5 / d as f32,
                    },
                ));
            }
        }
        out
    }
    fn bad_calls(&self) -> Vec<BadCall> {
        let bad = |name, expected, call| BadCall {
            family: &RBF,
            name,
            expected,
            call,
        };
        use ErrorKind::{InvalidArgument, ShapeMismatch};
        vec![
            bad("RbfHiOutOfRange", InvalidArgument, |dev| {
                bad_rbf(dev, 5, 0, 1.0)
            }),
            bad("RbfLoOutOfRange", InvalidArgument, |dev| {
                bad_rbf(dev, 0, 10, 1.0)
            }),
            bad("GammaZero", InvalidArgument, |dev| bad_rbf(dev, 0, 1, 0.0)),
            bad("GammaNegative", InvalidArgument, |dev| {
                bad_rbf(dev, 0, 1, -1.0)
            }),
            bad("GammaNaN", InvalidArgument, |dev| {
                bad_rbf(dev, 0, 1, f32::NAN)
            }),
            bad("GammaInfinite", InvalidArgument, |dev| {
                bad_rbf(dev, 0, 1, f32::INFINITY)
            }),
            bad("RbfOutputLength", ShapeMismatch, |dev| {
                let (x, mut a, mut c) = small(dev, Layout::ColumnMajor, 4)?;
                let args = RbfArgs {
                    hi: 0,
                    lo: 1,
                    gamma: 1.0,
                };
                dev.rbf_rows(&x, args, &mut a, &mut c)
            }),
            bad("VariantLayout", InvalidArgument, |dev| {
                let (x, mut a, mut c) = small(dev, Layout::ColumnMajor, 5)?;
                let args = RbfArgs {
                    hi: 0,
                    lo: 1,
                    gamma: 1.0,
                };
                dev.rbf_rows_variant(&x, args, RbfVariant::RowMajor, &mut a, &mut c)
            }),
            bad("EmptyMatrix", InvalidArgument, |dev| {
                let x = dev.upload_matrix(&[], 0, 3, Layout::ColumnMajor)?;
                let (mut a, mut c) = (dev.zeros(0)?, dev.zeros(0)?);
                let args = RbfArgs {
                    hi: 0,
                    lo: 0,
                    gamma: 1.0,
                };
                dev.rbf_rows(&x, args, &mut a, &mut c)
            }),
        ]
    }
    /// Every rung at the seeds' d = 1000 over n; in a sweep, every rung and the defaults (the
    /// backend's rung for a column-major matrix, `default`, and for a row-major one,
    /// `default_row_major`) at every point.
    fn bench_cases(&self, sizes: Sizes) -> Vec<BenchCase> {
        let case = |n: usize, d: usize, variant: &str| BenchCase {
            op: "rbf".into(),
            variant: variant.into(),
            n,
            d,
            iters: 0,
        };
        if sizes.is_sweep() {
            return self.sweep_cases(sizes, &sweep_points(sizes));
        }
        let mut out = Vec::new();
        let rbf_n: Vec<usize> = match sizes {
            Sizes::Quick => vec![1 << 10, 1 << 13],
            _ => vec![1 << 10, 1 << 12, 1 << 14, 1 << 16, 1 << 18],
        };
        for v in VARIANTS {
            for &n in &rbf_n {
                out.push(case(n, 1000, v));
            }
        }
        out
    }
    /// Every rung and the defaults at every point.
    fn sweep_cases(&self, _sizes: Sizes, points: &[(usize, usize)]) -> Vec<BenchCase> {
        let mut out = Vec::new();
        for &(n, d) in points {
            for v in NAMES.into_iter().chain([DEFAULT_VARIANT]) {
                out.push(BenchCase {
                    op: "rbf".into(),
                    variant: v.into(),
                    n,
                    d,
                    iters: 0,
                });
            }
        }
        out
    }
    /// Bytes: X read once and the two output rows written (8 bytes per point, which matters
    /// at small d); flops: 6 per element of X (the seeds' count).
    fn work(&self, case: &BenchCase) -> Work {
        let x = case.input_bytes() as f64;
        Work {
            bytes: x + 8.0 * case.n as f64,
            flops: 6.0 * x / 4.0,
        }
    }
    fn bench_inputs(&self, case: &BenchCase) -> BenchInputs {
        BenchInputs {
            x: duet_core::data::normal(case.n * case.d, 2),
            ..BenchInputs::default()
        }
    }
    fn bench_prepare<'a>(
        &self,
        dev: &Device,
        case: &BenchCase,
        inputs: &'a BenchInputs,
    ) -> Result<Box<dyn BenchCall + 'a>> {
        let variant = match default_layout(&case.variant) {
            Some(layout) => dev.rbf_variant_at(layout, case.n, case.d),
            None => case.variant.parse()?,
        };
        Ok(Box::new(RbfCall {
            x: dev.upload_matrix(&inputs.x, case.n, case.d, variant.layout())?,
            hi: dev.zeros(case.n)?,
            lo: dev.zeros(case.n)?,
            args: bench_args(case),
            variant,
        }))
    }
    fn bench_check(&self, case: &BenchCase) -> Result<Case> {
        let id = format!("bench check rbf {} {}", case.variant, case.size_label());
        let rbf = |variant| RbfCase {
            variant,
            n: case.n,
            d: case.d,
            points: Points::Random(2),
            hi: Place::End,
            lo: Place::Middle,
            gamma: 0.5 / case.d as f32,
        };
        Ok(match default_layout(&case.variant) {
            Some(Layout::ColumnMajor) => Case::new(id, DefaultRung(rbf(RbfVariant::ColumnMajor))),
            Some(Layout::RowMajor) => Case::new(id, DefaultRung(rbf(RbfVariant::RowMajor))),
            None => Case::new(id, rbf(case.variant.parse()?)),
        })
    }
    fn bench_reference(&self, case: &BenchCase, inputs: &BenchInputs) {
        let a = bench_args(case);
        std::hint::black_box(reference::rbf_rows(&inputs.x, case.d, a.hi, a.lo, 0.5));
    }
    fn plot_variant(&self) -> Option<&'static str> {
        Some(RbfVariant::LocalMemory.name())
    }
}
