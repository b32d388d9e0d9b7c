//! Randomized property tests: shapes and values drawn by proptest, every op on every GPU
//! device at hand checked against the CPU reference through the conformance suite's own
//! checker (so the same tolerance policy, docs/conformance.md, applies), and the reference's
//! arg-extreme rules checked against an independent formulation of them; and a vector used again
//! after the device's scratch grew and after a write.
//!
//! The seed is fixed so CI is reproducible; `PROPTEST_RNG_SEED` and `PROPTEST_CASES` change
//! it and the number of cases. `DUET_REQUIRE` and `DUET_DEVICES` work as in the suite.

// A test may stop at a failed setup step: the panic message says which.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use duet::conform::cases::{LogregData, MaskPattern, Place, Points, Values};
use duet::conform::ops::argext::ArgCase;
use duet::conform::ops::logreg::GradientCase;
use duet::conform::ops::rbf::RbfCase;
use duet::conform::ops::svm::UpdateCase;
use duet::conform::registry::CaseSpec;
use duet::conform::{Binding, Case, Status, Target, run_case};
use duet::{BackendKind, Extreme, LogregStrategy, MaskKind, RbfVariant, reference};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner, contextualize_config};

/// The GPU devices at hand (the CPU reference is the truth, not a subject), opened with
/// naga's runtime checks on and with split bindings.
fn targets() -> Vec<Target> {
    let list = duet::devices();
    let required = duet::suite::parse_require(&std::env::var("DUET_REQUIRE").unwrap_or_default())
        .expect("DUET_REQUIRE lists wgpu, opencl or cpu");
    for (backend, why) in &list.unavailable {
        assert!(
            !required.contains(backend),
            "required backend {backend} is not available: {why}"
        );
        eprintln!("SKIPPED BACKEND {backend}: not available ({why})");
    }
    let filter = std::env::var("DUET_DEVICES").ok();
    let mut out = Vec::new();
    for d in &list.devices {
        if d.backend == BackendKind::Cpu
            || filter
                .as_ref()
                .is_some_and(|f| !f.split(',').any(|n| n == d.name))
        {
            continue;
        }
        match duet::suite::open_target(
            &d.name,
            &duet::OpenOptions {
                checked_shaders: true,
                ..Default::default()
            },
        ) {
            Ok(t) => out.push(t),
            Err(e) if required.contains(&d.backend) => {
                panic!("required device {} could not be opened: {e}", d.name)
            }
            Err(e) => eprintln!("SKIPPED DEVICE {}: could not open: {e}", d.name),
        }
    }
    if out.is_empty() {
        eprintln!("SKIPPED: no GPU device at hand; the device properties checked nothing");
    }
    out
}

fn config() -> Config {
    contextualize_config(Config {
        cases: 24,
        rng_seed: RngSeed::Fixed(0xd0e7),
        failure_persistence: None,
        ..Config::default()
    })
}

/// Runs the case `spec` on every target; any failure fails the property with the suite's message.
fn holds(
    targets: &[Target],
    spec: impl CaseSpec + 'static,
    binding: Binding,
) -> Result<(), TestCaseError> {
    let id: String = format!("{spec:?}").chars().take(160).collect();
    let mut case = Case::new(id, spec);
    case.binding = binding;
    for t in targets {
        let r = run_case(&case, t);
        match r.status {
            Status::Pass => {}
            // single_group refuses shapes it cannot hold on a device; the suite's own rule.
            Status::Skip
                if r.note
                    .as_deref()
                    .is_some_and(|n| n.contains("single_group")) => {}
            _ => {
                return Err(TestCaseError::fail(format!(
                    "{} on {}: {:?}, error {:?}, worst ratio {:?} at {:?}",
                    case.id, r.device, r.status, r.error, r.worst_ratio, r.worst_input
                )));
            }
        }
    }
    Ok(())
}

fn binding() -> impl Strategy<Value = Binding> {
    prop_oneof![3 => Just(Binding::Device), 1 => Just(Binding::Split)]
}

