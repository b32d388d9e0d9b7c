//! The tuning cache at work on every backend at hand: a device opened with a cache directory
//! uses the entries written for it (their parameters and variants, checked against the CPU
//! reference with the tolerances of the table each call ran with), ignores entries tuned on
//! other kernels or another driver, and opens with the defaults and a warning when the file is
//! garbage, which it leaves as it was. `DUET_REQUIRE` makes a missing backend a failure.

// A test may stop at a failed setup step: the panic message says which.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::path::PathBuf;

use duet::conform::registry::BenchCase;
use duet::conform::run::{Status, run_on};
use duet::tune::{
    Baseline, Bucket, DeviceKey, Entry, Origin, Shape, TuneMode, TunedOp, cache, source_hash,
};
use duet::{BackendKind, DeviceInfo, Layout, LogregStrategy, OpenOptions, RbfVariant};

/// The first device of each GPU backend (a required backend that is missing fails).
fn targets() -> Vec<DeviceInfo> {
    let required = duet::suite::parse_require(&std::env::var("DUET_REQUIRE").unwrap_or_default())
        .expect("DUET_REQUIRE lists wgpu, opencl or cpu");
    let list = duet::devices();
    let mut out = Vec::new();
    for kind in [BackendKind::Wgpu, BackendKind::OpenCl] {
        match list.devices.iter().find(|d| d.backend == kind) {
            Some(d) => out.push(d.clone()),
            None => {
                assert!(
                    !required.contains(&kind),
                    "{kind:?} is required: none found"
                );
                eprintln!("SKIPPED: no {kind:?} device");
            }
        }
    }
    out
}

fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "duet-tuning-test-{}-{}",
        std::process::id(),
        name.replace(':', "-")
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn open(info: &DeviceInfo, dir: &std::path::Path) -> duet::Device {
    duet::open_with(
        &info.name,
        &OpenOptions {
            tune: Some(TuneMode::Cached),
            cache_dir: Some(dir.to_path_buf()),
            ..OpenOptions::default()
        },
    )
    .expect("the device opens")
}

/// An entry for `op` at `rows × cols` in `layout` with `params` and `variant`, tuned on
/// `source`.
fn entry(
    op: TunedOp,
    (rows, cols, layout): (usize, usize, Layout),
    params: &[(&str, u32)],
    variant: Option<&str>,
    source: &str,
) -> Entry {
    Entry {
        op,
        bucket: Bucket::of(Shape { rows, cols, layout }),
        source: source_hash(source),
        params: params
            .iter()
            .map(|(k, v)| (k.to_string(), *v))
            .collect::<BTreeMap<_, _>>(),
        variant: variant.map(str::to_string),
        measured_shape: (rows, cols),
        tuned_s: 1e-3,
        default_s: 2e-3,
        baseline: None,
    }
}

const READ_N: usize = 100_003;
const READ_SHAPE: Shape = Shape {
    rows: READ_N,
    cols: 1,
    layout: Layout::RowMajor,
};
const RBF: (usize, usize, Layout) = (3001, 37, Layout::ColumnMajor);
const LOGREG: (usize, usize, Layout) = (3001, 19, Layout::RowMajor);

/// Tuned choices that differ from every backend's defaults.
fn entries(dev: &duet::Device) -> Vec<Entry> {
    let src = |stem: &str| {
        dev.backend()
            .kernel_source(stem)
            .expect("GPU backends have kernel sources")
    };
    let vector = (READ_N, 1, Layout::RowMajor);
    vec![
        entry(
            TunedOp::Read,
            vector,
            &[
                ("reduce_wg", 64),
                ("reduce_unroll", 2),
                ("reduce_max_groups", 264),
            ],
            None,
            src("read"),
        ),
        entry(
            TunedOp::Argext,
            vector,
            &[("reduce_wg", 128), ("reduce_unroll", 1)],
            None,
            src("argext"),
        ),
        entry(
            TunedOp::Rbf,
            RBF,
            &[("rbf_wg", 64)],
            Some("vectorized"),
            // Column-major RBF entries are keyed by every file their rungs run.
            &TunedOp::Rbf
                .stems(RBF.2)
                .iter()
                .map(|s| src(s))
                .collect::<String>(),
        ),
        entry(
            TunedOp::Logreg,
            LOGREG,
            &[("logreg_wg", 128), ("logreg_max_groups", 528)],
            Some("multi_group"),
            src("logreg"),
        ),
    ]
}

fn bench(op: &str, variant: &str, (n, d): (usize, usize)) -> BenchCase {
    BenchCase {
        op: op.into(),
        variant: variant.into(),
        n,
        d,
        iters: 0,
    }
}

/// `case`'s conformance check on `dev` passes.
fn assert_check_passes(dev: &duet::Device, case: &BenchCase) {
    let check = case
        .family()
        .and_then(|f| f.bench_check(case))
        .expect("a check case");
    let r = run_on(&check, dev);
    assert_eq!(
        r.status,
        Status::Pass,
        "[{}] {}: {:?} {:?}",
        dev.name(),
        check.id,
        r.error,
        r.worst_input
    );
}

