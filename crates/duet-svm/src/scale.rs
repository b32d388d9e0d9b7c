//! Feature scaling as `svm-scale` does it: each feature mapped linearly from its training
//! range `[min, max]` onto `[lower, upper]`; a feature that is constant in the training data
//! becomes 0 (svm-scale leaves it out of its sparse output). The ranges are saved in
//! svm-scale's range-file format (`svm-scale -r FILE` reads it), so prediction, in duet or in
//! LIBSVM, applies the same scaling.

use std::fmt::Write as _;
use std::path::Path;

use duet_core::{Error, Result};

/// Per-feature training ranges and the target interval.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Scaling {
    /// The target interval's lower end.
    pub lower: f64,
    /// Its upper end.
    pub upper: f64,
    /// Per feature `(min, max)` over the training data.
    pub ranges: Vec<(f64, f64)>,
}

impl Scaling {
    /// The ranges of `x` (`rows × cols`, row-major), to map onto `[lower, upper]`.
    pub fn fit(x: &[f32], cols: usize, lower: f64, upper: f64) -> Result<Scaling> {
        if !(lower.is_finite() && upper.is_finite() && lower < upper) {
            return Err(Error::invalid(
                "scale",
                format!("[{lower}, {upper}]"),
                "needs finite lower < upper",
            ));
        }
        let mut ranges = vec![(f64::INFINITY, f64::NEG_INFINITY); cols];
        for row in x.chunks(cols.max(1)) {
            for (r, &v) in ranges.iter_mut().zip(row) {
                r.0 = r.0.min(v as f64);
                r.1 = r.1.max(v as f64);
            }
        }
        Ok(Scaling {
            lower,
            upper,
            ranges,
        })
    }

    /// Scales `x` (`cols` ≤ the fitted features; features beyond the fitted ones are zeros).
    pub fn apply(&self, x: &mut [f32], cols: usize) {
        for row in x.chunks_mut(cols.max(1)) {
            for (v, &(lo, hi)) in row.iter_mut().zip(&self.ranges) {
                *v = self.map(*v as f64, lo, hi) as f32;
            }
        }
    }

    fn map(&self, v: f64, lo: f64, hi: f64) -> f64 {
        if hi <= lo {
            0.0
        } else if v == lo {
            self.lower
        } else if v == hi {
            self.upper
        } else {
            self.lower + (self.upper - self.lower) * (v - lo) / (hi - lo)
        }
    }

    /// svm-scale's range file.
    pub fn to_text(&self) -> String {
        let mut s = format!("x\n{} {}\n", self.lower, self.upper);
        for (i, &(lo, hi)) in self.ranges.iter().enumerate() {
            if hi > lo {
                let _ = writeln!(s, "{} {} {}", i + 1, lo, hi);
            }
        }
        s
    }

    /// Saves the range file atomically.
    pub fn save(&self, path: &Path) -> Result<()> {
        crate::modelfile::write_atomic(path, self.to_text().as_bytes())
    }

    /// Reads a range file written by duet or `svm-scale -s` (feature scaling only, no `y`
    /// section); `cols` is the number of features of the model.
    pub fn load(path: &Path, cols: usize) -> Result<Scaling> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| Error::Data {
            source_name: name.clone(),
            line: 0,
            column: 0,
            reason: format!("cannot read: {e}"),
        })?;
        Self::parse(&text, &name, cols)
    }

    /// Parses a range file.
    pub fn parse(text: &str, name: &str, cols: usize) -> Result<Scaling> {
        let err = |line: usize, reason: &str| Error::Data {
            source_name: name.to_string(),
            line,
            column: 0,
            reason: reason.to_string(),
        };
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
        match lines.next() {
            Some((_, "x")) => {}
            _ => {
                return Err(err(
                    1,
                    "a range file starts with `x` (y scaling is not supported)",
                ));
            }
        }
        let nums = |l: &str| -> Option<Vec<f64>> {
            l.split_whitespace().map(|w| w.parse().ok()).collect()
        };
        let (lower, upper) = match lines.next().and_then(|(_, l)| nums(l)) {
            Some(v) if v.len() == 2 && v[0] < v[1] => (v[0], v[1]),
            _ => return Err(err(2, "expected `lower upper` with lower < upper")),
        };
        // Features the file does not list are constant: they map to 0.
        let mut ranges = vec![(0.0, 0.0); cols];
        for (ln, l) in lines {
            if l.is_empty() {
                continue;
            }
            match nums(l).as_deref() {
                Some(&[i, lo, hi]) if i >= 1.0 && i.fract() == 0.0 && lo <= hi => {
                    let i = i as usize;
                    if i > cols {
                        ranges.resize(i, (0.0, 0.0));
                    }
                    ranges[i - 1] = (lo, hi);
                }
                _ => return Err(err(ln, "expected `index min max`")),
            }
        }
        Ok(Scaling {
            lower,
            upper,
            ranges,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scaling_maps_ranges_and_round_trips() {
        let x = [0.0f32, 5.0, 10.0, 5.0, 5.0, 5.0];
        let s = Scaling::fit(&x, 2, -1.0, 1.0).expect("fit");
        let mut y = x;
        s.apply(&mut y, 2);
        assert_eq!(y, [-1.0, 0.0, 1.0, 0.0, 0.0, 0.0]);
        let back = Scaling::parse(&s.to_text(), "r", 2).expect("parse");
        assert_eq!(
            back,
            Scaling {
                ranges: vec![(0.0, 10.0), (0.0, 0.0)],
                ..s.clone()
            }
        );
        assert!(Scaling::fit(&x, 2, 1.0, 1.0).is_err());
        assert!(Scaling::parse("y\n0 1\n", "r", 2).is_err());
    }
}