fn length() -> impl Strategy<Value = usize> {
    prop_oneof![
        4 => 1usize..=600,
        2 => 600usize..=20_000,
        1 => 65_530usize..=66_000,
        // Several 1 MiB split bindings.
        1 => 262_140usize..=262_200,
    ]
}

/// One element: mostly small integers (ties are common), any finite float, zeros of both
/// signs, subnormals and infinities. NaNs are placed separately, so most vectors have none.
fn element() -> impl Strategy<Value = f32> {
    use proptest::num::f32 as f;
    prop_oneof![
        6 => (-3i32..=3).prop_map(|i| i as f32),
        6 => f::NORMAL | f::POSITIVE | f::NEGATIVE,
        1 => f::SUBNORMAL | f::POSITIVE | f::NEGATIVE,
        1 => prop_oneof![Just(0.0f32), Just(-0.0f32)],
        1 => prop_oneof![Just(f32::INFINITY), Just(f32::NEG_INFINITY)],
    ]
}

/// A vector, with NaNs (distinct payloads) at up to three drawn places in half the cases.
fn vector() -> impl Strategy<Value = Vec<f32>> {
    length().prop_flat_map(|n| {
        (
            proptest::collection::vec(element(), n),
            prop_oneof![
                Just(Vec::new()),
                proptest::collection::vec((0..n, 1u32..0x3f_ffff), 1..=3),
            ],
        )
            .prop_map(|(mut v, nans)| {
                for (i, payload) in nans {
                    v[i] = f32::from_bits(0x7fc0_0000 | payload);
                }
                v
            })
    })
}

fn extreme() -> impl Strategy<Value = Extreme> {
    prop_oneof![Just(Extreme::Min), Just(Extreme::Max)]
}

fn mask() -> impl Strategy<Value = Option<(MaskKind, MaskPattern)>> {
    let kind = prop_oneof![Just(MaskKind::U32), Just(MaskKind::F32)];
    let pattern = prop_oneof![
        3 => any::<u64>().prop_map(MaskPattern::Random),
        1 => Just(MaskPattern::Alternating),
        1 => any::<usize>().prop_map(|i| MaskPattern::OneOn(Place::At(i))),
        1 => Just(MaskPattern::AllOff),
    ];
    prop_oneof![1 => Just(None), 1 => (kind, pattern).prop_map(Some)]
}

/// The arg-extreme rules stated independently of the reference's single loop: with a NaN,
/// the first NaN; otherwise the extreme value under IEEE comparison (so −0.0 = +0.0) and
/// the lowest index holding a value equal to it.
fn oracle(v: &[f32], selected: &[bool], extreme: Extreme) -> Option<(usize, u32)> {
    let idx: Vec<usize> = (0..v.len()).filter(|&i| selected[i]).collect();
    if let Some(&i) = idx.iter().find(|&&i| v[i].is_nan()) {
        return Some((i, v[i].to_bits()));
    }
    let best = idx.iter().map(|&i| v[i]).reduce(|a, b| match extreme {
        Extreme::Min => a.min(b),
        Extreme::Max => a.max(b),
    })?;
    let i = *idx.iter().find(|&&i| v[i] == best)?;
    Some((i, v[i].to_bits()))
}

#[test]
fn reference_arg_extremes_follow_the_stated_rules() {
    let strategy = (vector(), extreme(), mask());
    TestRunner::new(config())
        .run(&strategy, |(v, extreme, mask)| {
            let n = v.len();
            let (words, selected): (Option<Vec<u32>>, Vec<bool>) = match &mask {
                None => (None, vec![true; n]),
                Some((kind, pattern)) => {
                    let w = duet::conform::inputs::mask(*kind, pattern, n);
                    let sel = w
                        .iter()
                        .map(|&x| match kind {
                            MaskKind::U32 => x != 0,
                            MaskKind::F32 => f32::from_bits(x) != 0.0,
                        })
                        .collect();
                    (Some(w), sel)
                }
            };
            let got = reference::arg_extreme(&v, words.as_deref().zip(mask.map(|m| m.0)), extreme)
                .map(|a| (a.index, a.value.to_bits()));
            prop_assert_eq!(got, oracle(&v, &selected, extreme));
            Ok(())
        })
        .unwrap();
}

