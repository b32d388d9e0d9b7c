//! Host-side work shared among the host's cores, with results that do not depend on how many
//! there are: the data is cut into chunks of a fixed size and the chunks' results come back in
//! order, so a caller that combines them in that order gets the same bits on every machine.

/// Elements of one chunk of [`map_chunks`].
pub const CHUNK: usize = 1 << 16;

/// `f` of each consecutive chunk of [`CHUNK`] elements of `data` (the last may be shorter), in
/// the chunks' order, computed on up to the host's number of cores. Empty data gives no chunk.
pub fn map_chunks<T: Sync, R: Send>(data: &[T], f: impl Fn(&[T]) -> R + Sync) -> Vec<R> {
    let chunks: Vec<&[T]> = data.chunks(CHUNK).collect();
    let threads = std::thread::available_parallelism()
        .map_or(1, |t| t.get())
        .min(chunks.len());
    if threads <= 1 {
        return chunks.into_iter().map(f).collect();
    }
    let per = chunks.len().div_ceil(threads);
    let f = &f;
    std::thread::scope(|s| {
        let parts: Vec<_> = chunks
            .chunks(per)
            .map(|group| s.spawn(move || group.iter().map(|c| f(c)).collect::<Vec<R>>()))
            .collect();
        parts
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// The index of the first NaN or infinite value of `slice`, one pass over it: the slice is
/// first tested as a whole by its largest exponent field (a test the compiler vectorises) and
/// searched value by value only where one is all ones.
pub fn slice_non_finite(slice: &[f32]) -> Option<usize> {
    const EXPONENT: u32 = 0x7f80_0000;
    let top = slice
        .iter()
        .fold(0u32, |m, v| m.max(v.to_bits() & EXPONENT));
    if top == EXPONENT {
        slice.iter().position(|v| !v.is_finite())
    } else {
        None
    }
}

/// The index of the first value of `data` that is NaN or infinite, searched on the host's
/// cores ([`map_chunks`], each chunk by [`slice_non_finite`]).
pub fn first_non_finite(data: &[f32]) -> Option<usize> {
    map_chunks(data, slice_non_finite)
        .into_iter()
        .enumerate()
        .find_map(|(k, at)| at.map(|i| k * CHUNK + i))
}

/// The first of the rows `pick` of the row-major `data` (`cols` wide) that holds a NaN or
/// infinite value, in `pick`'s order, as (its row in `data`, the column): the rows are shared
/// among the host's cores.
///
/// # Panics
/// If a picked row is past `data`'s end (callers check `pick` first).
pub fn first_non_finite_row(data: &[f32], cols: usize, pick: &[usize]) -> Option<(usize, usize)> {
    let scan = |rows: &[usize]| {
        rows.iter()
            .find_map(|&r| slice_non_finite(&data[r * cols..(r + 1) * cols]).map(|c| (r, c)))
    };
    let threads = std::thread::available_parallelism()
        .map_or(1, |t| t.get())
        .min((pick.len() * cols).div_ceil(CHUNK))
        .max(1);
    if threads == 1 {
        return scan(pick);
    }
    let per = pick.len().div_ceil(threads);
    let scan = &scan;
    std::thread::scope(|s| {
        let parts: Vec<_> = pick.chunks(per).map(|p| s.spawn(move || scan(p))).collect();
        parts
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .find_map(|r| r)
    })
}

/// The rows `pick` of the row-major `data` (`cols` values a row), one after another, copied
/// on up to the host's number of cores: most of a large copy's cost is the first touch of
/// the fresh memory it fills (page faults), which the cores share.
///
/// # Panics
/// If a picked row is past the end of `data` (callers pick from their own data).
pub fn gather_rows(data: &[f32], cols: usize, pick: &[usize]) -> Vec<f32> {
    let mut out = vec![0.0f32; pick.len() * cols];
    if cols == 0 {
        return out;
    }
    // A thread per CHUNK values at least.
    let threads = std::thread::available_parallelism()
        .map_or(1, |t| t.get())
        .min(out.len().div_ceil(CHUNK));
    let copy = |rows: &[usize], dst: &mut [f32]| {
        for (d, &r) in dst.chunks_exact_mut(cols).zip(rows) {
            d.copy_from_slice(&data[r * cols..(r + 1) * cols]);
        }
    };
    if threads <= 1 {
        copy(pick, &mut out);
        return out;
    }
    let rows_per_thread = pick.len().div_ceil(threads);
    std::thread::scope(|s| {
        for (rows, dst) in pick
            .chunks(rows_per_thread)
            .zip(out.chunks_mut(rows_per_thread * cols))
        {
            s.spawn(move || copy(rows, dst));
        }
    });
    out
}

/// `f` of every item, each item on a thread of its own (for a few long tasks, such as kernel
/// builds); the first error in the items' order, if any. A panic in `f` is passed on.
pub fn try_each<T: Sync, E: Send>(
    items: &[T],
    f: impl Fn(&T) -> Result<(), E> + Sync,
) -> Result<(), E> {
    if items.len() <= 1 {
        return items.iter().try_for_each(f);
    }
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = items.iter().map(|t| s.spawn(move || f(t))).collect();
        let results: Vec<Result<(), E>> = handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect();
        results.into_iter().collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gathered_rows_are_the_picked_rows_in_order() {
        let cols = 7;
        let rows = 3 * CHUNK / cols + 5;
        let data: Vec<f32> = (0..rows * cols).map(|v| v as f32).collect();
        let pick: Vec<usize> = (0..rows).rev().step_by(2).collect();
        let out = gather_rows(&data, cols, &pick);
        assert_eq!(out.len(), pick.len() * cols);
        for (k, &r) in pick.iter().enumerate() {
            assert_eq!(
                &out[k * cols..(k + 1) * cols],
                &data[r * cols..(r + 1) * cols]
            );
        }
        assert!(gather_rows(&data, cols, &[]).is_empty());
        assert_eq!(gather_rows(&data, 0, &[0, 1]), Vec::<f32>::new());
    }

    #[test]
    fn the_first_non_finite_value_is_found_in_any_chunk() {
        let mut data = vec![1.5f32; 3 * CHUNK + 9];
        assert_eq!(first_non_finite(&data), None);
        assert_eq!(first_non_finite(&[]), None);
        for (at, bad) in [
            (3 * CHUNK + 8, f32::NAN),
            (CHUNK + 1, f32::INFINITY),
            (0, f32::NEG_INFINITY),
        ] {
            data[at] = bad;
            assert_eq!(first_non_finite(&data), Some(at), "{bad} at {at}");
        }
        // The largest finite value has an exponent field one below all ones.
        assert_eq!(first_non_finite(&[f32::MAX, f32::MIN, 0.0, -0.0]), None);
    }

    #[test]
    fn the_first_bad_picked_row_is_found_in_the_picks_order() {
        let cols = 7;
        let mut data = vec![0.5f32; 40_000 * cols];
        let pick: Vec<usize> = (0..40_000).rev().collect();
        assert_eq!(first_non_finite_row(&data, cols, &pick), None);
        data[5 * cols + 3] = f32::NAN;
        data[30_000 * cols + 6] = f32::INFINITY;
        // Row 30 000 comes first in the picks' order.
        assert_eq!(first_non_finite_row(&data, cols, &pick), Some((30_000, 6)));
        assert_eq!(first_non_finite_row(&data, cols, &[1, 5]), Some((5, 3)));
        assert_eq!(first_non_finite_row(&data, cols, &[]), None);
    }

    #[test]
    fn try_each_runs_every_item_and_returns_the_first_error_in_order() {
        let seen = std::sync::Mutex::new(Vec::new());
        let r = try_each(&[1, 2, 3, 4], |&i| {
            seen.lock().unwrap().push(i);
            if i % 2 == 0 { Err(i) } else { Ok(()) }
        });
        assert_eq!(r, Err(2));
        let mut seen = seen.into_inner().unwrap();
        seen.sort();
        assert_eq!(seen, vec![1, 2, 3, 4]);
        assert_eq!(try_each(&[1, 3], |_| Ok::<(), i32>(())), Ok(()));
    }

    #[test]
    fn chunks_come_back_in_order() {
        let data: Vec<u32> = (0..(3 * CHUNK as u32 + 17)).collect();
        let firsts = map_chunks(&data, |c| c[0]);
        assert_eq!(
            firsts,
            vec![0, CHUNK as u32, 2 * CHUNK as u32, 3 * CHUNK as u32]
        );
        assert!(map_chunks(&[] as &[u32], |c| c.len()).is_empty());
    }
}
