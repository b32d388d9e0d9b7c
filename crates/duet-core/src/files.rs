//! Files duet writes (models, reports, caches): written atomically, every error naming the path.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// The temporary path a write to `path` goes through: beside it (so the rename stays on one
/// file system), hidden, with this process's id (so concurrent writers do not share one), and
/// the same extension (writers that pick a format by extension, such as the plots, still can).
pub fn temp_path(path: &Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    path.with_file_name(format!(".{stem}.tmp-{}{ext}", std::process::id()))
}

/// Writes `bytes` to `path` through a temporary file (flushed to disk) and a rename, so a
/// reader sees the old file or the whole new one, and a failed write leaves the old one. The
/// error is an [`Error::Data`] that names the path.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let tmp = temp_path(path);
    let result = std::fs::File::create(&tmp)
        .and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::rename(&tmp, path));
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Error::Data {
            source_name: path.display().to_string(),
            line: 0,
            column: 0,
            reason: format!("cannot write: {e}"),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_names_the_path_and_leaves_nothing() {
        let dir = std::env::temp_dir().join(format!("duet-files-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let p = dir.join("a.txt");
        assert!(write_atomic(&p, b"one").is_ok());
        assert!(write_atomic(&p, b"two").is_ok());
        assert_eq!(std::fs::read(&p).ok().as_deref(), Some(&b"two"[..]));
        let bad = dir.join("missing").join("b.txt");
        let e = write_atomic(&bad, b"x")
            .expect_err("no directory")
            .to_string();
        assert!(e.contains("b.txt"), "{e}");
        let left: Vec<_> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name()).collect())
            .unwrap_or_default();
        assert_eq!(left.len(), 1, "{left:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
