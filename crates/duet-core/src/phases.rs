//! Where an op call's host time goes: a backend marks the end of each phase of a call (prepare,
//! encode, submit, wait, read back) and the time since the previous mark is added to that
//! phase. Off by default; when off, a mark is one relaxed atomic load.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The phase clock of one device.
#[derive(Debug, Default)]
pub struct PhaseTrace {
    on: AtomicBool,
    state: Mutex<PhaseState>,
}

#[derive(Debug, Default)]
struct PhaseState {
    last: Option<Instant>,
    totals: Vec<(&'static str, Duration)>,
}

impl PhaseTrace {
    /// Turns tracing on (clearing what was recorded) or off.
    pub fn set(&self, on: bool) {
        if let Ok(mut s) = self.state.lock() {
            *s = PhaseState::default();
        }
        self.on.store(on, Ordering::Relaxed);
    }

    /// An op starts: the next mark measures from now.
    pub fn start(&self) {
        if self.on.load(Ordering::Relaxed)
            && let Ok(mut s) = self.state.lock()
        {
            s.last = Some(Instant::now());
        }
    }

    /// Ends `phase`: the time since the last mark (or [`PhaseTrace::start`]) is added to it.
    /// A mark before any start is ignored.
    pub fn mark(&self, phase: &'static str) {
        if !self.on.load(Ordering::Relaxed) {
            return;
        }
        let now = Instant::now();
        if let Ok(mut s) = self.state.lock()
            && let Some(last) = s.last.replace(now)
        {
            let d = now.saturating_duration_since(last);
            match s.totals.iter_mut().find(|(p, _)| *p == phase) {
                Some((_, t)) => *t += d,
                None => s.totals.push((phase, d)),
            }
        }
    }

    /// The time per phase since the last take (in the order phases first appeared), and
    /// clears it.
    pub fn take(&self) -> Vec<(&'static str, Duration)> {
        self.state
            .lock()
            .map(|mut s| {
                s.last = None;
                std::mem::take(&mut s.totals)
            })
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_add_up_per_phase_only_when_on() {
        let t = PhaseTrace::default();
        t.start();
        t.mark("a");
        assert!(t.take().is_empty(), "off: nothing recorded");
        t.set(true);
        t.mark("a");
        assert!(t.take().is_empty(), "a mark before any start is ignored");
        t.start();
        std::thread::sleep(Duration::from_millis(2));
        t.mark("a");
        t.mark("b");
        t.start();
        std::thread::sleep(Duration::from_millis(2));
        t.mark("a");
        let got = t.take();
        assert_eq!(got.iter().map(|(p, _)| *p).collect::<Vec<_>>(), ["a", "b"]);
        assert!(got[0].1 >= Duration::from_millis(4), "{got:?}");
        assert!(got[1].1 < got[0].1);
        assert!(t.take().is_empty(), "take clears");
    }
}
