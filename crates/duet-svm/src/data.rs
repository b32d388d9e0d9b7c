//! Labelled data as SVM users have it: LIBSVM's sparse text format, CSV, and IDX (the format
//! of MNIST and Fashion-MNIST), all read into a dense row-major matrix.

use std::io::Read;
use std::path::Path;

use duet_core::{Error, Result};

/// Points and their labels.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelledData {
    /// `rows × cols` features, row-major.
    pub x: Vec<f32>,
    /// Number of points.
    pub rows: usize,
    /// Features per point.
    pub cols: usize,
    /// One label per point (any number; classes are the distinct values).
    pub y: Vec<f64>,
}

/// The file formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `label index:value …`, 1-based increasing indices, absent features 0.
    Libsvm,
    /// Comma-separated numbers, the label in the last column; a first line with a cell that is
    /// not a number is a header.
    Csv,
    /// An IDX image file (`…-images-idx3-ubyte`, optionally gzipped) and its labels file (the
    /// same name with `labels-idx1`): pixels as features 0–255.
    Idx,
}

impl std::str::FromStr for Format {
    type Err = Error;
    fn from_str(s: &str) -> Result<Format> {
        match s {
            "libsvm" => Ok(Format::Libsvm),
            "csv" => Ok(Format::Csv),
            "idx" => Ok(Format::Idx),
            other => Err(Error::invalid(
                "format",
                other,
                "expected libsvm, csv or idx",
            )),
        }
    }
}

impl Format {
    /// The format a file name suggests: `.csv` → CSV, `idx` in the name → IDX, else LIBSVM.
    pub fn guess(path: &Path) -> Format {
        let name = path.to_string_lossy().to_lowercase();
        if name.ends_with(".csv") || name.ends_with(".csv.gz") {
            Format::Csv
        } else if name.contains("idx") {
            Format::Idx
        } else {
            Format::Libsvm
        }
    }
}

fn data_err(source: &str, line: usize, column: usize, reason: impl Into<String>) -> Error {
    Error::Data {
        source_name: source.to_string(),
        line,
        column,
        reason: reason.into(),
    }
}

/// Reads a file in `format`.
pub fn read(path: &Path, format: Format) -> Result<LabelledData> {
    let name = path.display().to_string();
    match format {
        Format::Idx => read_idx(path, &idx_labels_path(path)?),
        Format::Libsvm | Format::Csv => {
            let bytes = read_bytes(path)?;
            let text = String::from_utf8(bytes)
                .map_err(|e| data_err(&name, 0, 0, format!("not UTF-8 text: {e}")))?;
            match format {
                Format::Libsvm => parse_libsvm(&text, &name),
                _ => parse_csv(&text, &name),
            }
        }
    }
}

/// A file's bytes, gunzipped when it starts with gzip's magic.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>> {
    let name = path.display().to_string();
    let raw =
        std::fs::read(path).map_err(|e| data_err(&name, 0, 0, format!("cannot read: {e}")))?;
    if raw.starts_with(&[0x1f, 0x8b]) {
        let mut out = Vec::new();
        flate2::read::MultiGzDecoder::new(&raw[..])
            .read_to_end(&mut out)
            .map_err(|e| data_err(&name, 0, 0, format!("bad gzip data: {e}")))?;
        Ok(out)
    } else {
        Ok(raw)
    }
}

/// The whitespace-separated tokens of a line with their 1-based character columns.
pub fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (at, ch) in line.char_indices() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some(at),
            (true, Some(s)) => {
                out.push((s, &line[s..at]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &line[s..]));
    }
    out.into_iter()
        .map(|(s, t)| (line[..s].chars().count() + 1, t))
        .collect()
}

/// Parses `index:value` tokens (1-based, strictly increasing indices, finite values): the
/// features and the largest index.
pub fn parse_features(
    toks: &[(usize, &str)],
    line: usize,
    source: &str,
) -> Result<(Vec<(usize, f32)>, usize)> {
    let mut out = Vec::with_capacity(toks.len());
    let mut last = 0usize;
    for &(col, tok) in toks {
        let (i, v) = tok
            .split_once(':')
            .ok_or_else(|| data_err(source, line, col, format!("`{tok}` is not index:value")))?;
        let i: usize = i.parse().map_err(|_| {
            data_err(
                source,
                line,
                col,
                format!("index `{i}` is not a whole number"),
            )
        })?;
        if i == 0 {
            return Err(data_err(
                source,
                line,
                col,
                "indices start at 1 (index 0 found)",
            ));
        }
        if i <= last {
            return Err(data_err(
                source,
                line,
                col,
                format!("index {i} after index {last}: indices must increase"),
            ));
        }
        let v: f32 = v
            .parse()
            .ok()
            .filter(|v: &f32| v.is_finite())
            .ok_or_else(|| {
                data_err(
                    source,
                    line,
                    col,
                    format!("value `{v}` is not a finite number"),
                )
            })?;
        out.push((i, v));
        last = i;
    }
    Ok((out, last))
}

