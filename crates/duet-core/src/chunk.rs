//! How data larger than one binding is split: vectors into element ranges, matrices into blocks
//! of whole rows. Every backend splits the same way, so a kernel always sees one chunk.

use crate::error::{Error, Result};
use crate::handle::Layout;
use crate::params::KernelParams;

/// A contiguous range of a vector held in one buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VectorChunk {
    /// Index of the chunk's first element in the whole vector.
    pub start: usize,
    /// Elements in the chunk.
    pub len: usize,
}

/// Splits a vector of `len` elements into chunks of at most `max_bytes` each; chunk lengths are
/// multiples of `params.chunk_align` except the last. An empty vector has no chunks.
pub fn plan_vector(len: usize, max_bytes: u64, params: &KernelParams) -> Result<Vec<VectorChunk>> {
    let align = params.chunk_align as usize;
    let max_elems = vector_chunk_elems(max_bytes, params);
    if max_elems == 0 {
        return Err(Error::TooLarge {
            what: "one chunk of a vector".into(),
            needed: 4 * align as u64,
            limit: max_bytes,
        });
    }
    let mut chunks = Vec::new();
    let mut start = 0;
    while start < len {
        let n = (len - start).min(max_elems);
        chunks.push(VectorChunk { start, len: n });
        start += n;
    }
    Ok(chunks)
}

/// The most elements one chunk of a vector holds with bindings of `max_bytes` (a multiple of
/// `params.chunk_align`; 0 when not even one alignment unit fits): a vector of at most this
/// many elements is one chunk, so a kernel that binds chunk 0 sees all of it.
pub fn vector_chunk_elems(max_bytes: u64, params: &KernelParams) -> usize {
    let align = params.chunk_align as usize;
    (max_bytes / 4) as usize / align * align
}

/// Row-major rows are padded to a multiple of this many elements (16 bytes: one `vec4`), so
/// that a kernel reads every row with aligned vector loads ([`row_pitch`]).
pub const ROW_ALIGN: usize = 4;

/// The pitch (elements between the starts of consecutive rows) of a row-major matrix of `cols`
/// columns on a device with `params`: `cols` rounded up to a multiple of [`ROW_ALIGN`] where
/// that adds at most `params.row_pad` sixteenths of the row, or where the row is wider than
/// [`LANE_COLS`](crate::params::LANE_COLS) and `params.row_pad_wide` is 2; else `cols`. The
/// padding is zero and never read as data; the caller never sees it.
pub fn row_pitch(cols: usize, params: &KernelParams) -> usize {
    let pad = (ROW_ALIGN - cols % ROW_ALIGN) % ROW_ALIGN;
    let wide = params.row_pad_wide == 2 && cols > crate::params::LANE_COLS as usize;
    if pad > 0 && (wide || 16 * pad <= params.row_pad as usize * cols) {
        cols + pad
    } else {
        cols
    }
}

/// A block of whole rows of a matrix held in one buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatrixChunk {
    /// Index of the block's first row in the whole matrix.
    pub row_start: usize,
    /// Rows in the block.
    pub rows: usize,
    /// Elements between the starts of consecutive rows (row-major: [`row_pitch`]) or
    /// consecutive columns (column-major: `rows` rounded up to the pitch alignment).
    pub pitch: usize,
}

impl MatrixChunk {
    /// Elements the block's buffer holds.
    pub fn elems(&self, cols: usize, layout: Layout) -> usize {
        match layout {
            Layout::RowMajor => self.rows * self.pitch,
            Layout::ColumnMajor => self.pitch * cols,
        }
    }

    /// Offset of element `(r, c)` (`r` relative to the block) in the block's buffer.
    pub fn offset(&self, r: usize, c: usize, layout: Layout) -> usize {
        match layout {
            Layout::RowMajor => r * self.pitch + c,
            Layout::ColumnMajor => c * self.pitch + r,
        }
    }
}