#[test]
fn arg_extremes_match_the_reference_on_every_device() {
    let targets = targets();
    if targets.is_empty() {
        return;
    }
    let strategy = (vector(), extreme(), mask(), binding());
    TestRunner::new(config())
        .run(&strategy, |(v, extreme, mask, binding)| {
            let op = ArgCase {
                extreme,
                n: v.len(),
                values: Values::Given(v),
                mask,
            };
            holds(&targets, op, binding)
        })
        .unwrap();
}

/// `svm_update_f` on drawn vectors (ties, subnormals, ±∞, NaN among them) and coefficients,
/// over split bindings too: the generic launch path on every device.
#[test]
fn svm_update_f_matches_the_reference_on_every_device() {
    let targets = targets();
    if targets.is_empty() {
        return;
    }
    // Coefficients up to 1e30 in size: with |k| ≤ 1 the products stay in f32's range, where
    // the semantics hold (an intermediate overflow is IEEE f32's ±∞, see ops::svm).
    let coefficient = prop_oneof![Just(0.0f32), -4.0f32..4.0, -1e30f32..1e30];
    let strategy = (
        vector(),
        coefficient.clone(),
        coefficient,
        binding(),
        0u64..1000,
    );
    TestRunner::new(config())
        .run(&strategy, |(f, c_hi, c_lo, binding, seed)| {
            let n = f.len();
            let k = |s: u64| Values::Given(duet::data::uniform(n, -1.0, 1.0, s));
            let op = UpdateCase {
                n,
                f: Values::Given(f),
                k: (k(seed), k(seed + 1)),
                c: (c_hi, c_lo),
            };
            holds(&targets, op, binding)
        })
        .unwrap();
}

fn rbf_variant() -> impl Strategy<Value = RbfVariant> {
    prop_oneof![
        Just(RbfVariant::RowMajor),
        Just(RbfVariant::ColumnMajor),
        Just(RbfVariant::Vectorized),
        Just(RbfVariant::LocalMemory),
        Just(RbfVariant::RowLanes),
        Just(RbfVariant::Sliced),
    ]
}

#[test]
fn rbf_rows_match_the_reference_on_every_device() {
    let targets = targets();
    if targets.is_empty() {
        return;
    }
    let shape = prop_oneof![
        4 => (1usize..=3000, 1usize..=80),
        1 => (1usize..=300, 80usize..=1500),
    ];
    let points = prop_oneof![
        6 => any::<u64>().prop_map(Points::Random),
        1 => any::<u64>().prop_map(Points::FarApart),
        1 => any::<u64>().prop_map(Points::SubnormalResults),
        1 => Just(Points::Identical),
    ];
    let strategy = (
        rbf_variant(),
        shape,
        points,
        any::<usize>(),
        any::<usize>(),
        -7.0f64..2.5,
        binding(),
    );
    TestRunner::new(config())
        .run(
            &strategy,
            |(variant, (n, d), points, hi, lo, log_gamma, binding)| {
                let op = RbfCase {
                    variant,
                    n,
                    d,
                    points,
                    hi: Place::At(hi % n),
                    lo: Place::At(lo % n),
                    // γ log-uniform in [e^-7, e^2.5]: from nearly flat kernels to sharp ones.
                    gamma: log_gamma.exp() as f32,
                };
                holds(&targets, op, binding)
            },
        )
        .unwrap();
}

