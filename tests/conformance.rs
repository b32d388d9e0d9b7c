//! The conformance suite on every device at hand (`Level::Quick`), WGSL with naga's runtime
//! checks on. `DUET_REQUIRE=wgpu,opencl` makes a missing backend a failure (CI sets it);
//! otherwise a missing backend is reported as skipped, loudly.

// A test may stop at a failed setup step: the panic message says which.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use duet::conform::{Level, Status, suite};
use duet::suite::{Targets, open_targets, parse_require, run};

#[test]
fn conformance_quick_suite() {
    let ops = std::env::var("DUET_OPS").ok();
    suite_on_every_device(&duet::KernelParams::DEFAULT, ops.as_deref(), None);
}

/// The `row_lanes` RBF rung with two and four rows a work-item per step (`rbf_lane_rows`, taken
/// where a row's lanes sum by shuffles alone: wgpu's default is two, OpenCL's one), with one
/// and four `vec4`s a lane (`rbf_lane_cols` 4 and 16), every RBF case of that rung and its
/// thresholds.
#[test]
fn conformance_rbf_lane_rows() {
    for assignments in [
        ["rbf_lane_rows=2", "rbf_lane_cols=16"],
        ["rbf_lane_rows=4", "rbf_lane_cols=4"],
    ] {
        let assignments: Vec<String> = assignments.iter().map(|a| a.to_string()).collect();
        let params = duet::KernelParams::DEFAULT
            .with_assignments(&assignments)
            .expect("valid parameters");
        println!("with {}", assignments.join(" "));
        suite_on_every_device(&params, Some("rbf"), Some("row_lanes"));
    }
}

/// The `row_lanes` RBF rung over rows that do not start on 16 bytes (rows unpadded: `row_pad=1`,
/// `row_pad_wide=1`, as OpenCL has them from 17 to 45 columns) in a workgroup of their own
/// (`rbf_lane_wg_unaligned`: 64, and 512 where the device can run it), beside the aligned
/// rows' `rbf_wg`: every RBF case of that rung and its thresholds.
#[test]
fn conformance_rbf_lane_wg_unaligned() {
    for wg in ["64", "512"] {
        let assignments: Vec<String> = [
            format!("rbf_lane_wg_unaligned={wg}"),
            "row_pad=1".to_string(),
            "row_pad_wide=1".to_string(),
        ]
        .to_vec();
        let params = duet::KernelParams::DEFAULT
            .with_assignments(&assignments)
            .expect("valid parameters");
        println!("with {}", assignments.join(" "));
        suite_on_every_device(&params, Some("rbf"), Some("row_lanes"));
    }
}

/// The `sliced` RBF rung with its slices fixed instead of chosen per shape (`rbf_slices`: one,
/// which is `local_memory`'s pass; two; and 64, the most, where a slice may hold no column of
/// a short row), and with each backend's automatic workgroup and unroll on every device
/// (OpenCL's 512 and 2, wgpu's 256 and 8): every RBF case of that rung and its thresholds.
#[test]
fn conformance_rbf_slices() {
    for assignments in [
        &["rbf_slices=1"][..],
        &["rbf_slices=2"],
        &["rbf_slices=64"],
        &["rbf_sliced_wg=512", "rbf_sliced_unroll=2"],
        &["rbf_sliced_wg=256", "rbf_sliced_unroll=8"],
    ] {
        let assignments: Vec<String> = assignments.iter().map(|a| a.to_string()).collect();
        let params = duet::KernelParams::DEFAULT
            .with_assignments(&assignments)
            .expect("valid parameters");
        println!("with {}", assignments.join(" "));
        suite_on_every_device(&params, Some("rbf"), Some("sliced"));
    }
}

/// The rungs that read every pivot value inside their loop over the columns (`row_major`,
/// `column_major`, `vectorized`), each way at every width: from the copy `rbf_gather` makes
/// (`rbf_loop_pivot_cols = 0`) and straight from the blocks of X holding the pivots (65536),
/// where the defaults read X's blocks up to 256 columns and the copy above.
#[test]
fn conformance_rbf_loop_pivots_both_ways() {
    for assignment in ["rbf_loop_pivot_cols=0", "rbf_loop_pivot_cols=65536"] {
        let params = duet::KernelParams::DEFAULT
            .with_assignments(&[assignment.to_string()])
            .expect("valid parameters");
        println!("with {assignment}");
        suite_on_every_device(
            &params,
            Some("rbf"),
            Some("row_major,column_major,vectorized"),
        );
    }
}

