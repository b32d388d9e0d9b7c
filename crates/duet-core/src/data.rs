//! Data for the ops: the seeds' synthetic problems and CSV loading.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rand_distr::{Distribution, StandardNormal};

use crate::error::{Error, Result};

/// A labelled dataset, row-major.
#[derive(Debug, Clone, PartialEq)]
pub struct Dataset {
    /// `rows × cols` features, row-major.
    pub x: Vec<f32>,
    /// One 0/1 label per row.
    pub y: Vec<f32>,
    /// Number of examples.
    pub rows: usize,
    /// Number of features.
    pub cols: usize,
}

/// The seed's default problem size (seed 001): 2048 examples of 8 features.
pub const SEED_ROWS: usize = 2048;
/// See [`SEED_ROWS`].
pub const SEED_COLS: usize = 8;
/// The fixed seed of [`blobs`] when none is given.
pub const DEFAULT_SEED: u64 = 20_160_616;

/// Two multivariate normal blobs (seed 001's training set): rows alternate between class 0,
/// centred at `−μ`, and class 1, centred at `+μ`, with `μ` along `(1, …, 1)`, sharing a
/// covariance `A Aᵀ` with `A = I + 0.3·N(0,1)/√k`. Each centre lies 2.5 noise standard
/// deviations (measured along `μ`) from the hyperplane through the origin normal to `μ`, so that
/// classifier is right 99.4% of the time (Φ(2.5)): logistic regression without an intercept can
/// reach at least that.
pub fn blobs(rows: usize, cols: usize, seed: u64) -> Dataset {
    let mut rng = StdRng::seed_from_u64(seed);
    let k = cols.max(1) as f64;
    let mut a = vec![0.0f64; cols * cols];
    for (i, v) in a.iter_mut().enumerate() {
        let n: f64 = StandardNormal.sample(&mut rng);
        *v = 0.3 * n / k.sqrt() + if i / cols == i % cols { 1.0 } else { 0.0 };
    }
    // Scale so that the projection of the noise on μ has unit variance.
    let u: Vec<f64> = vec![1.0 / k.sqrt(); cols];
    let at_u: Vec<f64> = (0..cols)
        .map(|j| (0..cols).map(|i| a[i * cols + j] * u[i]).sum())
        .collect();
    let spread = at_u.iter().map(|v| v * v).sum::<f64>().sqrt().max(1e-12);
    let mu = 2.5 / spread;
    // The noise is drawn row by row in one stream (the values do not depend on the machine),
    // a block of rows at a time; the products A·z of a block are shared among the host's cores
    // (each row summed in the same order as on one core).
    const BLOCK: usize = 4096;
    let mut x = vec![0.0f32; rows * cols];
    let y: Vec<f32> = (0..rows).map(|r| (r % 2) as f32).collect();
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    let mut z = vec![0.0f64; BLOCK * cols];
    for (b, xb) in x.chunks_mut(BLOCK * cols.max(1)).enumerate() {
        let n = xb.len() / cols.max(1);
        for v in z[..n * cols].iter_mut() {
            *v = StandardNormal.sample(&mut rng);
        }
        let per = n.div_ceil(threads).max(1);
        let (a, u, z) = (&a, &u, &z);
        std::thread::scope(|sc| {
            for (c, part) in xb.chunks_mut(per * cols.max(1)).enumerate() {
                sc.spawn(move || {
                    for (q, row) in part.chunks_mut(cols.max(1)).enumerate() {
                        let r = b * BLOCK + c * per + q;
                        let label = (r % 2) as f64;
                        let zr = &z[(c * per + q) * cols..(c * per + q + 1) * cols];
                        for (i, out) in row.iter_mut().enumerate() {
                            let noise: f64 = (0..cols).map(|j| a[i * cols + j] * zr[j]).sum();
                            let centre = (2.0 * label - 1.0) * mu * u[i];
                            *out = (centre + noise) as f32;
                        }
                    }
                });
            }
        });
    }
    Dataset { x, y, rows, cols }
}

/// `n` uniform random values in `[lo, hi)` from a fixed seed.
pub fn uniform(n: usize, lo: f32, hi: f32, seed: u64) -> Vec<f32> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..n).map(|_| rng.random_range(lo..hi)).collect()
}