fn check_not_empty(d: LabelledData, source: &str) -> Result<LabelledData> {
    if d.rows == 0 {
        return Err(data_err(source, 0, 0, "no data: the file holds no points"));
    }
    Ok(d)
}

fn parse_label(tok: &str, line: usize, col: usize, source: &str) -> Result<f64> {
    tok.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| {
            data_err(
                source,
                line,
                col,
                format!("label `{tok}` is not a finite number"),
            )
        })
}

/// Parses LIBSVM's sparse format into a dense matrix as wide as the largest index.
pub fn parse_libsvm(text: &str, source: &str) -> Result<LabelledData> {
    let mut rows: Vec<Vec<(usize, f32)>> = Vec::new();
    let mut y = Vec::new();
    let mut cols = 0;
    for (ln, line) in text.lines().enumerate() {
        let toks = tokens(line);
        let Some(&(col, label)) = toks.first() else {
            continue;
        };
        y.push(parse_label(label, ln + 1, col, source)?);
        let (f, max) = parse_features(&toks[1..], ln + 1, source)?;
        cols = cols.max(max);
        rows.push(f);
    }
    let cols = cols.max(1);
    let mut x = vec![0.0f32; rows.len() * cols];
    for (t, f) in rows.iter().enumerate() {
        for &(c, v) in f {
            x[t * cols + c - 1] = v;
        }
    }
    check_not_empty(
        LabelledData {
            x,
            rows: rows.len(),
            cols,
            y,
        },
        source,
    )
}

/// Parses CSV with duet-core's reader ([`duet_core::data::csv_rows`]: a first line none of
/// whose cells is a number is a header; errors name the line and cell): comma-separated
/// numbers, the label (any finite number) last.
pub fn parse_csv(text: &str, source: &str) -> Result<LabelledData> {
    let (mut x, mut y) = (Vec::new(), Vec::new());
    let shape =
        duet_core::data::csv_rows(text, source, duet_core::data::Header::Auto, |ln, cells| {
            let n = cells.len();
            for (c, cell) in cells[..n - 1].iter().enumerate() {
                x.push(duet_core::data::csv_feature(cell, source, ln, c + 1)?);
            }
            y.push(parse_label(cells[n - 1], ln, n, source)?);
            Ok(())
        })?;
    let cols = shape.width.map_or(1, |w| w - 1);
    check_not_empty(
        LabelledData {
            rows: y.len(),
            x,
            cols,
            y,
        },
        source,
    )
}

/// The labels file next to an IDX image file: `images-idx3` → `labels-idx1` in the name.
pub fn idx_labels_path(images: &Path) -> Result<std::path::PathBuf> {
    let name = images
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if !name.contains("images-idx3") {
        return Err(data_err(
            &images.display().to_string(),
            0,
            0,
            "an IDX image file's name holds `images-idx3` (its labels file: `labels-idx1`)",
        ));
    }
    Ok(images.with_file_name(name.replace("images-idx3", "labels-idx1")))
}

