//! A case's comparison with the reference: the worst error against its bound, and what else
//! the case observed. Every family's check builds a [`Checked`].

use duet_core::Device;

use crate::tolerance::ExpAccuracy;

/// Tracks the worst error / bound ratio of a comparison.
#[derive(Debug, Default)]
pub struct Worst {
    /// Worst absolute error.
    pub abs: f64,
    /// Worst error as a fraction of its bound.
    pub ratio: f64,
    /// The output and input that produced the worst ratio.
    pub input: Option<String>,
}

impl Worst {
    /// Records one output's error `err` against its `bound`; `describe` says which output it
    /// was (called only when it is the worst so far). An error of 0 passes any bound; a
    /// positive error against a bound of 0, or a NaN error, is infinitely wrong.
    pub fn see(&mut self, err: f64, bound: f64, describe: impl FnOnce() -> String) {
        let ratio = if err == 0.0 {
            0.0
        } else if bound > 0.0 {
            err / bound
        } else {
            f64::INFINITY
        };
        // NaN errors (a NaN output where the reference is finite) count as infinitely wrong.
        let ratio = if ratio.is_nan() { f64::INFINITY } else { ratio };
        if err > self.abs || err.is_nan() {
            self.abs = if err.is_nan() { f64::INFINITY } else { err };
        }
        if ratio > self.ratio || self.input.is_none() {
            self.ratio = ratio;
            self.input = Some(describe());
        }
    }
}

/// The outcome of one case's check.
#[derive(Debug)]
pub struct Checked {
    /// The worst error.
    pub worst: Worst,
    /// What else the case observed (e.g. subnormal handling).
    pub note: Option<String>,
    /// A failure beyond the error bound (wrong error variant, a short trace, low accuracy).
    pub extra_failure: Option<String>,
}

impl Checked {
    /// A check whose outcome is `worst`.
    pub fn of(worst: Worst) -> Self {
        Checked {
            worst,
            note: None,
            extra_failure: None,
        }
    }

    /// An exact match, described by `what`.
    pub fn exact(what: String) -> Self {
        let mut w = Worst::default();
        w.see(0.0, 0.0, || what);
        Checked::of(w)
    }

    /// A failure that is not an error bound: `why`.
    pub fn failed(why: String) -> Self {
        let mut c = Checked::of(Worst::default());
        c.extra_failure = Some(why);
        c
    }
}

/// How accurate `dev`'s `exp` is assumed to be (its backend's), for the tolerances.
pub fn acc_of(dev: &Device) -> ExpAccuracy {
    ExpAccuracy::of(dev.info().backend)
}
