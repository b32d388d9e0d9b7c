//! The `duet` binary: exit codes, machine-readable output and the errors a user meets first
//! (a malformed CSV, an unknown parameter or device). Runs on the CPU reference, so no GPU
//! driver is needed.

// A test may stop at a failed setup step: the panic message says which.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::process::{Command, Output};

fn duet(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_duet"))
        .args(args)
        .env("XDG_RUNTIME_DIR", std::env::temp_dir())
        .env_remove("DUET_REQUIRE")
        .output()
        .expect("the duet binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("duet-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write temp file");
    path
}

#[test]
fn devices_json_lists_the_cpu_reference() {
    let o = duet(&["devices", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    let names: Vec<&str> = v["devices"]
        .as_array()
        .expect("a devices array")
        .iter()
        .filter_map(|d| d["name"].as_str())
        .collect();
    assert!(names.contains(&"cpu"), "devices: {names:?}");
}

#[test]
fn malformed_csv_names_line_and_column() {
    let path = temp_file("bad.csv", "1.0,2.0,0\n3.0,x,1\n");
    let o = duet(&[
        "train",
        "logreg",
        "--device",
        "cpu",
        "--data",
        path.to_str().expect("utf-8 path"),
    ]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("bad.csv:2:2"), "stderr: {err}");
    assert!(err.contains("`x` is not a number"), "stderr: {err}");
}

#[test]
fn labels_outside_zero_one_are_rejected() {
    let path = temp_file("labels.csv", "1.0,2.0,0\n3.0,4.0,2\n");
    let o = duet(&[
        "train",
        "logreg",
        "--device",
        "cpu",
        "--data",
        path.to_str().expect("utf-8 path"),
    ]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("label"), "stderr: {err}");
}

#[test]
fn training_on_a_csv_reports_accuracy() {
    let mut text = String::from("a,b,label\n");
    for i in 0..64 {
        let (x, y) = if i % 2 == 0 { (-1.0, 0) } else { (1.0, 1) };
        text.push_str(&format!("{},{},{y}\n", x + 0.01 * i as f64, x));
    }
    let path = temp_file("good.csv", &text);
    let o = duet(&[
        "train",
        "logreg",
        "--device",
        "cpu",
        "--iters",
        "200",
        "--lr",
        "0.05",
        "--data",
        path.to_str().expect("utf-8 path"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("training accuracy: 100.00%"),
        "separable data should be learned exactly: {out}"
    );
}

#[test]
fn unknown_parameter_is_named() {
    let o = duet(&["bench", "--device", "cpu", "--param", "no_such=3"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("no_such"), "stderr: {}", stderr(&o));
    let o = duet(&["bench", "--device", "cpu", "--param", "reduce_wg=100"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("power of two"),
        "stderr: {}",
        stderr(&o)
    );
}

#[test]
fn a_size_of_another_set_names_that_set() {
    // 8455×31 is a point of the quick sweep; `--sizes full` (the default) has no such size.
    let o = duet(&["bench", "--device", "cpu", "--size", "8455×31"]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(
        err.contains("--size 8455×31") && err.contains("--sizes sweep-quick"),
        "stderr: {err}"
    );
    // A size no set has lists the chosen set's sizes (a few dozen), not every set's.
    let o = duet(&[
        "bench", "--device", "cpu", "--sizes", "quick", "--size", "2^99",
    ]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(
        err.contains("--size 2^99") && err.contains("2^10"),
        "stderr: {err}"
    );
    assert!(!err.contains("×31"), "only --sizes quick's sizes: {err}");
}

#[test]
fn an_unchecked_case_shows_no_check_ratio() {
    let o = duet(&[
        "bench",
        "--device",
        "cpu",
        "--op",
        "read",
        "--sizes",
        "quick",
        "--size",
        "2^10",
        "--reps",
        "3",
        "--no-check",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    let row = out
        .lines()
        .find(|l| l.starts_with("read") && l.contains("2^10"))
        .unwrap_or_else(|| panic!("a row for read 2^10: {out}"));
    // The check column printed "NaNb" for an unchecked case.
    assert!(!row.contains("NaN"), "{row}");
}

#[test]
fn conform_exit_code_follows_the_result() {
    let o = duet(&["conform", "--device", "cpu", "--op", "errors,read"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("0 failed"), "{out}");
    let o = duet(&["conform", "--device", "wgpu:99"]);
    assert!(!o.status.success(), "an unknown device must fail the run");
    // A required backend that the selection leaves out is missing, not skipped.
    let o = duet(&[
        "conform",
        "--device",
        "cpu",
        "--op",
        "errors",
        "--require",
        "cpu,opencl",
    ]);
    assert!(
        !o.status.success(),
        "a required backend left out must fail the run"
    );
    let all = format!("{}{}", String::from_utf8_lossy(&o.stdout), stderr(&o));
    assert!(all.contains("opencl"), "{all}");
}

#[test]
fn bench_json_round_trips_through_from_json() {
    let dir = temp_file("placeholder", "");
    let json = dir.with_file_name("bench.json");
    let o = duet(&[
        "bench",
        "--device",
        "cpu",
        "--op",
        "read",
        "--size",
        "2^10",
        "--sizes",
        "quick",
        "--reps",
        "3",
        "--json",
        json.to_str().expect("utf-8 path"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The measuring run prints each case's rows as they are measured: the same table, header
    // and footer once, as the file's.
    let measured = String::from_utf8_lossy(&o.stdout).into_owned();
    let o = duet(&["bench", "--from-json", json.to_str().expect("utf-8 path")]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("read") && out.contains("2^10"), "{out}");
    assert_eq!(measured, out, "the streamed table and the file's");
    assert_eq!(out.matches("gpu med").count(), 1, "{out}");
    // The same file gzipped (as the raw files under docs/ are kept) reads the same.
    let gz = dir.with_file_name("bench.json.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut enc, &std::fs::read(&json).expect("the JSON file")).unwrap();
    std::fs::write(&gz, enc.finish().unwrap()).expect("the gzipped file");
    let o = duet(&["bench", "--from-json", gz.to_str().expect("utf-8 path")]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(out, String::from_utf8_lossy(&o.stdout), "gzipped");
    // A gzip file cut short is refused, naming the file.
    let cut = dir.with_file_name("cut.json.gz");
    let whole = std::fs::read(&gz).expect("the gzipped file");
    std::fs::write(&cut, &whole[..whole.len() / 2]).expect("the cut file");
    let o = duet(&["bench", "--from-json", cut.to_str().expect("utf-8 path")]);
    assert!(!o.status.success(), "a cut gzip file must fail");
    assert!(stderr(&o).contains("cut.json.gz"), "{}", stderr(&o));
}

#[test]
fn bench_reads_files_written_before_the_registry() {
    // Written by duet at commit 3735c74 on the H100: cases named their op as an enum.
    let old = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/h100/run-2026-11-23/bench.json"
    );
    let o = duet(&["bench", "--from-json", old]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("multi_group") && out.contains("local_memory") && out.contains("93.5"),
        "{out}"
    );
}

#[test]
fn bench_times_each_upload_it_is_asked_for() {
    let dir = temp_file("placeholder", "");
    let json = dir.with_file_name("uploads.json");
    let o = duet(&[
        "bench",
        "--device",
        "cpu",
        "--op",
        "read",
        "--sizes",
        "quick",
        "--size",
        "2^10",
        "--reps",
        "3",
        "--no-cpu",
        "--uploads",
        "3",
        "--json",
        json.to_str().expect("utf-8 path"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&json).expect("the JSON file");
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let ms = v["measurements"].as_array().expect("measurements");
    assert!(!ms.is_empty(), "{text}");
    for m in ms {
        let each = m["upload_medians_s"].as_array().expect("upload_medians_s");
        assert_eq!(each.len(), 3, "{m}");
        assert!(
            each.iter().all(|s| s.as_f64().is_some_and(|s| s > 0.0)),
            "{m}"
        );
        // The first upload's median is the case's own.
        assert_eq!(each[0].as_f64(), m["gpu_median_s"].as_f64(), "{m}");
    }
    for bad in ["0", "17"] {
        let o = duet(&["bench", "--device", "cpu", "--uploads", bad]);
        assert!(!o.status.success(), "--uploads {bad} must be refused");
        assert!(stderr(&o).contains("--uploads"), "{}", stderr(&o));
    }
}