/// Splits a `rows × cols` matrix into row blocks of at most `max_bytes` each. Fails when a single
/// row (or, column-major, one pitch-aligned group of rows) does not fit.
pub fn plan_matrix(
    rows: usize,
    cols: usize,
    layout: Layout,
    max_bytes: u64,
    params: &KernelParams,
) -> Result<Vec<MatrixChunk>> {
    let max_elems = (max_bytes / 4) as usize;
    let align = params.pitch_align as usize;
    let rows_per_block = match layout {
        Layout::RowMajor => max_elems / row_pitch(cols, params).max(1),
        Layout::ColumnMajor => max_elems / cols.max(1) / align * align,
    };
    if rows_per_block == 0 {
        let unit = match layout {
            Layout::RowMajor => 1,
            Layout::ColumnMajor => align,
        };
        return Err(Error::TooLarge {
            what: format!("{unit} row(s) of a {layout} matrix with {cols} columns"),
            needed: 4
                * (unit
                    * match layout {
                        Layout::RowMajor => row_pitch(cols, params),
                        Layout::ColumnMajor => cols,
                    }) as u64,
            limit: max_bytes,
        });
    }
    let mut blocks = Vec::new();
    let mut start = 0;
    while start < rows {
        let n = (rows - start).min(rows_per_block);
        let pitch = match layout {
            Layout::RowMajor => row_pitch(cols, params),
            Layout::ColumnMajor => params.column_pitch(n),
        };
        blocks.push(MatrixChunk {
            row_start: start,
            rows: n,
            pitch,
        });
        start += n;
    }
    Ok(blocks)
}

/// A row-major host matrix as an upload reads it: the `cols`-wide rows of `data`, every one in
/// order, or the rows `pick` names, in its order (the matrix's row `r` is `data`'s row
/// `pick[r]`).
#[derive(Debug, Clone, Copy)]
pub struct HostRows<'a> {
    /// The data, row-major, a whole number of rows.
    pub data: &'a [f32],
    /// Values per row.
    pub cols: usize,
    /// The rows that make the matrix; `None`: all of `data`'s.
    pub pick: Option<&'a [usize]>,
}

impl<'a> HostRows<'a> {
    /// Every row of `data`, in order.
    pub fn all(data: &'a [f32], cols: usize) -> Self {
        HostRows {
            data,
            cols,
            pick: None,
        }
    }

    /// The matrix's rows.
    pub fn rows(&self) -> usize {
        match self.pick {
            Some(p) => p.len(),
            None => self.data.len() / self.cols.max(1),
        }
    }

    /// The matrix's row `r`.
    ///
    /// # Panics
    /// If `r` (or the data row it picks) is past the end.
    pub fn row(&self, r: usize) -> &'a [f32] {
        let t = self.pick.map_or(r, |p| p[r]);
        &self.data[t * self.cols..(t + 1) * self.cols]
    }
}

/// Lays out the rows `block` of a host matrix as the block's buffer contents (padding is
/// zero).
pub fn pack_block(host: HostRows<'_>, block: &MatrixChunk, layout: Layout) -> Vec<f32> {
    let units = pack_unit_count(host.cols, block, layout);
    let mut out = vec![0.0; block.elems(host.cols, layout)];
    pack_units(host, block, layout, 0..units, &mut out);
    out
}

/// The units of a block's buffer, each [`MatrixChunk::pitch`] elements: its rows (row-major)
/// or its columns (column-major). A backend that copies a block in pieces cuts them at unit
/// boundaries ([`pack_units`]).
pub fn pack_unit_count(cols: usize, block: &MatrixChunk, layout: Layout) -> usize {
    match layout {
        Layout::RowMajor => block.rows,
        Layout::ColumnMajor => cols,
    }
}

/// Writes the units `units` ([`pack_unit_count`]) of block `block`'s buffer contents, laid out
/// from the host matrix as [`pack_block`] lays out the whole, into `out` (`units.len()` ×
/// pitch elements), padding included (zeros): `out` may be memory that holds anything, such
/// as a driver's staging buffer. Column-major units are transposed on the host's cores.
///
/// # Panics
/// If `out` is not `units.len() × pitch` long or `units` is past the block's units (backends
/// build both from the block's plan).
pub fn pack_units(
    host: HostRows<'_>,
    block: &MatrixChunk,
    layout: Layout,
    units: std::ops::Range<usize>,
    out: &mut [f32],
) {
    let cols = host.cols;
    assert_eq!(
        out.len(),
        units.len() * block.pitch,
        "pack_units: output length"
    );
    assert!(
        units.end <= pack_unit_count(cols, block, layout),
        "pack_units: units"
    );
    match layout {
        Layout::RowMajor => {
            for (dst, r) in out.chunks_exact_mut(block.pitch).zip(units) {
                dst[..cols].copy_from_slice(host.row(block.row_start + r));
                dst[cols..].fill(0.0);
            }
        }
        Layout::ColumnMajor => transpose_into(host, block, units.start, out),
    }
}

