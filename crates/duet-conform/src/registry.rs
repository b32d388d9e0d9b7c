//! The op registry: one descriptor per op family ([`OpFamily`]), in the pattern of CLBlast's
//! per-routine test and performance descriptors. A descriptor says everything the rest of duet
//! needs to know about an op: its names and variants, its conformance cases per level and at
//! the parameter thresholds, its invalid calls, its benchmark cases with the bytes and flops
//! each moves, how to make a benchmark's inputs, run it on a device, check it, and time the
//! reference. The conformance suite, `duet bench`, the plots, the main job, the CLI's
//! `--op`/`--variant` values, the criterion benches and the property tests all iterate
//! [`families`]; nothing else lists the ops.

use std::fmt;
use std::sync::Arc;

use duet_core::{Device, Error, ErrorKind, KernelParams, Result};
use serde::{Deserialize, Serialize};

use crate::check::Checked;

/// Every op family, in the order reports list them. The first is the read kernel: every
/// benchmark's bandwidth is relative to it ([`bound_family`]).
pub fn families() -> [&'static dyn OpFamily; 7] {
    [
        &crate::ops::read::READ,
        &crate::ops::argext::ARGEXT,
        &crate::ops::rbf::RBF,
        &crate::ops::logreg::LOGREG,
        &crate::ops::train::TRAIN,
        &crate::ops::svm::SVM,
        &crate::ops::smo::SMO,
    ]
}

/// The family whose bandwidth is the bound the others are measured against (the read kernel).
pub fn bound_family() -> &'static dyn OpFamily {
    families()[0]
}

/// The family named `name` (a family name, not an op name).
pub fn family(name: &str) -> Option<&'static dyn OpFamily> {
    families().into_iter().find(|f| f.name() == name)
}

/// How much of the suite to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Level {
    /// Sizes that run in minutes on software drivers (llvmpipe, PoCL): CI.
    Quick,
    /// Adds the large sizes (up to 1 GiB, and the largest vector one binding holds): GPUs.
    Full,
}

/// Which benchmark sizes to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Sizes {
    /// Sizes that run in seconds on software drivers (llvmpipe, PoCL).
    Quick,
    /// The seeds' problems and a sweep from tiny to several times a large GPU's L2 (up to 1 GiB).
    Full,
    /// The shape sweep: every op with a column count over [`sweep_cols`] × [`sweep_bytes`]
    /// (matrices from 4 MiB to 2 GiB), with the read kernel at the same sizes.
    Sweep,
    /// The same grid of column counts at small sizes: seconds on llvmpipe and PoCL, a
    /// correctness check of every kernel at odd shapes (CI runs it).
    SweepQuick,
}

impl Sizes {
    /// The names `--sizes` takes.
    pub const NAMES: [(&'static str, Sizes); 4] = [
        ("quick", Sizes::Quick),
        ("full", Sizes::Full),
        ("sweep", Sizes::Sweep),
        ("sweep-quick", Sizes::SweepQuick),
    ];

    /// Whether this is one of the shape sweeps.
    pub fn is_sweep(self) -> bool {
        matches!(self, Sizes::Sweep | Sizes::SweepQuick)
    }
}

/// The column counts of the shape sweep: every power of two from 1 to 4096 and odd, prime and
/// round values between them (27 in all).
pub const SWEEP_COLS: [usize; 27] = [
    1, 2, 3, 4, 5, 7, 8, 13, 16, 31, 32, 33, 61, 64, 100, 127, 128, 250, 256, 500, 512, 777, 1000,
    1024, 2000, 2048, 4096,
];

/// The column counts of the shape sweep (see [`SWEEP_COLS`]).
pub fn sweep_cols() -> &'static [usize] {
    &SWEEP_COLS
}

/// The matrix sizes (bytes of X) of a sweep: 4 MiB (cache-resident on a large GPU) to 2 GiB;
/// 64 KiB and 1 MiB for the quick sweep.
pub fn sweep_bytes(sizes: Sizes) -> Vec<u64> {
    match sizes {
        Sizes::SweepQuick => vec![64 << 10, 1 << 20],
        Sizes::Sweep => vec![4 << 20, 16 << 20, 64 << 20, 256 << 20, 1 << 30, 2 << 30],
        _ => Vec::new(),
    }
}

