//! The persistent cache: one versioned JSON file of tuned choices per device, and compiled
//! kernels (OpenCL program binaries, wgpu pipeline caches), in one directory:
//! `$DUET_CACHE_DIR`, else `$XDG_CACHE_HOME/duet`, else `~/.cache/duet`.
//!
//! Every file is written atomically (a temporary file, then a rename) under an exclusive lock
//! on a lock file beside it, so concurrent tuners neither corrupt a file nor lose each other's
//! entries (each re-reads the file under the lock and merges). A file that cannot be parsed is
//! reported and ignored; a tuner that writes over it first moves it aside
//! (`*.corrupt-<seconds>`), so nothing is overwritten by garbage nor lost.

use std::fs::File;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{DeviceKey, Entry, fnv1a};
use crate::error::{Error, Result};

/// The `format` field of a tuning file.
pub const FORMAT: &str = "duet-tune";
/// The version of the tuning file's layout; a file of another version is ignored.
pub const VERSION: u32 = 1;

/// A tuning file: the device key and its entries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TuneFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`].
    pub version: u32,
    /// The device the entries were measured on.
    pub key: DeviceKey,
    /// One entry per op and bucket.
    pub entries: Vec<Entry>,
}

impl TuneFile {
    /// An empty file for `key`.
    pub fn new(key: DeviceKey) -> TuneFile {
        TuneFile {
            format: FORMAT.into(),
            version: VERSION,
            key,
            entries: Vec::new(),
        }
    }
}

/// The cache directory: `$DUET_CACHE_DIR`, else `$XDG_CACHE_HOME/duet`, else `$HOME/.cache/duet`;
/// `None` when none of them is set (nothing is cached then).
pub fn cache_dir() -> Option<PathBuf> {
    let var = |v: &str| {
        std::env::var_os(v)
            .filter(|s| !s.is_empty())
            .map(PathBuf::from)
    };
    var("DUET_CACHE_DIR")
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("duet")))
        .or_else(|| var("HOME").map(|d| d.join(".cache").join("duet")))
}

/// A file name part from a device name: letters, digits and `-` only.
fn slug(s: &str) -> String {
    let mut out: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    while out.contains("--") {
        out = out.replace("--", "-");
    }
    out.trim_matches('-').chars().take(40).collect()
}

/// The hash of a whole key (every field), as file names use it.
pub fn key_hash(key: &DeviceKey) -> String {
    fnv1a(serde_json::to_string(key).unwrap_or_default().as_bytes())
}

/// The tuning file of `key` in `dir`: `tune-v1-<backend>-<device>-<key hash>.json`.
pub fn tune_path(dir: &Path, key: &DeviceKey) -> PathBuf {
    dir.join(format!(
        "tune-v{VERSION}-{}-{}-{}.json",
        key.backend,
        slug(&key.device),
        &key_hash(key)[..8]
    ))
}

fn data_error(path: &Path, reason: impl Into<String>) -> Error {
    Error::Data {
        source_name: path.display().to_string(),
        line: 0,
        column: 0,
        reason: reason.into(),
    }
}

/// Reads the tuning file of `key` in `dir`: `Ok(None)` when there is none; an error (naming the
/// file and what is wrong) when it cannot be read or parsed, has another format or version, or
/// belongs to another key. The caller ignores such a file.
pub fn read(dir: &Path, key: &DeviceKey) -> Result<Option<TuneFile>> {
    let path = tune_path(dir, key);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(data_error(&path, format!("cannot read; ignored ({e})"))),
    };
    parse(&text, &path, key).map(Some)
}

fn parse(text: &str, path: &Path, key: &DeviceKey) -> Result<TuneFile> {
    let file: TuneFile = serde_json::from_str(text).map_err(|e| {
        data_error(
            path,
            format!("not a duet tuning file; ignored ({e}); `duet tune` moves it aside"),
        )
    })?;
    if file.format != FORMAT || file.version != VERSION {
        return Err(data_error(
            path,
            format!(
                "format {} version {}, expected {FORMAT} version {VERSION}; ignored",
                file.format, file.version
            ),
        ));
    }
    if &file.key != key {
        return Err(data_error(
            path,
            format!(
                "tuned for another device, driver or duet version ({} / {} / duet {}); ignored",
                file.key.device, file.key.driver, file.key.duet_version
            ),
        ));
    }
    Ok(file)
}

