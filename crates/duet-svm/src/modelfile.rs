//! LIBSVM's model file (`svm_save_model` / `svm_load_model`) for C-SVC with an RBF kernel, so
//! that a duet model runs in `svm-predict` and a LIBSVM model runs in duet.
//!
//! ```text
//! svm_type c_svc
//! kernel_type rbf
//! gamma 0.5
//! nr_class 2
//! total_sv 3
//! rho 0.1
//! label 1 -1
//! nr_sv 2 1
//! SV
//! 0.5 1:0.25 3:1
//! …
//! ```
//!
//! An `SV` line holds `nr_class − 1` coefficients, then the non-zero features as 1-based
//! `index:value`. Numbers are written in Rust's shortest round-trip form (LIBSVM writes
//! `%.17g` and `%.8g`; both read each other exactly). The first SV line always names the last
//! feature (`784:0` if it is zero), so the model's width survives the file; a model from
//! LIBSVM is as wide as its largest feature index. LIBSVM stores labels as integers: a
//! model whose labels are not integers is written with them as they are, which duet reads
//! back but LIBSVM would truncate. `probA`/`probB` lines (probability models) are accepted
//! and ignored; any other model (`svm_type` or `kernel_type` not `c_svc` / `rbf`), an unknown
//! header line, a missing field or a truncated file is an error naming the line.

use std::fmt::Write as _;
use std::path::Path;

use duet_core::{Error, Result};

use crate::model::SvmModel;

pub(crate) fn number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

/// The model as LIBSVM's model file text.
pub fn to_text(m: &SvmModel) -> String {
    let mut s = String::new();
    let join = |v: &mut dyn Iterator<Item = String>| v.collect::<Vec<_>>().join(" ");
    let _ = writeln!(s, "svm_type c_svc\nkernel_type rbf\ngamma {}", m.gamma);
    let _ = writeln!(s, "nr_class {}\ntotal_sv {}", m.nr_class(), m.total_sv());
    let _ = writeln!(s, "rho {}", join(&mut m.rho.iter().map(|r| format!("{r}"))));
    let _ = writeln!(
        s,
        "label {}",
        join(&mut m.labels.iter().map(|&l| number(l)))
    );
    let _ = writeln!(
        s,
        "nr_sv {}",
        join(&mut m.nr_sv.iter().map(|n| n.to_string()))
    );
    s.push_str("SV\n");
    for t in 0..m.total_sv() {
        let coefs = join(&mut m.sv_coef.iter().map(|row| format!("{}", row[t])));
        s.push_str(&coefs);
        for (c, &v) in m.sv[t * m.cols..(t + 1) * m.cols].iter().enumerate() {
            // The first SV also names the last feature, zero or not: the width survives.
            if v != 0.0 || (t == 0 && c + 1 == m.cols) {
                let _ = write!(s, " {}:{}", c + 1, v);
            }
        }
        s.push('\n');
    }
    s
}

/// Writes the model file atomically (a temporary file in the same directory, then a rename).
pub fn save(m: &SvmModel, path: &Path) -> Result<()> {
    write_atomic(path, to_text(m).as_bytes())
}

pub use duet_core::files::write_atomic;

/// Reads a model file.
pub fn load(path: &Path) -> Result<SvmModel> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::Data {
        source_name: path.display().to_string(),
        line: 0,
        column: 0,
        reason: format!("cannot read: {e}"),
    })?;
    parse(&text, &path.display().to_string())
}

