//! The suite's cases, defined once as data: op × shape × value pattern × variant. `cargo test`
//! and `duet conform` both run [`suite`].

use duet_core::{
    ErrorKind, Extreme, KernelParams, LogregStrategy, MaskKind, RbfVariant, TrainConfig,
};
use serde::Serialize;

/// Where in a vector (or which row) something goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Place {
    /// Index 0.
    Start,
    /// Index n/2.
    Middle,
    /// Index n − 1.
    End,
    /// Index i (clamped to n − 1).
    At(usize),
}

impl Place {
    /// The index in a vector of `n`.
    pub fn index(self, n: usize) -> usize {
        match self {
            Place::Start => 0,
            Place::Middle => n / 2,
            Place::End => n.saturating_sub(1),
            Place::At(i) => i.min(n.saturating_sub(1)),
        }
    }
}

/// Values of a vector case.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Values {
    /// Uniform in [−1, 1) from a fixed seed.
    Random(u64),
    /// Every element equal.
    AllEqual(f32),
    /// Uniform in [0, 1), with the minimum −5 and the maximum +5 each placed at every place
    /// given (ties for both argmin and argmax).
    Ties(Vec<Place>),
    /// Uniform values with NaN at the places given.
    NaN(Vec<Place>),
    /// Every element NaN (with different payloads).
    AllNaN,
    /// Uniform values with −∞, +∞, ±f32::MAX mixed in.
    Infinities,
    /// Only +0.0, −0.0 and 1.0: the minimum ties between the zeros.
    SignedZeros,
    /// Subnormal values of both signs and zeros.
    Subnormals,
    /// Exactly these values (the randomized property tests draw them); `n` must equal the
    /// length.
    Given(Vec<f32>),
}

/// A mask pattern.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum MaskPattern {
    /// Nothing selected.
    AllOff,
    /// Only one element selected.
    OneOn(Place),
    /// Every other element (odd indices) selected; f32 "off" flags alternate +0.0 and −0.0.
    Alternating,
    /// About one element in three selected, from a fixed seed.
    Random(u64),
}

/// Points of an RBF case.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum Points {
    /// Standard normal coordinates.
    Random(u64),
    /// Every row the same: every k is 1 exactly.
    Identical,
    /// Rows far apart (coordinates ~1e3 apart): k underflows to 0 off the pivots.
    FarApart(u64),
    /// Rows chosen so γ·‖x_i − x_p‖² spans [80, 110]: k crosses into the subnormal range,
    /// where a device may flush to zero (reported per device).
    SubnormalResults(u64),
}

/// Data of a logistic-regression case.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum LogregData {
    /// X standard normal, labels random 0/1, w scaled so scores are of order `scale`.
    Random {
        /// Seed.
        seed: u64,
        /// Typical |z|.
        scale: f32,
    },
    /// Scores of magnitude about `z` (saturated σ) with random labels.
    Saturated {
        /// Seed.
        seed: u64,
        /// |z|.
        z: f32,
    },
    /// Random X and w, every label 0 or every label 1.
    ConstantLabels {
        /// Seed.
        seed: u64,
        /// The label.
        label: f32,
    },
    /// The seed's two Gaussian blobs ([`duet_core::data::blobs`]), w = 0.
    Blobs(u64),
}

/// An invalid call: every backend must return the same error variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum BadInput {
    /// argmin of an empty vector.
    EmptyArgmin,
    /// argmax_masked with a mask of another length.
    MaskLength,
    /// rbf with hi = n.
    RbfHiOutOfRange,
    /// rbf with lo = n + 5.
    RbfLoOutOfRange,
    /// rbf with γ = 0.
    GammaZero,
    /// rbf with γ < 0.
    GammaNegative,
    /// rbf with γ = NaN.
    GammaNaN,
    /// rbf with γ = +∞.
    GammaInfinite,
    /// rbf with an output vector of the wrong length.
    RbfOutputLength,
    /// the row_major rung on a column-major matrix.
    VariantLayout,
    /// a matrix with 0 rows.
    EmptyMatrix,
    /// a matrix whose data length is not rows × cols.
    MatrixDataLength,
    /// a matrix with a NaN in it.
    MatrixNaN,
    /// labels outside [0, 1].
    LabelOutOfRange,
    /// gradient with w of the wrong length.
    WeightsLength,
    /// gradient on a column-major matrix.
    LogregLayout,
    /// training with 0 iterations.
    ItersZero,
    /// training with lr = 0.
    LearningRateZero,
    /// training with λ < 0.
    L2Negative,
    /// a vector longer than an index can address (u32::MAX elements).
    TooLarge,
    /// a handle used on another device.
    ForeignHandle,
}

