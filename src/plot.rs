//! Benchmark plots (plotters): per op, GB/s against size for each device with the read kernel's
//! bandwidth as the bound; the RBF ladder as bars per device, as the case study drew it.

use std::collections::BTreeMap;
use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::bench::{BenchOp, Measurement};
use crate::{Error, RbfVariant, Result};

/// Picks the measurements one panel draws.
type OpFilter = fn(&BenchOp) -> bool;

fn err(e: impl std::fmt::Display) -> Error {
    Error::execution("plot", e)
}

const COLORS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

/// Writes the plots to `path` (`.svg` or `.png`; laying out text needs a TrueType font, e.g.
/// Debian's fonts-dejavu-core).
pub fn write(path: &Path, ms: &[Measurement]) -> Result<()> {
    let size = (1600, 1200);
    match path.extension().and_then(|e| e.to_str()) {
        Some("svg") => {
            register_font()?;
            draw(&SVGBackend::new(path, size).into_drawing_area(), ms)
        }
        Some("png") => {
            register_font()?;
            draw(&BitMapBackend::new(path, size).into_drawing_area(), ms)
        }
        _ => Err(Error::invalid(
            "--plot",
            path.display(),
            "the file must end in .svg or .png",
        )),
    }
}

fn register_font() -> Result<()> {
    static DONE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if DONE.get().is_some() {
        return Ok(());
    }
    const CANDIDATES: [&str; 3] = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
    ];
    let data = CANDIDATES
        .iter()
        .find_map(|p| std::fs::read(p).ok())
        .ok_or_else(|| {
            Error::invalid(
                "--plot",
                "an SVG or PNG plot",
                "laying out its text needs a TrueType font (Debian: fonts-dejavu-core); the JSON \
                 written with --json can be plotted elsewhere with --from-json",
            )
        })?;
    let data: &'static [u8] = Box::leak(data.into_boxed_slice());
    plotters::style::register_font("sans-serif", FontStyle::Normal, data)
        .map_err(|_| err("the font could not be loaded"))?;
    let _ = DONE.set(true);
    Ok(())
}

fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, ms: &[Measurement]) -> Result<()>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE).map_err(err)?;
    let panels = root.split_evenly((2, 3));
    let families: [(&str, OpFilter); 5] = [
        ("read", |o| *o == BenchOp::Read),
        ("argmin", |o| o.name() == "argmin"),
        ("argmax", |o| o.name() == "argmax"),
        ("rbf (local_memory)", |o| {
            *o == BenchOp::Rbf(RbfVariant::LocalMemory)
        }),
        ("logreg gradient (multi_group)", |o| {
            *o == BenchOp::Gradient(crate::LogregStrategy::MultiGroup)
        }),
    ];
    let devices: Vec<String> = {
        let mut d: Vec<String> = ms.iter().map(|m| m.device.clone()).collect();
        d.dedup();
        let mut seen = Vec::new();
        for x in d {
            if !seen.contains(&x) {
                seen.push(x);
            }
        }
        seen
    };
    for (panel, (title, pick)) in panels.iter().zip(families) {
        bandwidth_panel(panel, ms, &devices, title, pick)?;
    }
    if let Some(panel) = panels.get(5) {
        ladder_panel(panel, ms, &devices)?;
    }
    root.present().map_err(err)
}

