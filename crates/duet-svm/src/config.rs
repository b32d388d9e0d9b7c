//! What a training run is asked for: C, γ, the stopping tolerance, the strategy, limits.

use std::fmt;
use std::str::FromStr;

use duet_core::par::map_chunks;
use duet_core::{Error, Result};

/// γ of the RBF kernel `K(a, b) = exp(−γ‖a − b‖²)`.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub enum Gamma {
    /// A given value (finite, > 0).
    Value(f64),
    /// `1 / (d · Var(X))`, the variance over every element of the (scaled) training matrix:
    /// scikit-learn's `gamma="scale"`. A matrix with zero variance gets `1 / d`.
    Scale,
    /// `1 / d`: LIBSVM's default (`svm-train` without `-g`).
    Auto,
}

impl Gamma {
    /// The value for a `rows × cols` row-major matrix `x` (`Scale` on a matrix with a NaN or
    /// infinite value: `1 / d`; training checks the matrix first, [`Gamma::resolve_checked`]).
    pub fn resolve(self, x: &[f32], cols: usize) -> f64 {
        self.resolve_checked(x, cols)
            .unwrap_or(1.0 / cols.max(1) as f64)
    }

    /// The value for `x` as [`Gamma::resolve`], or the index of the first NaN or infinite
    /// value of `x`, found by the same pass over `x` (`Scale`) or by one of its own.
    pub fn resolve_checked(self, x: &[f32], cols: usize) -> std::result::Result<f64, usize> {
        let d = cols.max(1) as f64;
        if self != Gamma::Scale
            && let Some(at) = duet_core::par::first_non_finite(x)
        {
            return Err(at);
        }
        Ok(match self {
            Gamma::Value(g) => g,
            Gamma::Auto => 1.0 / d,
            Gamma::Scale => {
                let (n, _, m2) = moments(x)?;
                let var = m2 / n.max(1.0);
                if var > 0.0 { 1.0 / (d * var) } else { 1.0 / d }
            }
        })
    }
}

/// The count, mean and sum of squared deviations of `x`, in `f64`, in one pass over memory:
/// each chunk on one of the host's cores is checked (its largest exponent field), then
/// summed twice while it is in cache (mean, then deviations; eight lanes each), and the
/// chunks are combined in order by Chan, Golub and LeVeque's pairwise update, so the bits do
/// not depend on the machine ([`map_chunks`]). `Err`: the index of the first NaN or infinite
/// value.
fn moments(x: &[f32]) -> std::result::Result<(f64, f64, f64), usize> {
    let lanes = |c: &[f32], f: &dyn Fn(f32) -> f64| {
        let mut lanes = [0.0f64; 8];
        let mut blocks = c.chunks_exact(8);
        for b in &mut blocks {
            for (l, &v) in lanes.iter_mut().zip(b) {
                *l += f(v);
            }
        }
        for (l, &v) in lanes.iter_mut().zip(blocks.remainder()) {
            *l += f(v);
        }
        lanes.iter().sum::<f64>()
    };
    let parts = map_chunks(x, |c| {
        if let Some(at) = duet_core::par::slice_non_finite(c) {
            return Err(at);
        }
        let n = c.len() as f64;
        let mean = lanes(c, &|v| v as f64) / n;
        let m2 = lanes(c, &|v| (v as f64 - mean).powi(2));
        Ok((n, mean, m2))
    });
    let mut all = (0.0f64, 0.0f64, 0.0f64);
    for (k, part) in parts.into_iter().enumerate() {
        let (nb, mb, m2b) = part.map_err(|i| k * duet_core::par::CHUNK + i)?;
        let (na, ma, m2a) = all;
        let n = na + nb;
        let delta = mb - ma;
        all = (
            n,
            ma + delta * nb / n,
            m2a + m2b + delta * delta * na * nb / n,
        );
    }
    Ok(all)
}

