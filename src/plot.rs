//! Benchmark plots (plotters). A shape sweep (`--sizes sweep`) is drawn as heat maps, one per
//! op, variant and device: % of the read bound over column counts × matrix sizes. Otherwise, one
//! panel per op of the registry: GB/s against size for each
//! device with the read kernel's bandwidth as the bound (for a family with variants, the
//! variant its descriptor names); and, per family with variants, the variants as bars per
//! device (the RBF ladder, as the case study drew it).

use std::collections::BTreeMap;
use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;

use duet_conform::OpFamily;

use crate::bench::{Measurement, is_bound};
use crate::{Error, Result};

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
    // Heat maps: two per row, 340 px each.
    let maps = sweeps(ms).len();
    let size = (1600, 1200.max(340 * maps.div_ceil(2) as u32));
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

/// The sweeps among `ms`: `(op, variant, device)` groups measured over at least three column
/// counts and two sizes (the shape sweep), in first-seen order.
fn sweeps(ms: &[Measurement]) -> Vec<(String, String, String)> {
    let mut groups: Vec<(String, String, String)> = Vec::new();
    for m in ms {
        let key = (m.op.clone(), m.variant.clone(), m.device.clone());
        if !groups.contains(&key) {
            groups.push(key);
        }
    }
    groups.retain(|(op, variant, device)| {
        let of = || {
            ms.iter()
                .filter(move |m| &m.op == op && &m.variant == variant && &m.device == device)
        };
        let mut cols: Vec<usize> = of().map(|m| m.case.d).collect();
        cols.sort_unstable();
        cols.dedup();
        let mut sizes: Vec<u32> = of().map(size_bucket).collect();
        sizes.sort_unstable();
        sizes.dedup();
        cols.len() >= 3 && sizes.len() >= 2
    });
    groups
}

/// A sweep point's size class: log₂ of its matrix bytes rounded up (points round their rows
/// down to fit the size).
fn size_bucket(m: &Measurement) -> u32 {
    m.case
        .input_bytes()
        .max(1)
        .next_power_of_two()
        .trailing_zeros()
}

fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, ms: &[Measurement]) -> Result<()>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE).map_err(err)?;
    let maps = sweeps(ms);
    if !maps.is_empty() {
        let cols = 2;
        let rows = maps.len().div_ceil(cols);
        let panels = root.split_evenly((rows, cols));
        for (panel, (op, variant, device)) in panels.iter().zip(&maps) {
            heat_map(panel, ms, op, variant, device)?;
        }
        return root.present().map_err(err);
    }
    // One bandwidth panel per op measured (single runs, not training loops), in registry
    // order, drawing the family's plotted variant; one variants panel per family with variants.
    let single = |m: &&Measurement| m.case.iters == 0;
    let mut bandwidth: Vec<(String, &'static str, Option<&'static str>)> = Vec::new();
    let mut variants: Vec<&'static dyn OpFamily> = Vec::new();
    for f in duet_conform::families() {
        for &op in f.ops() {
            if ms.iter().filter(single).any(|m| m.case.op == op) {
                let title = match f.plot_variant() {
                    Some(v) => format!("{op} ({v})"),
                    None => op.to_string(),
                };
                bandwidth.push((title, op, f.plot_variant()));
            }
        }
        if !f.variants().is_empty()
            && ms
                .iter()
                .filter(single)
                .any(|m| f.ops().contains(&m.case.op.as_str()))
        {
            variants.push(f);
        }
    }
    let count = bandwidth.len() + variants.len();
    let cols = 3;
    let rows = count.div_ceil(cols).max(1);
    let panels = root.split_evenly((rows, cols));
    let devices: Vec<String> = {
        let mut seen = Vec::new();
        for m in ms {
            if !seen.contains(&m.device) {
                seen.push(m.device.clone());
            }
        }
        seen
    };
    let mut areas = panels.iter();
    for (title, op, variant) in &bandwidth {
        let Some(panel) = areas.next() else { break };
        let points: Vec<&Measurement> = ms
            .iter()
            .filter(single)
            .filter(|m| m.case.op == *op && variant.is_none_or(|v| m.case.variant == v))
            .collect();
        bandwidth_panel(panel, ms, &devices, title, &points)?;
    }
    for f in variants {
        let Some(panel) = areas.next() else { break };
        variants_panel(panel, ms, &devices, f)?;
    }
    root.present().map_err(err)
}