/// An exclusive lock on `<path>.lock`, held until dropped (released by the OS if the process
/// dies).
pub struct FileLock {
    _file: File,
}

/// Takes the exclusive lock of `path` (waiting for another process that holds it).
pub fn lock(path: &Path) -> Result<FileLock> {
    let lock_path = path.with_extension("lock");
    let file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| data_error(&lock_path, format!("cannot create the lock file: {e}")))?;
    file.lock()
        .map_err(|e| data_error(&lock_path, format!("cannot lock: {e}")))?;
    Ok(FileLock { _file: file })
}

/// Creates `dir` (and its parents); the error names it.
pub fn ensure_dir(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir)
        .map_err(|e| data_error(dir, format!("cannot create the cache directory: {e}")))
}

/// What [`store`] did.
#[derive(Debug, Clone, PartialEq)]
pub struct Stored {
    /// The tuning file.
    pub path: PathBuf,
    /// Entries in it now.
    pub entries: usize,
    /// Where an unreadable or foreign file that was there went (moved aside, not lost).
    pub moved_aside: Option<PathBuf>,
}

/// Merges `entries` into the tuning file of `key` in `dir` under the file's lock: an entry
/// replaces the one of the same op and bucket, the others stay. A file there that does not
/// parse or belongs to another key is moved aside first.
pub fn store(dir: &Path, key: &DeviceKey, entries: &[Entry]) -> Result<Stored> {
    ensure_dir(dir)?;
    let path = tune_path(dir, key);
    let _lock = lock(&path)?;
    let mut moved_aside = None;
    let mut file = match read(dir, key) {
        Ok(Some(f)) => f,
        Ok(None) => TuneFile::new(key.clone()),
        Err(_) => {
            let secs = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(0);
            let aside = path.with_extension(format!("corrupt-{secs}"));
            std::fs::rename(&path, &aside)
                .map_err(|e| data_error(&path, format!("cannot move the bad file aside: {e}")))?;
            moved_aside = Some(aside);
            TuneFile::new(key.clone())
        }
    };
    for e in entries {
        file.entries
            .retain(|old| !(old.op == e.op && old.bucket == e.bucket));
        file.entries.push(e.clone());
    }
    file.entries.sort_by_key(|e| (e.op, e.bucket));
    let text = serde_json::to_string_pretty(&file)
        .map_err(|e| data_error(&path, format!("cannot serialise: {e}")))?;
    crate::files::write_atomic(&path, text.as_bytes())?;
    Ok(Stored {
        path,
        entries: file.entries.len(),
        moved_aside,
    })
}

/// Every tuning file in `dir` (for `duet tune --show`): each path with its parsed file or the
/// reason it cannot be used.
pub fn list(dir: &Path) -> Vec<(PathBuf, std::result::Result<TuneFile, String>)> {
    let Ok(read_dir) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = read_dir
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("tune-") && n.ends_with(".json"))
        })
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let parsed = std::fs::read_to_string(&p)
                .map_err(|e| e.to_string())
                .and_then(|t| serde_json::from_str::<TuneFile>(&t).map_err(|e| e.to_string()));
            (p, parsed)
        })
        .collect()
}

/// The path of a compiled-kernel blob in `dir`: `kernels/<backend>-<hash of key and what>.bin`,
/// where `what` is everything the blob depends on besides the device key (source and build
/// options for an OpenCL program).
pub fn kernel_blob_path(dir: &Path, key: &DeviceKey, what: &str) -> PathBuf {
    let id = fnv1a(format!("{}\n{what}", key_hash(key)).as_bytes());
    dir.join("kernels")
        .join(format!("{}-{id}.bin", key.backend))
}

/// Reads a compiled-kernel blob: `None` when it is missing or unreadable (it is rebuilt).
pub fn read_blob(path: &Path) -> Option<Vec<u8>> {
    std::fs::read(path).ok().filter(|b| !b.is_empty())
}

