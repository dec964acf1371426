//! Clamping of ratings to 0..max and progress percentages to 0..100 (spec §5).

use serde::{Deserialize, Serialize};

/// Spec §9: max rating default.
pub const DEFAULT_MAX_RATING: f64 = 5.0;

/// Input of `clampRating`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ClampRatingInput {
    #[serde(default)]
    pub value: Option<f64>,
    /// Defaults to 5; a max that is absent, NaN, infinite, zero or negative also means 5.
    #[serde(default)]
    pub max: Option<f64>,
}

/// `clampRating`: the value limited to `[0, max]`; null or NaN is 0, +∞ is max.
pub fn clamp_rating(input: ClampRatingInput) -> f64 {
    let max = input
        .max
        .filter(|m| m.is_finite() && *m > 0.0)
        .unwrap_or(DEFAULT_MAX_RATING);
    clamp(input.value, max)
}

/// Input of `clampProgress`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ClampProgressInput {
    #[serde(default)]
    pub value: Option<f64>,
}

/// `clampProgress`: a percentage limited to `[0, 100]`; null or NaN is 0.
pub fn clamp_progress(input: ClampProgressInput) -> f64 {
    clamp(input.value, 100.0)
}

fn clamp(value: Option<f64>, max: f64) -> f64 {
    match value {
        Some(v) if !v.is_nan() => v.clamp(0.0, max) + 0.0, // + 0.0 turns -0 into 0
        _ => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn rating(value: Option<f64>, max: Option<f64>) -> f64 {
        clamp_rating(ClampRatingInput { value, max })
    }

    fn progress(value: Option<f64>) -> f64 {
        clamp_progress(ClampProgressInput { value })
    }

    #[test]
    fn rating_edges() {
        assert_eq!(rating(Some(3.5), None), 3.5);
        assert_eq!(rating(Some(7.0), None), 5.0);
        assert_eq!(rating(Some(-1.0), None), 0.0);
        assert_eq!(rating(Some(7.0), Some(10.0)), 7.0);
        assert_eq!(rating(Some(12.0), Some(10.0)), 10.0);
        assert_eq!(rating(None, None), 0.0);
        assert_eq!(rating(Some(f64::NAN), None), 0.0);
        assert_eq!(rating(Some(f64::INFINITY), None), 5.0);
        assert_eq!(rating(Some(4.0), Some(f64::NAN)), 4.0);
        assert_eq!(rating(Some(9.0), Some(-3.0)), 5.0);
        assert_eq!(rating(Some(9.0), Some(0.0)), 5.0);
    }

    #[test]
    fn progress_edges() {
        assert_eq!(progress(Some(42.5)), 42.5);
        assert_eq!(progress(Some(150.0)), 100.0);
        assert_eq!(progress(Some(-5.0)), 0.0);
        assert_eq!(progress(Some(f64::NAN)), 0.0);
        assert_eq!(progress(None), 0.0);
        assert!(progress(Some(-0.0)).is_sign_positive());
    }

    proptest! {
        #[test]
        fn rating_always_in_range(v in any::<f64>(), m in any::<f64>()) {
            let max = if m.is_finite() && m > 0.0 { m } else { 5.0 };
            let out = rating(Some(v), Some(m));
            prop_assert!((0.0..=max).contains(&out), "{v} {m} -> {out}");
            if (0.0..=max).contains(&v) {
                prop_assert_eq!(out, v + 0.0);
            }
        }

        #[test]
        fn progress_always_in_range(v in any::<f64>()) {
            let out = progress(Some(v));
            prop_assert!((0.0..=100.0).contains(&out));
        }
    }
}
