//! Output files of the commands: checked before any work starts, written atomically (a
//! temporary file beside the target, then a rename), every error naming the path.

use std::path::{Path, PathBuf};

use super::CliResult;

/// Checks that `path` can be written: its directory exists and accepts a new file, and the path
/// is not a directory. `what` names the option (`--json`).
pub fn check_writable(what: &str, path: &Path) -> CliResult<()> {
    if path.is_dir() {
        return Err(format!("{what} {}: is a directory", path.display()).into());
    }
    let dir = parent(path);
    if !dir.is_dir() {
        return Err(format!(
            "{what} {}: directory {} does not exist",
            path.display(),
            dir.display()
        )
        .into());
    }
    let probe = duet_core::files::temp_path(path);
    std::fs::File::create(&probe)
        .and_then(|_| std::fs::remove_file(&probe))
        .map_err(|e| format!("{what} {}: cannot write there: {e}", path.display()))?;
    Ok(())
}

/// Writes `bytes` to `path` atomically ([`duet_core::files::write_atomic`]); `what` names the
/// option in the error.
pub fn write_atomic(what: &str, path: &Path, bytes: &[u8]) -> CliResult<()> {
    duet_core::files::write_atomic(path, bytes).map_err(|e| format!("{what} {e}").into())
}

/// Runs `write` on a temporary path beside `path` with the same extension (for writers that
/// take a path, such as the plots), then renames it into place.
pub fn with_temp_path(
    what: &str,
    path: &Path,
    write: impl FnOnce(&Path) -> CliResult<()>,
) -> CliResult<()> {
    let tmp = duet_core::files::temp_path(path);
    let result = write(&tmp).and_then(|()| {
        std::fs::rename(&tmp, path).map_err(|e| format!("{what} {}: {e}", path.display()).into())
    });
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

fn parent(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_and_names_the_path() {
        let dir = std::env::temp_dir().join(format!("duet-output-{}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .map_err(|e| e.to_string())
            .ok();
        let p = dir.join("r.json");
        assert!(check_writable("--json", &p).is_ok());
        assert!(write_atomic("--json", &p, b"one").is_ok());
        assert!(write_atomic("--json", &p, b"two").is_ok());
        assert_eq!(std::fs::read(&p).ok().as_deref(), Some(&b"two"[..]));
        let missing = dir.join("no/such/dir/r.json");
        let e = check_writable("--json", &missing)
            .err()
            .map(|e| e.to_string());
        assert!(
            e.as_deref()
                .is_some_and(|e| e.contains("no/such/dir") && e.contains("--json")),
            "{e:?}"
        );
        let e = check_writable("--json", &dir).err().map(|e| e.to_string());
        assert!(
            e.as_deref().is_some_and(|e| e.contains("is a directory")),
            "{e:?}"
        );
        let left: Vec<_> = std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .collect();
        assert_eq!(left.len(), 1, "temporary files left behind");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