/// Parses model file text; `source_name` names it in errors.
pub fn parse(text: &str, source_name: &str) -> Result<SvmModel> {
    let err = |line: usize, reason: String| Error::Data {
        source_name: source_name.to_string(),
        line,
        column: 0,
        reason,
    };
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    let (mut gamma, mut nr_class, mut total) = (None, None, None);
    let (mut rho, mut labels, mut nr_sv) = (None, None, None);
    let nums = |line: usize, what: &str, rest: &[&str]| -> Result<Vec<f64>> {
        rest.iter()
            .map(|w| {
                w.parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| err(line, format!("{what}: `{w}` is not a finite number")))
            })
            .collect()
    };
    let mut last = 0;
    loop {
        let Some((ln, l)) = lines.next() else {
            return Err(err(last, "truncated: no `SV` line".into()));
        };
        last = ln;
        if l.is_empty() {
            continue;
        }
        let words: Vec<&str> = l.split_whitespace().collect();
        let rest = &words[1..];
        match words[0] {
            "svm_type" if rest == ["c_svc"] => {}
            "svm_type" => {
                return Err(err(
                    ln,
                    format!("svm_type {}: duet reads c_svc models only", rest.join(" ")),
                ));
            }
            "kernel_type" if rest == ["rbf"] => {}
            "kernel_type" => {
                return Err(err(
                    ln,
                    format!("kernel_type {}: duet reads rbf models only", rest.join(" ")),
                ));
            }
            "gamma" => {
                let v = nums(ln, "gamma", rest)?;
                match v.as_slice() {
                    [g] if *g > 0.0 => gamma = Some(*g),
                    _ => return Err(err(ln, "gamma: expected one number > 0".into())),
                }
            }
            "nr_class" | "total_sv" => {
                let v: usize = rest
                    .first()
                    .and_then(|w| w.parse().ok())
                    .filter(|_| rest.len() == 1)
                    .ok_or_else(|| err(ln, format!("{}: expected one count", words[0])))?;
                if words[0] == "nr_class" {
                    nr_class = Some(v)
                } else {
                    total = Some(v)
                }
            }
            "rho" => rho = Some(nums(ln, "rho", rest)?),
            "label" => labels = Some(nums(ln, "label", rest)?),
            "nr_sv" => {
                let v: Option<Vec<usize>> = rest.iter().map(|w| w.parse().ok()).collect();
                nr_sv = Some(v.ok_or_else(|| err(ln, "nr_sv: expected counts".into()))?);
            }
            "probA" | "probB" | "degree" | "coef0" => {}
            "SV" => break,
            other => return Err(err(ln, format!("unknown header line `{other}`"))),
        }
    }
    fn need<T>(v: Option<T>, what: &str, source_name: &str, last: usize) -> Result<T> {
        v.ok_or_else(|| Error::Data {
            source_name: source_name.to_string(),
            line: last,
            column: 0,
            reason: format!("the header has no `{what}` line"),
        })
    }
    let gamma: f64 = need(gamma, "gamma", source_name, last)?;
    let k: usize = need(nr_class, "nr_class", source_name, last)?;
    let total: usize = need(total, "total_sv", source_name, last)?;
    let rho: Vec<f64> = need(rho, "rho", source_name, last)?;
    let labels: Vec<f64> = need(labels, "label", source_name, last)?;
    let nr_sv: Vec<usize> = need(nr_sv, "nr_sv", source_name, last)?;
    if k < 2 {
        return Err(err(
            last,
            format!("nr_class {k}: a model needs two classes or more"),
        ));
    }
    if rho.len() != k * (k - 1) / 2 || labels.len() != k || nr_sv.len() != k {
        return Err(err(
            last,
            format!(
                "the header disagrees with nr_class {k}: {} rho, {} labels, {} nr_sv values",
                rho.len(),
                labels.len(),
                nr_sv.len()
            ),
        ));
    }
    if nr_sv.iter().sum::<usize>() != total {
        return Err(err(
            last,
            format!(
                "nr_sv adds up to {}, total_sv is {total}",
                nr_sv.iter().sum::<usize>()
            ),
        ));
    }
    let mut sv_coef = vec![Vec::with_capacity(total); k - 1];
    let mut rows: Vec<Vec<(usize, f32)>> = Vec::with_capacity(total);
    let mut cols = 0usize;
    for (ln, l) in lines {
        if l.is_empty() {
            continue;
        }
        if rows.len() == total {
            return Err(err(ln, format!("more than total_sv = {total} SV lines")));
        }
        let toks = crate::data::tokens(l);
        if toks.len() < k - 1 {
            return Err(err(ln, format!("expected {} coefficients", k - 1)));
        }
        for (r, (_, w)) in toks[..k - 1].iter().enumerate() {
            let v = w
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| err(ln, format!("coefficient `{w}` is not a finite number")))?;
            sv_coef[r].push(v);
        }
        let (feats, max) = crate::data::parse_features(&toks[k - 1..], ln, source_name)?;
        cols = cols.max(max);
        rows.push(feats);
    }
    if rows.len() != total {
        return Err(err(
            last,
            format!("truncated: {} of total_sv = {total} SV lines", rows.len()),
        ));
    }
    let mut sv = vec![0.0f32; total * cols];
    for (t, feats) in rows.iter().enumerate() {
        for &(c, v) in feats {
            sv[t * cols + c - 1] = v;
        }
    }
    Ok(SvmModel {
        gamma,
        cols: cols.max(1),
        labels,
        nr_sv,
        sv: if cols == 0 { vec![0.0; total] } else { sv },
        sv_coef,
        rho,
        pairs: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model() -> SvmModel {
        SvmModel {
            gamma: 0.5,
            cols: 3,
            labels: vec![1.0, -1.0],
            nr_sv: vec![2, 1],
            sv: vec![0.25, 0.0, 1.0, 0.0, 0.0, 0.5, -1.5, 2.0, 0.125],
            sv_coef: vec![vec![0.75, 1.0, -1.75]],
            rho: vec![0.1],
            pairs: Vec::new(),
        }
    }

    #[test]
    fn a_model_survives_the_round_trip() {
        let m = model();
        let text = to_text(&m);
        assert!(
            text.contains("label 1 -1\nnr_sv 2 1\nSV\n0.75 1:0.25 3:1\n"),
            "{text}"
        );
        assert_eq!(parse(&text, "m").expect("parse"), m);
        // A last feature that is zero in every SV keeps the width.
        let wide = SvmModel {
            cols: 4,
            sv: m
                .sv
                .chunks(3)
                .flat_map(|r| r.iter().copied().chain([0.0]))
                .collect(),
            ..m
        };
        let text = to_text(&wide);
        assert!(
            text.contains("SV\n0.75 1:0.25 3:1 4:0\n1 3:0.5\n"),
            "{text}"
        );
        assert_eq!(parse(&text, "m").expect("parse"), wide);
    }

    #[test]
    fn bad_model_files_are_named() {
        let text = to_text(&model());
        for (bad, what) in [
            (text.replace("rbf", "linear"), "rbf models only"),
            (text.replace("c_svc", "nu_svc"), "c_svc models only"),
            (
                text.replace("gamma 0.5", "gamma x"),
                "`x` is not a finite number",
            ),
            (text.replace("gamma 0.5\n", ""), "no `gamma` line"),
            (
                text.replace("0.75 1:0.25", "0.75 3:0.25 1:"),
                "m:10:13: index 1 after index 3",
            ),
            (
                text.lines().take(10).collect::<Vec<_>>().join("\n"),
                "truncated: 1 of total_sv = 3",
            ),
            (
                text.lines().take(5).collect::<Vec<_>>().join("\n"),
                "no `SV` line",
            ),
            (
                text.replace("nr_class 2", "nr_class 2\nfoo 1"),
                "unknown header line `foo`",
            ),
            (text.replace("nr_sv 2 1", "nr_sv 2 2"), "adds up to 4"),
        ] {
            let e = parse(&bad, "m").expect_err(what);
            assert!(e.to_string().contains(what), "{what}: {e}");
        }
    }
}