fn bandwidth_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    ms: &[Measurement],
    devices: &[String],
    title: &str,
    points: &[&Measurement],
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let reads: Vec<&Measurement> = ms.iter().filter(|m| is_bound(&m.case)).collect();
    if points.is_empty() {
        return Ok(());
    }
    let log2 = |b: u64| (b.max(1) as f64).log2();
    let xmin = points
        .iter()
        .map(|m| log2(m.case.input_bytes()))
        .fold(f64::INFINITY, f64::min);
    let xmax = points
        .iter()
        .map(|m| log2(m.case.input_bytes()))
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
            .map(|m| (log2(m.case.input_bytes()), m.gbps))
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
        if bound > 0.0 && !points.iter().any(|m| is_bound(&m.case)) {
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

fn variants_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    ms: &[Measurement],
    devices: &[String],
    family: &dyn OpFamily,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let names = family.variants();
    // The largest n measured per device and variant.
    let mut best: BTreeMap<(String, usize), (usize, f64)> = BTreeMap::new();
    for m in ms.iter().filter(|m| m.case.iters == 0) {
        if !family.ops().contains(&m.case.op.as_str()) {
            continue;
        }
        if let Some(i) = names.iter().position(|v| *v == m.case.variant) {
            let e = best.entry((m.device.clone(), i)).or_insert((0, 0.0));
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
            format!("{}: GFLOP/s per variant (largest n)", family.name()),
            ("sans-serif", 20),
        )
        .margin(10)
        .x_label_area_size(35)
        .y_label_area_size(55)
        .build_cartesian_2d(0.0..((names.len() + 1) * groups) as f64, 0.0..ymax)
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_desc("GFLOP/s")
        .draw()
        .map_err(err)?;
    let stride = names.len() + 1;
    for (rung, v) in names.iter().enumerate() {
        let color = COLORS[rung % COLORS.len()];
        let bars: Vec<Rectangle<(f64, f64)>> = devices
            .iter()
            .enumerate()
            .filter_map(|(g, dev)| {
                best.get(&(dev.clone(), rung)).map(|(_, gf)| {
                    let x0 = (g * stride + rung) as f64 + 0.1;
                    Rectangle::new([(x0, 0.0), (x0 + 0.8, *gf)], color.filled())
                })
            })
            .collect();
        chart
            .draw_series(bars)
            .map_err(err)?
            .label(*v)
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
    }
    for (g, dev) in devices.iter().enumerate() {
        chart
            .draw_series(std::iter::once(Text::new(
                dev.clone(),
                ((g * stride) as f64 + 0.2, ymax * 0.03),
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

/// One sweep as a heat map: % of the read bound over column counts (x) and matrix sizes (y),
/// red (0 %) through yellow to green (≥ 100 %), the value written in each cell.
fn heat_map<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    ms: &[Measurement],
    op: &str,
    variant: &str,
    device: &str,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let points: Vec<&Measurement> = ms
        .iter()
        .filter(|m| m.op == op && m.variant == variant && m.device == device)
        .collect();
    let mut cols: Vec<usize> = points.iter().map(|m| m.case.d).collect();
    cols.sort_unstable();
    cols.dedup();
    let mut sizes: Vec<u32> = points.iter().map(|m| size_bucket(m)).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let title = if variant == "-" {
        format!("{op} on {device}: % of read")
    } else {
        format!("{op} {variant} on {device}: % of read")
    };
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 16))
        .margin(6)
        .x_label_area_size(30)
        .y_label_area_size(50)
        .build_cartesian_2d(
            // A segmented range a..b has b − a + 1 segments.
            (0..cols.len().max(1) as i32 - 1).into_segmented(),
            (0..sizes.len().max(1) as i32 - 1).into_segmented(),
        )
        .map_err(err)?;
    let center = |v: &SegmentValue<i32>| match v {
        SegmentValue::CenterOf(i) => Some(*i as usize),
        _ => None,
    };
    let col_label = |v: &SegmentValue<i32>| {
        center(v)
            .and_then(|i| cols.get(i))
            .map_or(String::new(), |c| c.to_string())
    };
    let size_label = |v: &SegmentValue<i32>| {
        center(v)
            .and_then(|i| sizes.get(i))
            .map_or(String::new(), |b| {
                let bytes = 1u64 << b;
                if bytes >= 1 << 30 {
                    format!("{} GiB", bytes >> 30)
                } else if bytes >= 1 << 20 {
                    format!("{} MiB", bytes >> 20)
                } else {
                    format!("{} KiB", bytes >> 10)
                }
            })
    };
    chart
        .configure_mesh()
        .disable_mesh()
        .x_labels(cols.len())
        .y_labels(sizes.len())
        .x_label_formatter(&col_label)
        .y_label_formatter(&size_label)
        .x_desc("columns")
        .label_style(("sans-serif", 10))
        .draw()
        .map_err(err)?;
    for m in &points {
        let (Some(x), Some(y)) = (
            cols.iter().position(|&c| c == m.case.d),
            sizes.iter().position(|&b| b == size_bucket(m)),
        ) else {
            continue;
        };
        let (x, y) = (x as i32, y as i32);
        let pct = m.pct_of_read.unwrap_or(f64::NAN);
        let color = if pct.is_finite() {
            HSLColor(pct.clamp(0.0, 100.0) / 100.0 * 0.33, 0.75, 0.55).to_rgba()
        } else {
            RGBColor(200, 200, 200).to_rgba()
        };
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [
                    (SegmentValue::Exact(x), SegmentValue::Exact(y)),
                    (SegmentValue::Exact(x + 1), SegmentValue::Exact(y + 1)),
                ],
                color.filled(),
            )))
            .map_err(err)?;
        if pct.is_finite() {
            chart
                .draw_series(std::iter::once(Text::new(
                    format!("{pct:.0}"),
                    (SegmentValue::Exact(x), SegmentValue::Exact(y + 1)),
                    ("sans-serif", 9),
                )))
                .map_err(err)?;
        }
    }
    Ok(())
}
