//! The `duet` command line: one module per subcommand.

/// Prints to stdout like `print!`, but a failed write (a closed pipe, a full disk) returns
/// from the enclosing function with an error instead of panicking.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout(), $($t)*).map_err(crate::cli::stdout_error)?;
    }};
}

/// `println!` that returns an error instead of panicking: see [`out!`].
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout(), $($t)*).map_err(crate::cli::stdout_error)?;
    }};
}

pub mod bench;
pub mod conform;
pub mod devices;
pub mod output;
pub mod smoke;
pub mod svm;
pub mod train;
pub mod tune;

use duet::{BackendKind, DeviceInfo, DeviceList};

/// The error of a failed write to stdout.
pub fn stdout_error(e: std::io::Error) -> Box<dyn std::error::Error> {
    format!("writing to stdout: {e}").into()
}

/// A library error about an argument, told as the command-line option it came from
/// (`--lr -1: must be finite and > 0`); other errors unchanged.
pub fn as_option(e: duet::Error) -> Box<dyn std::error::Error> {
    match e {
        duet::Error::InvalidArgument {
            name,
            value,
            reason,
        } => format!("--{} {value}: {reason}", name.replace('_', "-")).into(),
        other => other.into(),
    }
}

/// A command's result: any error, boxed.
pub type CliResult<T> = Result<T, Box<dyn std::error::Error>>;

/// The device selection that `conform`, `bench` and `tune` share.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct DeviceArgs {
    /// Backends (wgpu, opencl, cpu), comma separated; default: wgpu and opencl (`conform`:
    /// every backend).
    #[arg(long, value_delimiter = ',')]
    pub backend: Vec<String>,
    /// Devices by name (cpu, wgpu:0, opencl:1; `duet devices` lists them), comma separated.
    #[arg(long, value_delimiter = ',')]
    pub device: Vec<String>,
    /// Only devices whose own name contains this text (e.g. H100).
    #[arg(long)]
    pub device_name: Option<String>,
}

impl DeviceArgs {
    /// The selected devices of `list` ([`select`]); with neither `--backend` nor `--device`,
    /// those of `default_backends` (empty: every backend).
    pub fn select(
        &self,
        list: &DeviceList,
        default_backends: &[&str],
    ) -> CliResult<Vec<DeviceInfo>> {
        let backends: Vec<String> = if self.backend.is_empty() && self.device.is_empty() {
            default_backends.iter().map(|b| b.to_string()).collect()
        } else {
            self.backend.clone()
        };
        select(list, &backends, &self.device, self.device_name.as_deref())
    }
}

/// Selects devices by backend kind, name (`wgpu:0`) and text in the device's own name (all
/// optional; the first two are comma lists). An unknown backend or device name, or a selection
/// that leaves no device, is an error that says what there is.
pub fn select(
    list: &DeviceList,
    backends: &[String],
    names: &[String],
    contains: Option<&str>,
) -> CliResult<Vec<DeviceInfo>> {
    let kinds: Vec<BackendKind> = duet::suite::parse_require(&backends.join(","))?;
    let names: Vec<&str> = names
        .iter()
        .flat_map(|n| n.split(','))
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    let found = || {
        let mut all: Vec<String> = list.devices.iter().map(|d| d.name.clone()).collect();
        all.extend(
            list.unavailable
                .iter()
                .map(|(b, why)| format!("{}: not available ({why})", b.prefix())),
        );
        all.join(", ")
    };
    for n in &names {
        if list.get(n).is_none() {
            return Err(format!("no device named {n}; found: {}", found()).into());
        }
    }
    let chosen: Vec<DeviceInfo> = list
        .devices
        .iter()
        .filter(|d| kinds.is_empty() || kinds.contains(&d.backend))
        .filter(|d| names.is_empty() || names.contains(&d.name.as_str()))
        .filter(|d| contains.is_none_or(|c| d.device.contains(c)))
        .cloned()
        .collect();
    if chosen.is_empty() {
        return Err(format!("no device matches the selection; found: {}", found()).into());
    }
    Ok(chosen)
}

/// A progress bar on stderr (hidden when stderr is not a terminal).
pub fn progress(len: u64, what: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(len);
    let style = indicatif::ProgressStyle::with_template(
        "{spinner} {msg:<28} [{bar:30}] {pos}/{len} {elapsed_precise}",
    )
    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
    .progress_chars("=> ");
    bar.set_style(style);
    bar.set_message(what.to_string());
    bar
}

/// Formats bytes as KiB / MiB / GiB.
pub fn bytes(b: u64) -> String {
    if b >= 1 << 50 {
        return "host memory".into();
    }
    let b = b as f64;
    if b >= (1u64 << 30) as f64 {
        format!("{:.1} GiB", b / (1u64 << 30) as f64)
    } else if b >= (1u64 << 20) as f64 {
        format!("{:.0} MiB", b / (1u64 << 20) as f64)
    } else if b >= 1024.0 {
        format!("{:.0} KiB", b / 1024.0)
    } else {
        format!("{b} B")
    }
}

/// `--op`'s help, from the op registry: every family and op name it takes.
pub fn op_help() -> String {
    format!(
        "Ops to run, by family or op name ({}), comma separated; default all",
        duet::conform::registry::op_names().join(", ")
    )
}

/// `--variant`'s help, from the op registry.
pub fn variant_help() -> String {
    format!(
        "Variants (RBF rungs, logistic strategies: {}), comma separated; default all",
        duet::conform::registry::variant_names().join(", ")
    )
}

/// Open options with the `--param NAME=VALUE` assignments set and pinned: a tuned entry that
/// would change one of them is not used ([`duet::OpenOptions::pinned`]); the rest of the
/// options are the defaults.
pub fn param_options(assignments: &[String]) -> Result<duet::OpenOptions, duet::Error> {
    let params = duet::KernelParams::DEFAULT.with_assignments(assignments)?;
    let pinned = assignments
        .iter()
        .filter_map(|a| a.split_once('=').map(|(n, _)| n.trim().to_string()))
        .collect();
    Ok(duet::OpenOptions {
        params,
        pinned,
        ..Default::default()
    })
}
