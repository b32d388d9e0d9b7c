//! The hostile-input probe as a test: each input that once panicked, lost data, wrote a wrong
//! answer or reported success for nothing, run through the `duet` binary, with the exit code
//! and the message it must give now. The wrong-result inputs run on every GPU device found
//! (software drivers in CI) and compare with the CPU reference.

// A test may stop at a failed setup step: the panic message says which.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn duet(args: &[&str]) -> Output {
    duet_env(args, &[])
}

/// The binary under test: cargo's, or `DUET_BIN` where the tests run on another machine.
fn bin() -> String {
    std::env::var("DUET_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_duet").to_string())
}

fn duet_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut c = Command::new(bin());
    c.args(args)
        .env("XDG_RUNTIME_DIR", std::env::temp_dir())
        .env_remove("DUET_REQUIRE")
        .current_dir(dir());
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().expect("the duet binary runs")
}

/// `duet bench --sizes quick --backend cpu ARGS…`.
fn bench_cpu(args: &[&str]) -> Output {
    let mut all = vec!["bench", "--sizes", "quick", "--backend", "cpu"];
    all.extend_from_slice(args);
    duet(&all)
}

fn dir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("duet-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn file(name: &str, bytes: &[u8]) -> String {
    let p = dir().join(name);
    std::fs::write(&p, bytes).expect("write temp file");
    p.to_str().expect("utf-8 path").to_string()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Exit code 2 (an error, not a panic's 101) and a message containing each of `needles`.
fn fails_with(o: &Output, needles: &[&str]) {
    let t = text(o);
    assert_eq!(o.status.code(), Some(2), "exit code; output:\n{t}");
    assert!(!t.contains("panicked"), "panicked:\n{t}");
    for n in needles {
        assert!(t.contains(n), "expected `{n}` in:\n{t}");
    }
}

fn log_likelihood(o: &Output) -> f64 {
    let t = text(o);
    t.lines()
        .find_map(|l| l.strip_prefix("log-likelihood: "))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no log-likelihood in:\n{t}"))
}

/// The GPU devices found (`wgpu:N`, `opencl:N`), or those of them `DUET_DEVICES` names.
fn gpu_devices() -> Vec<String> {
    let only = std::env::var("DUET_DEVICES").ok();
    let o = duet(&["devices", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    v["devices"]
        .as_array()
        .expect("a devices array")
        .iter()
        .filter_map(|d| d["name"].as_str())
        .filter(|n| *n != "cpu")
        .filter(|n| only.as_ref().is_none_or(|o| o.split(',').any(|d| d == *n)))
        .map(str::to_string)
        .collect()
}

/// 4 rows of `cols` uniform features (a fixed LCG), labels alternating.
fn wide_csv(cols: usize) -> Vec<u8> {
    lcg_csv(4, cols)
}

/// `rows` rows of `cols` uniform features (a fixed LCG), labels alternating.
fn lcg_csv(rows: usize, cols: usize) -> Vec<u8> {
    let mut s: u64 = 7;
    let mut out = String::new();
    for i in 0..rows {
        for _ in 0..cols {
            s = s.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            out.push_str(&format!("{:.5},", (s >> 40) as f64 / (1u64 << 24) as f64));
        }
        out.push_str(&format!("{}\n", i % 2));
    }
    out.into_bytes()
}

/// Item 1: above 8192 features (a column-chunked row) OpenCL once gave a log-likelihood of
/// −0.0015 against −2.098; and at 100 000 columns wgpu's single_group once lost the final
/// pass to llvmpipe's loop limit. Every device, both strategies, against the CPU reference.
#[test]
fn wide_rows_train_like_the_cpu_reference() {
    for cols in [9000usize, 100_000] {
        let data = file(&format!("k{cols}.csv"), &wide_csv(cols));
        let run = |device: &str, strategy: &str| {
            duet(&[
                "train",
                "logreg",
                "--data",
                &data,
                "--device",
                device,
                "--iters",
                "2",
                "--lr",
                "0.001",
                "--strategy",
                strategy,
            ])
        };
        for strategy in ["single_group", "multi_group"] {
            let cpu = run("cpu", strategy);
            assert!(cpu.status.success(), "{}", text(&cpu));
            let want = log_likelihood(&cpu);
            for dev in gpu_devices() {
                let o = run(&dev, strategy);
                if !o.status.success() {
                    // Honest refusals only: a software adapter's loop limit, by name.
                    fails_with(&o, &["single_group", "use multi_group"]);
                    continue;
                }
                let got = log_likelihood(&o);
                assert!(
                    (got - want).abs() <= 1e-4 * want.abs().max(1.0),
                    "{dev} {strategy} k={cols}: log-likelihood {got}, cpu {want}"
                );
            }
        }
    }
}

/// `duet train logreg --param`: a value is set (and wins over tuned entries), a bad one is
/// refused by name before anything runs. A pass over 100 columns finished by its last
/// workgroup (`logreg_finish_cols=128` or `=4096`: the same finish, the same bits) or reduced by
/// a `logreg_reduce` launch (`=32`): the launch adds the same terms in another order
/// (docs/conformance.md), so its weights and log-likelihood after 20 steps agree with the
/// finish's to a few roundings a step (within 1e-5 relative; weights of about 0.1).
#[test]
fn train_logreg_takes_parameters() {
    let o = duet(&[
        "train",
        "logreg",
        "--device",
        "cpu",
        "--iters",
        "1",
        "--param",
        "logreg_finish_cols=70000",
    ]);
    fails_with(&o, &["logreg_finish_cols", "at most 65536"]);
    let o = duet(&[
        "train", "logreg", "--device", "cpu", "--iters", "1", "--param", "nope=1",
    ]);
    fails_with(&o, &["nope"]);
    let data = file("k100.csv", &lcg_csv(3001, 100));
    for dev in gpu_devices() {
        let run = |finish: &str| {
            let o = duet(&[
                "train",
                "logreg",
                "--data",
                &data,
                "--device",
                &dev,
                "--iters",
                "20",
                "--strategy",
                "multi_group",
                "--param",
                &format!("logreg_finish_cols={finish}"),
            ]);
            let t = text(&o);
            assert!(o.status.success(), "{dev} {finish}: {t}");
            t.lines()
                .filter(|l| l.starts_with("weights: ") || l.starts_with("log-likelihood: "))
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        let (launch, finish, narrower) = (run("32"), run("4096"), run("128"));
        assert_eq!(finish.len(), 2, "{dev}: {finish:?}");
        assert_eq!(finish, narrower, "{dev}");
        let numbers = |lines: &[String]| -> Vec<f64> {
            lines
                .iter()
                .flat_map(|l| {
                    l.split(['[', ']', ',', ':'])
                        .filter_map(|t| t.trim().parse::<f64>().ok())
                        .collect::<Vec<_>>()
                })
                .collect()
        };
        let (a, b) = (numbers(&launch), numbers(&finish));
        assert_eq!(
            a.len(),
            101,
            "{dev}: 100 weights and the log-likelihood: {launch:?}"
        );
        assert_eq!(a.len(), b.len(), "{dev}");
        // Weights against the largest weight; the log-likelihood (last) against itself.
        let largest = a[..100].iter().fold(0.0f64, |m, v| m.max(v.abs()));
        for (i, (x, y)) in a.iter().zip(&b).enumerate() {
            let scale = if i < 100 { largest } else { x.abs() };
            assert!(
                (x - y).abs() <= 1e-5 * scale,
                "{dev}: value {i}: launch {x} against finish {y}"
            );
        }
    }
}

/// Item 2: a parameter value that would build a broken kernel is refused before any build,
/// naming the parameter and the allowed range, and leaves no driver files behind.
#[test]
fn bad_parameters_are_refused_by_name() {
    for dev in gpu_devices() {
        let o = duet(&[
            "conform",
            "--device",
            &dev,
            "--op",
            "logreg",
            "--param",
            "logreg_tile=1",
        ]);
        let t = text(&o);
        assert_eq!(o.status.code(), Some(1), "{dev}: {t}");
        assert!(
            t.contains("logreg_tile") && t.contains("multiple of logreg_wg"),
            "{dev}: {t}"
        );
    }
    let o = duet(&[
        "conform",
        "--device",
        "cpu",
        "--op",
        "read",
        "--param",
        "reduce_wg=100",
    ]);
    fails_with(&o, &["reduce_wg", "power of two"]);
    let left: Vec<_> = std::fs::read_dir(dir())
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains(".dot"))
        .collect();
    assert!(
        left.is_empty(),
        "driver files left in the working directory: {left:?}"
    );
}

/// Item 3: numeric options that once panicked.
#[test]
fn numeric_options_are_checked() {
    for budget in ["-1", "NaN", "inf", "1e300", "0"] {
        let o = bench_cpu(&["--op", "read", &format!("--budget={budget}")]);
        fails_with(&o, &["--budget", "above 0"]);
    }
    let o = bench_cpu(&["--op", "read", "--reps", "0"]);
    fails_with(&o, &["--reps 0"]);
}

/// Item 3: a closed pipe or a full disk is a one-line error, not a panic.
#[test]
fn closed_stdout_is_an_error_not_a_panic() {
    if std::path::Path::new("/dev/full").exists() {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let o = Command::new(bin())
            .arg("devices")
            .env("XDG_RUNTIME_DIR", std::env::temp_dir())
            .stdout(full)
            .output()
            .expect("runs");
        fails_with(&o, &["writing to stdout"]);
    }
    // A pipe whose reader is gone (as after `| head -c 0`): closed before the child starts, so
    // its first write fails however the two processes are scheduled.
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let o = Command::new(bin())
        .args(["train", "logreg", "--device", "cpu", "--iters", "10"])
        .env("XDG_RUNTIME_DIR", std::env::temp_dir())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("runs");
    fails_with(&o, &["writing to stdout"]);
}

/// Item 4: no data silently dropped by the header rule.
#[test]
fn csv_first_rows_are_never_dropped() {
    let bad_first = file("badfirst.csv", b"1,x,0\n3,4,1\n5,6,0\n");
    let o = duet(&[
        "train", "logreg", "--device", "cpu", "--iters", "1", "--data", &bad_first,
    ]);
    fails_with(&o, &["badfirst.csv:1:2", "`x` is not a number"]);
    let bom = file("bom.csv", b"\xef\xbb\xbf1,2,0\n3,4,1\n5,6,0\n");
    let o = duet(&[
        "train", "logreg", "--device", "cpu", "--iters", "1", "--data", &bom,
    ]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("3 examples"), "{}", text(&o));
    let header = file("header.csv", b"a,b,y\n1,2,0\n3,4,1\n");
    let o = duet(&[
        "train", "logreg", "--device", "cpu", "--iters", "1", "--data", &header,
    ]);
    assert!(
        text(&o).contains("line 1 taken as the header"),
        "{}",
        text(&o)
    );
    assert!(text(&o).contains("2 examples"), "{}", text(&o));
    let o = duet(&[
        "train", "logreg", "--device", "cpu", "--iters", "1", "--header", "no", "--data", &header,
    ]);
    fails_with(&o, &["header.csv:1:1"]);
    let semi = file("semi.csv", b"1;2;0\n");
    let o = duet(&["train", "logreg", "--device", "cpu", "--data", &semi]);
    fails_with(&o, &["line 1 is not comma-separated"]);
}

/// Item 5: runs that did nothing meaningful fail.
#[test]
fn nothing_done_is_not_success() {
    let o = bench_cpu(&["--op", "nothing"]);
    fails_with(&o, &["--op nothing", "read"]);
    let o = bench_cpu(&["--size", "nonsense"]);
    fails_with(&o, &["--size nonsense", "2^20"]);
    let o = duet(&["conform", "--device", "cpu", "--op", "nothing"]);
    fails_with(&o, &["--op nothing", "argext", "argmin"]);
    let o = duet(&["conform", "--device", "cpu", "--variant", "fast"]);
    fails_with(&o, &["--variant fast", "local_memory"]);
    // The names `duet bench` takes select the same ops in `duet conform` (one registry).
    let o = duet(&["conform", "--device", "cpu", "--op", "argmin", "--cases"]);
    assert!(o.status.success(), "{}", text(&o));
    let t = text(&o);
    assert!(t.contains("argmin n=") && !t.contains("argmax n="), "{t}");
    let o = bench_cpu(&["--op", "argext", "--variant", "local_memory"]);
    fails_with(&o, &["names no case"]);
    // The sweep's options name what they do not know.
    let o = duet(&["bench", "--backend", "cpu", "--sizes", "huge"]);
    fails_with(&o, &["--sizes huge", "sweep-quick"]);
    let o = bench_cpu(&["--sweep-mib", "5"]);
    fails_with(&o, &["--sweep-mib 5", "1024"]);
    let o = bench_cpu(&["--cols", "6"]);
    fails_with(&o, &["--cols 6", "4096", "a sweep takes any"]);
    let sweep = |cols: &str| {
        duet(&[
            "bench",
            "--backend",
            "cpu",
            "--sizes",
            "sweep-quick",
            "--op",
            "logreg",
            "--variant",
            "default",
            "--no-cpu",
            "--budget",
            "0.01",
            "--warmup-ms",
            "0",
            "--cols",
            cols,
        ])
    };
    let o = sweep("0");
    fails_with(&o, &["--cols 0", "1 to 65536"]);
    // A sweep runs at a column count off its grid, checked against the reference.
    let o = sweep("9");
    assert!(o.status.success(), "{}", text(&o));
    let t = text(&o);
    assert!(t.contains("×9 ") && !t.contains("×13 "), "{t}");
    let o = duet(&["train", "logreg", "--device", "cpu", "--iters", "0"]);
    fails_with(&o, &["--iters 0", "at least 1"]);
    let o = duet(&["train", "logreg", "--device", "cpu", "--lr", "-1"]);
    fails_with(&o, &["--lr -1"]);
    let o = duet(&["train", "logreg", "--device", "cpu", "--l2", "-1"]);
    fails_with(&o, &["--l2 -1"]);
    let o = duet(&[
        "train", "logreg", "--device", "cpu", "--lr", "1e20", "--l2", "1e20",
    ]);
    fails_with(&o, &["overflows"]);
    let mut devices = vec!["cpu".to_string()];
    devices.extend(gpu_devices());
    for dev in &devices {
        let o = duet(&[
            "train", "logreg", "--device", dev, "--lr", "1e30", "--iters", "200",
        ]);
        fails_with(&o, &["diverged by iteration"]);
        let huge = file("huge.csv", b"3e38,3e38,1\n-3e38,3e38,0\n3e38,-3e38,1\n");
        // Separable with cells near f32's limit: the CPU reference (f64) trains to finite
        // weights; a device whose f32 scores overflow must say it diverged, never print NaN.
        let o = duet(&[
            "train", "logreg", "--device", dev, "--iters", "100", "--data", &huge,
        ]);
        if o.status.success() {
            let ll = log_likelihood(&o);
            assert!(
                ll.is_finite() && !text(&o).contains("NaN"),
                "{dev}: {}",
                text(&o)
            );
        } else {
            fails_with(&o, &["diverged"]);
        }
    }
}

/// Item 6: output paths are checked before the run and named; files are whole.
#[test]
fn output_paths_are_checked_first_and_named() {
    for flag in ["--json", "--csv", "--plot"] {
        let o = bench_cpu(&["--op", "read", flag, "/no/such/dir/out.svg"]);
        fails_with(&o, &[flag, "/no/such/dir"]);
        assert!(
            !text(&o).contains("benchmark settings"),
            "ran before checking: {}",
            text(&o)
        );
    }
    for flag in ["--json", "--junit"] {
        let o = duet(&[
            "conform",
            "--device",
            "cpu",
            "--op",
            "read",
            flag,
            "/no/such/dir/r",
        ]);
        fails_with(&o, &[flag, "/no/such/dir"]);
    }
    let bad = file("bad.json", b"{");
    let o = duet(&["bench", "--from-json", &bad]);
    fails_with(&o, &["--from-json", "bad.json"]);
    let o = duet_env(
        &["conform", "--device", "cpu", "--op", "read"],
        &[("DUET_REQUIRE", "cuda")],
    );
    fails_with(&o, &["DUET_REQUIRE", "cuda"]);
    let json = dir().join("r.json");
    let o = bench_cpu(&[
        "--op",
        "read",
        "--size",
        "2^10",
        "--budget",
        "0.01",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&json).expect("written")).expect("whole JSON");
    assert!(
        !v["measurements"]
            .as_array()
            .expect("measurements")
            .is_empty()
    );
    let mut leftovers = std::fs::read_dir(dir())
        .expect("dir")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains("duet-tmp"));
    assert!(leftovers.next().is_none(), "temporary files left behind");
    let _ = std::io::stderr().flush();
}

/// `duet train svm` / `duet predict` on bad input: each a named error, the same on every
/// device; nothing written when the run fails.
#[test]
fn svm_bad_input_is_named() {
    let good = file(
        "svm-good.txt",
        b"1 1:0.5 2:1\n-1 1:-0.5 2:-1\n1 1:0.7\n-1 2:-0.3\n",
    );
    let model = dir().join("svm-bad.model");
    let model_s = model.to_str().unwrap();
    let mut devices = gpu_devices();
    devices.push("cpu".into());
    for dev in &devices {
        let train = |extra: &[&str]| {
            let mut a = vec!["train", "svm", "--device", dev.as_str()];
            a.extend_from_slice(extra);
            duet(&a)
        };
        for (data, needles) in [
            (
                &b"1 1:1\n1 1:2\n"[..],
                &["svm-bad.txt: every label is 1", "two classes"][..],
            ),
            (b"", &["no data"]),
            (b"\n\n", &["no data"]),
            (b"1 1:nan\n-1 1:1\n", &[":1:3:", "value `nan`"]),
            (b"1 1:inf\n-1 1:1\n", &[":1:3:", "value `inf`"]),
            (b"a 1:1\n-1 1:1\n", &[":1:1:", "label `a`"]),
            (b"1 2:1 1:1\n-1 1:1\n", &[":1:7:", "index 1 after index 2"]),
            (b"1 0:1\n-1 1:1\n", &[":1:3:", "indices start at 1"]),
        ] {
            let f = file("svm-bad.txt", data);
            let o = train(&["--data", &f, "--model", model_s]);
            fails_with(&o, needles);
            assert!(!model.exists(), "{dev}: a failed run wrote a model");
        }
        for (flag, value, needle) in [
            ("--c", "0", "--c 0"),
            ("--c", "-1", "--c -1"),
            ("--gamma", "0", "--gamma 0"),
            ("--gamma", "-2", "--gamma -2"),
            ("--eps", "0", "--eps 0"),
            ("--strategy", "nope", "--strategy nope"),
            ("--format", "xml", "--format xml"),
            ("--scale", "1,1", "--scale [1, 1]"),
            ("--cache-mb", "0", "--cache-mb 0"),
        ] {
            let o = train(&["--data", &good, flag, value]);
            fails_with(&o, &[needle]);
        }
        // One class left after the filters: the file and the filters are named.
        let o = train(&["--data", &good, "--classes", "1,7"]);
        fails_with(
            &o,
            &[
                "svm-good.txt: every label is 1 (after --classes 1,7)",
                "two classes",
            ],
        );
        let o = train(&["--data", &good, "--limit", "1"]);
        fails_with(&o, &["every label is 1 (after --limit 1)"]);
        // The step limit: no model unless asked.
        let o = train(&[
            "--data",
            &good,
            "--max-steps",
            "1",
            "--model",
            model_s,
            "--c",
            "100",
        ]);
        fails_with(&o, &["step limit", "--allow-unconverged"]);
        assert!(!model.exists(), "{dev}: an unconverged run wrote a model");
        let o = train(&[
            "--data",
            &good,
            "--max-steps",
            "1",
            "--allow-unconverged",
            "--model",
            model_s,
            "--c",
            "100",
        ]);
        assert!(o.status.success(), "{dev}: {}", text(&o));
        assert!(text(&o).contains("not converged"), "{}", text(&o));
        // A test file wider than the model; model files that are not what they claim.
        let wide = file("svm-wide.txt", b"1 1:0.5 3:1\n");
        let o = duet(&[
            "predict", "--model", model_s, "--data", &wide, "--device", dev,
        ]);
        fails_with(&o, &["3 features, more than the model's 2"]);
        let text_model = std::fs::read_to_string(&model).unwrap();
        for (bad, needle) in [
            (text_model.replace("rbf", "linear"), "rbf models only"),
            (
                text_model.lines().take(9).collect::<Vec<_>>().join("\n"),
                "truncated",
            ),
            (String::new(), "no `SV` line"),
        ] {
            let m = file("svm-broken.model", bad.as_bytes());
            let o = duet(&["predict", "--model", &m, "--data", &good, "--device", dev]);
            fails_with(&o, &[needle]);
        }
        let o = duet(&[
            "predict", "--model", model_s, "--data", &good, "--device", dev,
        ]);
        assert!(
            o.status.success() && text(&o).contains("Accuracy = "),
            "{}",
            text(&o)
        );
        std::fs::remove_file(&model).unwrap();
    }
}

#[test]
fn tune_bad_input_is_named_and_nothing_is_overwritten() {
    let cache = dir().join("tune-cache");
    let cache_s = cache.to_str().expect("utf-8 path").to_string();
    let tune = |extra: &[&str]| {
        let mut all = vec!["tune", "--cache-dir", cache_s.as_str()];
        all.extend_from_slice(extra);
        duet(&all)
    };
    fails_with(&tune(&["--budget", "0"]), &["--budget 0", "above 0"]);
    // The tuning mode and the first-use budget are checked when a device opens.
    let bench = |env: &[(&str, &str)]| {
        duet_env(
            &[
                "bench",
                "--op",
                "read",
                "--sizes",
                "quick",
                "--no-cpu",
                "--backend",
                "wgpu,opencl",
            ],
            env,
        )
    };
    if !gpu_devices().is_empty() {
        fails_with(
            &bench(&[("DUET_TUNE", "sometimes")]),
            &["DUET_TUNE", "sometimes", "off, cached or auto"],
        );
        fails_with(
            &bench(&[("DUET_TUNE", "auto"), ("DUET_TUNE_BUDGET", "soon")]),
            &["DUET_TUNE_BUDGET", "soon"],
        );
    }
    fails_with(&tune(&["--budget", "nan"]), &["--budget"]);
    fails_with(&tune(&["--retired"]), &["--retired", "only with --verify"]);
    for which in ["entries", "reach"] {
        fails_with(
            &tune(&["--shapes", which]),
            &[&format!("--shapes {which}"), "only with --verify"],
        );
    }
    fails_with(
        &tune(&["--op", "gemm"]),
        &["--op gemm", "read, argext, rbf, logreg"],
    );
    fails_with(
        &tune(&["--device", "wgpu:99"]),
        &["no device named wgpu:99"],
    );
    fails_with(
        &tune(&["--backend", "cpu"]),
        &["CPU reference has no kernel parameters"],
    );
    fails_with(
        &tune(&["--strategy", "annealing"]),
        &["--strategy annealing", "descent"],
    );
    fails_with(
        &tune(&["--shapes", "/no/such/shapes"]),
        &["/no/such/shapes"],
    );
    let bad_shapes = file("shapes.txt", b"1000 13\n1000 zero\n");
    fails_with(&tune(&["--shapes", &bad_shapes]), &["shapes.txt:2"]);
    // A search from another table writes nothing: --param only with --dry-run, and a bad
    // assignment is named.
    fails_with(
        &tune(&["--param", "logreg_pipeline=1"]),
        &["--param", "--dry-run"],
    );
    fails_with(
        &tune(&["--dry-run", "--param", "logreg_pipelin=1"]),
        &["logreg_pipelin"],
    );
    fails_with(
        &tune(&["--dry-run", "--param", "logreg_pipeline=7"]),
        &["logreg_pipeline", "7"],
    );
    // A cache directory that cannot be written: refused before any measurement.
    let o = duet(&[
        "tune",
        "--cache-dir",
        "/proc/duet-no-such-dir",
        "--budget",
        "1",
    ]);
    fails_with(&o, &["/proc/duet-no-such-dir", "--dry-run"]);
    // A cache file of garbage: listed as unusable, and left as it was.
    std::fs::create_dir_all(&cache).expect("cache dir");
    let garbage = cache.join("tune-v1-wgpu-some-gpu-0123abcd.json");
    std::fs::write(&garbage, b"\x00 not json").expect("write");
    let o = tune(&["--show"]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("not usable"), "{}", text(&o));
    assert_eq!(std::fs::read(&garbage).expect("read"), b"\x00 not json");
}

/// A candidate that cannot run at one of its bucket's edges loses there, and the tune goes on:
/// through a software adapter (llvmpipe), `single_group` is often the fastest gradient at
/// 4 001 × 61 but refused at four times the rows (more loop trips than one shader invocation
/// runs), which used to abort the whole `duet tune` with that error.
#[test]
fn tune_a_candidate_that_cannot_run_at_an_edge_loses_there() {
    let devices = gpu_devices();
    let Some(wgpu) = devices.iter().find(|d| d.starts_with("wgpu:")) else {
        eprintln!("SKIPPED: no wgpu device");
        return;
    };
    let cache = dir().join("tune-edge-invalid");
    let shapes = file("tune-edge-invalid.txt", b"4001 61\n");
    let report = dir().join("tune-edge-invalid.json");
    let o = duet(&[
        "tune",
        "--op",
        "logreg",
        "--device",
        wgpu,
        "--shapes",
        &shapes,
        "--cache-dir",
        cache.to_str().expect("utf-8 path"),
        "--reps",
        "3",
        "--json",
        report.to_str().expect("utf-8 path"),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let r: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&report).expect("the report")).expect("JSON");
    let targets = r["devices"][0]["targets"].as_array().expect("targets");
    assert_eq!(targets.len(), 1, "{r}");
    let t = &targets[0];
    assert!(t["entry"].is_object(), "the target tuned: {t}");
    if t["note"].as_str().is_some_and(|n| n.contains("cannot run")) {
        assert!(t["entry"]["variant"].is_null(), "the defaults kept: {t}");
    }
}

/// `duet tune` end to end on the first device of each GPU backend: every target gets an entry
/// (the defaults' time measured beside the tuned one), the report lists every candidate, and
/// `--show` reads the entries back.
#[test]
fn tune_writes_entries_that_show_lists() {
    let devices = gpu_devices();
    let firsts: Vec<&String> = ["wgpu:", "opencl:"]
        .iter()
        .filter_map(|p| devices.iter().find(|d| d.starts_with(p)))
        .collect();
    if firsts.is_empty() {
        eprintln!("SKIPPED: no GPU device");
        return;
    }
    let cache = dir().join("tune-e2e");
    let cache_s = cache.to_str().expect("utf-8 path").to_string();
    let shapes = file("tune-shapes.txt", b"# one small shape\n2001 13\n");
    let report = dir().join("tune-report.json");
    let names: Vec<&str> = firsts.iter().map(|s| s.as_str()).collect();
    let devices = names.join(",");
    // `duet tune` with `flags` (`--verify`, `--retired`) of read and rbf at `at` (the file of
    // shapes, or `entries`), writing `json`.
    let tune_at = |flags: &[&str], at: &str, json: &std::path::Path| {
        let mut args = vec!["tune"];
        args.extend(flags);
        args.extend([
            "--op",
            "read,rbf",
            "--device",
            &devices,
            "--shapes",
            at,
            "--cache-dir",
            &cache_s,
            "--reps",
            "3",
            "--json",
            json.to_str().expect("utf-8 path"),
        ]);
        duet(&args)
    };
    let tune_run = |flags: &[&str], json: &std::path::Path| tune_at(flags, &shapes, json);
    let o = tune_run(&[], &report);
    assert!(o.status.success(), "{}", text(&o));
    let r: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&report).expect("the report")).expect("JSON");
    let devs = r["devices"].as_array().expect("devices");
    assert_eq!(devs.len(), names.len());
    for d in devs {
        let targets = d["targets"].as_array().expect("targets");
        // read: one vector; rbf: both layouts.
        assert_eq!(targets.len(), 3, "{d}");
        for t in targets {
            assert!(t["entry"].is_object(), "every target tuned: {t}");
            let cands = t["candidates"].as_array().expect("candidates");
            assert!(
                cands.iter().any(|c| c["default"] == true),
                "the defaults are measured: {t}"
            );
            assert!(cands.len() >= 5, "{t}");
            // The edge shapes the chosen candidate was timed at are in the report: an entry
            // that sets something passed every one (2001 × 13 has the bucket's 16 columns); a
            // note that a candidate lost at one names the last timed.
            let edges = t["edges"].as_array().expect("edges");
            for e in edges {
                assert!(e["default_s"].as_f64().is_some_and(|v| v > 0.0), "{e}");
                assert!(e["tuned_s"].as_f64().is_some_and(|v| v > 0.0), "{e}");
                assert!(
                    ["the bucket's edge", "the next size up"]
                        .contains(&e["what"].as_str().unwrap_or("")),
                    "{e}"
                );
            }
            let sets = t["entry"]["variant"].is_string()
                || t["entry"]["params"]
                    .as_object()
                    .is_some_and(|p| !p.is_empty());
            if sets && t["target"]["op"] == "rbf" {
                assert!(
                    !edges.is_empty() && edges.iter().all(|e| e["lost"] == false),
                    "{t}"
                );
            }
            if t["note"].as_str().is_some_and(|n| n.contains("loses at")) {
                assert_eq!(edges.last().map(|e| e["lost"] == true), Some(true), "{t}");
            }
        }
    }
    let o = duet(&["tune", "--show", "--cache-dir", &cache_s]);
    assert!(o.status.success(), "{}", text(&o));
    let shown = text(&o);
    assert_eq!(
        shown
            .lines()
            .filter(|l| l.trim_start().starts_with("rbf "))
            .count(),
        2 * names.len(),
        "{shown}"
    );
    // --verify times those entries against the defaults at the same shapes and writes nothing.
    let before = std::fs::read_dir(&cache).expect("cache").count();
    let verified = dir().join("tune-verify.json");
    let o = tune_run(&["--verify"], &verified);
    assert!(o.status.success(), "{}", text(&o));
    for name in &names {
        assert!(
            text(&o).contains(&format!("{name}: 3 shapes with an entry")),
            "{}",
            text(&o)
        );
    }
    let v: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&verified).expect("the report")).expect("JSON");
    for d in v["devices"].as_array().expect("devices") {
        for p in d[1].as_array().expect("shapes") {
            assert!(
                p["same"] == true || p["tuned_s"].as_f64().is_some_and(|t| t > 0.0),
                "a shape with other parameters is timed: {p}"
            );
        }
    }
    assert_eq!(std::fs::read_dir(&cache).expect("cache").count(), before);

    // Entries whose recorded defaults are no longer the device's are set aside, and listed;
    // --retired times them as if they were used. Every RBF entry is given a record naming a
    // default rung no device has.
    for f in std::fs::read_dir(&cache).expect("cache").flatten() {
        let path = f.path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let mut file: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&path).expect("read")).expect("JSON");
        for e in file["entries"].as_array_mut().expect("entries") {
            if e["op"] == "rbf" {
                e["baseline"] = serde_json::json!({"variant": "no_such_rung", "params": {}});
            }
        }
        std::fs::write(&path, serde_json::to_vec(&file).expect("JSON")).expect("write");
    }
    // (The record has no parameters either, so every one the op reads differs.)
    let retired_line = |out: &str, name: &str, what: &str| {
        out.lines().any(|l| {
            l.starts_with(&format!(
                "{name}: 2 entries measured against other defaults ("
            )) && l.ends_with(what)
        })
    };
    // `--shapes entries`: the shapes the entries were measured on, the cache's (the file's
    // shape here) and the built-in database's for this device.
    let with_entries = |out: &str, name: &str| -> Option<usize> {
        let l = out
            .lines()
            .find(|l| l.starts_with(&format!("{name}: ")) && l.contains(" shapes with an entry"))?;
        l[name.len() + 2..].split(' ').next()?.parse().ok()
    };
    let mut counts = std::collections::HashMap::new();
    for (flags, at, what, least, most) in [
        (
            &["--verify"][..],
            shapes.as_str(),
            "): not used (--retired times them)",
            1,
            1,
        ),
        (
            &["--verify", "--retired"][..],
            shapes.as_str(),
            "): timed below as if used (--retired)",
            3,
            3,
        ),
        (
            &["--verify", "--retired"][..],
            "entries",
            "): timed below as if used (--retired)",
            3,
            usize::MAX,
        ),
        (
            &["--verify", "--retired"][..],
            "reach",
            "): timed below as if used (--retired)",
            3,
            usize::MAX,
        ),
    ] {
        let o = tune_at(flags, at, &verified);
        let out = text(&o);
        assert!(o.status.success(), "{out}");
        for name in &names {
            assert!(retired_line(&out, name, what), "{flags:?}: {out}");
            let n = with_entries(&out, name);
            assert!(
                n.is_some_and(|n| (least..=most).contains(&n)),
                "{flags:?} {at}: {n:?} shapes with an entry, {least} to {most} expected: {out}"
            );
            // `reach` times every shape `entries` does, and the larger sizes the entries serve.
            if at == "reach" {
                let entries = counts.get(*name).copied();
                assert!(
                    n.zip(entries).is_some_and(|(r, e)| r >= e),
                    "reach {n:?} against entries {entries:?}: {out}"
                );
            } else if at == "entries" {
                counts.insert(*name, n.unwrap_or(0));
            }
        }
        assert!(
            out.contains("  rbf cols") && out.contains("(cache): variant"),
            "each retired entry listed: {out}"
        );
    }
}
