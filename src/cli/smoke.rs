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
        uploads: 1,
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
    for r in rows {
        outln!("{r}");
    }
    outln!(
        "ok/FAIL: result against the CPU reference within the derived bound; time: median per call on the device"
    );
    outln!("(software drivers check correctness only; `duet bench` on a GPU measures speed)");
    Ok(ok)
}
