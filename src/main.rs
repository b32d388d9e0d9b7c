//! The `duet` command: devices, the main check run, the conformance suite, benchmarks and
//! training. `duet --help` lists everything.

#[macro_use]
mod cli;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// duet: the same ML kernels on wgpu and OpenCL, checked against an f64 CPU reference.
///
/// With no command: list the devices, then run every op on every device against the CPU
/// reference and print the checks and times side by side.
#[derive(Parser)]
#[command(version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// List every backend and device: limits, timing support, same-GPU pairs.
    Devices {
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Run the conformance suite (exit code 0 only when every case passes).
    Conform(cli::conform::Args),
    /// Benchmark every op on every device (GPU time, GB/s, % of the read bound).
    Bench(cli::bench::Args),
    /// Tune kernel parameters per device and shape, into the tuning cache (`--show` lists it).
    Tune(cli::tune::Args),
    /// Train a model on a device.
    Train {
        #[command(subcommand)]
        model: Model,
    },
    /// Predict with an SVM model file (duet's or LIBSVM's) on a device.
    Predict(cli::svm::PredictArgs),
}

#[derive(Subcommand)]
enum Model {
    /// Logistic regression by gradient ascent (seeds 000 and 001).
    Logreg(cli::train::Args),
    /// C-SVC with an RBF kernel by SMO on the device (seeds 002 and 004), LIBSVM-compatible.
    Svm(Box<cli::svm::TrainArgs>),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result: cli::CliResult<bool> = match &cli.command {
        None => cli::smoke::main(),
        Some(Command::Devices { json }) => {
            let list = duet::devices();
            if *json {
                cli::devices::print_json(&list).map(|_| true)
            } else {
                cli::devices::print(&list).map(|_| true)
            }
        }
        Some(Command::Conform(args)) => cli::conform::main(args),
        Some(Command::Bench(args)) => cli::bench::main(args),
        Some(Command::Tune(args)) => cli::tune::main(args),
        Some(Command::Train {
            model: Model::Logreg(args),
        }) => cli::train::main(args).map(|_| true),
        Some(Command::Train {
            model: Model::Svm(args),
        }) => cli::svm::train(args).map(|_| true),
        Some(Command::Predict(args)) => cli::svm::predict(args).map(|_| true),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
