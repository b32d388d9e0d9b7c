//! When two models of the same data and settings agree (docs/conformance.md, "SVM training"):
//! the tolerances the conformance tests, the main job and the benchmarks apply to a device
//! model against the reference and to duet against LIBSVM.

use crate::model::{SvmModel, accuracy};

/// Largest relative difference of a pair's dual objective.
pub const OBJECTIVE_REL: f64 = 1e-4;
/// Largest difference of a pair's rho.
pub const RHO_ABS: f64 = 1e-3;
/// Smallest share of held-out points predicted alike.
pub const SAME_PREDICTIONS: f64 = 0.995;
/// Largest difference of held-out accuracy, in percentage points.
pub const ACCURACY_POINTS: f64 = 0.2;

/// What a comparison measured.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Agreement {
    /// The largest relative objective difference over the pairs.
    pub objective_rel: f64,
    /// The largest rho difference.
    pub rho_abs: f64,
    /// The share of points predicted alike.
    pub same_predictions: f64,
    /// Accuracy of `got` and of `truth` on the points, percent.
    pub accuracy: (f64, f64),
}

/// Compares two models' objectives (needs the training reports), rhos and predictions on
/// `x` (`rows × cols`, labels `y`): `Err` names the first tolerance broken.
pub fn agree(
    got: &SvmModel,
    truth: &SvmModel,
    objectives: (&[f64], &[f64]),
    x: &[f32],
    (rows, cols): (usize, usize),
    y: &[f64],
) -> Result<Agreement, String> {
    if got.labels != truth.labels {
        return Err(format!(
            "class order {:?} vs {:?}",
            got.labels, truth.labels
        ));
    }
    let mut objective_rel = 0.0f64;
    for (p, (g, t)) in objectives.0.iter().zip(objectives.1).enumerate() {
        let rel = (g - t).abs() / t.abs().max(f64::MIN_POSITIVE);
        objective_rel = objective_rel.max(rel);
        if rel > OBJECTIVE_REL {
            return Err(format!(
                "pair {p}: objective {g} vs {t} (relative {rel:.2e} > {OBJECTIVE_REL:e})"
            ));
        }
    }
    let mut rho_abs = 0.0f64;
    for (p, (g, t)) in got.rho.iter().zip(&truth.rho).enumerate() {
        rho_abs = rho_abs.max((g - t).abs());
        if (g - t).abs() > RHO_ABS {
            return Err(format!("pair {p}: rho {g} vs {t} (> {RHO_ABS:e} apart)"));
        }
    }
    let pg = got.predict(x, rows, cols).map_err(|e| e.to_string())?;
    let pt = truth.predict(x, rows, cols).map_err(|e| e.to_string())?;
    let same = pg.iter().zip(&pt).filter(|(a, b)| a == b).count() as f64 / rows.max(1) as f64;
    if same < SAME_PREDICTIONS {
        return Err(format!(
            "{:.2}% of predictions agree (< {:.1}%)",
            100.0 * same,
            100.0 * SAME_PREDICTIONS
        ));
    }
    let (ag, at) = (accuracy(&pg, y), accuracy(&pt, y));
    if (ag - at).abs() > ACCURACY_POINTS {
        return Err(format!(
            "accuracy {ag:.2}% vs {at:.2}% (> {ACCURACY_POINTS} points)"
        ));
    }
    Ok(Agreement {
        objective_rel,
        rho_abs,
        same_predictions: same,
        accuracy: (ag, at),
    })
}

/// The objectives of a trained model's pairs.
pub fn objectives(m: &SvmModel) -> Vec<f64> {
    m.pairs.iter().map(|p| p.obj).collect()
}