impl BadInput {
    /// Every invalid call of the suite.
    pub const ALL: [BadInput; 21] = [
        BadInput::EmptyArgmin,
        BadInput::MaskLength,
        BadInput::RbfHiOutOfRange,
        BadInput::RbfLoOutOfRange,
        BadInput::GammaZero,
        BadInput::GammaNegative,
        BadInput::GammaNaN,
        BadInput::GammaInfinite,
        BadInput::RbfOutputLength,
        BadInput::VariantLayout,
        BadInput::EmptyMatrix,
        BadInput::MatrixDataLength,
        BadInput::MatrixNaN,
        BadInput::LabelOutOfRange,
        BadInput::WeightsLength,
        BadInput::LogregLayout,
        BadInput::ItersZero,
        BadInput::LearningRateZero,
        BadInput::L2Negative,
        BadInput::TooLarge,
        BadInput::ForeignHandle,
    ];

    /// The error variant every backend must return.
    pub fn expected(self) -> ErrorKind {
        match self {
            BadInput::MaskLength
            | BadInput::RbfOutputLength
            | BadInput::MatrixDataLength
            | BadInput::WeightsLength => ErrorKind::ShapeMismatch,
            BadInput::TooLarge => ErrorKind::TooLarge,
            _ => ErrorKind::InvalidArgument,
        }
    }
}

/// What a case runs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Op {
    /// The read kernel.
    ReadSum {
        /// Length.
        n: usize,
        /// Values.
        values: Values,
    },
    /// Arg-min / arg-max, optionally masked.
    Arg {
        /// Which extreme.
        extreme: Extreme,
        /// Length.
        n: usize,
        /// Values.
        values: Values,
        /// Mask kind and pattern, for the masked forms.
        mask: Option<(MaskKind, MaskPattern)>,
    },
    /// RBF kernel rows.
    Rbf {
        /// The rung.
        variant: RbfVariant,
        /// Points.
        n: usize,
        /// Dimensions.
        d: usize,
        /// Coordinates.
        points: Points,
        /// Pivot rows.
        hi: Place,
        /// Pivot rows.
        lo: Place,
        /// γ.
        gamma: f32,
    },
    /// The logistic-regression gradient and log-likelihood.
    Gradient {
        /// The strategy.
        strategy: LogregStrategy,
        /// Examples.
        rows: usize,
        /// Features.
        cols: usize,
        /// Data.
        data: LogregData,
    },
    /// Training on the device.
    Train {
        /// The strategy.
        strategy: LogregStrategy,
        /// Examples.
        rows: usize,
        /// Features.
        cols: usize,
        /// Data.
        data: LogregData,
        /// Settings.
        cfg: TrainConfig,
        /// Required training accuracy (blobs), if any.
        min_accuracy: Option<f64>,
    },
    /// An invalid call.
    Bad(BadInput),
}

impl Op {
    /// The op's family name, as `--op` selects it.
    pub fn family(&self) -> &'static str {
        match self {
            Op::ReadSum { .. } => "read",
            Op::Arg { .. } => "argext",
            Op::Rbf { .. } => "rbf",
            Op::Gradient { .. } => "logreg",
            Op::Train { .. } => "train",
            Op::Bad(_) => "errors",
        }
    }
}

/// Which bindings a case runs with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Binding {
    /// The device's own limit.
    Device,
    /// A small cap ([`SPLIT_BINDING_BYTES`]): the data is split over several bindings.
    Split,
}

/// The binding cap of [`Binding::Split`] cases: 1 MiB, so modest sizes span several bindings.
pub const SPLIT_BINDING_BYTES: u64 = 1 << 20;

/// One case.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Case {
    /// Unique name, e.g. `argmin n=4097 ties@end`.
    pub id: String,
    /// What it runs.
    pub op: Op,
    /// With which binding limit.
    pub binding: Binding,
}