impl FromStr for Gamma {
    type Err = Error;
    fn from_str(s: &str) -> Result<Gamma> {
        match s {
            "scale" => Ok(Gamma::Scale),
            "auto" => Ok(Gamma::Auto),
            _ => {
                let v: f64 = s.parse().map_err(|_| {
                    Error::invalid("gamma", s, "expected a number > 0, `scale` or `auto`")
                })?;
                if !(v.is_finite() && v > 0.0) {
                    return Err(Error::invalid("gamma", s, "must be finite and > 0"));
                }
                Ok(Gamma::Value(v))
            }
        }
    }
}

impl fmt::Display for Gamma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gamma::Value(v) => write!(f, "{v}"),
            Gamma::Scale => f.write_str("scale"),
            Gamma::Auto => f.write_str("auto"),
        }
    }
}

/// How the device solver chooses and applies its working sets. The default is
/// [`SvmStrategy::WorkingSet`]: on the H100 the faster at every shape measured
/// (BENCHMARKS.md, session 18).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub enum SvmStrategy {
    /// One pair per step (GPUSVM and the case study of seeds 002/004): LIBSVM's second-order
    /// selection, two passes over X per step (the first pivot's row with the selection of the
    /// second; the second's row with the update of the gradient and the next first pivot).
    Pair,
    /// A working set per iteration (the ThunderSVM / cuML design): the q most violating
    /// points (q the device's `smo_ws_q`, 256 by default; half from I_up, half from I_low;
    /// after the first iteration half the set stays and half is selected afresh), their kernel
    /// rows against every point in one pass over X, up to 10 q pair updates on the set alone
    /// inside one workgroup (LIBSVM's WSS 3 and update, until the set's gap is below max(eps,
    /// a tenth of its first gap)), then one pass that brings every point's gradient up to
    /// date. Many pair updates per pass over X; the steps it reports are pair updates, as
    /// `Pair`'s are.
    #[default]
    WorkingSet,
}

impl SvmStrategy {
    /// Every strategy.
    pub const ALL: [SvmStrategy; 2] = [SvmStrategy::Pair, SvmStrategy::WorkingSet];

    /// The strategy's name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            SvmStrategy::Pair => "pair",
            SvmStrategy::WorkingSet => "working_set",
        }
    }
}

impl fmt::Display for SvmStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SvmStrategy {
    type Err = Error;
    fn from_str(s: &str) -> Result<SvmStrategy> {
        SvmStrategy::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| Error::invalid("strategy", s, "expected pair or working_set"))
    }
}

/// A training run's settings (LIBSVM's `svm-train -s 0 -t 2`).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct SvmConfig {
    /// The box constraint C (> 0). LIBSVM's `-c`, default 1.
    pub c: f64,
    /// γ. Default [`Gamma::Scale`].
    pub gamma: Gamma,
    /// Stop when the maximal violating pair's gap `m(α) − M(α)` is below this (> 0). LIBSVM's
    /// `-e`, default 1e-3.
    pub eps: f64,
    /// Steps allowed per binary problem; `None`: LIBSVM's `max(10⁷, 100·n)`.
    pub max_steps: Option<u64>,
    /// Return a model when a binary problem hits the step limit (it is an error otherwise).
    pub allow_unconverged: bool,
    /// The device solver's strategy ([`SvmStrategy::default`]).
    pub strategy: SvmStrategy,
    /// Steps the device solver records per submission before it reads the state back.
    pub steps_per_check: u32,
}

impl Default for SvmConfig {
    fn default() -> Self {
        SvmConfig {
            c: 1.0,
            gamma: Gamma::Scale,
            eps: 1e-3,
            max_steps: None,
            allow_unconverged: false,
            strategy: SvmStrategy::default(),
            steps_per_check: 256,
        }
    }
}