/// `n` standard normal values from a fixed seed. The values come in chunks of
/// [`NORMAL_CHUNK`], each from its own generator (the first seeded with `seed` itself, so a
/// vector of one chunk or less is one generator's stream), filled on all cores: the result
/// depends on `n` and `seed` only, not on the number of threads. (Benchmark and tuner inputs
/// reach 2 GiB; one generator takes ~10 s for them.)
pub fn normal(n: usize, seed: u64) -> Vec<f32> {
    let chunks = crate::reference::par_tasks(n, NORMAL_CHUNK, |range| {
        let chunk = (range.start / NORMAL_CHUNK) as u64;
        let chunk_seed = if chunk == 0 {
            seed
        } else {
            // splitmix64 of the chunk index: well-separated seeds for neighbouring chunks.
            let mut z = chunk.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            seed ^ z ^ (z >> 31)
        };
        let mut rng = StdRng::seed_from_u64(chunk_seed);
        range
            .map(|_| {
                let x: f64 = StandardNormal.sample(&mut rng);
                x as f32
            })
            .collect::<Vec<f32>>()
    });
    chunks.concat()
}

/// The chunk of [`normal`]: values per generator.
pub const NORMAL_CHUNK: usize = 1 << 20;

/// Whether the first non-blank line of a CSV file is a header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Header {
    /// The first line is a header, and is skipped whatever it holds.
    Yes,
    /// Every line is data: a first line that does not parse is an error naming its cell.
    No,
    /// The first line is a header when none of its cells is a number, or when some are not and
    /// it has another number of cells than the next line (scikit-learn's files begin with
    /// `569,30,malignant,benign`). A data row with one bad cell has the data's width, so it is
    /// an error, not a silently dropped header.
    #[default]
    Auto,
}

impl std::str::FromStr for Header {
    type Err = Error;
    fn from_str(s: &str) -> Result<Header> {
        match s {
            "yes" => Ok(Header::Yes),
            "no" => Ok(Header::No),
            "auto" => Ok(Header::Auto),
            other => Err(Error::invalid("header", other, "expected yes, no or auto")),
        }
    }
}

/// A parsed CSV file and what the parser decided about it.
#[derive(Debug, Clone, PartialEq)]
pub struct CsvData {
    /// The examples.
    pub data: Dataset,
    /// The header line that was skipped, if any (its 1-based line number and text).
    pub header: Option<(usize, String)>,
}

/// Parses CSV text with [`Header::Auto`]; see [`parse_csv_with`].
pub fn parse_csv(text: &str, source_name: &str) -> Result<Dataset> {
    parse_csv_with(text, source_name, Header::Auto).map(|c| c.data)
}

/// What [`csv_rows`] found besides the rows.
#[derive(Debug, Clone, PartialEq)]
pub struct CsvShape {
    /// Cells per row (label included), or `None` when there was no data row.
    pub width: Option<usize>,
    /// The header line that was skipped, if any (its 1-based line number and text).
    pub header: Option<(usize, String)>,
}

