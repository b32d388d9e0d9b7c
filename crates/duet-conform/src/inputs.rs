//! Turning a case's description into data, deterministically.

use duet_core::MaskKind;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::cases::{LogregData, MaskPattern, Place, Points, Values};

/// A vector case's values.
pub fn values(v: &Values, n: usize) -> Vec<f32> {
    match v {
        Values::Random(seed) => duet_core::data::uniform(n, -1.0, 1.0, *seed),
        Values::AllEqual(x) => vec![*x; n],
        Values::Given(v) => {
            debug_assert_eq!(v.len(), n, "a Given vector's length is the case's n");
            v.clone()
        }
        Values::Ties(places) => {
            let mut out = duet_core::data::uniform(n, 0.0, 1.0, 17);
            for p in places {
                let i = p.index(n);
                out[i] = -5.0;
            }
            // The maximum at the mirrored places, so argmax meets the same kind of tie.
            for p in places {
                let i = p.index(n);
                let j = if n > 1 { (i + n / 3) % n } else { i };
                if out[j] != -5.0 {
                    out[j] = 5.0;
                }
            }
            out
        }
        Values::NaN(places) => {
            let mut out = duet_core::data::uniform(n, -1.0, 1.0, 23);
            for (k, p) in places.iter().enumerate() {
                // Different payloads, so "the first NaN" is visible in the returned bits.
                out[p.index(n)] = f32::from_bits(0x7fc0_0000 | (k as u32 + 1));
            }
            out
        }
        Values::AllNaN => (0..n)
            .map(|i| f32::from_bits(0x7fc0_0000 | ((i as u32) & 0x3f_ffff) | 1))
            .collect(),
        Values::Infinities => {
            let mut out = duet_core::data::uniform(n, -1.0, 1.0, 29);
            let specials = [f32::INFINITY, f32::NEG_INFINITY, f32::MAX, -f32::MAX];
            for (k, s) in specials.iter().enumerate() {
                if n > 0 {
                    out[(k * 997 + n / 3) % n] = *s;
                }
            }
            if n > 8 {
                out[n - 1] = f32::INFINITY;
                out[n / 2] = f32::NEG_INFINITY;
            }
            out
        }
        Values::SignedZeros => (0..n)
            .map(|i| match i % 5 {
                1 => -0.0,
                3 => 0.0,
                _ => 1.0,
            })
            .collect(),
        Values::Subnormals => {
            let mut rng = StdRng::seed_from_u64(31);
            (0..n)
                .map(|i| {
                    if i % 7 == 3 {
                        if i % 2 == 0 { 0.0 } else { -0.0 }
                    } else {
                        let bits: u32 = rng.random_range(1..0x0080_0000);
                        let sign = if rng.random::<bool>() { 0x8000_0000 } else { 0 };
                        f32::from_bits(bits | sign)
                    }
                })
                .collect()
        }
    }
}

/// A mask's raw words (u32 flags, or f32 flag bits) for `n` elements.
pub fn mask(kind: MaskKind, m: &MaskPattern, n: usize) -> Vec<u32> {
    let on: Vec<bool> = match m {
        MaskPattern::AllOff => vec![false; n],
        MaskPattern::OneOn(p) => {
            let i = p.index(n);
            (0..n).map(|j| j == i).collect()
        }
        MaskPattern::Alternating => (0..n).map(|j| j % 2 == 1).collect(),
        MaskPattern::Random(seed) => {
            let mut rng = StdRng::seed_from_u64(*seed);
            (0..n).map(|_| rng.random_range(0..3) == 0).collect()
        }
    };
    on.iter()
        .enumerate()
        .map(|(j, &o)| match kind {
            MaskKind::U32 => {
                if o {
                    (j as u32 % 5) + 1
                } else {
                    0
                }
            }
            MaskKind::F32 => {
                if o {
                    // Any non-zero flag selects: NaN too.
                    [1.0f32, -2.5, f32::NAN, 1e-40][j % 4].to_bits()
                } else if j % 4 == 0 {
                    (-0.0f32).to_bits()
                } else {
                    0.0f32.to_bits()
                }
            }
        })
        .collect()
}

/// An RBF case's row-major `n × d` coordinates.
pub fn points(p: &Points, n: usize, d: usize) -> Vec<f32> {
    match p {
        Points::Random(seed) => duet_core::data::normal(n * d, *seed),
        Points::Identical => {
            let row = duet_core::data::normal(d, 99);
            row.repeat(n)
        }
        Points::FarApart(seed) => {
            let mut x = duet_core::data::normal(n * d, *seed);
            for (i, row) in x.chunks_exact_mut(d).enumerate() {
                row[0] += 1000.0 * i as f32;
            }
            x
        }
        Points::SubnormalResults(seed) => {
            // Distance² from row 0 of about 80 + 30·i/n along the first coordinate.
            let mut x = duet_core::data::normal(n * d, *seed)
                .iter()
                .map(|v| v * 1e-3)
                .collect::<Vec<_>>();
            for (i, row) in x.chunks_exact_mut(d).enumerate().skip(1) {
                row[0] += (80.0 + 30.0 * i as f32 / n as f32).sqrt();
            }
            x
        }
    }
}

/// A logistic-regression case's data: X (row-major), labels and initial weights.
pub fn logreg(data: &LogregData, rows: usize, cols: usize) -> (Vec<f32>, Vec<f32>, Vec<f32>) {
    let labels = |seed: u64| -> Vec<f32> {
        let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed);
        (0..rows)
            .map(|_| if rng.random::<bool>() { 1.0 } else { 0.0 })
            .collect()
    };
    let weights = |seed: u64, scale: f32| -> Vec<f32> {
        duet_core::data::normal(cols, seed ^ 0x77)
            .iter()
            .map(|w| w * scale / (cols as f32).sqrt())
            .collect()
    };
    match *data {
        LogregData::Random { seed, scale } => (
            duet_core::data::normal(rows * cols, seed),
            labels(seed),
            weights(seed, scale),
        ),
        LogregData::Saturated { seed, z } | LogregData::Separated { seed, z } => {
            // x_i = ±(1 + noise)·w/‖w‖² · z keeps every score near ±z.
            let w = weights(seed, 1.0);
            let wn2: f32 = w.iter().map(|v| v * v).sum::<f32>().max(1e-12);
            let mut rng = StdRng::seed_from_u64(seed);
            let mut x = Vec::with_capacity(rows * cols);
            let mut signs = Vec::with_capacity(rows);
            for _ in 0..rows {
                let sign = if rng.random::<bool>() { 1.0 } else { -1.0 };
                let jitter: f32 = rng.random_range(0.9..1.1);
                x.extend(w.iter().map(|v| sign * jitter * z * v / wn2));
                signs.push(sign);
            }
            let y = match data {
                LogregData::Separated { .. } => signs.iter().map(|&s| f32::from(s > 0.0)).collect(),
                _ => labels(seed),
            };
            (x, y, w)
        }
        LogregData::ConstantLabels { seed, label } => (
            duet_core::data::normal(rows * cols, seed),
            vec![label; rows],
            weights(seed, 2.0),
        ),
        LogregData::Blobs(seed) => {
            let d = duet_core::data::blobs(rows, cols, seed);
            (d.x, d.y, vec![0.0; cols])
        }
    }
}

/// Where `Place` lands in a vector of `n`, for reports.
pub fn describe_place(p: Place, n: usize) -> String {
    format!("{}", p.index(n))
}
