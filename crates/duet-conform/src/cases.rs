//! The data patterns cases are made of (values, masks, points, logistic-regression data) and
//! the size helpers the families share. The cases themselves are each family's, in
//! [`ops`](crate::ops); [`suite`](crate::registry::suite) gathers them from the registry.

use serde::Serialize;

use crate::registry::Level;

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
    /// Scores of magnitude about `z` (as [`LogregData::Saturated`]) with the labels every score
    /// predicts (1 where z > 0): a separable set fitted to saturation, whose residuals
    /// e^(−|z|) (and so the gradient and the log-likelihood) are subnormal where |z| > 87, and
    /// which a device may flush to zero.
    Separated {
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

/// `t − 1`, `t`, `t + 1` and `2t + 1` for each threshold `t` (positive values only), sorted and
/// without repeats.
pub fn around(thresholds: impl IntoIterator<Item = usize>) -> Vec<usize> {
    let mut v: Vec<usize> = thresholds
        .into_iter()
        .flat_map(|t| [t.saturating_sub(1), t, t + 1, 2 * t + 1])
        .filter(|&x| x > 0)
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}
