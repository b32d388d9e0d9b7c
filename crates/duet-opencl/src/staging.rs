//! Large uploads through pinned staging memory: the host packs each piece of a buffer's
//! contents straight into memory the device copies from without the driver's own bounce copy
//! (a buffer made with `CL_MEM_ALLOC_HOST_PTR`, mapped once: page-locked host memory on
//! NVIDIA's OpenCL), and packs the next piece while the device copies the last one. The
//! OpenCL twin of the wgpu backend's `storage_filled`, which packs into wgpu's staging memory.
//!
//! Smaller uploads, and drivers that give no such memory, take one host vector and one
//! blocking write.

use std::ops::Range;
use std::ptr;

use duet_core::Result;
use opencl3::event::Event;
use opencl3::memory::{Buffer, CL_MEM_ALLOC_HOST_PTR, CL_MEM_READ_WRITE, ClMem};
use opencl3::types::{CL_BLOCKING, CL_NON_BLOCKING, cl_map_flags, cl_mem};

use crate::context::{Cl, cl_error};

/// Bytes of one piece of a staged upload (two pieces of pinned memory per upload).
pub const PIECE: usize = 4 << 20;

/// The smallest upload (bytes) that goes through staging memory: below it one host vector and
/// one blocking write cost less than making the pinned pieces.
pub const STAGED_FROM: usize = 2 * PIECE;

/// `CL_MAP_WRITE_INVALIDATE_REGION` (OpenCL 1.2, which duet's kernels require): the mapped
/// piece's old contents are not copied to the host.
const MAP_WRITE_INVALIDATE: cl_map_flags = 1 << 2;

/// One mapped piece of pinned host memory.
struct Piece {
    buffer: Buffer<u32>,
    ptr: *mut u32,
    words: usize,
    /// The write that reads this piece, not yet waited for.
    pending: Option<Event>,
}

impl Piece {
    fn new(cl: &Cl, words: usize) -> Result<Piece> {
        let bytes = 4 * words as u64;
        // SAFETY: no host pointer is passed; the size is non-zero.
        let buffer = unsafe {
            Buffer::<u32>::create(
                &cl.context,
                CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                words,
                ptr::null_mut(),
            )
        }
        .map_err(|e| cl_error("clCreateBuffer(staging)", e, bytes))?;
        let mut mapped: cl_mem = ptr::null_mut();
        // SAFETY: a blocking map of the whole buffer; the pointer stays valid until the unmap
        // in `Drop`.
        unsafe {
            cl.queue.enqueue_map_buffer(
                &buffer,
                CL_BLOCKING,
                MAP_WRITE_INVALIDATE,
                0,
                4 * words,
                &mut mapped,
                &[],
            )
        }
        .map_err(|e| cl_error("clEnqueueMapBuffer(staging)", e, bytes))?;
        if mapped.is_null() || mapped.align_offset(std::mem::align_of::<u32>()) != 0 {
            return Err(duet_core::Error::execution(
                "upload",
                "the driver mapped staging memory at an unaligned address",
            ));
        }
        Ok(Piece {
            buffer,
            ptr: mapped.cast(),
            words,
            pending: None,
        })
    }

    /// Waits for the write that reads this piece.
    fn settle(&mut self) -> Result<()> {
        match self.pending.take() {
            Some(e) => e
                .wait()
                .map_err(|e| cl_error("clWaitForEvents(upload)", e, 0)),
            None => Ok(()),
        }
    }

    /// Unmaps the piece once its write is done (an error leaves the mapping to the buffer's
    /// release).
    fn unmap(mut self, cl: &Cl) -> Result<()> {
        self.settle()?;
        // SAFETY: `ptr` is this buffer's mapping, which nothing reads any more.
        let e = unsafe {
            cl.queue
                .enqueue_unmap_mem_object(self.buffer.get(), self.ptr.cast(), &[])
        }
        .map_err(|e| cl_error("clEnqueueUnmapMemObject(staging)", e, 0))?;
        e.wait()
            .map_err(|e| cl_error("clWaitForEvents(unmap)", e, 0))
    }
}

impl Cl {
    /// A device buffer of `units` × `unit` floats whose contents `fill(units, out)` writes piece
    /// by piece (whole units; `out` holds `units.len()` × `unit` floats and must be written
    /// whole): into pinned staging memory, copied to the device while the next piece is
    /// packed, where the buffer is at least [`STAGED_FROM`] bytes and the driver gives such
    /// memory; else into one host vector written at once.
    pub fn buffer_filled(
        &self,
        what: &str,
        units: usize,
        unit: usize,
        fill: impl Fn(Range<usize>, &mut [f32]),
    ) -> Result<Buffer<u32>> {
        let words = units * unit;
        let mut buf = self.buffer(what, words)?;
        let per = (PIECE / (4 * unit.max(1))).max(1).min(units.max(1));
        if 4 * words >= STAGED_FROM
            && let Ok(a) = Piece::new(self, per * unit)
            && let Ok(b) = Piece::new(self, per * unit)
        {
            let mut pieces = [a, b];
            let staged = self.write_staged(&mut buf, &mut pieces, units, unit, per, &fill);
            // Every write is waited for before its piece is unmapped, error or not.
            let unmapped = pieces
                .into_iter()
                .map(|p| p.unmap(self))
                .collect::<Result<Vec<()>>>();
            staged?;
            unmapped?;
            return Ok(buf);
        }
        let mut host = vec![0.0f32; words];
        fill(0..units, &mut host);
        self.write(&mut buf, bytemuck::cast_slice(&host))?;
        Ok(buf)
    }

    fn write_staged(
        &self,
        buf: &mut Buffer<u32>,
        pieces: &mut [Piece; 2],
        units: usize,
        unit: usize,
        per: usize,
        fill: &impl Fn(Range<usize>, &mut [f32]),
    ) -> Result<()> {
        let mut first = 0;
        let mut k = 0;
        while first < units {
            let last = (first + per).min(units);
            let words = (last - first) * unit;
            let piece = &mut pieces[k % 2];
            piece.settle()?;
            debug_assert!(words <= piece.words);
            // SAFETY: the piece's mapping holds `piece.words` ≥ `words` aligned words, which no
            // command reads (its last write was waited for) and nothing else references.
            let out = unsafe { std::slice::from_raw_parts_mut(piece.ptr.cast::<f32>(), words) };
            fill(first..last, out);
            let data: &[u32] = bytemuck::cast_slice(out);
            // SAFETY: `buf` holds `units × unit` words from offset 0; the host memory the write
            // reads stays mapped and untouched until its event is waited for (`settle`).
            let e = unsafe {
                self.queue
                    .enqueue_write_buffer(buf, CL_NON_BLOCKING, 4 * first * unit, data, &[])
            }
            .map_err(|e| cl_error("clEnqueueWriteBuffer", e, 4 * words as u64))?;
            piece.pending = Some(e);
            first = last;
            k += 1;
        }
        Ok(())
    }
}