#[test]
fn logreg_gradient_matches_the_reference_on_every_device() {
    let targets = targets();
    if targets.is_empty() {
        return;
    }
    let strategy = (
        prop_oneof![
            Just(LogregStrategy::SingleGroup),
            Just(LogregStrategy::MultiGroup)
        ],
        prop_oneof![3 => 1usize..=3000, 1 => 3000usize..=40_000],
        1usize..=80,
        prop_oneof![
            3 => (any::<u64>(), prop_oneof![Just(0.1f32), Just(1.0), Just(8.0)])
                .prop_map(|(seed, scale)| LogregData::Random { seed, scale }),
            1 => (any::<u64>(), prop_oneof![Just(100.0f32), Just(1e4)])
                .prop_map(|(seed, z)| LogregData::Saturated { seed, z }),
            1 => (any::<u64>(), prop_oneof![Just(0.0f32), Just(1.0)])
                .prop_map(|(seed, label)| LogregData::ConstantLabels { seed, label }),
        ],
        binding(),
    );
    TestRunner::new(config())
        .run(&strategy, |(strategy, rows, cols, data, binding)| {
            let op = GradientCase {
                strategy,
                rows,
                cols,
                data,
            };
            holds(&targets, op, binding)
        })
        .unwrap();
}

/// Wide rows: the column count drawn up to four times the largest column threshold of the
/// devices at hand (`logreg_tile`, where rows are split into column chunks; `rbf_tile`, the
/// `local_memory` rung's tile), so chunk boundaries and their remainders are crossed at
/// arbitrary offsets. Few rows keep it quick on software drivers.
#[test]
fn wide_rows_match_the_reference_on_every_device() {
    let targets = targets();
    if targets.is_empty() {
        return;
    }
    let max_of = |f: fn(&duet::KernelParams) -> u32| {
        targets
            .iter()
            .map(|t| f(t.device.params()) as usize)
            .max()
            .unwrap_or(1)
    };
    let logreg_cols = 4 * max_of(|p| p.logreg_tile);
    let rbf_cols = 4 * max_of(|p| p.rbf_tile);
    let config = Config {
        cases: config().cases.min(12),
        ..config()
    };
    let strategy = (
        prop_oneof![
            Just(LogregStrategy::SingleGroup),
            Just(LogregStrategy::MultiGroup)
        ],
        1usize..=6,
        1usize..=logreg_cols,
        any::<u64>(),
    );
    TestRunner::new(config.clone())
        .run(&strategy, |(strategy, rows, cols, seed)| {
            let op = GradientCase {
                strategy,
                rows,
                cols,
                data: LogregData::Random { seed, scale: 1.0 },
            };
            holds(&targets, op, Binding::Device)
        })
        .unwrap();
    let strategy = (rbf_variant(), 1usize..=40, 1usize..=rbf_cols, any::<u64>());
    TestRunner::new(config)
        .run(&strategy, |(variant, n, d, seed)| {
            let op = RbfCase {
                variant,
                n,
                d,
                points: Points::Random(seed),
                hi: Place::End,
                lo: Place::Start,
                gamma: 0.5 / d as f32,
            };
            holds(&targets, op, Binding::Device)
        })
        .unwrap();
}