/// The rows of a sweep point: `bytes / (4·cols)`, at least 1, made odd (a row count that is
/// not a power of two) when above 2.
pub fn sweep_rows(bytes: u64, cols: usize) -> usize {
    let n = (bytes / (4 * cols.max(1) as u64)).max(1) as usize;
    if n > 2 && n.is_multiple_of(2) {
        n - 1
    } else {
        n
    }
}

/// Every `(rows, cols)` point of a sweep, by size then columns.
pub fn sweep_points(sizes: Sizes) -> Vec<(usize, usize)> {
    sweep_points_at(sizes, sweep_cols())
}

/// The `(rows, cols)` points of a sweep's sizes at the column counts `cols`, by size then
/// columns.
pub fn sweep_points_at(sizes: Sizes, cols: &[usize]) -> Vec<(usize, usize)> {
    sweep_bytes(sizes)
        .into_iter()
        .flat_map(|b| cols.iter().map(move |&d| (sweep_rows(b, d), d)))
        .collect()
}

/// The most columns a sweep point may have (`duet bench --cols`): 65 536.
pub const MAX_SWEEP_COLS: usize = 1 << 16;

/// The variant name of a sweep case that runs what the library picks by itself.
pub const DEFAULT_VARIANT: &str = "default";

/// Which bindings a case runs with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Binding {
    /// The device's own limit.
    Device,
    /// A small cap ([`SPLIT_BINDING_BYTES`]): the data is split over several bindings.
    Split,
}

/// The binding cap of [`Binding::Split`] cases: 1 MiB, so modest sizes span several bindings.
pub const SPLIT_BINDING_BYTES: u64 = 1 << 20;

/// What one conformance case runs: an op of a family on data it describes, checked against
/// the CPU reference within the op's derived tolerance.
pub trait CaseSpec: fmt::Debug + Send + Sync {
    /// The family the case belongs to.
    fn family(&self) -> &'static dyn OpFamily;
    /// The op it calls (one of the family's [`OpFamily::ops`]).
    fn op(&self) -> &'static str;
    /// The variant (rung, strategy) it runs, for families that have them.
    fn variant(&self) -> Option<&'static str> {
        None
    }
    /// Runs the case on `dev` and compares it with the reference.
    fn check(&self, dev: &Device) -> Result<Checked>;
    /// Whether the error `e` means the case does not apply to `dev` (a skip with the error as
    /// the reason) rather than a failure.
    fn not_applicable(&self, _e: &Error, _dev: &Device) -> bool {
        false
    }
}

/// One conformance case.
#[derive(Debug, Clone)]
pub struct Case {
    /// Unique name, e.g. `argmin n=4097 ties@end`.
    pub id: String,
    /// What it runs.
    pub spec: Arc<dyn CaseSpec>,
    /// With which binding limit.
    pub binding: Binding,
}

impl Case {
    /// A case on the device's own binding limit.
    pub fn new(id: impl Into<String>, spec: impl CaseSpec + 'static) -> Case {
        Case {
            id: id.into(),
            spec: Arc::new(spec),
            binding: Binding::Device,
        }
    }

    /// A case whose data is split over [`SPLIT_BINDING_BYTES`] bindings (`[split bindings]`
    /// is added to its id).
    pub fn split(id: impl Into<String>, spec: impl CaseSpec + 'static) -> Case {
        Case {
            id: format!("{} [split bindings]", id.into()),
            spec: Arc::new(spec),
            binding: Binding::Split,
        }
    }

    /// The case's family name.
    pub fn family(&self) -> &'static str {
        self.spec.family().name()
    }
}

/// The op name of every family's invalid calls: `--op errors` selects them all.
pub const BAD_CALLS: &str = "errors";

