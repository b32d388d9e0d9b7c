//! Reports of a suite run: terminal tables, JSON, and JUnit XML for CI systems.

use std::collections::BTreeMap;
use std::fmt::Write;

use duet_core::DeviceInfo;
use serde::Serialize;

use crate::registry::Level;
use crate::run::{CaseResult, Status};

/// Per op family and device: (passed, total, skipped, worst error / bound, seconds).
type Tally = (usize, usize, usize, f64, f64);

/// A whole run.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// duet's version.
    pub duet_version: String,
    /// Suite level.
    pub level: Level,
    /// Whether WGSL ran with naga's runtime checks.
    pub checked_shaders: bool,
    /// The devices, in column order (the same physical GPU's wgpu and OpenCL devices adjacent).
    pub devices: Vec<DeviceInfo>,
    /// Backends that were asked for but missing (a failure).
    pub missing: Vec<String>,
    /// `(wgpu device, OpenCL device)` pairs that are one physical GPU.
    pub same_gpu: Vec<(String, String)>,
    /// Every case on every device.
    pub results: Vec<CaseResult>,
}

fn cell(r: &CaseResult) -> String {
    match r.status {
        Status::Pass => match r.worst_ratio {
            Some(q) if q > 0.0 => format!("ok {q:.2}"),
            _ => "ok exact".into(),
        },
        Status::Fail => "FAIL".into(),
        Status::Skip => "skip".into(),
    }
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl Report {
    /// True when nothing failed, no required backend is missing, and at least one case passed
    /// (a run that checked nothing is not a success).
    pub fn passed(&self) -> bool {
        self.missing.is_empty()
            && self.results.iter().all(|r| r.status != Status::Fail)
            && self.results.iter().any(|r| r.status == Status::Pass)
    }

    /// Counts of (pass, fail, skip).
    pub fn counts(&self) -> (usize, usize, usize) {
        let c = |s| self.results.iter().filter(|r| r.status == s).count();
        (c(Status::Pass), c(Status::Fail), c(Status::Skip))
    }

    fn columns(&self) -> Vec<&str> {
        self.devices.iter().map(|d| d.name.as_str()).collect()
    }

    /// Per op family and device: passed/total, the worst error as a fraction of its bound, and
    /// the time spent.
    pub fn summary_table(&self) -> String {
        let cols = self.columns();
        let mut fams: BTreeMap<&str, BTreeMap<&str, Tally>> = BTreeMap::new();
        for r in &self.results {
            let e = fams
                .entry(r.family.as_str())
                .or_default()
                .entry(r.device.as_str())
                .or_default();
            e.1 += 1;
            match r.status {
                Status::Pass => e.0 += 1,
                Status::Skip => e.2 += 1,
                Status::Fail => {}
            }
            if let Some(q) = r.worst_ratio
                && q.is_finite()
            {
                e.3 = e.3.max(q);
            }
            e.4 += r.seconds;
        }
        let width = 26;
        let mut out = String::new();
        let _ = write!(out, "{:<8}", "op");
        for c in &cols {
            let _ = write!(out, " | {c:<width$}");
        }
        out.push('\n');
        let _ = write!(out, "{:-<8}", "");
        for _ in &cols {
            let _ = write!(out, "-+-{:-<width$}", "");
        }
        out.push('\n');
        for (fam, per) in &fams {
            let _ = write!(out, "{fam:<8}");
            for c in &cols {
                let text = match per.get(c) {
                    Some((pass, total, skip, worst, secs)) => {
                        let skip = if *skip > 0 {
                            format!(" ({skip} skip)")
                        } else {
                            String::new()
                        };
                        format!("{pass}/{total}{skip} ≤{worst:.2}b {secs:.1}s")
                    }
                    None => "—".into(),
                };
                let _ = write!(out, " | {text:<width$}");
            }
            out.push('\n');
        }
        out.push_str("≤Xb: worst error as a fraction of its bound (exact ops: 0); s: wall time\n");
        out
    }

    /// One row per case: each device's verdict and worst error / bound.
    pub fn case_table(&self) -> String {
        let cols = self.columns();
        let mut rows: BTreeMap<&str, BTreeMap<&str, &CaseResult>> = BTreeMap::new();
        let mut order: Vec<&str> = Vec::new();
        for r in &self.results {
            if !rows.contains_key(r.case.as_str()) {
                order.push(r.case.as_str());
            }
            rows.entry(r.case.as_str())
                .or_default()
                .insert(r.device.as_str(), r);
        }
        let name_w = order
            .iter()
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(4)
            .min(60);
        let mut out = String::new();
        let _ = write!(out, "{:<name_w$}", "case");
        for c in &cols {
            let _ = write!(out, " | {c:<12}");
        }
        out.push('\n');
        for case in order {
            let _ = write!(out, "{case:<name_w$}");
            for c in &cols {
                let text = rows[case].get(c).map_or("—".to_string(), |r| cell(r));
                let _ = write!(out, " | {text:<12}");
            }
            out.push('\n');
        }
        out
    }

    /// Every failure (and skip) with its error and worst input.
    pub fn problems(&self) -> String {
        let mut out = String::new();
        for m in &self.missing {
            let _ = writeln!(out, "MISSING {m}");
        }
        for r in self.results.iter().filter(|r| r.status != Status::Pass) {
            let tag = if r.status == Status::Fail {
                "FAIL"
            } else {
                "SKIP"
            };
            let _ = writeln!(out, "{tag} [{}] {}", r.device, r.case);
            for (label, v) in [
                ("error", &r.error),
                ("worst", &r.worst_input),
                ("note", &r.note),
            ] {
                if let Some(v) = v {
                    let _ = writeln!(out, "      {label}: {v}");
                }
            }
        }
        out
    }

    /// Observations worth reporting per device (subnormal handling, training accuracy).
    pub fn notes(&self) -> String {
        let mut out = String::new();
        for r in self.results.iter().filter(|r| r.status == Status::Pass) {
            if let Some(n) = &r.note {
                let _ = writeln!(out, "[{}] {}: {n}", r.device, r.case);
            }
        }
        out
    }

    /// The report as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// The report as JUnit XML: one test suite per device, one test case per case.
    pub fn to_junit(&self) -> String {
        let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let (p, f, s) = self.counts();
        let _ = writeln!(
            out,
            "<testsuites name=\"duet conform\" tests=\"{}\" failures=\"{}\" skipped=\"{}\">",
            p + f + s,
            f + self.missing.len(),
            s
        );
        for m in &self.missing {
            let _ = writeln!(
                out,
                "  <testsuite name=\"{}\" tests=\"1\" failures=\"1\">\n    <testcase name=\"backend available\" classname=\"duet.required\"><failure message=\"{}\"/></testcase>\n  </testsuite>",
                xml(m),
                xml(m)
            );
        }
        for d in &self.devices {
            let rs: Vec<&CaseResult> = self.results.iter().filter(|r| r.device == d.name).collect();
            let fails = rs.iter().filter(|r| r.status == Status::Fail).count();
            let skips = rs.iter().filter(|r| r.status == Status::Skip).count();
            let time: f64 = rs.iter().map(|r| r.seconds).sum();
            let _ = writeln!(
                out,
                "  <testsuite name=\"{} ({})\" tests=\"{}\" failures=\"{fails}\" skipped=\"{skips}\" time=\"{time:.3}\">",
                xml(&d.name),
                xml(&d.device),
                rs.len()
            );
            for r in rs {
                let _ = write!(
                    out,
                    "    <testcase name=\"{}\" classname=\"duet.{}\" time=\"{:.3}\"",
                    xml(&r.case),
                    xml(&r.family),
                    r.seconds
                );
                match r.status {
                    Status::Pass => out.push_str("/>\n"),
                    Status::Skip => {
                        let _ = writeln!(
                            out,
                            "><skipped message=\"{}\"/></testcase>",
                            xml(r.note.as_deref().unwrap_or(""))
                        );
                    }
                    Status::Fail => {
                        let _ = writeln!(
                            out,
                            "><failure message=\"{}\">{}</failure></testcase>",
                            xml(r.error.as_deref().unwrap_or("failed")),
                            xml(r.worst_input.as_deref().unwrap_or(""))
                        );
                    }
                }
            }
            out.push_str("  </testsuite>\n");
        }
        out.push_str("</testsuites>\n");
        out
    }
}