impl SvmConfig {
    /// Checks C, γ, eps and the step settings, naming the one that is wrong.
    pub fn validate(&self) -> Result<()> {
        if !(self.c.is_finite() && self.c > 0.0) {
            return Err(Error::invalid("c", self.c, "C must be finite and > 0"));
        }
        if let Gamma::Value(g) = self.gamma
            && !(g.is_finite() && g > 0.0)
        {
            return Err(Error::invalid("gamma", g, "γ must be finite and > 0"));
        }
        if !(self.eps.is_finite() && self.eps > 0.0) {
            return Err(Error::invalid("eps", self.eps, "must be finite and > 0"));
        }
        if self.max_steps == Some(0) {
            return Err(Error::invalid("max_steps", 0, "must be at least 1"));
        }
        if self.steps_per_check == 0 {
            return Err(Error::invalid("steps_per_check", 0, "must be at least 1"));
        }
        Ok(())
    }

    /// The step limit for a binary problem of `n` points.
    pub fn step_limit(&self, n: usize) -> u64 {
        self.max_steps
            .unwrap_or_else(|| 10_000_000u64.max(100u64.saturating_mul(n as u64)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_settings_are_named() {
        for (cfg, name) in [
            (
                SvmConfig {
                    c: 0.0,
                    ..Default::default()
                },
                "`c`",
            ),
            (
                SvmConfig {
                    c: f64::NAN,
                    ..Default::default()
                },
                "`c`",
            ),
            (
                SvmConfig {
                    gamma: Gamma::Value(-1.0),
                    ..Default::default()
                },
                "`gamma`",
            ),
            (
                SvmConfig {
                    eps: 0.0,
                    ..Default::default()
                },
                "`eps`",
            ),
            (
                SvmConfig {
                    max_steps: Some(0),
                    ..Default::default()
                },
                "`max_steps`",
            ),
        ] {
            let e = cfg.validate().expect_err("invalid");
            assert!(e.to_string().contains(name), "{e}");
        }
        assert!(SvmConfig::default().validate().is_ok());
        assert!("0".parse::<Gamma>().is_err());
        assert!("x".parse::<Gamma>().is_err());
        assert_eq!("0.5".parse::<Gamma>().ok(), Some(Gamma::Value(0.5)));
        assert!("working".parse::<SvmStrategy>().is_err());
        for s in SvmStrategy::ALL {
            assert_eq!(s.name().parse::<SvmStrategy>().ok(), Some(s));
        }
    }

    #[test]
    fn gamma_scale_is_sklearns() {
        // Var of [0, 1, 2, 3] is 1.25; d = 2.
        let g = Gamma::Scale.resolve(&[0.0, 1.0, 2.0, 3.0], 2);
        assert!((g - 1.0 / 2.5).abs() < 1e-15);
        assert_eq!(Gamma::Scale.resolve(&[1.0, 1.0], 2), 0.5);
        assert_eq!(Gamma::Auto.resolve(&[], 4), 0.25);
    }

    #[test]
    fn gamma_scale_over_many_chunks_matches_two_passes_and_finds_bad_values() {
        // An offset of 10⁴ with a spread of about 1: where a one-pass Σx² − n·mean² formula
        // would lose half the digits.
        let n = 3 * duet_core::par::CHUNK + 1234;
        let mut x: Vec<f32> = (0..n)
            .map(|i| 1.0e4 + ((i * 7919) % 1000) as f32 / 500.0)
            .collect();
        let mean = x.iter().map(|&v| v as f64).sum::<f64>() / n as f64;
        let var = x.iter().map(|&v| (v as f64 - mean).powi(2)).sum::<f64>() / n as f64;
        let want = 1.0 / (7.0 * var);
        let got = Gamma::Scale.resolve_checked(&x, 7).expect("finite");
        assert!((got - want).abs() <= 1e-12 * want, "{got} vs {want}");
        for g in [Gamma::Scale, Gamma::Auto, Gamma::Value(0.5)] {
            x[2 * duet_core::par::CHUNK + 17] = f32::NAN;
            x[3 * duet_core::par::CHUNK + 3] = f32::INFINITY;
            assert_eq!(
                g.resolve_checked(&x, 7),
                Err(2 * duet_core::par::CHUNK + 17),
                "{g:?}"
            );
        }
        assert_eq!(Gamma::Scale.resolve(&x, 4), 0.25);
    }
}