/// Splits CSV text into rows of trimmed cells and hands each to `row` with its 1-based line
/// number: the one CSV reader behind [`parse_csv_with`] (logistic regression) and duet-svm's.
/// A UTF-8 byte-order mark and blank lines are skipped; `header` says whether the first
/// non-blank line is a header (see [`Header::Auto`]: a first data row with a bad cell is an
/// error, never dropped). Errors name the line of a line separated by `;`, tabs or `|` instead
/// of commas, a row of fewer than two cells (a feature and a label), and a row whose width
/// differs from the first data row's; `row`'s own errors pass through.
pub fn csv_rows(
    text: &str,
    source_name: &str,
    header: Header,
    mut row: impl FnMut(usize, &[&str]) -> Result<()>,
) -> Result<CsvShape> {
    let err = |line: usize, reason: String| Error::Data {
        source_name: source_name.to_string(),
        line,
        column: 0,
        reason,
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut shape = CsvShape {
        width: None,
        header: None,
    };
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, raw)| (i + 1, raw.trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    let width_of = |k: usize| lines.get(k).map(|(_, l)| l.split(',').count());
    for (k, &(line_no, line)) in lines.iter().enumerate() {
        let cells: Vec<&str> = line.split(',').map(str::trim).collect();
        if cells.len() == 1
            && let Some(sep) = [';', '\t', '|'].into_iter().find(|&c| line.contains(c))
        {
            return Err(err(
                line_no,
                format!(
                    "line {line_no} is not comma-separated numbers (it is separated by {sep:?})"
                ),
            ));
        }
        if k == 0 {
            let words = cells.iter().filter(|c| c.parse::<f64>().is_err()).count();
            let is_header = match header {
                Header::Yes => true,
                Header::No => false,
                // No number at all, or some words and another width than the next line's
                // (scikit-learn's files start with `569,30,malignant,benign`). A first data row
                // with a bad cell has the data's width: it is an error, never dropped.
                Header::Auto => {
                    words == cells.len() || (words > 0 && width_of(1) != Some(cells.len()))
                }
            };
            if is_header {
                shape.header = Some((line_no, line.to_string()));
                continue;
            }
        }
        match shape.width {
            None => {
                if cells.len() < 2 {
                    return Err(err(
                        line_no,
                        format!(
                            "{} column(s); need at least one feature and a label",
                            cells.len()
                        ),
                    ));
                }
                shape.width = Some(cells.len());
            }
            Some(w) if w != cells.len() => {
                return Err(err(
                    line_no,
                    format!("{} columns, but the first data row has {w}", cells.len()),
                ));
            }
            Some(_) => {}
        }
        row(line_no, &cells)?;
    }
    Ok(shape)
}

/// The feature in `cell` (line `line`, 1-based column `column` of `source_name`): a finite
/// `f32`, or an error that names the cell.
pub fn csv_feature(cell: &str, source_name: &str, line: usize, column: usize) -> Result<f32> {
    let err = |reason: String| Error::Data {
        source_name: source_name.to_string(),
        line,
        column,
        reason,
    };
    let v: f32 = cell
        .parse()
        .map_err(|_| err(format!("`{cell}` is not a number")))?;
    if v.is_finite() {
        Ok(v)
    } else {
        Err(err(format!("`{cell}` is not finite")))
    }
}

/// Parses CSV text ([`csv_rows`]): one example per line, comma-separated numbers, the last
/// column the 0/1 label. Errors name the line and column of the bad cell, a label that is not
/// 0 or 1, and an input with no data (besides [`csv_rows`]'s).
pub fn parse_csv_with(text: &str, source_name: &str, header: Header) -> Result<CsvData> {
    let mut x = Vec::new();
    let mut y = Vec::new();
    let shape = csv_rows(text, source_name, header, |line_no, cells| {
        let last = cells.len() - 1;
        for (c, cell) in cells.iter().enumerate() {
            let v = csv_feature(cell, source_name, line_no, c + 1)?;
            if c == last {
                if v != 0.0 && v != 1.0 {
                    return Err(Error::Data {
                        source_name: source_name.to_string(),
                        line: line_no,
                        column: c + 1,
                        reason: format!("label `{cell}` is not 0 or 1"),
                    });
                }
                y.push(v);
            } else {
                x.push(v);
            }
        }
        Ok(())
    })?;
    let cols = match shape.width {
        Some(w) => w - 1,
        None => {
            let why = match &shape.header {
                Some((l, _)) => format!("no data rows (line {l} was taken as the header)"),
                None => "no data rows".into(),
            };
            return Err(Error::Data {
                source_name: source_name.to_string(),
                line: 0,
                column: 0,
                reason: why,
            });
        }
    };
    Ok(CsvData {
        data: Dataset {
            rows: y.len(),
            cols,
            x,
            y,
        },
        header: shape.header,
    })
}

/// Reads and parses a CSV file with [`Header::Auto`] (see [`parse_csv_with`]).
pub fn read_csv(path: &std::path::Path) -> Result<Dataset> {
    read_csv_with(path, Header::Auto).map(|c| c.data)
}

/// Reads and parses a CSV file (see [`parse_csv_with`]).
pub fn read_csv_with(path: &std::path::Path, header: Header) -> Result<CsvData> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| Error::Data {
        source_name: name.clone(),
        line: 0,
        column: 0,
        reason: e.to_string(),
    })?;
    parse_csv_with(&text, &name, header)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blobs_are_reproducible_and_balanced() {
        let a = blobs(100, 8, 1);
        assert_eq!(a, blobs(100, 8, 1));
        assert_eq!(a.x.len(), 800);
        assert_eq!(a.y.iter().filter(|&&v| v == 1.0).count(), 50);
    }

    #[test]
    fn normal_values_do_not_depend_on_threads_and_chunks_differ() {
        let small = normal(1000, 7);
        let mut rng = StdRng::seed_from_u64(7);
        let one: Vec<f32> = (0..1000)
            .map(|_| {
                let v: f64 = StandardNormal.sample(&mut rng);
                v as f32
            })
            .collect();
        assert_eq!(small, one, "one chunk is one generator's stream");
        let n = 3 * NORMAL_CHUNK + 5;
        let big = normal(n, 7);
        assert_eq!(big.len(), n);
        assert_eq!(&big[..1000], &small[..]);
        assert_eq!(big, normal(n, 7));
        assert_ne!(&big[NORMAL_CHUNK..NORMAL_CHUNK + 8], &big[..8]);
        assert_ne!(
            &big[2 * NORMAL_CHUNK..2 * NORMAL_CHUNK + 8],
            &big[NORMAL_CHUNK..NORMAL_CHUNK + 8]
        );
        let mean = big.iter().map(|&v| v as f64).sum::<f64>() / n as f64;
        let var = big.iter().map(|&v| (v as f64 - mean).powi(2)).sum::<f64>() / n as f64;
        assert!(
            mean.abs() < 3e-3 && (var - 1.0).abs() < 3e-3,
            "{mean} {var}"
        );
    }

    #[test]
    fn csv_ok_with_header() {
        let d = parse_csv("a,b,label\n1,2,0\n\n3.5,-4,1\n", "t").unwrap();
        assert_eq!((d.rows, d.cols), (2, 2));
        assert_eq!(d.x, vec![1.0, 2.0, 3.5, -4.0]);
        assert_eq!(d.y, vec![0.0, 1.0]);
    }

    #[test]
    fn csv_errors_name_the_cell() {
        let e = parse_csv("1,2,0\n3,x,1\n", "f.csv").unwrap_err();
        assert_eq!(e.to_string(), "f.csv:2:2: `x` is not a number");
        let e = parse_csv("1,2,0\n3,4,2\n", "f.csv").unwrap_err();
        assert!(e.to_string().starts_with("f.csv:2:3: label"), "{e}");
        let e = parse_csv("1,2,0\n3,1\n", "f.csv").unwrap_err();
        assert!(e.to_string().starts_with("f.csv:2: 2 columns"), "{e}");
        let e = parse_csv("h1,h2\n\n", "f.csv").unwrap_err();
        assert!(e.to_string().contains("no data rows"), "{e}");
        let e = parse_csv("", "f.csv").unwrap_err();
        assert!(e.to_string().contains("no data rows"), "{e}");
    }

    #[test]
    fn csv_header_rule_drops_no_data() {
        // A first row with one bad cell is an error, not a header.
        let e = parse_csv("1,x,0\n3,4,1\n", "f.csv").unwrap_err();
        assert_eq!(e.to_string(), "f.csv:1:2: `x` is not a number");
        // A byte-order mark and no header: every row is data.
        let d = parse_csv("\u{feff}1,2,0\n3,4,1\n", "f.csv").unwrap();
        assert_eq!(d.rows, 2);
        // scikit-learn's first line: counts and class names, narrower than the data.
        let c = parse_csv_with("3,2,no,yes\n1,2,0\n3,4,1\n5,6,0\n", "f.csv", Header::Auto).unwrap();
        assert_eq!((c.data.rows, c.data.cols), (3, 2));
        assert_eq!(c.header.map(|h| h.0), Some(1));
        let c = parse_csv_with("\u{feff}a,b,y\n1,2,0\n", "f.csv", Header::Auto).unwrap();
        assert_eq!((c.data.rows, c.header), (1, Some((1, "a,b,y".to_string()))));
        // --header yes skips a numeric first line; no makes a text one an error.
        let c = parse_csv_with("9,9,1\n1,2,0\n", "f.csv", Header::Yes).unwrap();
        assert_eq!(c.data.rows, 1);
        let e = parse_csv_with("a,b,y\n1,2,0\n", "f.csv", Header::No).unwrap_err();
        assert!(e.to_string().starts_with("f.csv:1:1:"), "{e}");
        // Semicolons: named as the separator, at line 1.
        let e = parse_csv("1;2;0\n", "f.csv").unwrap_err();
        assert!(
            e.to_string().contains("line 1 is not comma-separated"),
            "{e}"
        );
        assert!("maybe".parse::<Header>().is_err());
    }
}