/// `upload_matrix_rows` (rows picked out of a larger array, packed straight into the copy)
/// and `gather_matrix` (the same rows picked on the device out of the array uploaded whole)
/// make the matrix `upload_matrix` makes of the same rows copied out: the RBF rows of all
/// three, by the same rung, agree to the bit, in both layouts, with default and split
/// bindings, on the CPU reference and every GPU device. Where the array is larger than one
/// of the device's bindings the gather is refused as too large (the SVM then uploads from the
/// host).
#[test]
fn picked_rows_upload_as_their_copy_on_every_device() {
    let targets = targets();
    let cpu = duet::open("cpu").expect("the CPU device");
    let strategy = (
        1usize..=300,
        1usize..=70,
        proptest::collection::vec(any::<prop::sample::Index>(), 1..=400),
        prop_oneof![
            Just(duet::Layout::RowMajor),
            Just(duet::Layout::ColumnMajor)
        ],
        any::<u64>(),
    );
    TestRunner::new(config())
        .run(&strategy, |(have, cols, picks, layout, seed)| {
            let mut state = seed | 1;
            let data: Vec<f32> = (0..have * cols)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state >> 40) as f32 / (1u64 << 24) as f32
                })
                .collect();
            let pick: Vec<usize> = picks.iter().map(|i| i.index(have)).collect();
            let copied: Vec<f32> = pick
                .iter()
                .flat_map(|&r| data[r * cols..(r + 1) * cols].iter().copied())
                .collect();
            let args = duet::RbfArgs {
                hi: pick.len() - 1,
                lo: 0,
                gamma: 1.0 / cols as f32,
            };
            for dev in std::iter::once(&cpu).chain(
                targets
                    .iter()
                    .flat_map(|t| std::iter::once(&t.device).chain(&t.split)),
            ) {
                let run = |x: duet::Matrix| -> Vec<f32> {
                    let mut hi = dev.zeros(pick.len()).expect("zeros");
                    let mut lo = dev.zeros(pick.len()).expect("zeros");
                    dev.rbf_rows(&x, args, &mut hi, &mut lo).expect("rbf_rows");
                    let mut out = dev.download(&hi).expect("download");
                    out.extend(dev.download(&lo).expect("download"));
                    out
                };
                let a = run(dev
                    .upload_matrix_rows(&data, cols, &pick, layout)
                    .expect("picked upload"));
                let b = run(dev
                    .upload_matrix(&copied, pick.len(), cols, layout)
                    .expect("copied upload"));
                let same = a.iter().zip(&b).all(|(u, v)| u.to_bits() == v.to_bits());
                prop_assert!(
                    same,
                    "{} {layout:?} {have}×{cols}, {} picks",
                    dev.name(),
                    pick.len()
                );
                let src = dev.upload_rows(&data, cols).expect("rows");
                match dev.gather_matrix(&src, &pick, layout) {
                    Ok(m) => {
                        let c = run(m);
                        let same = a.iter().zip(&c).all(|(u, v)| u.to_bits() == v.to_bits());
                        prop_assert!(
                            same,
                            "gathered on {} {layout:?} {have}×{cols}, {} picks",
                            dev.name(),
                            pick.len()
                        );
                    }
                    Err(duet::Error::TooLarge { .. })
                        if 4 * data.len().max(pick.len()) as u64 > dev.info().max_binding_bytes => {
                    }
                    Err(e) => prop_assert!(false, "gather on {}: {e}", dev.name()),
                }
            }
            Ok(())
        })
        .unwrap();
}

/// Bad picks and bad values in picked rows are named errors.
#[test]
fn picked_rows_name_what_is_wrong() {
    let dev = duet::open("cpu").expect("the CPU device");
    let data = [1.0, 2.0, 3.0, f32::NAN, 5.0, 6.0];
    let err = |r: duet::Result<duet::Matrix>| r.expect_err("must fail").to_string();
    let e = err(dev.upload_matrix_rows(&data, 2, &[0, 3], duet::Layout::RowMajor));
    assert!(e.contains("pick[1]") && e.contains("3 rows"), "{e}");
    let e = err(dev.upload_matrix_rows(&data, 2, &[2, 1], duet::Layout::ColumnMajor));
    assert!(e.contains("x[1, 1]") && e.contains("finite"), "{e}");
    let e = err(dev.upload_matrix_rows(&data, 4, &[0], duet::Layout::RowMajor));
    assert!(e.contains("whole rows of 4"), "{e}");
    let m = dev
        .upload_matrix_rows(&data, 2, &[2, 0, 2], duet::Layout::RowMajor)
        .expect("picks may repeat");
    assert_eq!((m.rows(), m.cols()), (3, 2));
}

