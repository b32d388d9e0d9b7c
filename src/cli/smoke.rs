//! `duet` with no arguments: list the devices, then run every op on every device against the
//! CPU reference, side by side: result check and time.

use std::time::Duration;

use duet::bench::{BenchConfig, Inputs, Sizes, cases, measure};

use super::CliResult;

/// Runs the main job; returns whether every check passed.
pub fn main() -> CliResult<bool> {
    let list = duet::devices();
    super::devices::print(&list)?;
    outln!();
    let order = duet::suite::column_order(&list, &list.devices);
    let mut devices = Vec::new();
    for info in &order {
        match duet::open(&info.name) {
            Ok(d) => devices.push(d),
            Err(e) => outln!("{}: could not open: {e}", info.name),
        }
    }
    // One representative size per op and variant: the quick benchmark sizes' largest; for a
    // family whose descriptor names a plotted variant, only that one (`duet bench` shows all).
    let mut quick = Vec::new();
    for c in cases(Sizes::Quick) {
        if c.family()?.plot_variant().is_none_or(|v| v == c.variant) {
            quick.push(c);
        }
    }
    let picked = duet::conform::registry::largest_per_variant(quick);
    let cfg = BenchConfig {
        warmup: 1,
        warmup_time: Duration::from_millis(200),
        reps: 5,
        budget: Duration::from_millis(500),
        cpu_reference: false,
        check: true,
    };
    let width = 16;
    out!("{:<8} {:<13} {:<12}", "op", "variant", "size");
    for d in &devices {
        out!(" | {:<width$}", d.name());
    }
    outln!();
    let bar = super::progress((picked.len() * devices.len()) as u64, "checking ops");
    let mut ok = true;
    let mut rows = Vec::new();
    for case in &picked {
        let inputs = Inputs::new(case.clone())?;
        let mut row = format!(
            "{:<8} {:<13} {:<12}",
            case.op,
            case.variant,
            case.size_label()
        );
        for d in &devices {
            bar.set_message(format!("{} on {}", case.op, d.name()));
            let cell = match measure(d, &inputs, &cfg) {
                Ok(m) => {
                    ok &= m.check_passed;
                    let verdict = if m.check_passed { "ok" } else { "FAIL" };
                    format!("{verdict} {:>9.3} ms", m.gpu_median_s * 1e3)
                }
                Err(e) => {
                    ok = false;
                    bar.suspend(|| eprintln!("{} on {}: {e}", case.op, d.name()));
                    "ERROR".into()
                }
            };
            row.push_str(&format!(" | {cell:<width$}"));
            bar.inc(1);
        }
        rows.push(row);
    }
    bar.finish_and_clear();
    // SVM training end to end: a model per device against the reference's model.
    let mut row = format!(
        "{:<8} {:<13} {:<12}",
        "svm",
        "pair",
        format!("{SVM_POINTS}×{SVM_COLS}")
    );
    let truth = svm_model(None);
    for d in &devices {
        let cell = match (&truth, svm_model(Some(d))) {
            (Ok((t, data)), Ok((m, _))) => {
                let (om, ot) = (
                    duet::svm::check::objectives(&m.0),
                    duet::svm::check::objectives(&t.0),
                );
                match duet::svm::check::agree(
                    &m.0,
                    &t.0,
                    (&om, &ot),
                    &data.x,
                    (data.rows, data.cols),
                    &data.y,
                ) {
                    Ok(_) => format!("ok {:>9.3} ms", m.1 * 1e3),
                    Err(e) => {
                        ok = false;
                        eprintln!("svm on {}: {e}", d.name());
                        "FAIL".into()
                    }
                }
            }
            (Err(e), _) => {
                ok = false;
                eprintln!("svm reference: {e}");
                "ERROR".into()
            }
            (_, Err(e)) => {
                ok = false;
                eprintln!("svm on {}: {e}", d.name());
                "ERROR".into()
            }
        };
        row.push_str(&format!(" | {cell:<width$}"));
    }
    rows.push(row);
    for r in rows {
        outln!("{r}");
    }
    outln!(
        "ok/FAIL: result against the CPU reference within the derived bound; time: median per call on the device"
    );
    outln!(
        "svm: C-SVC training on two blobs, the model against the reference's (objective, rho, predictions); time: the whole training, wall clock"
    );
    outln!("(software drivers check correctness only; `duet bench` on a GPU measures speed)");
    Ok(ok)
}

/// The main job's SVM problem: two Gaussian blobs.
const SVM_POINTS: usize = 2000;
/// See [`SVM_POINTS`].
const SVM_COLS: usize = 16;

type Trained = ((duet::svm::SvmModel, f64), duet::svm::data::LabelledData);

/// Trains on the blobs on `dev` (the reference solver for `None`): the model and its wall time.
fn svm_model(dev: Option<&duet::Device>) -> duet::Result<Trained> {
    let b = duet::data::blobs(SVM_POINTS, SVM_COLS, duet::data::DEFAULT_SEED);
    let data = duet::svm::data::LabelledData {
        x: b.x,
        rows: b.rows,
        cols: b.cols,
        y: b.y.iter().map(|&v| v as f64).collect(),
    };
    let cfg = duet::svm::SvmConfig::default();
    let start = std::time::Instant::now();
    let model = match dev {
        Some(d) => {
            let mut s = duet::svm::DeviceSolver::new(d, cfg.steps_per_check);
            duet::svm::train(
                &data.x,
                data.rows,
                data.cols,
                &data.y,
                &cfg,
                &mut s,
                &mut |_, _, _| {},
            )?
        }
        None => duet::svm::train(
            &data.x,
            data.rows,
            data.cols,
            &data.y,
            &cfg,
            &mut duet::svm::ReferenceSolver,
            &mut |_, _, _| {},
        )?,
    };
    Ok(((model, start.elapsed().as_secs_f64()), data))
}