/// An invalid call: every backend must return the same error variant.
pub struct BadCall {
    /// The family it belongs to.
    pub family: &'static dyn OpFamily,
    /// What is wrong, as the case id says it (`error EmptyArgmin`).
    pub name: &'static str,
    /// The error variant every backend must return.
    pub expected: ErrorKind,
    /// The call; it must fail.
    pub call: fn(&Device) -> Result<()>,
}

impl fmt::Debug for BadCall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BadCall({}: {:?})", self.name, self.expected)
    }
}

impl CaseSpec for BadCall {
    fn family(&self) -> &'static dyn OpFamily {
        self.family
    }
    fn op(&self) -> &'static str {
        BAD_CALLS
    }
    fn check(&self, dev: &Device) -> Result<Checked> {
        Ok(match (self.call)(dev) {
            Err(e) if e.kind() == self.expected => Checked::exact(format!("{:?}: {e}", e.kind())),
            Err(e) => Checked::failed(format!(
                "expected {:?}, got {:?}: {e}",
                self.expected,
                e.kind()
            )),
            Ok(()) => Checked::failed(format!("expected {:?}: the call succeeded", self.expected)),
        })
    }
}

/// The work one call of a benchmark case does, for the roofline model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Work {
    /// Bytes the op must read at least once per call (the input it streams; × iterations for
    /// training).
    pub bytes: f64,
    /// Floating-point operations per call as the seeds count them.
    pub flops: f64,
}

/// A benchmark case: op, variant and size.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BenchCase {
    /// The op's name (a family's op: `read`, `argmin`, `rbf`, `logreg`, `train`).
    pub op: String,
    /// The variant (rung, strategy), or `-`.
    pub variant: String,
    /// Vector length, points, or examples.
    pub n: usize,
    /// Dimensions / features (1 for vectors).
    pub d: usize,
    /// Training iterations (0 otherwise).
    pub iters: u32,
}

impl BenchCase {
    /// The family that runs this case (by op name).
    pub fn family(&self) -> Result<&'static dyn OpFamily> {
        families()
            .into_iter()
            .find(|f| f.ops().contains(&self.op.as_str()))
            .ok_or_else(|| {
                Error::invalid(
                    "op",
                    &self.op,
                    format!("expected one of {}", op_names().join(", ")),
                )
            })
    }

    /// Bytes of input one call streams (4 · n · d).
    pub fn input_bytes(&self) -> u64 {
        4 * (self.n as u64) * (self.d as u64)
    }

    /// A label for tables: `2^20`, `262144×1000`, `2048×8×50000`.
    pub fn size_label(&self) -> String {
        let pow = |n: usize| {
            if n.is_power_of_two() {
                format!("2^{}", n.trailing_zeros())
            } else {
                n.to_string()
            }
        };
        if self.iters > 0 {
            format!("{}×{}×{}", self.n, self.d, self.iters)
        } else if self.d == 1 {
            pow(self.n)
        } else {
            format!("{}×{}", pow(self.n), self.d)
        }
    }
}

/// A benchmark case's host inputs, made once and shared by every device.
#[derive(Debug, Clone, Default)]
pub struct BenchInputs {
    /// The vector or matrix (row-major).
    pub x: Vec<f32>,
    /// Labels, where the op takes them.
    pub y: Vec<f32>,
    /// Weights, where the op takes them.
    pub w: Vec<f32>,
}

/// A benchmark case prepared on a device (inputs uploaded): each call runs the op once.
pub trait BenchCall {
    /// Runs the op once and waits for it; returns a value of its result (so the work cannot
    /// be skipped). Setup the call needs but that is not the op (resetting weights) happens
    /// before it and is excluded from the device time.
    fn call(&mut self, dev: &Device) -> Result<f64>;
    /// Switches later calls to `variant` (a rung or strategy name) over the inputs already
    /// uploaded: `Ok(true)`; `Ok(false)` when `variant`'s kernels do not read them as they are
    /// (another layout) or the family has no variants; an error for a name that is no variant.
    /// The tuner times every variant of a target on one upload this way.
    fn set_variant(&mut self, _variant: &str) -> Result<bool> {
        Ok(false)
    }
}

