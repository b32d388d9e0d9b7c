//! Device memory behind duet's handles: vectors split into chunks and matrices into row blocks,
//! each at most one binding (see `duet_core::chunk`).

use std::sync::Arc;

use duet_core::chunk::{self, HostRows, MatrixChunk, VectorChunk};
use duet_core::{Error, Layout, Mask, Matrix, Result, Vector};

use crate::context::Gpu;

/// One buffer of a chunked vector.
pub(crate) struct VecChunk {
    pub buffer: wgpu::Buffer,
    pub range: VectorChunk,
    /// Bind groups of this buffer with the device's scratch buffers ([`Gpu::bind_kept`]),
    /// dropped with it.
    pub binds: BindCache,
    /// The device's cache of bind groups over several handles, which forgets this buffer's
    /// when it is dropped.
    shared: Arc<BindCache>,
}

impl VecChunk {
    fn new(gpu: &Gpu, buffer: wgpu::Buffer, range: VectorChunk) -> VecChunk {
        VecChunk {
            buffer,
            range,
            binds: BindCache::default(),
            shared: gpu.shared_binds.clone(),
        }
    }
}

impl Drop for VecChunk {
    fn drop(&mut self) {
        self.shared.forget(&self.buffer);
    }
}

/// Bind groups by pipeline and bindings, at most [`BindCache::KEEP`] (or
/// [`BindCache::SHARED_KEEP`]; the oldest goes first). A bind group keeps every buffer it binds
/// alive, so a handle's own cache holds only bind groups whose other buffers the device owns,
/// and the device's shared cache ([`Gpu::bind_shared`]), whose groups bind several handles'
/// buffers, forgets each handle's as the handle is dropped ([`BindCache::forget`]): neither
/// keeps a handle's memory after that handle is dropped.
pub(crate) struct BindCache {
    entries: std::sync::Mutex<std::collections::VecDeque<(BindKey, wgpu::BindGroup)>>,
    keep: usize,
}

impl Default for BindCache {
    fn default() -> BindCache {
        BindCache::keeping(BindCache::KEEP)
    }
}

/// A bind group's pipeline and `(binding, buffer)` pairs.
type BindKey = (wgpu::ComputePipeline, Vec<(u32, wgpu::Buffer)>);

impl BindCache {
    /// Bind groups kept per handle buffer: a few ops' worth (an op binds one to three).
    pub const KEEP: usize = 8;
    /// Bind groups the device's shared cache keeps: a few calls' worth of ops that bind
    /// several handles (a logistic pass and its reduce, RBF rows, a masked arg-extreme, the
    /// launch layer's plans) or only the device's buffers (a reduction's last launch).
    pub const SHARED_KEEP: usize = 16;

    /// An empty cache of at most `keep` bind groups.
    pub fn keeping(keep: usize) -> BindCache {
        BindCache {
            entries: Default::default(),
            keep: keep.max(1),
        }
    }

    /// Drops every kept bind group that binds `buffer`.
    pub fn forget(&self, buffer: &wgpu::Buffer) {
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        entries.retain(|((_, bound), _)| !bound.iter().any(|(_, b)| b == buffer));
    }

    /// Bind groups kept now.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.entries.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// The kept bind group for `pipeline` and `buffers`, or the one `make` builds (then kept).
    pub fn get_or(
        &self,
        pipeline: &wgpu::ComputePipeline,
        buffers: &[(u32, &wgpu::Buffer)],
        make: impl FnOnce() -> Result<wgpu::BindGroup>,
    ) -> Result<wgpu::BindGroup> {
        let same = |(p, b): &BindKey| {
            p == pipeline
                && b.len() == buffers.len()
                && b.iter()
                    .zip(buffers)
                    .all(|((i, x), (j, y))| i == j && x == *y)
        };
        {
            let entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
            if let Some((_, g)) = entries.iter().find(|(k, _)| same(k)) {
                return Ok(g.clone());
            }
        }
        let group = make()?;
        let key = (
            pipeline.clone(),
            buffers.iter().map(|(i, b)| (*i, (*b).clone())).collect(),
        );
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        if entries.len() >= self.keep {
            entries.pop_front();
        }
        entries.push_back((key, group.clone()));
        Ok(group)
    }
}

/// A vector (or mask words) as chunks.
pub(crate) struct GpuVec {
    pub chunks: Vec<VecChunk>,
}

/// One row block of a matrix.
pub(crate) struct MatBlock {
    pub buffer: wgpu::Buffer,
    pub block: MatrixChunk,
    /// As [`VecChunk`]'s: forgets this block's bind groups when it is dropped.
    shared: Arc<BindCache>,
}

impl MatBlock {
    fn new(gpu: &Gpu, buffer: wgpu::Buffer, block: MatrixChunk) -> MatBlock {
        MatBlock {
            buffer,
            block,
            shared: gpu.shared_binds.clone(),
        }
    }
}

impl Drop for MatBlock {
    fn drop(&mut self) {
        self.shared.forget(&self.buffer);
    }
}

/// A matrix as row blocks.
pub(crate) struct GpuMat {
    pub blocks: Vec<MatBlock>,
}

const USAGE: wgpu::BufferUsages = wgpu::BufferUsages::STORAGE
    .union(wgpu::BufferUsages::COPY_SRC)
    .union(wgpu::BufferUsages::COPY_DST);

