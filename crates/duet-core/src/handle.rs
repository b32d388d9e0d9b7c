//! Device-resident data: vectors, masks, labels and matrices.
//!
//! A handle owns memory on one device (freed when the handle drops) and names the device it
//! belongs to. What the memory is (buffers, chunks, a host `Vec` for the CPU reference) is the
//! backend's business: it stores it as [`Storage`] and finds it again with [`Storage::get`].

use std::any::Any;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Identifies one opened [`Device`](crate::Device); handles remember which device made them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DeviceId(u64);

impl DeviceId {
    /// A fresh id, never handed out before in this process.
    pub fn fresh() -> Self {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        DeviceId(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

/// A backend's memory behind a handle, type-erased so the handle types stay backend-neutral.
#[derive(Clone)]
pub struct Storage(Arc<dyn Any + Send + Sync>);

impl Storage {
    /// Wraps a backend's memory object.
    pub fn new<T: Any + Send + Sync>(inner: T) -> Self {
        Storage(Arc::new(inner))
    }

    /// The backend's memory object, if it is a `T`.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.downcast_ref::<T>()
    }
}

impl fmt::Debug for Storage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Storage(..)")
    }
}

/// A device-resident vector of `f32`.
#[derive(Debug)]
pub struct Vector {
    pub(crate) len: usize,
    pub(crate) owner: DeviceId,
    pub(crate) storage: Storage,
}

impl Vector {
    /// Number of elements.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether it has no elements.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The backend's memory (for backend implementations).
    pub fn storage(&self) -> &Storage {
        &self.storage
    }
    /// The device this vector lives on.
    pub fn owner(&self) -> DeviceId {
        self.owner
    }
}

/// How a mask's flags are stored; in both, an entry selects its element when it is non-zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum MaskKind {
    /// `u32` flags: selected when `!= 0`.
    U32,
    /// `f32` flags: selected when the value is not ±0.0 (NaN selects).
    F32,
}

/// Host data for a mask upload.
#[derive(Debug, Clone, Copy)]
pub enum MaskData<'a> {
    /// `u32` flags.
    U32(&'a [u32]),
    /// `f32` flags.
    F32(&'a [f32]),
}

impl MaskData<'_> {
    /// Number of flags.
    pub fn len(&self) -> usize {
        match self {
            MaskData::U32(d) => d.len(),
            MaskData::F32(d) => d.len(),
        }
    }
    /// Whether there are no flags.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The flags' kind.
    pub fn kind(&self) -> MaskKind {
        match self {
            MaskData::U32(_) => MaskKind::U32,
            MaskData::F32(_) => MaskKind::F32,
        }
    }
    /// The flags as raw 32-bit words (the bits of an `f32` flag).
    pub fn words(&self) -> Vec<u32> {
        match self {
            MaskData::U32(d) => d.to_vec(),
            MaskData::F32(d) => d.iter().map(|x| x.to_bits()).collect(),
        }
    }
    /// Whether flag `i` selects its element.
    pub fn selects(&self, i: usize) -> bool {
        match self {
            MaskData::U32(d) => d[i] != 0,
            MaskData::F32(d) => mask_word_selects(d[i].to_bits(), MaskKind::F32),
        }
    }
}

/// Whether a raw mask word selects its element, by the rule of [`MaskKind`].
pub fn mask_word_selects(word: u32, kind: MaskKind) -> bool {
    match kind {
        MaskKind::U32 => word != 0,
        MaskKind::F32 => word & 0x7fff_ffff != 0,
    }
}

/// A device-resident selection mask for the masked arg-extremes (one flag per element).
#[derive(Debug)]
pub struct Mask {
    pub(crate) len: usize,
    pub(crate) kind: MaskKind,
    pub(crate) owner: DeviceId,
    pub(crate) storage: Storage,
}

impl Mask {
    /// Number of flags.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether there are no flags.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// How the flags are stored.
    pub fn kind(&self) -> MaskKind {
        self.kind
    }
    /// The backend's memory (for backend implementations); always raw 32-bit words.
    pub fn storage(&self) -> &Storage {
        &self.storage
    }
}

/// Device-resident labels for logistic regression: an `f32` vector whose entries were checked
/// at upload to lie in `[0, 1]` (0/1 labels, or soft labels).
#[derive(Debug)]
pub struct Labels(pub(crate) Vector);

impl Labels {
    /// The labels as a plain vector.
    pub fn as_vector(&self) -> &Vector {
        &self.0
    }
    /// Number of labels.
    pub fn len(&self) -> usize {
        self.0.len
    }
    /// Whether there are no labels.
    pub fn is_empty(&self) -> bool {
        self.0.len == 0
    }
}

/// How a matrix is laid out in device memory. The host always hands over row-major data; the
/// layout is chosen once, at upload, for the ops that will read the matrix.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Layout {
    /// Each row contiguous (what the host gives): one work-item reading one row strides through
    /// memory, a workgroup reading a block of rows reads one contiguous span. On a device, rows
    /// are padded with zeros to a multiple of 4 columns where that adds at most
    /// [`KernelParams::row_pad`](crate::KernelParams) sixteenths of a row (2 through wgpu, 1
    /// through OpenCL; [`row_pitch`](crate::chunk::row_pitch)), so that kernels read them with
    /// aligned `vec4` loads; the memory cost is at most that fraction. Callers never see the
    /// padding.
    RowMajor,
    /// Each column contiguous, with the column pitch (the distance between columns, in elements)
    /// padded to a multiple of [`KernelParams::pitch_align`](crate::KernelParams): adjacent
    /// work-items reading adjacent rows read adjacent addresses.
    ColumnMajor,
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Layout::RowMajor => "row-major",
            Layout::ColumnMajor => "column-major",
        })
    }
}

/// A device-resident `rows × cols` matrix of `f32`, all values finite (checked at upload).
#[derive(Debug)]
pub struct Matrix {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) layout: Layout,
    pub(crate) owner: DeviceId,
    pub(crate) storage: Storage,
}

impl Matrix {
    /// Number of rows (points, examples).
    pub fn rows(&self) -> usize {
        self.rows
    }
    /// Number of columns (dimensions, features).
    pub fn cols(&self) -> usize {
        self.cols
    }
    /// The layout chosen at upload.
    pub fn layout(&self) -> Layout {
        self.layout
    }
    /// The backend's memory (for backend implementations).
    pub fn storage(&self) -> &Storage {
        &self.storage
    }
}
