//! `DUET_TUNE=auto` in the library: the [`AutoTune`] hook that tunes a missing bucket with
//! [`crate::tuner`] on a second handle to the same device (opened with tuning off, on first
//! need, and kept), and stores what it finds in the tuning cache.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use duet_core::tune::auto::AutoTune;
use duet_core::tune::{DeviceKey, Entry, Shape, TuneMode, TunedOp, cache};

use crate::tuner::{Target, TuneConfig, tune_target};
use crate::{Device, OpenOptions};

/// The hook of one device.
pub(crate) struct FirstUse {
    /// The device's name (`wgpu:0`).
    name: String,
    /// Its options, with tuning off.
    opts: OpenOptions,
    key: DeviceKey,
    dir: Option<PathBuf>,
    budget: Duration,
    /// The second handle, opened at the first tuning.
    dev: Mutex<Option<Device>>,
}

impl FirstUse {
    pub(crate) fn new(
        name: &str,
        opts: &OpenOptions,
        key: DeviceKey,
        dir: Option<PathBuf>,
        budget: Duration,
    ) -> FirstUse {
        FirstUse {
            name: name.to_string(),
            opts: OpenOptions {
                tune: Some(TuneMode::Off),
                ..opts.clone()
            },
            key,
            dir,
            budget,
            dev: Mutex::new(None),
        }
    }

    fn run(&self, op: TunedOp, shape: Shape) -> Result<Option<Entry>, String> {
        let deadline = Instant::now() + self.budget;
        let mut dev = self.dev.lock().unwrap_or_else(|e| e.into_inner());
        if dev.is_none() {
            *dev = Some(crate::open_with(&self.name, &self.opts).map_err(|e| e.to_string())?);
        }
        let Some(dev) = dev.as_mut() else {
            return Ok(None);
        };
        let t = Target {
            op,
            layout: shape.layout,
            rows: shape.rows,
            cols: shape.cols,
        };
        let r = tune_target(dev, &t, &TuneConfig::first_use(), deadline, &mut |_| {})
            .map_err(|e| e.to_string())?;
        let Some(entry) = r.entry else {
            return Err(r
                .note
                .unwrap_or_else(|| "no candidate could be timed".into()));
        };
        if let Some(dir) = &self.dir
            && let Err(e) = cache::store(dir, &self.key, std::slice::from_ref(&entry))
        {
            crate::report_once(&format!(
                "DUET_TUNE=auto: the entry for {op} {} is used but not kept: {e}",
                entry.bucket
            ));
        }
        Ok(Some(entry))
    }
}

impl AutoTune for FirstUse {
    fn tune(&self, op: TunedOp, shape: Shape) -> Option<Entry> {
        self.run(op, shape)
            .map_err(|why| {
                crate::report_once(&format!(
                    "DUET_TUNE=auto: {op} at {}×{} {} on {} was not tuned: {why}",
                    shape.rows, shape.cols, shape.layout, self.name
                ))
            })
            .ok()
            .flatten()
    }
}