/// Writes columns `first..` of `block`'s rows of `host` into `out` column by column (`pitch`
/// apart, zeros after the last row): the columns are shared among the host's cores, and each
/// core walks its columns in tiles of 64 rows so that the rows it reads stay in cache.
fn transpose_into(host: HostRows<'_>, block: &MatrixChunk, first: usize, out: &mut [f32]) {
    const TILE: usize = 64;
    let (n, pitch) = (block.rows, block.pitch);
    let count = out.len() / pitch.max(1);
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    // Small blocks are not worth a thread.
    let threads = threads
        .min((count * n / (1 << 16)).max(1))
        .min(count.max(1));
    let per = count.div_ceil(threads).max(1);
    let band = |band: usize, part: &mut [f32]| {
        let c0 = first + band * per;
        let band_cols = part.len() / pitch;
        for dc in 0..band_cols {
            part[dc * pitch + n..(dc + 1) * pitch].fill(0.0);
        }
        let mut tile: [&[f32]; TILE] = [&[]; TILE];
        for r0 in (0..n).step_by(TILE) {
            let r1 = (r0 + TILE).min(n);
            for (t, r) in tile.iter_mut().zip(r0..r1) {
                *t = &host.row(block.row_start + r)[c0..c0 + band_cols];
            }
            for dc in 0..band_cols {
                let col = &mut part[dc * pitch + r0..dc * pitch + r1];
                for (o, row) in col.iter_mut().zip(&tile) {
                    *o = row[dc];
                }
            }
        }
    };
    if threads <= 1 {
        band(0, out);
        return;
    }
    let band = &band;
    std::thread::scope(|s| {
        for (k, part) in out.chunks_mut(per * pitch).enumerate() {
            s.spawn(move || band(k, part));
        }
    });
}

/// Where a range of rows of one matrix block meets one chunk of a per-row output vector: a
/// kernel launch covers rows `[row_begin, row_end)` of block `block` (block-relative) and
/// writes them from element `out_begin` of output chunk `chunk`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowSpan {
    /// Index of the matrix block.
    pub block: usize,
    /// Index of the output chunk.
    pub chunk: usize,
    /// First row, relative to the block.
    pub row_begin: usize,
    /// One past the last row, relative to the block.
    pub row_end: usize,
    /// Element of the output chunk that row `row_begin` goes to.
    pub out_begin: usize,
}

/// Intersects matrix row blocks with the chunks of a per-row output vector.
pub fn row_spans(blocks: &[MatrixChunk], out: &[VectorChunk]) -> Vec<RowSpan> {
    let mut spans = Vec::new();
    for (b, blk) in blocks.iter().enumerate() {
        let (r0, r1) = (blk.row_start, blk.row_start + blk.rows);
        for (c, ch) in out.iter().enumerate() {
            let (c0, c1) = (ch.start, ch.start + ch.len);
            let (lo, hi) = (r0.max(c0), r1.min(c1));
            if lo < hi {
                spans.push(RowSpan {
                    block: b,
                    chunk: c,
                    row_begin: lo - r0,
                    row_end: hi - r0,
                    out_begin: lo - c0,
                });
            }
        }
    }
    spans
}