impl GpuVec {
    /// Uploads 32-bit words (f32 bits or u32 flags); an empty vector gets one empty chunk so
    /// kernels always have something to bind.
    pub fn upload(gpu: &Gpu, words: &[u32], label: &str) -> Result<GpuVec> {
        let plan = chunk::plan_vector(words.len(), gpu.binding_cap, &gpu.params)?;
        let mut chunks = Vec::with_capacity(plan.len().max(1));
        for range in plan {
            let data = &words[range.start..range.start + range.len];
            let buffer = gpu.storage_with(label, bytemuck::cast_slice(data))?;
            chunks.push(VecChunk::new(gpu, buffer, range));
        }
        if chunks.is_empty() {
            let buffer = gpu.buffer(label, 16, USAGE)?;
            chunks.push(VecChunk::new(gpu, buffer, VectorChunk { start: 0, len: 0 }));
        }
        Ok(GpuVec { chunks })
    }

    /// A vector of zeros (wgpu zero-initialises buffers).
    pub fn zeros(gpu: &Gpu, len: usize, label: &str) -> Result<GpuVec> {
        let plan = chunk::plan_vector(len, gpu.binding_cap, &gpu.params)?;
        let mut chunks = Vec::with_capacity(plan.len().max(1));
        for range in plan {
            let buffer = gpu.buffer(label, 4 * range.len as u64, USAGE)?;
            chunks.push(VecChunk::new(gpu, buffer, range));
        }
        if chunks.is_empty() {
            chunks.push(VecChunk::new(
                gpu,
                gpu.buffer(label, 16, USAGE)?,
                VectorChunk { start: 0, len: 0 },
            ));
        }
        Ok(GpuVec { chunks })
    }

    pub fn write(&self, gpu: &Gpu, data: &[f32]) -> Result<()> {
        for c in &self.chunks {
            let part = &data[c.range.start..c.range.start + c.range.len];
            gpu.write(&c.buffer, 0, bytemuck::cast_slice(part))?;
        }
        Ok(())
    }

    pub fn download(&self, gpu: &Gpu) -> Result<Vec<f32>> {
        let mut out = Vec::new();
        for c in &self.chunks {
            let bytes = gpu.read_buffer(&c.buffer, 4 * c.range.len as u64)?;
            out.extend_from_slice(bytemuck::cast_slice::<u8, f32>(&bytes));
        }
        Ok(out)
    }

    /// The single buffer of a vector that fits one binding (small vectors: weights, labels of
    /// a one-block matrix); an error naming `what` otherwise.
    pub fn single(&self, what: &str) -> Result<&wgpu::Buffer> {
        match self.chunks.as_slice() {
            [c] => Ok(&c.buffer),
            _ => Err(Error::TooLarge {
                what: format!("`{what}` (it must fit one binding)"),
                needed: 4 * self.chunks.iter().map(|c| c.range.len as u64).sum::<u64>(),
                limit: self.chunks.first().map_or(0, |c| 4 * c.range.len as u64),
            }),
        }
    }
}

impl GpuMat {
    /// Blocks as `plan_matrix` splits a `rows × cols` matrix, contents left to kernels.
    pub fn alloc(gpu: &Gpu, rows: usize, cols: usize, layout: Layout) -> Result<GpuMat> {
        let plan = chunk::plan_matrix(rows, cols, layout, gpu.binding_cap, &gpu.params)?;
        let blocks = plan
            .into_iter()
            .map(|block| {
                let buffer = gpu.buffer(
                    "matrix block",
                    4 * block.elems(cols, layout) as u64,
                    wgpu::BufferUsages::STORAGE
                        | wgpu::BufferUsages::COPY_SRC
                        | wgpu::BufferUsages::COPY_DST,
                )?;
                Ok(MatBlock::new(gpu, buffer, block))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(GpuMat { blocks })
    }

    pub fn upload(gpu: &Gpu, host: HostRows<'_>, layout: Layout) -> Result<GpuMat> {
        let plan =
            chunk::plan_matrix(host.rows(), host.cols, layout, gpu.binding_cap, &gpu.params)?;
        let mut blocks = Vec::with_capacity(plan.len());
        for block in plan {
            let buffer = gpu.storage_filled(
                "matrix block",
                chunk::pack_unit_count(host.cols, &block, layout),
                block.pitch,
                |units, out| chunk::pack_units(host, &block, layout, units, out),
            )?;
            blocks.push(MatBlock::new(gpu, buffer, block));
        }
        Ok(GpuMat { blocks })
    }
}

fn foreign(what: &str) -> Error {
    Error::execution(
        "wgpu",
        format!("a {what} handle not made by the wgpu backend"),
    )
}

pub(crate) fn vec_of(v: &Vector) -> Result<&GpuVec> {
    v.storage().get::<GpuVec>().ok_or_else(|| foreign("vector"))
}

pub(crate) fn mask_of(m: &Mask) -> Result<&GpuVec> {
    m.storage().get::<GpuVec>().ok_or_else(|| foreign("mask"))
}

pub(crate) fn mat_of(x: &Matrix) -> Result<&GpuMat> {
    x.storage().get::<GpuMat>().ok_or_else(|| foreign("matrix"))
}