fn bandwidth_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    ms: &[Measurement],
    devices: &[String],
    title: &str,
    pick: fn(&BenchOp) -> bool,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let points: Vec<&Measurement> = ms.iter().filter(|m| pick(&m.case.op)).collect();
    let reads: Vec<&Measurement> = ms.iter().filter(|m| m.case.op == BenchOp::Read).collect();
    if points.is_empty() {
        return Ok(());
    }
    let log2 = |b: u64| (b.max(1) as f64).log2();
    let xmin = points
        .iter()
        .map(|m| log2(m.case.bytes()))
        .fold(f64::INFINITY, f64::min);
    let xmax = points
        .iter()
        .map(|m| log2(m.case.bytes()))
        .fold(0.0, f64::max)
        .max(xmin + 1.0);
    let ymax = points
        .iter()
        .chain(&reads)
        .map(|m| m.gbps)
        .fold(1.0, f64::max)
        * 1.1;
    let mut chart = ChartBuilder::on(area)
        .caption(format!("{title}: GB/s vs size"), ("sans-serif", 20))
        .margin(10)
        .x_label_area_size(35)
        .y_label_area_size(55)
        .build_cartesian_2d(xmin..xmax, 0.0..ymax)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("log2(bytes read)")
        .y_desc("GB/s")
        .draw()
        .map_err(err)?;
    for (i, dev) in devices.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        let mut series: Vec<(f64, f64)> = points
            .iter()
            .filter(|m| &m.device == dev)
            .map(|m| (log2(m.case.bytes()), m.gbps))
            .collect();
        series.sort_by(|a, b| a.0.total_cmp(&b.0));
        if series.is_empty() {
            continue;
        }
        chart
            .draw_series(LineSeries::new(series.clone(), color.stroke_width(2)))
            .map_err(err)?
            .label(dev.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color));
        chart
            .draw_series(series.iter().map(|p| Circle::new(*p, 3, color.filled())))
            .map_err(err)?;
        // The bound: the read kernel's best bandwidth on this device, dashed.
        let bound = reads
            .iter()
            .filter(|m| &m.device == dev)
            .map(|m| m.gbps)
            .fold(0.0, f64::max);
        if bound > 0.0 && title != "read" {
            chart
                .draw_series(DashedLineSeries::new(
                    vec![(xmin, bound), (xmax, bound)],
                    6,
                    4,
                    color.stroke_width(1),
                ))
                .map_err(err)?;
        }
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperLeft)
        .draw()
        .map_err(err)?;
    Ok(())
}

fn ladder_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    ms: &[Measurement],
    devices: &[String],
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    // The largest n measured for the ladder, per device and rung.
    let mut best: BTreeMap<(String, usize), (usize, f64)> = BTreeMap::new();
    for m in ms {
        if let BenchOp::Rbf(v) = m.case.op {
            let rung = RbfVariant::ALL.iter().position(|r| *r == v).unwrap_or(0);
            let e = best.entry((m.device.clone(), rung)).or_insert((0, 0.0));
            if m.case.n >= e.0 {
                *e = (m.case.n, m.gflops);
            }
        }
    }
    if best.is_empty() {
        return Ok(());
    }
    let ymax = best.values().map(|v| v.1).fold(1.0, f64::max) * 1.15;
    let groups = devices.len().max(1);
    let mut chart = ChartBuilder::on(area)
        .caption(
            "RBF ladder: GFLOP/s per rung (largest n)",
            ("sans-serif", 20),
        )
        .margin(10)
        .x_label_area_size(35)
        .y_label_area_size(55)
        .build_cartesian_2d(0.0..(4 * groups + groups) as f64, 0.0..ymax)
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_desc("GFLOP/s (6 flops / element)")
        .draw()
        .map_err(err)?;
    for (rung, v) in RbfVariant::ALL.iter().enumerate() {
        let color = COLORS[rung % COLORS.len()];
        let bars: Vec<Rectangle<(f64, f64)>> = devices
            .iter()
            .enumerate()
            .filter_map(|(g, dev)| {
                best.get(&(dev.clone(), rung)).map(|(_, gf)| {
                    let x0 = (g * 5 + rung) as f64 + 0.1;
                    Rectangle::new([(x0, 0.0), (x0 + 0.8, *gf)], color.filled())
                })
            })
            .collect();
        chart
            .draw_series(bars)
            .map_err(err)?
            .label(v.name())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
    }
    for (g, dev) in devices.iter().enumerate() {
        chart
            .draw_series(std::iter::once(Text::new(
                dev.clone(),
                ((g * 5) as f64 + 0.2, ymax * 0.03),
                ("sans-serif", 14),
            )))
            .map_err(err)?;
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperRight)
        .draw()
        .map_err(err)?;
    Ok(())
}
