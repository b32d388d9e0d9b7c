//! Device memory behind duet's handles: vectors split into chunks and matrices into row blocks,
//! each at most one allocation (see `duet_core::chunk`).

use duet_core::chunk::{self, HostRows, MatrixChunk, VectorChunk};
use duet_core::{Error, Layout, Mask, Matrix, Result, Vector};
use opencl3::memory::{Buffer, ClMem};
use opencl3::types::cl_mem;

use crate::context::Cl;

/// One buffer of a chunked vector.
pub(crate) struct VecChunk {
    pub buffer: Buffer<u32>,
    pub range: VectorChunk,
}

/// A vector (or mask words) as chunks.
pub(crate) struct ClVec {
    pub chunks: Vec<VecChunk>,
}

/// One row block of a matrix.
pub(crate) struct MatBlock {
    pub buffer: Buffer<u32>,
    pub block: MatrixChunk,
}

/// A matrix as row blocks.
pub(crate) struct ClMat {
    pub blocks: Vec<MatBlock>,
}

impl VecChunk {
    pub fn mem(&self) -> cl_mem {
        self.buffer.get()
    }
}

impl MatBlock {
    pub fn mem(&self) -> cl_mem {
        self.buffer.get()
    }
}

impl ClVec {
    /// Uploads 32-bit words; an empty vector gets one empty chunk so kernels always have
    /// something to bind.
    pub fn upload(cl: &Cl, words: &[u32], what: &str) -> Result<ClVec> {
        let plan = chunk::plan_vector(words.len(), cl.binding_cap, &cl.params)?;
        let mut chunks = Vec::with_capacity(plan.len().max(1));
        for range in plan {
            let data = &words[range.start..range.start + range.len];
            chunks.push(VecChunk {
                buffer: cl.buffer_with(what, data)?,
                range,
            });
        }
        if chunks.is_empty() {
            chunks.push(VecChunk {
                buffer: cl.buffer(what, 4)?,
                range: VectorChunk { start: 0, len: 0 },
            });
        }
        Ok(ClVec { chunks })
    }

    pub fn zeros(cl: &Cl, len: usize, what: &str) -> Result<ClVec> {
        let plan = chunk::plan_vector(len, cl.binding_cap, &cl.params)?;
        let mut chunks = Vec::with_capacity(plan.len().max(1));
        for range in plan {
            let mut buffer = cl.buffer(what, range.len)?;
            cl.zero(&mut buffer, range.len)?;
            chunks.push(VecChunk { buffer, range });
        }
        if chunks.is_empty() {
            let mut buffer = cl.buffer(what, 4)?;
            cl.zero(&mut buffer, 4)?;
            chunks.push(VecChunk {
                buffer,
                range: VectorChunk { start: 0, len: 0 },
            });
        }
        Ok(ClVec { chunks })
    }

    pub fn write(&mut self, cl: &Cl, words: &[u32]) -> Result<()> {
        for c in &mut self.chunks {
            cl.write(
                &mut c.buffer,
                &words[c.range.start..c.range.start + c.range.len],
            )?;
        }
        Ok(())
    }

    pub fn download(&self, cl: &Cl) -> Result<Vec<f32>> {
        let mut out = Vec::new();
        for c in &self.chunks {
            out.extend(
                cl.read(&c.buffer, c.range.len)?
                    .into_iter()
                    .map(f32::from_bits),
            );
        }
        Ok(out)
    }

    /// The single buffer of a vector that fits one allocation; an error naming `what`
    /// otherwise.
    pub fn single(&self, what: &str) -> Result<cl_mem> {
        match self.chunks.as_slice() {
            [c] => Ok(c.mem()),
            _ => Err(Error::TooLarge {
                what: format!("`{what}` (it must fit one allocation)"),
                needed: 4 * self.chunks.iter().map(|c| c.range.len as u64).sum::<u64>(),
                limit: self.chunks.first().map_or(0, |c| 4 * c.range.len as u64),
            }),
        }
    }
}

impl ClMat {
    /// Blocks as `plan_matrix` splits a `rows × cols` matrix, contents left to kernels.
    pub fn alloc(cl: &Cl, rows: usize, cols: usize, layout: Layout) -> Result<ClMat> {
        let plan = chunk::plan_matrix(rows, cols, layout, cl.binding_cap, &cl.params)?;
        let blocks = plan
            .into_iter()
            .map(|block| {
                let buffer = cl.buffer("matrix block", block.elems(cols, layout))?;
                Ok(MatBlock { buffer, block })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(ClMat { blocks })
    }

    pub fn upload(cl: &Cl, host: HostRows<'_>, layout: Layout) -> Result<ClMat> {
        let plan = chunk::plan_matrix(host.rows(), host.cols, layout, cl.binding_cap, &cl.params)?;
        let mut blocks = Vec::with_capacity(plan.len());
        for block in plan {
            let packed = chunk::pack_block(host, &block, layout);
            let buffer = cl.buffer_with("matrix block", bytemuck::cast_slice(&packed))?;
            blocks.push(MatBlock { buffer, block });
        }
        Ok(ClMat { blocks })
    }
}

fn foreign(what: &str) -> Error {
    Error::execution(
        "opencl",
        format!("a {what} handle not made by the OpenCL backend"),
    )
}

/// Device vectors are written through `&Vector` (the memory is the device's), so the chunk list
/// sits behind a lock.
pub(crate) type SharedVec = std::sync::RwLock<ClVec>;

pub(crate) fn vec_of(v: &Vector) -> Result<&SharedVec> {
    v.storage()
        .get::<SharedVec>()
        .ok_or_else(|| foreign("vector"))
}

pub(crate) fn mask_of(m: &Mask) -> Result<&SharedVec> {
    m.storage()
        .get::<SharedVec>()
        .ok_or_else(|| foreign("mask"))
}

pub(crate) fn mat_of(x: &Matrix) -> Result<&ClMat> {
    x.storage().get::<ClMat>().ok_or_else(|| foreign("matrix"))
}
