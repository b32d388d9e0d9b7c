//! The built-in database (as CLBlast ships one): tuned choices for the devices duet's
//! maintainers measured, compiled into the library and used where the user's cache has no entry
//! for a bucket. A device it does not list gets the built-in defaults. `builtin.json` holds
//! cache files as `duet tune` writes them, one per device and backend (now the H100's full sweep,
//! the H200's quick tune, through wgpu and OpenCL, and llvmpipe and PoCL), rebuilt from `duet tune --json` reports
//! by `scripts/builtin_db.py`; BENCHMARKS.md gives their provenance.

use std::sync::OnceLock;

use super::cache::{FORMAT, TuneFile, VERSION};

/// The database's files (those of another format or version are left out).
pub fn database() -> &'static [TuneFile] {
    static DB: OnceLock<Vec<TuneFile>> = OnceLock::new();
    DB.get_or_init(|| {
        serde_json::from_str::<Vec<TuneFile>>(include_str!("builtin.json"))
            .unwrap_or_default()
            .into_iter()
            .filter(|f| f.format == FORMAT && f.version == VERSION)
            .collect()
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_database_parses() {
        let text = include_str!("builtin.json");
        let parsed: Result<Vec<super::TuneFile>, _> = serde_json::from_str(text);
        assert!(parsed.is_ok(), "{parsed:?}");
        assert_eq!(parsed.map(|v| v.len()).ok(), Some(super::database().len()));
    }
}