/// The descriptor of one op family. See the module documentation.
pub trait OpFamily: Sync {
    /// The family's name (`read`, `argext`, `rbf`, `logreg`, `train`): `--op` takes it, and
    /// reports group by it.
    fn name(&self) -> &'static str;
    /// One line for `--help` and docs.
    fn about(&self) -> &'static str;
    /// The ops of the family, as cases and benchmarks name them (`argmin`, `argmax`, …);
    /// `--op` takes these too. A single-op family lists its own name.
    fn ops(&self) -> &'static [&'static str];
    /// The variants (rungs, strategies) `--variant` takes; empty when the family has none.
    fn variants(&self) -> &'static [&'static str] {
        &[]
    }
    /// Conformance cases at `level`.
    fn cases(&self, level: Level) -> Vec<Case>;
    /// Cases at every internal threshold of the kernels, derived from the devices' resolved
    /// parameter tables (each at the threshold, ±1, and one past twice it).
    fn threshold_cases(&self, _params: &[KernelParams]) -> Vec<Case> {
        Vec::new()
    }
    /// Invalid calls and the error variant each must return.
    fn bad_calls(&self) -> Vec<BadCall> {
        Vec::new()
    }
    /// Benchmark cases at `sizes`.
    fn bench_cases(&self, sizes: Sizes) -> Vec<BenchCase>;
    /// The cases of a shape sweep (`sizes` is one) at `points` (rows, cols): what
    /// [`OpFamily::bench_cases`] gives at [`sweep_points`], and at other column counts a user
    /// asks for ([`sweep_points_at`]). Empty for families whose sweep cases have no columns
    /// (the read bound, reductions) or that have none.
    fn sweep_cases(&self, _sizes: Sizes, _points: &[(usize, usize)]) -> Vec<BenchCase> {
        Vec::new()
    }
    /// The work of one call of `case`.
    fn work(&self, case: &BenchCase) -> Work;
    /// The host inputs of `case` (deterministic).
    fn bench_inputs(&self, case: &BenchCase) -> BenchInputs;
    /// Uploads the inputs to `dev`; the returned call runs the op once.
    fn bench_prepare<'a>(
        &self,
        dev: &Device,
        case: &BenchCase,
        inputs: &'a BenchInputs,
    ) -> Result<Box<dyn BenchCall + 'a>>;
    /// The conformance case that checks `case`'s op at its size (fresh data from the suite's
    /// generators, the suite's tolerances).
    fn bench_check(&self, case: &BenchCase) -> Result<Case>;
    /// Runs the CPU reference on `inputs` once (for timing).
    fn bench_reference(&self, case: &BenchCase, inputs: &BenchInputs);
    /// The variant the plots draw for this family (`None`: the family has no variants, or
    /// the plots draw none of it).
    fn plot_variant(&self) -> Option<&'static str> {
        None
    }
}

/// Every name `--op` takes: family names and op names, without repeats, in registry order,
/// then [`BAD_CALLS`] (every family's invalid calls).
pub fn op_names() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for f in families() {
        for n in std::iter::once(f.name()).chain(f.ops().iter().copied()) {
            if !out.contains(&n) {
                out.push(n);
            }
        }
    }
    out.push(BAD_CALLS);
    out
}

/// Every name `--variant` takes, in registry order, then [`DEFAULT_VARIANT`] (what the library
/// picks by itself, which the sweeps measure beside the named variants).
pub fn variant_names() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for f in families() {
        for &v in f.variants() {
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out.push(DEFAULT_VARIANT);
    out
}

/// A selection of ops and variants from the CLI (`--op`, `--variant`), checked against the
/// registry: a name that names nothing is an error that lists the valid names.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    ops: Vec<String>,
    variants: Vec<String>,
}