/// The block holding matrix row `row`, and the row's index within it.
pub fn locate_row(blocks: &[MatrixChunk], row: usize) -> Option<(usize, usize)> {
    blocks
        .iter()
        .position(|b| row >= b.row_start && row < b.row_start + b.rows)
        .map(|i| (i, row - blocks[i].row_start))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_chunks_cover_exactly() {
        let p = KernelParams::DEFAULT;
        let chunks = plan_vector(10_000, 4 * 4096, &p).unwrap();
        assert_eq!(chunks.len(), 3);
        assert_eq!(
            chunks[0],
            VectorChunk {
                start: 0,
                len: 4096
            }
        );
        assert_eq!(
            chunks[2],
            VectorChunk {
                start: 8192,
                len: 1808
            }
        );
        assert!(plan_vector(0, 1 << 20, &p).unwrap().is_empty());
        assert!(plan_vector(10, 100, &p).is_err());
    }

    #[test]
    fn a_vector_of_the_chunk_size_is_one_chunk_at_any_binding_cap() {
        let p = KernelParams::DEFAULT;
        // wgpu's largest binding on an H100: 2 147 483 644 bytes, not a multiple of the
        // alignment; one chunk holds the whole units below it.
        let cap = 2_147_483_644;
        let most = vector_chunk_elems(cap, &p);
        assert_eq!(most, (cap as usize / 4) / 1024 * 1024);
        assert_eq!(plan_vector(most, cap, &p).unwrap().len(), 1);
        assert_eq!(plan_vector(most + 1, cap, &p).unwrap().len(), 2);
        // Below one alignment unit nothing fits.
        assert_eq!(vector_chunk_elems(4 * 1023, &p), 0);
        assert!(plan_vector(1, 4 * 1023, &p).is_err());
    }

    #[test]
    fn matrix_blocks_respect_pitch() {
        let p = KernelParams::DEFAULT;
        let b = plan_matrix(1000, 3, Layout::ColumnMajor, 4 * 3 * 256, &p).unwrap();
        assert_eq!(b.len(), 4);
        assert!(
            b.iter()
                .all(|c| c.pitch * 3 * 4 <= 4 * 3 * 256 && c.pitch % 64 == 0)
        );
        assert_eq!(b.iter().map(|c| c.rows).sum::<usize>(), 1000);
        let r = plan_matrix(5, 7, Layout::RowMajor, 4 * 14, &p).unwrap();
        assert_eq!(r.iter().map(|c| c.rows).collect::<Vec<_>>(), vec![2, 2, 1]);
        assert!(plan_matrix(5, 7, Layout::RowMajor, 8, &p).is_err());
    }

    #[test]
    fn spans_cover_every_row_once() {
        let p = KernelParams::DEFAULT;
        let blocks = plan_matrix(5000, 3, Layout::RowMajor, 4 * 3 * 700, &p).unwrap();
        let out = plan_vector(5000, 4 * 2048, &p).unwrap();
        let spans = row_spans(&blocks, &out);
        let mut seen = vec![0u8; 5000];
        for s in &spans {
            for r in s.row_begin..s.row_end {
                let global = blocks[s.block].row_start + r;
                assert_eq!(out[s.chunk].start + s.out_begin + (r - s.row_begin), global);
                seen[global] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 1));
        assert_eq!(locate_row(&blocks, 701), Some((1, 1)));
        assert_eq!(locate_row(&blocks, 5000), None);
    }

    #[test]
    fn row_major_rows_are_padded_within_row_pad_sixteenths() {
        let with = |pad| KernelParams {
            row_pad: pad,
            ..KernelParams::DEFAULT
        };
        // Two sixteenths (wgpu's): 3 pad columns from 24 columns on, 2 from 16, 1 from 8.
        let two = with(2);
        assert_eq!(row_pitch(1, &two), 1);
        assert_eq!(row_pitch(7, &two), 7);
        assert_eq!(row_pitch(13, &two), 13);
        assert_eq!(row_pitch(15, &two), 16);
        assert_eq!(row_pitch(21, &two), 21);
        assert_eq!(row_pitch(24, &two), 24);
        assert_eq!(row_pitch(33, &two), 36);
        assert_eq!(row_pitch(777, &two), 780);
        // One sixteenth (OpenCL's): 33 keeps its length, 61 is padded.
        let one = with(1);
        assert_eq!(row_pitch(31, &one), 32);
        assert_eq!(row_pitch(33, &one), 33);
        assert_eq!(row_pitch(61, &one), 64);
        // Automatic and unresolved: no padding.
        assert_eq!(row_pitch(33, &with(0)), 33);
        // Rows wider than 16 columns all padded (wgpu's row_pad_wide = 2): 17 and 21, which
        // two sixteenths leave, and never a row of at most 16 columns beyond what row_pad allows.
        let wide = KernelParams {
            row_pad_wide: 2,
            ..two
        };
        for (cols, pitch) in [(7, 7), (13, 13), (14, 14), (15, 16), (16, 16), (17, 20)] {
            assert_eq!(row_pitch(cols, &wide), pitch, "{cols}");
        }
        for (cols, pitch) in [(21, 24), (33, 36), (777, 780), (1001, 1004)] {
            assert_eq!(row_pitch(cols, &wide), pitch, "{cols}");
        }
        assert_eq!(
            row_pitch(
                17,
                &KernelParams {
                    row_pad_wide: 2,
                    ..with(0)
                }
            ),
            20
        );
        assert_eq!(
            row_pitch(
                17,
                &KernelParams {
                    row_pad_wide: 1,
                    ..two
                }
            ),
            17
        );
        let p = two;
        // 10 rows of 33 columns in blocks of at most 4 × 36 × 4 bytes: 4, 4, 2 rows.
        let b = plan_matrix(10, 33, Layout::RowMajor, 4 * 36 * 4, &p).unwrap();
        assert_eq!(b.iter().map(|c| c.rows).collect::<Vec<_>>(), vec![4, 4, 2]);
        assert!(b.iter().all(|c| c.pitch == 36));
        let host: Vec<f32> = (0..10 * 33).map(|v| v as f32 + 1.0).collect();
        let packed = pack_block(HostRows::all(&host, 33), &b[1], Layout::RowMajor);
        assert_eq!(packed.len(), 4 * 36);
        for r in 0..4 {
            assert_eq!(
                &packed[r * 36..r * 36 + 33],
                &host[(4 + r) * 33..(5 + r) * 33]
            );
            assert_eq!(&packed[r * 36 + 33..(r + 1) * 36], &[0.0; 3]);
            assert_eq!(
                packed[b[1].offset(r, 5, Layout::RowMajor)],
                host[(4 + r) * 33 + 5]
            );
        }
        let err = plan_matrix(2, 33, Layout::RowMajor, 4 * 35, &p).unwrap_err();
        assert!(err.to_string().contains("144"), "{err}");
    }

    #[test]
    fn pack_column_major() {
        let host = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]; // 3 x 2
        let block = MatrixChunk {
            row_start: 1,
            rows: 2,
            pitch: 64,
        };
        let packed = pack_block(HostRows::all(&host, 2), &block, Layout::ColumnMajor);
        assert_eq!(packed[0], 3.0);
        assert_eq!(packed[1], 5.0);
        assert_eq!(packed[64], 4.0);
        assert_eq!(packed[65], 6.0);
    }

    #[test]
    fn packed_units_overwrite_what_was_there_and_match_the_whole() {
        // 5 × 3, odd sizes; both layouts, every range of units, into memory full of junk.
        let host: Vec<f32> = (0..15).map(|v| v as f32 + 1.0).collect();
        for (layout, pitch) in [(Layout::RowMajor, 4), (Layout::ColumnMajor, 8)] {
            let block = MatrixChunk {
                row_start: 1,
                rows: 4,
                pitch,
            };
            let whole = pack_block(HostRows::all(&host, 3), &block, layout);
            let units = pack_unit_count(3, &block, layout);
            for a in 0..units {
                for b in a..=units {
                    let mut out = vec![f32::NAN; (b - a) * pitch];
                    pack_units(HostRows::all(&host, 3), &block, layout, a..b, &mut out);
                    assert_eq!(out, whole[a * pitch..b * pitch], "{layout:?} {a}..{b}");
                }
            }
            // The same matrix as picked rows of another (its rows reversed, each picked back
            // in order) packs the same.
            let reversed: Vec<f32> = host.chunks(3).rev().flatten().copied().collect();
            let pick: Vec<usize> = (0..5).rev().collect();
            let picked = HostRows {
                data: &reversed,
                cols: 3,
                pick: Some(&pick),
            };
            assert_eq!(
                pack_block(picked, &block, layout),
                whole,
                "{layout:?} picked"
            );
        }
    }
}