/// How much of the suite to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Level {
    /// Sizes that run in minutes on software drivers (llvmpipe, PoCL): CI.
    Quick,
    /// Adds the large sizes (up to 1 GiB, and the largest vector one binding holds): GPUs.
    Full,
}

fn case(id: impl Into<String>, op: Op) -> Case {
    Case {
        id: id.into(),
        op,
        binding: Binding::Device,
    }
}

fn split(id: impl Into<String>, op: Op) -> Case {
    Case {
        id: format!("{} [split bindings]", id.into()),
        op,
        binding: Binding::Split,
    }
}

/// Awkward sizes for the reductions: 1, primes, one past multiples of 4 / 64 / 256, a workgroup
/// and a vec4 boundary, and random sizes from fixed seeds.
pub fn reduction_sizes(level: Level) -> Vec<usize> {
    let mut sizes = vec![
        1,
        2,
        3,
        5,
        255,
        256,
        257,
        1021,
        4095,
        4097,
        65537,
        (1 << 20) + 3,
    ];
    let mut s: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..4 {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        sizes.push(1 + (s % 300_000) as usize);
    }
    if level == Level::Full {
        sizes.extend([(1 << 24) + 1, (1 << 26) - 1]);
    }
    sizes
}

fn arg_cases(level: Level, out: &mut Vec<Case>) {
    for extreme in [Extreme::Min, Extreme::Max] {
        let name = extreme.op_name();
        let arg = |n: usize, values: Values| Op::Arg {
            extreme,
            n,
            values,
            mask: None,
        };
        for n in reduction_sizes(level) {
            out.push(case(
                format!("{name} n={n} random"),
                arg(n, Values::Random(n as u64)),
            ));
        }
        for n in [1, 257, 4097, 65537] {
            out.push(case(
                format!("{name} n={n} all-equal"),
                arg(n, Values::AllEqual(0.25)),
            ));
            out.push(case(
                format!("{name} n={n} all-NaN"),
                arg(n, Values::AllNaN),
            ));
            out.push(case(
                format!("{name} n={n} ±inf"),
                arg(n, Values::Infinities),
            ));
            out.push(case(
                format!("{name} n={n} ±0"),
                arg(n, Values::SignedZeros),
            ));
            out.push(case(
                format!("{name} n={n} subnormals"),
                arg(n, Values::Subnormals),
            ));
        }
        for n in [257, 4097, 65537, (1 << 20) + 3] {
            for (label, places) in [
                ("start", vec![Place::Start, Place::Middle]),
                ("middle", vec![Place::Middle, Place::End]),
                ("end", vec![Place::End]),
                (
                    "wg-boundary",
                    vec![Place::At(1023), Place::At(1024), Place::At(4096)],
                ),
                ("vec4-lanes", vec![Place::At(7), Place::At(6), Place::At(5)]),
            ] {
                out.push(case(
                    format!("{name} n={n} ties@{label}"),
                    arg(n, Values::Ties(places)),
                ));
            }
            for (label, places) in [
                ("start", vec![Place::Start, Place::End]),
                ("middle", vec![Place::Middle, Place::End]),
                ("end", vec![Place::End]),
            ] {
                out.push(case(
                    format!("{name} n={n} NaN@{label}"),
                    arg(n, Values::NaN(places)),
                ));
            }
        }
        for kind in [MaskKind::U32, MaskKind::F32] {
            for n in [1, 3, 257, 4097, 65537] {
                for (label, m) in [
                    ("all-off", MaskPattern::AllOff),
                    ("one-on", MaskPattern::OneOn(Place::Middle)),
                    ("one-on-last", MaskPattern::OneOn(Place::End)),
                    ("alternating", MaskPattern::Alternating),
                    ("random", MaskPattern::Random(n as u64)),
                ] {
                    out.push(case(
                        format!("{name}_masked {kind:?} n={n} {label}"),
                        Op::Arg {
                            extreme,
                            n,
                            values: Values::Ties(vec![Place::At(2), Place::Middle]),
                            mask: Some((kind, m)),
                        },
                    ));
                }
            }
        }
        // Beyond one binding: 1 MiB bindings hold 262144 elements.
        for n in [262_144, 262_145, 655_361] {
            out.push(split(
                format!("{name} n={n} random"),
                arg(n, Values::Random(7)),
            ));
            out.push(split(
                format!("{name} n={n} ties@chunk-boundary"),
                arg(
                    n,
                    Values::Ties(vec![Place::At(262_144), Place::At(262_143), Place::End]),
                ),
            ));
            out.push(split(
                format!("{name}_masked n={n} random"),
                Op::Arg {
                    extreme,
                    n,
                    values: Values::Random(9),
                    mask: Some((MaskKind::U32, MaskPattern::Random(3))),
                },
            ));
        }
    }
}