fn be32(b: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// Reads IDX images (magic 0x803, u8 pixels) and labels (magic 0x801, u8 labels).
pub fn read_idx(images: &Path, labels: &Path) -> Result<LabelledData> {
    let (iname, lname) = (images.display().to_string(), labels.display().to_string());
    let ib = read_bytes(images)?;
    let lb = read_bytes(labels)?;
    if ib.len() < 16 || be32(&ib, 0) != 0x803 {
        return Err(data_err(
            &iname,
            0,
            0,
            "not an IDX image file (magic 0x00000803)",
        ));
    }
    if lb.len() < 8 || be32(&lb, 0) != 0x801 {
        return Err(data_err(
            &lname,
            0,
            0,
            "not an IDX label file (magic 0x00000801)",
        ));
    }
    let (n, h, w) = (
        be32(&ib, 4) as usize,
        be32(&ib, 8) as usize,
        be32(&ib, 12) as usize,
    );
    let cols = h * w;
    if ib.len() != 16 + n * cols {
        return Err(data_err(
            &iname,
            0,
            0,
            format!(
                "{n} images of {h} × {w} need {} bytes, the file has {}",
                16 + n * cols,
                ib.len()
            ),
        ));
    }
    let ln = be32(&lb, 4) as usize;
    if ln != n || lb.len() != 8 + n {
        return Err(data_err(
            &lname,
            0,
            0,
            format!("{ln} labels in {} bytes for {n} images", lb.len()),
        ));
    }
    let x = ib[16..].iter().map(|&p| p as f32).collect();
    let y = lb[8..].iter().map(|&l| l as f64).collect();
    check_not_empty(
        LabelledData {
            x,
            rows: n,
            cols,
            y,
        },
        &iname,
    )
}

impl LabelledData {
    /// The first `n` points (all if fewer).
    pub fn head(&self, n: usize) -> LabelledData {
        let n = n.min(self.rows);
        LabelledData {
            x: self.x[..n * self.cols].to_vec(),
            rows: n,
            cols: self.cols,
            y: self.y[..n].to_vec(),
        }
    }

    /// Only the points whose label is in `keep`.
    pub fn only(&self, keep: &[f64]) -> LabelledData {
        let idx: Vec<usize> = (0..self.rows)
            .filter(|&t| keep.contains(&self.y[t]))
            .collect();
        LabelledData {
            x: idx
                .iter()
                .flat_map(|&t| self.x[t * self.cols..(t + 1) * self.cols].iter().copied())
                .collect(),
            rows: idx.len(),
            cols: self.cols,
            y: idx.iter().map(|&t| self.y[t]).collect(),
        }
    }

    /// The same points in LIBSVM's sparse format (zeros left out).
    pub fn to_libsvm(&self) -> String {
        let mut s = String::new();
        for t in 0..self.rows {
            s.push_str(&crate::modelfile::number(self.y[t]));
            for (c, &v) in self.x[t * self.cols..(t + 1) * self.cols]
                .iter()
                .enumerate()
            {
                if v != 0.0 {
                    s.push_str(&format!(" {}:{}", c + 1, v));
                }
            }
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn libsvm_text_is_read_dense() {
        let d = parse_libsvm("1 1:0.5 3:2\n\n-1 2:1\n", "t").expect("parse");
        assert_eq!((d.rows, d.cols), (2, 3));
        assert_eq!(d.x, vec![0.5, 0.0, 2.0, 0.0, 1.0, 0.0]);
        assert_eq!(d.y, vec![1.0, -1.0]);
        assert_eq!(parse_libsvm(&d.to_libsvm(), "t").expect("again"), d);
    }

    #[test]
    fn bad_libsvm_text_names_line_and_column() {
        for (text, what) in [
            ("1 1:0.5\n1 3:1 2:1\n", "t:2:7: index 2 after index 3"),
            ("1 0:1\n", "t:1:3: indices start at 1"),
            ("x 1:1\n", "t:1:1: label `x`"),
            ("1 1:nan\n", "t:1:3: value `nan`"),
            ("1 1=2\n", "t:1:3: `1=2` is not index:value"),
            ("\n\n", "no data"),
        ] {
            let e = parse_libsvm(text, "t").expect_err(what);
            assert!(e.to_string().contains(what), "{what}: {e}");
        }
    }

    #[test]
    fn csv_takes_the_last_column_as_label() {
        let d = parse_csv("a,b,label\n1,2,3\n4,5,6\n", "c").expect("parse");
        assert_eq!((d.rows, d.cols, d.y.clone()), (2, 2, vec![3.0, 6.0]));
        let e = parse_csv("1,2,3\n4,x,6\n", "c").expect_err("bad cell");
        assert!(e.to_string().contains("c:2:2"), "{e}");
        let e = parse_csv("1,2,3\n4,6\n", "c").expect_err("width");
        assert!(
            e.to_string()
                .contains("2 columns, but the first data row has 3"),
            "{e}"
        );
        // A first row with one bad cell is a data row with an error, never a header dropped.
        let e = parse_csv("1,x,3\n4,5,6\n", "c").expect_err("bad first row");
        assert_eq!(e.to_string(), "c:1:2: `x` is not a number");
        let e = parse_csv("1;2;3\n", "c").expect_err("semicolons");
        assert!(e.to_string().contains("separated by ';'"), "{e}");
    }

    #[test]
    fn idx_files_are_read() {
        let dir = std::env::temp_dir().join(format!("duet-idx-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let images = dir.join("t-images-idx3-ubyte");
        let mut ib = vec![0, 0, 8, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 2];
        ib.extend([1, 2, 3, 255]);
        std::fs::write(&images, &ib).expect("write");
        std::fs::write(
            dir.join("t-labels-idx1-ubyte"),
            [0, 0, 8, 1, 0, 0, 0, 2, 7, 9],
        )
        .expect("write");
        let d = read(&images, Format::Idx).expect("read");
        assert_eq!((d.rows, d.cols, d.y.clone()), (2, 2, vec![7.0, 9.0]));
        assert_eq!(d.x, vec![1.0, 2.0, 3.0, 255.0]);
        std::fs::write(
            dir.join("t-labels-idx1-ubyte"),
            [0, 0, 8, 1, 0, 0, 0, 3, 7, 9, 1],
        )
        .expect("write");
        let e = read(&images, Format::Idx).expect_err("count");
        assert!(e.to_string().contains("3 labels"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