impl Selection {
    /// Checks `ops` (family or op names) and `variants` against the registry. Empty lists
    /// select everything.
    pub fn new(ops: &[String], variants: &[String]) -> Result<Selection> {
        let split = |v: &[String]| -> Vec<String> {
            v.iter()
                .flat_map(|s| s.split(','))
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect()
        };
        let (ops, variants) = (split(ops), split(variants));
        let valid_ops = op_names();
        if let Some(bad) = ops.iter().find(|o| !valid_ops.contains(&o.as_str())) {
            return Err(Error::invalid(
                "op",
                bad,
                format!("no such op; expected one of {}", valid_ops.join(", ")),
            ));
        }
        let valid_variants = variant_names();
        if let Some(bad) = variants
            .iter()
            .find(|v| !valid_variants.contains(&v.as_str()))
        {
            return Err(Error::invalid(
                "variant",
                bad,
                format!(
                    "no such variant; expected one of {}",
                    valid_variants.join(", ")
                ),
            ));
        }
        Ok(Selection { ops, variants })
    }

    /// Whether an op of `family` named `op` with `variant` is selected: `--op` names the
    /// family or the op (a family name selects all its ops), and `--variant`, when given,
    /// names the variant (ops without variants are then not selected).
    pub fn selects(&self, family: &str, op: &str, variant: Option<&str>) -> bool {
        let op_ok = self.ops.is_empty() || self.ops.iter().any(|o| o == family || o == op);
        let variant_ok = self.variants.is_empty()
            || variant.is_some_and(|v| self.variants.iter().any(|s| s == v));
        op_ok && variant_ok
    }

    /// Whether `case` is selected.
    pub fn selects_case(&self, case: &Case) -> bool {
        self.selects(case.family(), case.spec.op(), case.spec.variant())
    }

    /// Whether the benchmark case `case` is selected.
    pub fn selects_bench(&self, case: &BenchCase) -> bool {
        let family = case.family().map(|f| f.name()).unwrap_or("");
        let variant = (case.variant != "-").then_some(case.variant.as_str());
        self.selects(family, &case.op, variant)
    }
}

/// The whole suite at `level`, with the threshold cases of the devices' parameter tables
/// `params` (empty: none), and every family's invalid calls, from the registry.
pub fn suite(level: Level, params: &[KernelParams]) -> Vec<Case> {
    let mut out = Vec::new();
    for f in families() {
        out.extend(f.cases(level));
    }
    let ids: std::collections::HashSet<String> = out.iter().map(|c| c.id.clone()).collect();
    for f in families() {
        out.extend(
            f.threshold_cases(params)
                .into_iter()
                .filter(|c| !ids.contains(&c.id)),
        );
    }
    for f in families() {
        for b in f.bad_calls() {
            out.push(Case::new(format!("error {}", b.name), b));
        }
    }
    out
}

/// The largest case (most elements) of each op and variant among `cases`, in first-seen order:
/// one representative per op and variant (the main job, the criterion benches).
pub fn largest_per_variant(cases: impl IntoIterator<Item = BenchCase>) -> Vec<BenchCase> {
    let mut picked: Vec<BenchCase> = Vec::new();
    for c in cases {
        match picked
            .iter_mut()
            .find(|p| p.op == c.op && p.variant == c.variant)
        {
            Some(p) if c.n * c.d > p.n * p.d => *p = c,
            Some(_) => {}
            None => picked.push(c),
        }
    }
    picked
}

/// Every benchmark case at `sizes`, from the registry.
pub fn bench_cases(sizes: Sizes) -> Vec<BenchCase> {
    families()
        .into_iter()
        .flat_map(|f| f.bench_cases(sizes))
        .collect()
}