#[test]
fn cached_entries_are_used_and_right() {
    for info in targets() {
        let dir = fresh_dir(&info.name);
        let key = DeviceKey::of(&info);
        let plain = open(&info, &dir);
        assert_eq!(
            plain.tuning().count(Origin::Cache),
            0,
            "[{}] an empty cache",
            info.name
        );
        let stored = cache::store(&dir, &key, &entries(&plain)).expect("the cache is written");
        assert_eq!(stored.entries, 4);

        let dev = open(&info, &dir);
        assert_eq!(
            dev.tuning().count(Origin::Cache),
            4,
            "[{}] every entry applies",
            info.name
        );
        let (p, _, origin) = dev.tuned(TunedOp::Read, READ_SHAPE, None);
        assert_eq!(origin, Origin::Cache);
        assert_eq!((p.reduce_wg, p.reduce_unroll), (64, 2));
        assert_eq!(
            dev.rbf_variant_at(RBF.2, RBF.0, RBF.1),
            RbfVariant::Vectorized
        );
        assert_eq!(
            dev.logreg_strategy_at(LOGREG.0, LOGREG.1),
            LogregStrategy::MultiGroup,
            "[{}] the tuned strategy, not the shape rule's single_group",
            info.name
        );
        // A shape far from every entry runs with the device's own table.
        let far = Shape {
            rows: 7,
            cols: 1,
            layout: Layout::RowMajor,
        };
        assert_eq!(dev.tuned(TunedOp::Read, far, None).2, Origin::Default);

        // Each op at the tuned shapes, through the tuned path, against the reference.
        for case in [
            bench("read", "-", (READ_N, 1)),
            bench("argmax", "-", (READ_N, 1)),
            bench("rbf", "default", (RBF.0, RBF.1)),
            bench("logreg", "default", (LOGREG.0, LOGREG.1)),
        ] {
            assert_check_passes(&dev, &case);
        }

        // The tuned read runs exactly what a device opened with that table runs.
        let table = dev.params_for(TunedOp::Read, READ_SHAPE, None);
        let explicit = duet::open_with(
            &info.name,
            &OpenOptions {
                params: table,
                tune: Some(TuneMode::Off),
                ..OpenOptions::default()
            },
        )
        .expect("the device opens with the tuned table");
        let data = duet::data::normal(READ_N, 5);
        let a = dev.read_sum(&dev.upload(&data).unwrap()).unwrap();
        let b = explicit.read_sum(&explicit.upload(&data).unwrap()).unwrap();
        assert_eq!(a.to_bits(), b.to_bits(), "[{}] {a} vs {b}", info.name);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// An entry records the defaults it beat (`Baseline`): on a device whose defaults at the
/// entry's shape are those, it is used; where its recorded default rung or a table value of
/// its op that its rung or the default rung reads differs, it is not (counted by `stale`), and
/// its shape runs the device's own choice.
#[test]
fn entries_whose_defaults_changed_are_not_used() {
    for info in targets() {
        let dir = fresh_dir(&format!("{}-baseline", info.name));
        let key = DeviceKey::of(&info);
        let plain = open(&info, &dir);
        let at = Shape {
            rows: RBF.0,
            cols: RBF.1,
            layout: RBF.2,
        };
        let own = duet::Device::default_variant(plain.backend(), TunedOp::Rbf, at)
            .expect("RBF rows have rungs");
        let other = if own == "vectorized" {
            "local_memory"
        } else {
            "vectorized"
        };
        let today = Baseline::of(TunedOp::Rbf, plain.params(), Some(own), at);
        let mut rbf = entries(&plain).swap_remove(2);
        assert_eq!(rbf.op, TunedOp::Rbf);
        let shapes_rung = |dev: &duet::Device| dev.rbf_variant_at(RBF.2, RBF.0, RBF.1);

        rbf.baseline = Some(today.clone());
        cache::store(&dir, &key, std::slice::from_ref(&rbf)).expect("the cache is written");
        let dev = open(&info, &dir);
        assert_eq!(dev.tuning().stale(), None, "[{}]", info.name);
        assert_eq!(
            shapes_rung(&dev),
            RbfVariant::Vectorized,
            "[{}] used",
            info.name
        );

        let mut moved = today.clone();
        moved.variant = Some(other.to_string());
        // A parameter the entry's rung reads (`vectorized` reads its pivots inside its loop up
        // to `rbf_loop_pivot_cols` columns); one only other rungs read does not count.
        let mut older = today.clone();
        let pivots = older
            .params
            .get_mut("rbf_loop_pivot_cols")
            .expect("RBF rows read rbf_loop_pivot_cols");
        *pivots = if *pivots == 0 { 256 } else { 0 };
        let mut lanes = today.clone();
        let lane_cols = lanes
            .params
            .get_mut("rbf_lane_cols")
            .expect("RBF rows read rbf_lane_cols");
        *lane_cols = if *lane_cols == 4 { 16 } else { 4 };
        rbf.baseline = Some(lanes);
        cache::store(&dir, &key, std::slice::from_ref(&rbf)).expect("the cache is written");
        if !matches!(own, "row_lanes") {
            let dev = open(&info, &dir);
            assert_eq!(dev.tuning().stale(), None, "[{}] another rung's", info.name);
        }
        for (was, what) in [(moved, "variant"), (older, "rbf_loop_pivot_cols")] {
            let _ = std::fs::remove_dir_all(&dir);
            rbf.baseline = Some(was);
            cache::store(&dir, &key, std::slice::from_ref(&rbf)).expect("the cache is written");
            let dev = open(&info, &dir);
            assert_eq!(
                dev.tuning().stale(),
                Some((1, vec![what])),
                "[{}] measured against other defaults",
                info.name
            );
            assert_eq!(dev.tuning().count(Origin::Cache), 0);
            assert_eq!(
                dev.tuned(TunedOp::Rbf, at, None).2,
                Origin::Default,
                "[{}]",
                info.name
            );
            assert_eq!(
                shapes_rung(&dev).name(),
                own,
                "[{}] the device's own rung",
                info.name
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A parameter the caller pins (`--param`) wins over a tuned entry that would change it: that
/// entry is not used and counted; entries that leave it alone still are; an unknown name is
/// an error that names it.
#[test]
fn pinned_parameters_win_over_entries() {
    for info in targets() {
        let dir = fresh_dir(&format!("{}-pinned", info.name));
        let plain = open(&info, &dir);
        cache::store(&dir, &DeviceKey::of(&info), &entries(&plain)).expect("written");
        let pinned = |names: &[&str], unroll: u32| {
            let mut params = duet::KernelParams::DEFAULT;
            params.set("reduce_unroll", unroll).expect("a valid value");
            duet::open_with(
                &info.name,
                &OpenOptions {
                    params,
                    pinned: names.iter().map(|n| n.to_string()).collect(),
                    tune: Some(TuneMode::Cached),
                    cache_dir: Some(dir.clone()),
                    ..OpenOptions::default()
                },
            )
        };
        let dev = pinned(&["reduce_unroll"], 8).expect("opens");
        let (p, _, origin) = dev.tuned(TunedOp::Read, READ_SHAPE, None);
        assert_eq!(
            origin,
            Origin::Default,
            "[{}] the read entry sets reduce_unroll 2",
            info.name
        );
        assert_eq!((p.reduce_wg, p.reduce_unroll), (256, 8), "[{}]", info.name);
        // The argext entry sets reduce_unroll 1 too, the RBF and logistic entries do not (the
        // built-in database may have more entries for this driver that set it).
        let (n, names) = dev.tuning().overruled().expect("entries were overruled");
        assert!(
            n >= 2 && names == ["reduce_unroll"],
            "[{}] {n} {names:?}",
            info.name
        );
        assert_eq!(dev.tuning().count(Origin::Cache), 2, "[{}]", info.name);
        assert_eq!(
            dev.tuned(
                TunedOp::Logreg,
                Shape {
                    rows: LOGREG.0,
                    cols: LOGREG.1,
                    layout: LOGREG.2
                },
                None
            )
            .2,
            Origin::Cache,
            "[{}] an entry that leaves the pinned parameter alone",
            info.name
        );
        assert_check_passes(&dev, &bench("read", "-", (READ_N, 1)));
        // Pinned at the entry's own value: the entry agrees and is used.
        let same = pinned(&["reduce_unroll"], 2).expect("opens");
        let (p, _, origin) = same.tuned(TunedOp::Read, READ_SHAPE, None);
        assert_eq!(
            (origin, p.reduce_wg),
            (Origin::Cache, 64),
            "[{}]",
            info.name
        );
        assert!(
            same.tuning().overruled().is_some(),
            "[{}] the argext entry's 1",
            info.name
        );
        // Nothing pinned: the entry's value replaces the caller's.
        let loose = pinned(&[], 8).expect("opens");
        assert_eq!(
            loose.tuned(TunedOp::Read, READ_SHAPE, None).0.reduce_unroll,
            2
        );
        assert_eq!(loose.tuning().overruled(), None);
        match pinned(&["reduce_unrol"], 8) {
            Ok(_) => panic!("[{}] an unknown pinned name opened", info.name),
            Err(e) => assert!(e.to_string().contains("reduce_unrol"), "{e}"),
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn foreign_and_stale_entries_are_ignored() {
    for info in targets() {
        let dir = fresh_dir(&format!("{}-foreign", info.name));
        let plain = open(&info, &dir);
        // Tuned on other kernels: the source hash differs.
        let mut stale = entries(&plain);
        for e in &mut stale {
            e.source = source_hash("another kernel");
        }
        let key = DeviceKey::of(&info);
        cache::store(&dir, &key, &stale).expect("written");
        assert_eq!(
            open(&info, &dir).tuning().count(Origin::Cache),
            0,
            "[{}] stale entries",
            info.name
        );
        // Another driver's file is not this device's.
        let _ = std::fs::remove_dir_all(&dir);
        let other = DeviceKey {
            driver: format!("{} (another version)", key.driver),
            ..key.clone()
        };
        cache::store(&dir, &other, &entries(&plain)).expect("written");
        assert_eq!(
            open(&info, &dir).tuning().count(Origin::Cache),
            0,
            "[{}] another driver's entries",
            info.name
        );
        // Tuning off ignores a valid cache.
        let _ = std::fs::remove_dir_all(&dir);
        cache::store(&dir, &key, &entries(&plain)).expect("written");
        let off = duet::open_with(
            &info.name,
            &OpenOptions {
                tune: Some(TuneMode::Off),
                cache_dir: Some(dir.clone()),
                ..OpenOptions::default()
            },
        )
        .expect("opens");
        assert!(off.tuning().is_empty(), "[{}] DUET_TUNE=off", info.name);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_garbage_cache_is_reported_kept_and_the_defaults_run() {
    for info in targets() {
        let dir = fresh_dir(&format!("{}-garbage", info.name));
        std::fs::create_dir_all(&dir).unwrap();
        let path = cache::tune_path(&dir, &DeviceKey::of(&info));
        std::fs::write(&path, "{ this is not a tuning file").unwrap();
        let dev = open(&info, &dir);
        assert_eq!(dev.tuning().count(Origin::Cache), 0);
        let warning = dev.tuning().warnings().join("\n");
        assert!(
            warning.contains(&path.display().to_string()),
            "[{}] the warning names the file: {warning}",
            info.name
        );
        let v = dev.upload(&[1.0, 2.0, 3.0]).unwrap();
        assert_eq!(dev.read_sum(&v).unwrap(), 6.0);
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "{ this is not a tuning file",
            "opening never writes the cache"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Compiled kernels are kept in the cache directory, a device opened later runs from them with
/// the same results, and a blob of garbage is rebuilt and replaced, never trusted. (OpenCL CPU
/// runtimes keep binaries only when asked: `kernel_cache: Some(true)`.)
#[test]
fn compiled_kernels_are_kept_and_garbage_is_rebuilt() {
    for info in targets() {
        let dir = fresh_dir(&format!("{}-kernels", info.name));
        let opts = OpenOptions {
            tune: Some(TuneMode::Off),
            cache_dir: Some(dir.clone()),
            kernel_cache: Some(true),
            ..OpenOptions::default()
        };
        let data = duet::data::normal(10_001, 3);
        let sum = || {
            let dev = duet::open_with(&info.name, &opts).expect("opens");
            let v = dev.upload(&data).expect("upload");
            dev.read_sum(&v).expect("read_sum")
        };
        let first = sum();
        let blobs: Vec<PathBuf> = std::fs::read_dir(dir.join("kernels"))
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        if info.backend == BackendKind::OpenCl {
            assert!(!blobs.is_empty(), "[{}] no program binary kept", info.name);
        }
        assert_eq!(
            sum().to_bits(),
            first.to_bits(),
            "[{}] from the cache",
            info.name
        );
        for b in &blobs {
            std::fs::write(b, b"garbage, not a kernel").unwrap();
        }
        assert_eq!(
            sum().to_bits(),
            first.to_bits(),
            "[{}] after garbage",
            info.name
        );
        for b in &blobs {
            assert_ne!(
                std::fs::read(b).unwrap(),
                b"garbage, not a kernel",
                "[{}] {} was not replaced",
                info.name,
                b.display()
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The built-in database (the devices measured for it, BENCHMARKS.md) is used where the cache
/// has nothing: each file's entries for the kernels compiled in now apply to its device, as
/// built-in choices. (Entries for kernels changed since are ignored, as cache entries are.)
#[test]
fn the_built_in_database_applies_to_its_devices() {
    let db = duet::tune::builtin::database();
    assert!(!db.is_empty(), "the database lists the measured devices");
    for file in db {
        let source = |stem: &str| match file.key.backend.as_str() {
            "wgpu" => duet::duet_wgpu::shaders::source(stem),
            _ => duet::duet_opencl::kernels::source(stem),
        };
        let t = duet::tune::Tuning::load(&file.key, TuneMode::Cached, None, &source);
        let fresh: Vec<&Entry> = file
            .entries
            .iter()
            .filter(|e| e.op.source_hash(e.bucket.layout, &source).as_deref() == Some(&e.source))
            .collect();
        assert_eq!(t.len(), fresh.len(), "{}", file.key.device);
        for e in fresh {
            let shape = Shape {
                rows: e.measured_shape.0,
                cols: e.measured_shape.1,
                layout: e.bucket.layout,
            };
            let (found, origin) = t.lookup(e.op, shape).expect("its own entry");
            assert_eq!(origin, Origin::BuiltIn);
            let own = Bucket::of(shape);
            if own == e.bucket {
                assert_eq!(found, e);
            } else {
                // Tuned when every column bucket was a power of two: its measured shape now
                // lies in a bucket of three quarters (33 columns: 33–48) whose parent it is,
                // and that bucket's own entry, where it has one, comes first.
                assert_eq!(own.parent(), Some(e.bucket), "{}", file.key.device);
                assert!(found == e || found.bucket == own, "{}", file.key.device);
                // It still serves the top of its bucket at the same bytes.
                let top = Shape {
                    rows: (shape.rows * shape.cols).div_ceil(e.bucket.cols as usize),
                    cols: e.bucket.cols as usize,
                    layout: e.bucket.layout,
                };
                if Bucket::of(top) == e.bucket {
                    assert_eq!(t.lookup(e.op, top).map(|f| f.0), Some(e));
                }
            }
        }
    }
}

/// Shapes in buckets that no built-in entry has (the database tunes 1 MiB and up).
const AUTO_RBF: (usize, usize, Layout) = (301, 37, Layout::ColumnMajor);
const AUTO_READ_N: usize = 20_011;

fn open_auto(info: &DeviceInfo, dir: &std::path::Path, budget_ms: u64) -> duet::Device {
    duet::open_with(
        &info.name,
        &OpenOptions {
            tune: Some(TuneMode::Auto),
            cache_dir: Some(dir.to_path_buf()),
            auto_budget: Some(std::time::Duration::from_millis(budget_ms)),
            ..OpenOptions::default()
        },
    )
    .expect("the device opens")
}

/// `DUET_TUNE=auto`: the first call of a bucket with no entry tunes it (the call's result still
/// passes its check), the entry is used from then on and kept in the cache, where a later
/// device finds it; a bucket is tuned once; a budget too small for a search keeps the
/// defaults, measured, as the entry.
#[test]
fn auto_tunes_a_missing_bucket_on_first_use() {
    for info in targets() {
        let dir = fresh_dir(&format!("{}-auto", info.name));
        let key = DeviceKey::of(&info);
        let dev = open_auto(&info, &dir, 3000);
        assert!(dev.auto_tunes());
        let shape = Shape {
            rows: AUTO_RBF.0,
            cols: AUTO_RBF.1,
            layout: AUTO_RBF.2,
        };
        assert!(
            !dev.tuning().has_bucket(TunedOp::Rbf, Bucket::of(shape)),
            "[{}] the test needs a bucket the built-in database does not have",
            info.name
        );
        assert_check_passes(&dev, &bench("rbf", "default", (AUTO_RBF.0, AUTO_RBF.1)));
        let (_, variant, origin) = dev.tuned(TunedOp::Rbf, shape, None);
        assert_eq!(origin, Origin::Auto, "[{}] tuned on first use", info.name);
        let file = cache::read(&dir, &key)
            .expect("the cache file parses")
            .expect("the entry was stored");
        let stored: Vec<&Entry> = file
            .entries
            .iter()
            .filter(|e| e.op == TunedOp::Rbf)
            .collect();
        assert_eq!(stored.len(), 1, "[{}] one bucket tuned once", info.name);
        assert_eq!(stored[0].bucket, Bucket::of(shape));
        assert_eq!(stored[0].variant, variant);
        assert!(stored[0].tuned_s > 0.0 && stored[0].tuned_s <= stored[0].default_s);
        // An entry that chose something records the defaults it beat (the later device below
        // uses it only where they are its own).
        let chose = !stored[0].params.is_empty() || stored[0].variant.is_some();
        assert_eq!(
            stored[0].baseline.is_some(),
            chose,
            "[{}] {:?}",
            info.name,
            stored[0]
        );
        // Asking again does not tune again (the file is unchanged).
        let before = std::fs::read(cache::tune_path(&dir, &key)).unwrap();
        let _ = dev.tuned(TunedOp::Rbf, shape, None);
        assert_eq!(before, std::fs::read(cache::tune_path(&dir, &key)).unwrap());
        // A later device in cached mode finds it.
        let later = open(&info, &dir);
        assert_eq!(later.tuned(TunedOp::Rbf, shape, None).2, Origin::Cache);
        drop(dev);

        // A budget of 1 ms: the defaults are measured and kept.
        let tiny = fresh_dir(&format!("{}-auto-tiny", info.name));
        let dev = open_auto(&info, &tiny, 1);
        let read_shape = Shape {
            rows: AUTO_READ_N,
            cols: 1,
            layout: Layout::RowMajor,
        };
        assert!(
            !dev.tuning()
                .has_bucket(TunedOp::Read, Bucket::of(read_shape))
        );
        let v = dev.upload(&duet::data::normal(AUTO_READ_N, 3)).unwrap();
        let got = dev.read_sum(&v).unwrap();
        let (p, _, origin) = dev.tuned(TunedOp::Read, read_shape, None);
        assert_eq!(origin, Origin::Auto);
        assert_eq!(p, *dev.params(), "[{}] the defaults kept", info.name);
        // Kept defaults are stored as no parameters and no variant: "the defaults" of the duet
        // that reads the entry, not the values they had when it was tuned.
        let kept = cache::read(&tiny, &key)
            .expect("the cache file parses")
            .expect("the entry was stored");
        let kept = kept
            .entries
            .iter()
            .find(|e| e.op == TunedOp::Read && e.bucket == Bucket::of(read_shape))
            .expect("the read bucket's entry");
        assert!(
            kept.params.is_empty() && kept.variant.is_none(),
            "[{}] {kept:?}",
            info.name
        );
        let plain = duet::open_with(
            &info.name,
            &OpenOptions {
                tune: Some(TuneMode::Off),
                ..OpenOptions::default()
            },
        )
        .expect("opens");
        let want = plain.read_sum(&plain.upload(&duet::data::normal(AUTO_READ_N, 3)).unwrap());
        assert_eq!(Some(got.to_bits()), want.ok().map(f64::to_bits));
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_dir_all(&tiny);
    }
}

#[test]
fn auto_budget_and_mode_are_checked() {
    assert!(TuneMode::parse("auto").is_ok());
    let e = duet::tune::auto::parse_budget("-1").expect_err("negative");
    assert!(e.to_string().contains("DUET_TUNE_BUDGET"), "{e}");
}

/// Every entry of the built-in database is keyed to the kernel sources of this build: the
/// lookup skips an entry of other sources, so a kernel change that left an op's entries keyed
/// to the old text would drop them without a word (session 41's first measurement of a
/// changed `logreg.cl` ran without its H100 entries). Re-key them where the parameters keep
/// their meaning (`scripts/builtin_db.py --carry OP`), or tune again.
#[cfg(all(feature = "opencl", feature = "wgpu"))]
#[test]
fn builtin_entries_are_keyed_to_these_kernel_sources() {
    let mut stale = Vec::new();
    let mut seen = 0;
    for file in duet::tune::builtin::database() {
        let source_of: &dyn Fn(&str) -> Option<&'static str> = match file.key.backend.as_str() {
            "opencl" => &duet::duet_opencl::kernels::source,
            "wgpu" => &duet::duet_wgpu::shaders::source,
            other => panic!("a built-in file for an unknown backend {other}"),
        };
        for e in &file.entries {
            seen += 1;
            if e.op.source_hash(e.bucket.layout, source_of).as_ref() != Some(&e.source) {
                stale.push(format!(
                    "{} {} {:?}",
                    file.key.device,
                    e.op.name(),
                    e.bucket
                ));
            }
        }
    }
    assert!(seen > 0, "the built-in database has no entries");
    assert!(stale.is_empty(), "{} stale entries: {stale:?}", stale.len());
}

/// Every built-in entry that records what the defaults launched at its measured shape
/// (`Baseline::launch`) still gets that launch from the table it records: a rule in Rust code
/// that changed it (a pitch, rows a step, workgroups) retires the entry on its device, where
/// it no longer runs. Verify such entries on their device (`duet tune --verify --retired
/// --shapes reach`, then `scripts/builtin_db.py --drop-slower REPORT --stamp REPORT`) or remove
/// them.
#[test]
fn builtin_entries_launch_as_they_recorded() {
    let mut seen = 0;
    let mut moved = Vec::new();
    for file in duet::tune::builtin::database() {
        for e in &file.entries {
            let Some(b) = e.baseline.as_ref().filter(|b| !b.launch.is_empty()) else {
                continue;
            };
            seen += 1;
            let mut table = duet::KernelParams::DEFAULT;
            for (name, &v) in &b.params {
                table
                    .set(name, v)
                    .expect("a recorded parameter of today's table");
            }
            // The one comparison the lookup makes (`Baseline::differences`), against the
            // baseline that recorded table gives today.
            let now = Baseline::of(e.op, &table, b.variant.as_deref(), e.measured());
            let changed = b.differences(&now, &[], e.variant.as_deref());
            if !changed.is_empty() {
                moved.push(format!(
                    "{} {} {} at {:?}: {}",
                    file.key.device,
                    e.op.name(),
                    e.bucket,
                    e.measured_shape,
                    changed.join(", ")
                ));
            }
        }
    }
    assert!(seen > 0, "no built-in entry records a launch");
    assert!(moved.is_empty(), "{} entries: {moved:#?}", moved.len());
}

/// The first file of the built-in database with at least `n` entries, and the device info a
/// `duet tune --verify --json` report gives for its device.
fn builtin_file(n: usize) -> (serde_json::Value, serde_json::Value) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("crates/duet-core/src/tune/builtin.json"))
        .expect("the built-in database");
    let db: serde_json::Value = serde_json::from_str(&text).expect("it parses");
    let file = db
        .as_array()
        .and_then(|files| {
            files
                .iter()
                .find(|f| f["entries"].as_array().is_some_and(|e| e.len() >= n))
        })
        .expect("a device with enough entries")
        .clone();
    let key = &file["key"];
    let info = serde_json::json!({
        "backend": if key["backend"] == "wgpu" { "Wgpu" } else { "OpenCl" },
        "device": key["device"],
        "vendor_id": key["vendor_id"],
        "device_id": key["device_id"],
        "api": "api",
        "driver": "driver",
    });
    (file, info)
}

/// A shape of `duet tune --verify --json`'s report, timed through entry `e`: its measured shape.
fn verified_json(
    e: &serde_json::Value,
    gain_noise: (f64, f64),
    origin: &str,
    baseline: serde_json::Value,
) -> serde_json::Value {
    let shape = &e["measured_shape"];
    let rows = shape[0].as_u64().expect("measured rows");
    let cols = shape[1].as_u64().expect("measured columns");
    verified_at(e, (rows, cols), gain_noise, origin, baseline)
}

/// A shape `(rows, cols)` of `duet tune --verify --json`'s report, timed through entry `e` (the
/// defaults 100 µs, the entry 100 µs / `gain`).
fn verified_at(
    e: &serde_json::Value,
    (rows, cols): (u64, u64),
    (gain, noise): (f64, f64),
    origin: &str,
    baseline: serde_json::Value,
) -> serde_json::Value {
    serde_json::json!({
        "target": {"op": e["op"], "layout": e["bucket"]["layout"], "rows": rows, "cols": cols},
        "origin": origin,
        "bucket": e["bucket"],
        "variant": e["variant"],
        "params": e["params"],
        "same": false,
        "default_s": 1.0e-4,
        "tuned_s": 1.0e-4 / gain,
        "noise": noise,
        "baseline": baseline,
    })
}

/// Runs `scripts/builtin_db.py FLAG REPORT DB` on the one-file database `file` with a report of
/// `verified` shapes of `info`'s device; the database's entries after, and the script's log.
fn run_builtin_db(
    name: &str,
    flag: &str,
    file: &serde_json::Value,
    info: &serde_json::Value,
    verified: Vec<serde_json::Value>,
) -> (Vec<serde_json::Value>, String) {
    let report = serde_json::json!({
        "duet_version": "test",
        "shapes": "test",
        "devices": [[info, verified]],
    });
    let dir = fresh_dir(name);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let (db_path, report_path) = (dir.join("db.json"), dir.join("verify.json"));
    std::fs::write(&db_path, serde_json::json!([file]).to_string()).expect("write the database");
    std::fs::write(&report_path, report.to_string()).expect("write the report");
    let out = std::process::Command::new("python3")
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/builtin_db.py"))
        .arg(flag)
        .arg(&report_path)
        .arg(&db_path)
        .output()
        .expect("python3 runs (CI installs it with python3-sklearn)");
    let log = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{log}");
    let after: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&db_path).expect("read")).expect("parse");
    let _ = std::fs::remove_dir_all(&dir);
    (
        after[0]["entries"].as_array().expect("entries").clone(),
        log,
    )
}

/// `scripts/builtin_db.py --drop-slower` drops a built-in entry that a `duet tune --verify
/// --json` report timed slower than the defaults by more than 2 % (or the timings' spread where
/// that is larger) at a shape of its own bucket, and writes in its place an entry that keeps the
/// defaults, measured there (so that the bucket's calls do not reach another entry no one timed
/// there); it leaves an entry within its spread and one from the user's cache.
#[test]
fn builtin_db_drops_only_the_entries_that_lost() {
    let (mut file, info) = builtin_file(3);
    let entries: Vec<serde_json::Value> =
        file["entries"].as_array().expect("entries")[..3].to_vec();
    file["entries"] = serde_json::Value::Array(entries.clone());
    let none = serde_json::Value::Null;
    let (after, log) = run_builtin_db(
        "builtin-db-drop",
        "--drop-slower",
        &file,
        &info,
        vec![
            verified_json(&entries[0], (0.95, 0.01), "built_in", none.clone()),
            verified_json(&entries[1], (0.95, 0.10), "built_in", none.clone()),
            verified_json(&entries[2], (0.80, 0.01), "cache", none),
        ],
    );
    assert_eq!(after.len(), 3, "{log}");
    assert!(after.contains(&entries[1]), "within its spread: {log}");
    assert!(after.contains(&entries[2]), "from the cache: {log}");
    let placed = after
        .iter()
        .find(|a| a["bucket"] == entries[0]["bucket"])
        .expect("the dropped entry's bucket has an entry");
    assert_eq!(placed["params"], serde_json::json!({}), "{log}");
    assert!(placed["variant"].is_null(), "{log}");
    assert_eq!(placed["measured_shape"], entries[0]["measured_shape"]);
    assert_eq!(placed["tuned_s"], 1.0e-4, "the defaults' time there");
    assert_eq!(placed["default_s"], 1.0e-4);
    assert_eq!(placed["source"], entries[0]["source"]);
    assert!(placed.get("baseline").is_none(), "{log}");
}

/// An entry that lost only at shapes of other buckets (here four and sixteen times its bytes,
/// its size reach) is kept, and each such bucket gets an entry that keeps the defaults, measured
/// at the shape that lost; a bucket that has an entry of its own is left as it is.
#[test]
fn builtin_db_keeps_an_entry_that_lost_only_outside_its_bucket() {
    let (mut file, info) = builtin_file(1);
    let e = file["entries"][0].clone();
    file["entries"] = serde_json::json!([e.clone()]);
    let rows = e["measured_shape"][0].as_u64().expect("rows");
    let cols = e["measured_shape"][1].as_u64().expect("cols");
    let none = serde_json::Value::Null;
    let (after, log) = run_builtin_db(
        "builtin-db-shield",
        "--drop-slower",
        &file,
        &info,
        vec![
            verified_json(&e, (1.10, 0.01), "built_in", none.clone()),
            verified_at(&e, (16 * rows, cols), (0.90, 0.01), "built_in", none),
        ],
    );
    assert_eq!(after.len(), 2, "{log}");
    assert_eq!(after[0], e, "kept as it was: {log}");
    let shield = &after[1];
    let size = e["bucket"]["size_log2"].as_u64().expect("size");
    assert_eq!(shield["bucket"]["size_log2"], size + 4, "{log}");
    assert_eq!(shield["bucket"]["cols"], e["bucket"]["cols"]);
    assert_eq!(shield["params"], serde_json::json!({}));
    assert_eq!(
        shield["measured_shape"],
        serde_json::json!([16 * rows, cols])
    );
    assert_eq!(shield["tuned_s"], shield["default_s"]);
}

/// `scripts/builtin_db.py`'s bucket of a verified shape is duet's (`Bucket::of`), over column
/// counts around every power of two and three quarters of one, and sizes around each bucket's
/// edges: the script decides by it which entries to drop.
#[test]
fn builtin_db_buckets_shapes_as_duet_does() {
    let mut shapes = Vec::new();
    for cols in (1..=70).chain([95, 96, 97, 127, 128, 129, 777, 1000, 1536, 1537, 2048, 4096]) {
        for size_log2 in [10u32, 20, 23, 24, 25, 26, 30] {
            let bytes = 1u64 << size_log2;
            let n = bytes / (4 * cols);
            for rows in [n.saturating_sub(1), n, n + 1] {
                let layout = if cols % 2 == 0 {
                    Layout::RowMajor
                } else {
                    Layout::ColumnMajor
                };
                shapes.push(Shape {
                    rows: rows.max(1) as usize,
                    cols: cols as usize,
                    layout,
                });
            }
        }
    }
    let targets: Vec<serde_json::Value> = shapes
        .iter()
        .map(|s| serde_json::json!({"rows": s.rows, "cols": s.cols, "layout": s.layout}))
        .collect();
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/builtin_db.py");
    let code = format!(
        "import importlib.util, json, sys\n\
         spec = importlib.util.spec_from_file_location('b', {script:?})\n\
         m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n\
         print(json.dumps([m.bucket_of(t) for t in json.load(sys.stdin)]))\n"
    );
    let mut child = std::process::Command::new("python3")
        .args(["-c", &code])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs (CI installs it with python3-sklearn)");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin
            .write_all(serde_json::Value::Array(targets).to_string().as_bytes())
            .expect("write the shapes");
    }
    let out = child.wait_with_output().expect("python3 ends");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got: Vec<Bucket> = serde_json::from_slice(&out.stdout).expect("buckets");
    assert_eq!(got.len(), shapes.len());
    for (s, b) in shapes.iter().zip(got) {
        assert_eq!(b, Bucket::of(*s), "{s:?}");
    }
}

/// `builtin_db.py` names an unknown option and a missing file (it printed a traceback), writes
/// nothing then, and prints its usage for `--help`.
#[test]
fn builtin_db_names_bad_arguments() {
    let dir = fresh_dir("builtin-db-args");
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let db = dir.join("db.json");
    std::fs::write(&db, "[]").expect("write the database");
    let run = |args: &[&std::ffi::OsStr]| {
        let out = std::process::Command::new("python3")
            .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/builtin_db.py"))
            .args(args)
            .output()
            .expect("python3 runs (CI installs it with python3-sklearn)");
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.success(), text)
    };
    let missing = dir.join("no-such-report.json");
    let (ok, text) = run(&[db.as_os_str(), missing.as_os_str()]);
    assert!(
        !ok && text.contains("no such file") && text.contains("no-such-report.json"),
        "{text}"
    );
    assert!(!text.contains("Traceback"), "{text}");
    let (ok, text) = run(&["--bogus".as_ref(), db.as_os_str()]);
    assert!(!ok && text.contains("unknown option --bogus"), "{text}");
    assert_eq!(
        std::fs::read_to_string(&db).expect("the database"),
        "[]",
        "nothing written"
    );
    let (ok, text) = run(&["--help".as_ref()]);
    assert!(ok && text.contains("--drop-slower VERIFY.json"), "{text}");
}

/// `scripts/builtin_db.py --stamp` records on a built-in entry that set something and held
/// against the defaults at every verified shape the baseline it was timed against; an entry
/// that lost somewhere, one timed against two baselines, and one that kept the defaults are
/// left as they are.
#[test]
fn builtin_db_stamps_the_entries_that_held() {
    use serde_json::{Value, json};
    let (mut file, info) = builtin_file(4);
    let mut entries: Vec<Value> = file["entries"].as_array().expect("entries")[..4].to_vec();
    for (i, e) in entries.iter_mut().enumerate() {
        let o = e.as_object_mut().expect("an entry");
        o.remove("baseline");
        o.insert("variant".into(), Value::Null);
        o.insert(
            "params".into(),
            if i < 3 {
                json!({"logreg_wg": 128})
            } else {
                json!({})
            },
        );
    }
    file["entries"] = Value::Array(entries.clone());
    let base = |wg: u32| json!({"variant": "multi_group", "params": {"logreg_wg": wg}});
    let shape = |e: &Value, gain: f64, b: Value| verified_json(e, (gain, 0.01), "built_in", b);
    let (after, log) = run_builtin_db(
        "builtin-db-stamp",
        "--stamp",
        &file,
        &info,
        vec![
            shape(&entries[0], 1.10, base(256)),
            shape(&entries[0], 0.995, base(256)),
            shape(&entries[1], 1.10, base(256)),
            shape(&entries[1], 0.90, base(256)),
            shape(&entries[2], 1.10, base(256)),
            shape(&entries[2], 1.10, base(512)),
            shape(&entries[3], 1.10, base(256)),
        ],
    );
    let baseline_of = |e: &Value| {
        after
            .iter()
            .find(|a| a["op"] == e["op"] && a["bucket"] == e["bucket"])
            .map(|a| a["baseline"].clone())
            .expect("the entry is kept")
    };
    assert_eq!(
        baseline_of(&entries[0]),
        base(256),
        "held everywhere: {log}"
    );
    assert_eq!(
        baseline_of(&entries[1]),
        Value::Null,
        "lost at one shape: {log}"
    );
    assert_eq!(
        baseline_of(&entries[2]),
        Value::Null,
        "two baselines: {log}"
    );
    assert_eq!(
        baseline_of(&entries[3]),
        Value::Null,
        "kept the defaults: {log}"
    );
}