fn read_cases(level: Level, out: &mut Vec<Case>) {
    for n in reduction_sizes(level) {
        out.push(case(
            format!("read n={n}"),
            Op::ReadSum {
                n,
                values: Values::Random(n as u64),
            },
        ));
    }
    for n in [262_144, 262_145, 655_361] {
        out.push(split(
            format!("read n={n}"),
            Op::ReadSum {
                n,
                values: Values::Random(5),
            },
        ));
    }
}

/// The RBF dimensions and point counts of the suite (crossed, within a size budget).
pub const RBF_DIMS: [usize; 11] = [1, 2, 3, 4, 5, 31, 64, 127, 1000, 3000, 13_000];
/// See [`RBF_DIMS`].
pub const RBF_POINTS: [usize; 5] = [1, 7, 64, 1000, 65_537];

fn rbf_cases(level: Level, out: &mut Vec<Case>) {
    let budget = match level {
        Level::Quick => 1 << 22,
        Level::Full => 1 << 28,
    };
    for variant in RbfVariant::ALL {
        let v = variant.name();
        let rbf = |n, d, points, hi, lo, gamma| Op::Rbf {
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
                out.push(case(
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
            out.push(case(
                format!("rbf {v} n={n} d={d} hi=lo"),
                rbf(n, d, Points::Random(3), Place::Middle, Place::Middle, g),
            ));
            out.push(case(
                format!("rbf {v} n={n} d={d} hi,lo=last"),
                rbf(n, d, Points::Random(4), Place::End, Place::End, g),
            ));
            out.push(case(
                format!("rbf {v} n={n} d={d} far-apart"),
                rbf(n, d, Points::FarApart(5), Place::Start, Place::End, 1.0),
            ));
            out.push(case(
                format!("rbf {v} n={n} d={d} identical"),
                rbf(n, d, Points::Identical, Place::Start, Place::End, 0.7),
            ));
        }
        out.push(case(
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
        // Beyond one binding: 1 MiB bindings.
        for (n, d) in [(70_000, 5), (3000, 127), (300, 3000)] {
            out.push(split(
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
}

fn logreg_cases(level: Level, out: &mut Vec<Case>) {
    let rows_list: &[usize] = &[1, 3, 64, 2048, 100_003];
    let cols_list: &[usize] = &[1, 3, 4, 8, 33, 64, 256];
    for strategy in LogregStrategy::ALL {
        let s = strategy.name();
        for &rows in rows_list {
            for &cols in cols_list {
                if strategy == LogregStrategy::SingleGroup && rows * cols > 1 << 20 {
                    continue;
                }
                if level == Level::Quick && rows * cols > 1 << 22 {
                    continue;
                }
                out.push(case(
                    format!("gradient {s} n={rows} k={cols}"),
                    Op::Gradient {
                        strategy,
                        rows,
                        cols,
                        data: LogregData::Random {
                            seed: (rows * 31 + cols) as u64,
                            scale: 3.0,
                        },
                    },
                ));
            }
        }
        for (rows, cols) in [(64, 4), (2048, 8), (100_003, 33)] {
            if strategy == LogregStrategy::SingleGroup && rows * cols > 1 << 20 {
                continue;
            }
            let g = |data| Op::Gradient {
                strategy,
                rows,
                cols,
                data,
            };
            out.push(case(
                format!("gradient {s} n={rows} k={cols} |z|≈100"),
                g(LogregData::Saturated { seed: 1, z: 100.0 }),
            ));
            out.push(case(
                format!("gradient {s} n={rows} k={cols} |z|≈1e4"),
                g(LogregData::Saturated { seed: 2, z: 1e4 }),
            ));
            out.push(case(
                format!("gradient {s} n={rows} k={cols} labels=0"),
                g(LogregData::ConstantLabels {
                    seed: 3,
                    label: 0.0,
                }),
            ));
            out.push(case(
                format!("gradient {s} n={rows} k={cols} labels=1"),
                g(LogregData::ConstantLabels {
                    seed: 4,
                    label: 1.0,
                }),
            ));
        }
        if strategy == LogregStrategy::MultiGroup {
            for (rows, cols) in [(70_001, 8), (300, 3000)] {
                out.push(split(
                    format!("gradient {s} n={rows} k={cols}"),
                    Op::Gradient {
                        strategy,
                        rows,
                        cols,
                        data: LogregData::Random {
                            seed: 11,
                            scale: 2.0,
                        },
                    },
                ));
            }
        }
        if level == Level::Full && strategy == LogregStrategy::MultiGroup {
            out.push(case(
                format!("gradient {s} n=4194304 k=64"),
                Op::Gradient {
                    strategy,
                    rows: 1 << 22,
                    cols: 64,
                    data: LogregData::Random {
                        seed: 12,
                        scale: 3.0,
                    },
                },
            ));
        }
        for iters in [1, 10, 1000] {
            out.push(case(
                format!("train {s} blobs 2048×8 iters={iters}"),
                Op::Train {
                    strategy,
                    rows: 2048,
                    cols: 8,
                    data: LogregData::Blobs(duet_core::data::DEFAULT_SEED),
                    cfg: TrainConfig {
                        iters,
                        lr: 2e-4,
                        l2: 0.01,
                        loglik_every: iters.min(250),
                    },
                    min_accuracy: (iters == 1000).then_some(0.95),
                },
            ));
        }
    }
}

/// `t − 1`, `t`, `t + 1` and `2t + 1` for each threshold `t` (positive values only), sorted and
/// without repeats.
fn around(thresholds: impl IntoIterator<Item = usize>) -> Vec<usize> {
    let mut v: Vec<usize> = thresholds
        .into_iter()
        .flat_map(|t| [t.saturating_sub(1), t, t + 1, 2 * t + 1])
        .filter(|&x| x > 0)
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Cases at every internal threshold of every op, derived from the parameter tables the
/// devices under test resolved (so a changed default, or a device that shrank a tile to its
/// workgroup memory, moves the cases with it): each at the threshold, ±1, and one past twice
/// it. The thresholds: the reductions' elements per workgroup and per full grid, and the
/// elements of one split binding; the RBF rungs' workgroup and `local_memory` tile; the
/// logistic-regression column chunk (`logreg_tile`), the narrow/wide switch (`logreg_wg`
/// columns), the weight cache, the register-resident limits, the rows per tile
/// (`logreg_rows`) and the `multi_group` grid cap.
pub fn threshold_cases(params: &[KernelParams]) -> Vec<Case> {
    use duet_core::params::{
        PARTIAL_REG_MAX_COLS, SINGLE_REG_MAX_COLS, SINGLE_REG_MAX_FLOATS, WEIGHT_CACHE,
    };
    let mut out = Vec::new();
    let split_elems = (SPLIT_BINDING_BYTES / 4) as usize;
    // Reductions: one workgroup's elements, the full first-pass grid (capped: 4M elements at the
    // defaults), and the split binding's chunk.
    let mut lens = around(params.iter().flat_map(|p| {
        let per_group = (p.reduce_wg * 4 * p.reduce_unroll) as usize;
        [
            per_group,
            per_group * (p.reduce_max_groups as usize).min(1024),
        ]
    }));
    lens.retain(|&n| n <= 1 << 23);
    for &n in &lens {
        out.push(case(
            format!("read n={n} threshold"),
            Op::ReadSum {
                n,
                values: Values::Random(n as u64),
            },
        ));
        for extreme in [Extreme::Min, Extreme::Max] {
            out.push(case(
                format!("{} n={n} threshold", extreme.op_name()),
                Op::Arg {
                    extreme,
                    n,
                    values: Values::Ties(vec![Place::End, Place::Start]),
                    mask: None,
                },
            ));
        }
    }
    let chunks = around(
        params
            .iter()
            .map(|p| split_elems / p.chunk_align as usize * p.chunk_align as usize),
    );
    for &n in &chunks {
        out.push(split(
            format!("read n={n} threshold"),
            Op::ReadSum {
                n,
                values: Values::Random(n as u64),
            },
        ));
        out.push(split(
            format!("argmax_masked n={n} threshold"),
            Op::Arg {
                extreme: Extreme::Max,
                n,
                values: Values::Ties(vec![Place::End, Place::Start]),
                mask: Some((MaskKind::U32, MaskPattern::Random(n as u64))),
            },
        ));
    }
    // RBF: rows around the workgroup, columns around the local-memory tile.
    for v in RbfVariant::ALL {
        for n in around(params.iter().map(|p| p.rbf_wg as usize)) {
            out.push(case(
                format!("rbf {v} n={n} d=7 threshold"),
                Op::Rbf {
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
            out.push(case(
                format!("rbf {v} n=37 d={d} threshold"),
                Op::Rbf {
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
    // Logistic regression: columns at every column threshold, with rows enough for several
    // tiles; rows at the row thresholds.
    let col_thresholds = around(params.iter().flat_map(|p| {
        [
            p.logreg_tile as usize,
            p.logreg_wg as usize,
            WEIGHT_CACHE as usize,
            PARTIAL_REG_MAX_COLS as usize,
            SINGLE_REG_MAX_COLS as usize,
        ]
    }));
    for strategy in LogregStrategy::ALL {
        let s = strategy.name();
        let gradient = |rows: usize, cols: usize, seed: u64| {
            case(
                format!("gradient {s} n={rows} k={cols} threshold"),
                Op::Gradient {
                    strategy,
                    rows,
                    cols,
                    data: LogregData::Random { seed, scale: 2.0 },
                },
            )
        };
        for &cols in &col_thresholds {
            let rows = if cols > 4096 { 5 } else { 67 };
            out.push(gradient(rows, cols, cols as u64));
        }
        let row_thresholds = around(params.iter().flat_map(|p| {
            [
                p.logreg_rows as usize,
                // The register-resident single_group kernel: rows per work-item × columns.
                p.logreg_wg as usize * (SINGLE_REG_MAX_FLOATS / 8) as usize,
            ]
        }));
        for &rows in &row_thresholds {
            for cols in [1, 8] {
                out.push(gradient(rows, cols, rows as u64));
            }
        }
        for cols in [8, 100] {
            out.push(case(
                format!("train {s} n=67 k={cols} threshold"),
                Op::Train {
                    strategy,
                    rows: 67,
                    cols,
                    data: LogregData::Random {
                        seed: 5,
                        scale: 1.0,
                    },
                    cfg: TrainConfig {
                        iters: 3,
                        lr: 1e-3,
                        l2: 0.01,
                        loglik_every: 1,
                    },
                    min_accuracy: None,
                },
            ));
        }
        if strategy == LogregStrategy::MultiGroup {
            // The grid cap: steps of the register-resident pass (k = 8) around
            // logreg_max_groups.
            let grid = around(
                params
                    .iter()
                    .map(|p| p.pass_rows_per_step(8) * p.logreg_max_groups.max(1) as usize),
            );
            for rows in grid.into_iter().filter(|&r| r <= 1 << 21) {
                out.push(gradient(rows, 8, 9));
            }
        }
    }
    out
}

/// The whole suite at `level`, with the threshold cases of the devices' parameter tables
/// `params` (see [`threshold_cases`]; empty: none).
pub fn suite(level: Level, params: &[KernelParams]) -> Vec<Case> {
    let mut out = Vec::new();
    read_cases(level, &mut out);
    arg_cases(level, &mut out);
    rbf_cases(level, &mut out);
    logreg_cases(level, &mut out);
    let ids: std::collections::HashSet<String> = out.iter().map(|c| c.id.clone()).collect();
    out.extend(
        threshold_cases(params)
            .into_iter()
            .filter(|c| !ids.contains(&c.id)),
    );
    for b in BadInput::ALL {
        out.push(case(format!("error {b:?}"), Op::Bad(b)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique() {
        for level in [Level::Quick, Level::Full] {
            let cases = suite(
                level,
                &[KernelParams::DEFAULT, KernelParams::DEFAULT.fit(32 * 1024)],
            );
            let mut ids: Vec<&str> = cases.iter().map(|c| c.id.as_str()).collect();
            ids.sort_unstable();
            let before = ids.len();
            ids.dedup();
            assert_eq!(before, ids.len());
        }
    }
}