/// A value that is not finite is named by its row and column in the array when a pick reaches
/// it, on every device (the kernel's check), and ignored where no pick does; picks past the
/// array are named.
#[test]
fn gathered_rows_name_what_is_wrong_on_every_device() {
    let targets = targets();
    let cpu = duet::open("cpu").expect("the CPU device");
    let (rows, cols) = (1000, 7);
    let mut data: Vec<f32> = (0..rows * cols).map(|i| (i % 97) as f32 / 97.0).collect();
    data[613 * cols + 5] = f32::INFINITY;
    data[900 * cols + 2] = f32::NAN;
    data[901 * cols] = f32::NAN;
    for dev in std::iter::once(&cpu).chain(targets.iter().map(|t| &t.device)) {
        let src = dev.upload_rows(&data, cols).expect("rows");
        for layout in [duet::Layout::RowMajor, duet::Layout::ColumnMajor] {
            let err = |pick: &[usize]| {
                dev.gather_matrix(&src, pick, layout)
                    .expect_err("must fail")
                    .to_string()
            };
            // Of two bad values picked, the first in the array is named.
            let e = err(&[1, 901, 2, 900]);
            assert!(
                e.contains("x[900, 2]") && e.contains("finite"),
                "{}: {e}",
                dev.name()
            );
            let e = err(&[613]);
            assert!(
                e.contains("x[613, 5]") && e.contains("inf"),
                "{}: {e}",
                dev.name()
            );
            let e = err(&[0, rows]);
            assert!(e.contains("pick[1]"), "{}: {e}", dev.name());
            let m = dev
                .gather_matrix(&src, &[0, 612, 614, 999], layout)
                .expect("no bad value picked");
            assert_eq!((m.rows(), m.cols()), (4, cols));
        }
    }
}

/// Distinct values with the maximum at `at` and the minimum at `len - 1 - at`.
fn values(len: usize, at: usize, scale: f32) -> Vec<f32> {
    let mut v: Vec<f32> = (0..len)
        .map(|i| ((i * 7919) % 1000) as f32 * scale)
        .collect();
    v[at] = 5000.0 * scale;
    v[len - 1 - at] = -5000.0 * scale;
    v
}

#[test]
fn a_vector_used_again_after_the_scratch_grew_and_after_a_write() {
    // The wgpu backend keeps a vector's bind groups with the device's scratch buffers in the
    // vector and reads results from buffers the host maps directly: a call after another
    // vector grew the scratch, and a call after the vector was written, must see the new
    // buffers and the new values.
    for target in targets() {
        let dev = &target.device;
        let name = &dev.info().name;
        let small_data = values(1000, 17, 1.0);
        let mut small = dev.upload(&small_data).expect("upload");
        let check = |v: &duet::Vector, data: &[f32], what: &str| {
            let max = dev.argmax(v).expect("argmax");
            let min = dev.argmin(v).expect("argmin");
            let sum = dev.read_sum(v).expect("read_sum");
            let at = |x: f32| data.iter().position(|&y| y == x).unwrap();
            let (hi, lo) = (
                data.iter().copied().fold(f32::MIN, f32::max),
                data.iter().copied().fold(f32::MAX, f32::min),
            );
            assert_eq!(max.index, at(hi), "{name}: argmax {what}");
            assert_eq!(min.index, at(lo), "{name}: argmin {what}");
            let exact: f64 = data.iter().map(|&x| x as f64).sum();
            let bound = 1e-5 * data.iter().map(|&x| x.abs() as f64).sum::<f64>();
            assert!(
                (sum - exact).abs() <= bound,
                "{name}: read_sum {what}: {sum} against {exact}"
            );
        };
        check(&small, &small_data, "first call");
        // A vector long enough to need more partial slots than the small one: the scratch is
        // replaced by a larger buffer.
        let large_data = values(3_000_000, 2_000_000, 0.5);
        let large = dev.upload(&large_data).expect("upload");
        check(&large, &large_data, "large vector");
        check(&small, &small_data, "after the scratch grew");
        let new_data = values(1000, 900, 2.0);
        dev.write(&mut small, &new_data).expect("write");
        check(&small, &new_data, "after a write");
        check(&large, &large_data, "large vector again");
    }
}