/// The loop rungs (`row_major`, `column_major`) with one, two and four rows a work-item a step
/// (`rbf_loop_rows`), each with as many workgroups as the rows need and with three
/// (`rbf_loop_groups`), where the suite's larger cases take several grid-stride steps (the
/// defaults take one at these sizes) and a step's last rows run past the end: every RBF case of
/// both rungs, `row_major`'s narrow rows too (no four rows a work-item, `rbf_quad_pitch = 0`).
#[test]
fn conformance_rbf_loop_rows() {
    for rows in ["1", "2", "4"] {
        for groups in ["0", "3"] {
            let assignments = [
                format!("rbf_loop_rows={rows}"),
                format!("rbf_loop_groups={groups}"),
                "rbf_quad_pitch=0".to_string(),
            ];
            let params = duet::KernelParams::DEFAULT
                .with_assignments(&assignments)
                .expect("valid parameters");
            println!("with {}", assignments.join(" "));
            suite_on_every_device(&params, Some("rbf"), Some("row_major,column_major"));
        }
    }
}

/// `row_major` reading four rows a work-item at every pitch it allows (`rbf_quad_pitch = 8`;
/// the default stops at 4 floats a row): every RBF case of the rung.
#[test]
fn conformance_rbf_quads_to_eight() {
    let params = duet::KernelParams::DEFAULT
        .with_assignments(&["rbf_quad_pitch=8".to_string()])
        .expect("valid parameters");
    suite_on_every_device(&params, Some("rbf"), Some("row_major"));
}

/// The `local_memory` and `sliced` RBF rungs reading the copy of the pivots `rbf_gather`
/// makes, as they do above `rbf_pivot_cols` columns (through wgpu above 1 024; at the suite's
/// shapes they otherwise stage the pivots straight from X): every RBF case of both rungs.
#[test]
fn conformance_rbf_pivots_gathered() {
    let params = duet::KernelParams::DEFAULT
        .with_assignments(&["rbf_pivot_cols=1".to_string()])
        .expect("valid parameters");
    suite_on_every_device(&params, Some("rbf"), Some("local_memory,sliced"));
}

/// The kernel paths the defaults do not take on a given backend, with their twins: one and two
/// rows per step of the register-resident logistic pass (wgpu defaults to 2, OpenCL to 1), its
/// lanes' sums through workgroup memory where the default is subgroup shuffles
/// (`logreg_lane_sum = 1`), its rows of an odd column count interleaved (OpenCL's default) or
/// in blocks (wgpu's), its steps pipelined (`logreg_pipeline = 2`, wgpu's default) or not
/// (OpenCL's), the tiled pass above 8 columns (`logreg_reg_cols = 8`; the defaults
/// take it only above 4096), which at 9–32 columns finishes in its last workgroup, the
/// reductions' separate second pass (`arg_last_group = 0`; by default both backends finish in
/// the last workgroup, wgpu except on Metal) and the logistic passes' separate reduce
/// (`logreg_last_group = 0`; by default passes over at most 32 columns finish in their last
/// workgroup, 256 through OpenCL) or every pass up to 4 096 columns finishing there
/// (`logreg_finish_cols = 4096`) in two levels (`logreg_finish_split = 1`) over 97 workgroups
/// (`logreg_max_groups = 97`: groups of 10 slots, the last of 7), and rows padded at every column count (`row_pad = 16`: 1 column to 4) or only
/// within 1/16 of a row (OpenCL's default, wgpu's 2/16) but every row wider than 16 columns
/// (`row_pad_wide = 2`, wgpu's default; OpenCL pads those only within `row_pad`), and rows of at most 8 floats one per
/// work-item (`logreg_quad_pitch = 9`) or four per work-item up to 8 floats
/// (`logreg_quad_pitch = 8`; the defaults stop at 7 through wgpu and 4 through OpenCL), and the
/// SVM working set at 1 024 and 64 points (`smo_ws_q`, 256 by default: at 1 024 the solve's
/// 256 work-items hold four points each, at 64 its 64 work-items one each; the cases over
/// several bindings halve the set until its rows fit one), its selection holding no positions
/// or three (`smo_ws_held`, 16 by default: every position read again each round, or most of
/// them).
#[test]
fn conformance_alternative_parameters() {
    for assignments in [
        [
            "logreg_rps=2",
            "arg_last_group=0",
            "logreg_lane_sum=1",
            "logreg_interleave=2",
            "logreg_pipeline=2",
            "logreg_reg_cols=8",
            "row_pad=16",
            "row_pad_wide=1",
            "logreg_quad_pitch=9",
            "logreg_last_group=1",
            "logreg_finish_cols=4096",
            "logreg_finish_split=1",
            "logreg_max_groups=97",
            "smo_ws_q=1024",
            "smo_ws_span=1",
            "smo_ws_held=0",
        ],
        [
            "logreg_rps=1",
            "arg_last_group=0",
            "logreg_lane_sum=0",
            "logreg_interleave=1",
            "logreg_pipeline=1",
            "logreg_reg_cols=4096",
            "row_pad=1",
            "row_pad_wide=2",
            "logreg_quad_pitch=8",
            "logreg_last_group=0",
            "logreg_finish_cols=64",
            "logreg_finish_split=1073741824",
            "logreg_max_groups=0",
            "smo_ws_q=64",
            "smo_ws_span=0",
            "smo_ws_held=3",
        ],
    ] {
        let assignments: Vec<String> = assignments.iter().map(|a| a.to_string()).collect();
        let params = duet::KernelParams::DEFAULT
            .with_assignments(&assignments)
            .expect("valid parameters");
        println!("with {}", assignments.join(" "));
        suite_on_every_device(&params, Some("read,argext,logreg,train,smo"), None);
    }
}

