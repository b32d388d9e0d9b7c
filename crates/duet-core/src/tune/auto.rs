//! `DUET_TUNE=auto`: a call whose shape bucket has no tuned entry of its own is tuned there and
//! then, once per bucket and process, by a hook the library facade provides ([`AutoTune`]); the
//! entry it finds is used from that call on and kept in the cache for later processes.
//!
//! **What gets tuned.** Calls that leave the choice of kernel to the library (no variant named
//! by the caller). A bucket counts as missing when neither it nor the bucket of the shape the
//! hook tunes at ([`tune_shape`]) has an entry; a nearer bucket's entry does not stop it (the
//! user asked for this bucket to be measured). A bucket the hook could not tune (out of budget,
//! an error) is not tried again in the process; the call runs with the entry or table it had.
//!
//! **Budget.** The hook spends about [`DEFAULT_BUDGET`] per bucket (`DUET_TUNE_BUDGET`
//! seconds, or [`OpenOptions::auto_budget`](crate::OpenOptions::auto_budget)); large calls are
//! tuned at a smaller shape of the same columns so that the budget goes to candidates, not to
//! generating inputs.

use std::collections::HashSet;
use std::sync::{Mutex, RwLock};
use std::time::Duration;

use super::{Bucket, Entry, Shape, TunedOp, Tuning};
use crate::error::{Error, Result};

/// Tunes one bucket on first use. The library facade (`duet`) implements it with its tuner on
/// a second handle to the same device, opened with tuning off.
pub trait AutoTune: Send + Sync {
    /// The tuned entry for `op` at `shape` (the shape [`tune_shape`] gives), or `None` when no
    /// entry could be made (the hook reports why). Called at most once per bucket and device.
    fn tune(&self, op: TunedOp, shape: Shape) -> Option<Entry>;
}

/// The time a bucket's tuning may take by default: about 5 s (the search stops there and the
/// best candidate measured so far is checked and kept).
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(5);

/// Calls larger than this are tuned at a smaller shape ([`tune_shape`]).
pub const MAX_TUNE_BYTES: u64 = 256 << 20;

/// `DUET_TUNE_BUDGET`: seconds per bucket (above 0, at most an hour); unset: `None`.
pub fn budget_from_env() -> Result<Option<Duration>> {
    match std::env::var("DUET_TUNE_BUDGET") {
        Err(_) => Ok(None),
        Ok(v) => parse_budget(&v).map(Some),
    }
}

/// Parses a budget in seconds (above 0, at most 3600).
pub fn parse_budget(v: &str) -> Result<Duration> {
    match v.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 3600.0 => Ok(Duration::from_secs_f64(s)),
        _ => Err(Error::invalid(
            "DUET_TUNE_BUDGET",
            v,
            "expected seconds above 0 and at most 3600",
        )),
    }
}

/// The shape a call at `shape` is tuned at: the call's own shape up to [`MAX_TUNE_BYTES`];
/// above, the same columns and layout with the rows cut to `max(MAX_TUNE_BYTES, bytes / 16)`,
/// so that its bucket lies within the reach of the call's lookup (a factor of 16, see
/// [`Tuning::lookup`]).
pub fn tune_shape(shape: Shape) -> Shape {
    let cols = shape.cols.max(1) as u64;
    let bytes = 4 * shape.rows as u64 * cols;
    if bytes <= MAX_TUNE_BYTES {
        return shape;
    }
    let target = MAX_TUNE_BYTES.max(bytes / 16);
    Shape {
        rows: ((target / (4 * cols)) as usize).clamp(1, shape.rows),
        ..shape
    }
}

/// A device's auto-tuning state: the hook, the tuning with what it found, and the buckets
/// tried.
pub(crate) struct Auto {
    hook: Box<dyn AutoTune>,
    /// The device's tuning plus the entries found, once one is found.
    found: RwLock<Option<Tuning>>,
    /// The buckets tried (by the call's own bucket).
    claim: Mutex<HashSet<(TunedOp, Bucket)>>,
}

impl Auto {
    pub(crate) fn new(hook: Box<dyn AutoTune>) -> Auto {
        Auto {
            hook,
            found: RwLock::default(),
            claim: Mutex::default(),
        }
    }

    /// Forgets what was found and tried.
    pub(crate) fn reset(&mut self) {
        *self.found.get_mut().unwrap_or_else(|e| e.into_inner()) = None;
        self.claim
            .get_mut()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }

    /// `f` applied to the tuning calls use now: `base` with the entries found so far.
    pub(crate) fn with<R>(&self, base: &Tuning, f: impl FnOnce(&Tuning) -> R) -> R {
        let found = self.found.read().unwrap_or_else(|e| e.into_inner());
        f(found.as_ref().unwrap_or(base))
    }

    /// Whether `op` at `shape` should be tuned now: no entry in its bucket or the bucket it
    /// would be tuned at, nor in their parents (the power-of-two buckets that held them until
    /// session 40, whose entries serve them: [`Bucket::parent`]), and not tried before. Claims the bucket when it returns the shape to
    /// tune at (a second thread calling meanwhile runs with what there is).
    pub(crate) fn claim(&self, base: &Tuning, op: TunedOp, shape: Shape) -> Option<Shape> {
        let at = tune_shape(shape);
        let (own, tuned) = (Bucket::of(shape), Bucket::of(at));
        let covered = |t: &Tuning, b: Bucket| {
            t.has_bucket(op, b) || b.parent().is_some_and(|p| t.has_bucket(op, p))
        };
        if self.with(base, |t| covered(t, own) || covered(t, tuned)) {
            return None;
        }
        let mut claimed = self.claim.lock().unwrap_or_else(|e| e.into_inner());
        claimed.insert((op, own)).then_some(at)
    }

    /// Runs the hook for `op` at `at` and adds what it found to the tuning (prepared by
    /// `prepare`).
    pub(crate) fn tune(
        &self,
        base: &Tuning,
        op: TunedOp,
        at: Shape,
        prepare: impl FnOnce(&mut Tuning),
    ) {
        let Some(entry) = self.hook.tune(op, at) else {
            return;
        };
        let mut found = self.found.write().unwrap_or_else(|e| e.into_inner());
        let mut t = found.take().unwrap_or_else(|| base.clone());
        t.insert(entry, super::Origin::Auto);
        prepare(&mut t);
        *found = Some(t);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::handle::Layout;

    #[test]
    fn large_calls_are_tuned_within_reach_of_their_lookup() {
        let s = |rows, cols| Shape {
            rows,
            cols,
            layout: Layout::RowMajor,
        };
        assert_eq!(tune_shape(s(1000, 7)), s(1000, 7));
        // 2 GiB of 100 columns: tuned at 256 MiB, two size steps below.
        let big = s((2usize << 30) / 400, 100);
        let at = tune_shape(big);
        assert_eq!(at.cols, 100);
        assert!(4 * at.rows * 100 <= 256 << 20);
        assert!(Bucket::of(big).size_log2 - Bucket::of(at).size_log2 <= 4);
        // 64 GiB: a sixteenth.
        let huge = s((64usize << 30) / 4, 1);
        assert_eq!(
            Bucket::of(huge).size_log2 - Bucket::of(tune_shape(huge)).size_log2,
            4
        );
        assert!(parse_budget("0").is_err());
        assert!(parse_budget("soon").is_err());
        assert_eq!(parse_budget("2.5").ok(), Some(Duration::from_millis(2500)));
    }
}