/// The sweep cases of every family at the column counts `cols` (any counts from 1 to
/// [`MAX_SWEEP_COLS`], not only [`SWEEP_COLS`]) over the sizes of `sizes`, a sweep; empty for
/// other sizes.
pub fn sweep_cases_at(sizes: Sizes, cols: &[usize]) -> Vec<BenchCase> {
    if !sizes.is_sweep() {
        return Vec::new();
    }
    let points = sweep_points_at(sizes, cols);
    families()
        .into_iter()
        .flat_map(|f| f.sweep_cases(sizes, &points))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique() {
        for level in [Level::Quick, Level::Full] {
            let cases = suite(
                level,
                &[KernelParams::DEFAULT, KernelParams::DEFAULT.fit(32 * 1024)],
            );
            let mut ids: Vec<&str> = cases.iter().map(|c| c.id.as_str()).collect();
            ids.sort_unstable();
            let twice: Vec<&str> = ids
                .windows(2)
                .filter(|w| w[0] == w[1])
                .map(|w| w[0])
                .collect();
            assert!(twice.is_empty(), "{level:?}: ids given twice: {twice:?}");
        }
    }

    #[test]
    fn every_case_names_a_registered_op_and_variant() {
        let ops = op_names();
        let variants = variant_names();
        for c in suite(Level::Full, &[KernelParams::DEFAULT]) {
            let f = c.spec.family();
            assert!(
                f.ops().contains(&c.spec.op()) || c.spec.op() == BAD_CALLS,
                "{}: op {} is not one of {}'s",
                c.id,
                c.spec.op(),
                f.name()
            );
            if let Some(v) = c.spec.variant() {
                assert!(f.variants().contains(&v), "{}: variant {v}", c.id);
            }
            assert!(ops.contains(&c.family()));
        }
        for s in Sizes::NAMES.map(|n| n.1) {
            for b in bench_cases(s) {
                let f = b.family().expect("a bench case's op is registered");
                assert!(b.variant == "-" || variants.contains(&b.variant.as_str()));
                assert!(
                    b.variant == "-"
                        || b.variant == DEFAULT_VARIANT
                        || f.variants().contains(&b.variant.as_str())
                );
                // Every bench case can be checked (its variant resolves).
                assert!(f.bench_check(&b).is_ok(), "{b:?}");
            }
        }
        assert_eq!(sweep_cols().len(), 27);
        // The sweep's cases are the families' sweep cases at the grid's points; any other
        // column count gets the same ops and variants.
        let at = |cols: &[usize]| {
            let mut ops: Vec<(String, String)> = sweep_cases_at(Sizes::Sweep, cols)
                .into_iter()
                .map(|b| (b.op, b.variant))
                .collect();
            ops.sort();
            ops.dedup();
            ops
        };
        let grid: Vec<BenchCase> = bench_cases(Sizes::Sweep)
            .into_iter()
            .filter(|b| !matches!(b.op.as_str(), "read" | "argmin" | "argmax" | "smo" | "svm"))
            .collect();
        assert_eq!(grid, sweep_cases_at(Sizes::Sweep, sweep_cols()));
        assert_eq!(at(&[9]), at(&[8]));
        assert!(
            sweep_cases_at(Sizes::SweepQuick, &[9])
                .iter()
                .all(|b| b.d == 9)
        );
        assert!(sweep_cases_at(Sizes::Quick, &[9]).is_empty());
        for (n, d) in sweep_points(Sizes::Sweep) {
            assert!(n >= 1 && (n <= 2 || n % 2 == 1), "{n}×{d}");
            assert!(4 * n as u64 * d as u64 <= 2 << 30);
        }
    }

    #[test]
    fn names_that_select_nothing_are_errors() {
        let s = |o: &[&str], v: &[&str]| {
            Selection::new(
                &o.iter().map(|x| x.to_string()).collect::<Vec<_>>(),
                &v.iter().map(|x| x.to_string()).collect::<Vec<_>>(),
            )
        };
        let e = s(&["argmen"], &[]).expect_err("no such op").to_string();
        assert!(e.contains("argmen") && e.contains("argmax"), "{e}");
        let e = s(&[], &["fast"]).expect_err("no such variant").to_string();
        assert!(e.contains("fast") && e.contains("local_memory"), "{e}");
        let sel = s(&["argmin"], &[]).expect("argmin is an op");
        let cases = suite(Level::Quick, &[]);
        let picked: Vec<&Case> = cases.iter().filter(|c| sel.selects_case(c)).collect();
        assert!(!picked.is_empty());
        assert!(picked.iter().all(|c| c.spec.op() == "argmin"));
        let sel = s(&["argext"], &[]).expect("a family");
        assert!(
            cases
                .iter()
                .filter(|c| sel.selects_case(c))
                .any(|c| c.spec.op() == "argmax_masked")
        );
    }
}