/// Held while a suite runs: the tests of this file run one suite at a time. They share the
/// process's devices (duet opens one wgpu instance and its adapters once per process), and
/// wgpu's GL adapter runs one thread's GL work at a time: a thread that waits more than 6 s
/// for it panics (wgpu-hal's context lock, "Could not lock adapter context"), which a long
/// case of another suite on llvmpipe can make it do (CI, session 31).
static ONE_SUITE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn suite_on_every_device(params: &duet::KernelParams, ops: Option<&str>, variants: Option<&str>) {
    // A suite that failed an assertion poisons the lock; the others still run.
    let _one = ONE_SUITE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let list = duet::devices();
    let required = parse_require(&std::env::var("DUET_REQUIRE").unwrap_or_default())
        .expect("DUET_REQUIRE lists wgpu, opencl or cpu");
    let filter = std::env::var("DUET_DEVICES").ok();
    let chosen: Vec<_> = list
        .devices
        .iter()
        .filter(|d| {
            filter
                .as_ref()
                .is_none_or(|f| f.split(',').any(|n| n == d.name))
        })
        .cloned()
        .collect();
    let Targets {
        targets,
        missing,
        skipped,
        pairs,
    } = open_targets(
        &list,
        &chosen,
        &required,
        &duet::OpenOptions {
            checked_shaders: true,
            params: *params,
            ..Default::default()
        },
    );
    for msg in &skipped {
        eprintln!("SKIPPED BACKEND {msg}");
    }
    let tables: Vec<duet::KernelParams> = targets.iter().map(|(_, t)| *t.device.params()).collect();
    let ops: Vec<String> = ops.into_iter().map(String::from).collect();
    let variants: Vec<String> = variants.into_iter().map(String::from).collect();
    let sel =
        duet::conform::Selection::new(&ops, &variants).expect("DUET_OPS names registered ops");
    let cases: Vec<_> = suite(Level::Quick, &tables)
        .into_iter()
        .filter(|c| sel.selects_case(c))
        .collect();
    let report = run(Level::Quick, true, &targets, &cases, missing, pairs, |r| {
        if r.status == Status::Fail {
            eprintln!(
                "FAIL [{}] {}: {}",
                r.device,
                r.case,
                r.error.as_deref().unwrap_or("")
            );
        }
    });
    println!("{}", report.summary_table());
    print!("{}", report.notes());
    let (pass, fail, skip) = report.counts();
    println!(
        "{pass} passed, {fail} failed, {skip} skipped on {} device(s)",
        targets.len()
    );
    if let Ok(path) = std::env::var("DUET_JUNIT") {
        std::fs::write(&path, report.to_junit()).expect("write the JUnit report");
    }
    assert!(
        report.passed(),
        "conformance failures:\n{}",
        report.problems()
    );
    assert!(pass > 0, "no case ran");
}