/// Writes a compiled-kernel blob atomically (creating the directory).
pub fn write_blob(path: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(parent) = path.parent() {
        ensure_dir(parent)?;
    }
    crate::files::write_atomic(path, bytes)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::Layout;
    use crate::tune::{Bucket, Shape, TunedOp, source_hash};

    fn key(driver: &str) -> DeviceKey {
        DeviceKey {
            backend: "opencl".into(),
            device: "Test GPU 9000 (rev 2)".into(),
            vendor_id: Some(0x10de),
            device_id: None,
            driver: driver.into(),
            duet_version: "0.1.0".into(),
        }
    }

    fn entry(cols: usize, wg: u32) -> Entry {
        Entry {
            op: TunedOp::Read,
            bucket: Bucket::of(Shape {
                rows: 1 << 20,
                cols,
                layout: Layout::RowMajor,
            }),
            source: source_hash("src"),
            params: BTreeMap::from([("reduce_wg".to_string(), wg)]),
            variant: None,
            measured_shape: (1 << 20, cols),
            tuned_s: 1e-4,
            default_s: 1.1e-4,
            baseline: None,
        }
    }

    fn temp_dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("duet-cache-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn store_merges_and_read_checks_the_key() {
        let dir = temp_dir("merge");
        let k = key("OpenCL 3.0 / 1.0");
        assert_eq!(read(&dir, &k).ok(), Some(None), "no file yet");
        let s = store(&dir, &k, &[entry(1, 128), entry(64, 256)]).expect("stored");
        assert_eq!(s.entries, 2);
        let s = store(&dir, &k, &[entry(1, 512)]).expect("stored");
        assert_eq!(s.entries, 2, "the same bucket is replaced");
        let f = read(&dir, &k).expect("readable").expect("present");
        assert_eq!(f.entries.len(), 2);
        assert!(f.entries.iter().any(|e| e.params["reduce_wg"] == 512));
        // A file copied from another driver is not trusted.
        let other = key("OpenCL 3.0 / 2.0");
        let text = std::fs::read_to_string(&s.path).expect("written");
        std::fs::write(tune_path(&dir, &other), text).expect("copied");
        let e = read(&dir, &other).expect_err("foreign").to_string();
        assert!(e.contains("another device, driver"), "{e}");
        assert!(slug(&k.device) == "test-gpu-9000-rev-2");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn garbage_is_reported_and_moved_aside_not_lost() {
        let dir = temp_dir("garbage");
        let k = key("d");
        ensure_dir(&dir).expect("dir");
        let path = tune_path(&dir, &k);
        std::fs::write(&path, b"\x00garbage{").expect("written");
        let e = read(&dir, &k).expect_err("garbage").to_string();
        assert!(e.contains("not a duet tuning file"), "{e}");
        let s = store(&dir, &k, &[entry(1, 64)]).expect("stored");
        let aside = s.moved_aside.expect("moved aside");
        assert_eq!(
            std::fs::read(&aside).ok().as_deref(),
            Some(&b"\x00garbage{"[..])
        );
        assert_eq!(
            read(&dir, &k).ok().flatten().map(|f| f.entries.len()),
            Some(1)
        );
        let listed = list(&dir);
        assert_eq!(listed.len(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn concurrent_writers_keep_every_entry() {
        let dir = temp_dir("concurrent");
        let k = key("d");
        std::thread::scope(|s| {
            for t in 0..8u32 {
                let (dir, k) = (&dir, &k);
                s.spawn(move || {
                    for i in 0..5u32 {
                        let cols = 1usize << (t * 5 + i).min(30);
                        store(dir, k, &[entry(cols, 64)]).expect("stored");
                    }
                });
            }
        });
        let f = read(&dir, &k).expect("parses").expect("present");
        assert_eq!(f.entries.len(), 31, "buckets 2^0..2^30, none lost");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_unwritable_directory_is_named() {
        let e = store(Path::new("/proc/duet-no"), &key("d"), &[entry(1, 64)])
            .expect_err("unwritable")
            .to_string();
        assert!(e.contains("/proc/duet-no"), "{e}");
    }
}
