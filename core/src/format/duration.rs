//! Playback duration display `mm:ss` / `hh:mm:ss` (spec §5).

use serde::{Deserialize, Serialize};

/// Input of `formatDuration`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FormatDurationInput {
    /// Length in seconds; fractions are floored.
    #[serde(default)]
    pub seconds: Option<f64>,
}

/// `formatDuration`: `mm:ss` below one hour, `hh:mm:ss` from one hour on, every part
/// zero-padded to two digits (hours may grow beyond two). Null, NaN, infinite or negative
/// input shows `00:00` (spec §5). Values beyond `u64::MAX` seconds saturate.
pub fn format_duration(input: FormatDurationInput) -> String {
    let total = match input.seconds {
        Some(s) if s.is_finite() && s >= 0.0 => s.floor() as u64,
        _ => 0,
    };
    let (hours, minutes, seconds) = (total / 3600, total % 3600 / 60, total % 60);
    if hours > 0 {
        format!("{hours:02}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes:02}:{seconds:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn fmt(seconds: Option<f64>) -> String {
        format_duration(FormatDurationInput { seconds })
    }

    #[test]
    fn spec_examples() {
        assert_eq!(fmt(Some(65.0)), "01:05");
        assert_eq!(fmt(Some(3661.0)), "01:01:01");
        assert_eq!(fmt(Some(36000.0)), "10:00:00");
        assert_eq!(fmt(Some(0.0)), "00:00");
        assert_eq!(fmt(Some(3599.0)), "59:59");
        assert_eq!(fmt(Some(3600.0)), "01:00:00");
        assert_eq!(fmt(Some(360000.0)), "100:00:00");
    }

    #[test]
    fn fractions_floor() {
        assert_eq!(fmt(Some(59.999)), "00:59");
        assert_eq!(fmt(Some(0.5)), "00:00");
    }

    #[test]
    fn invalid_is_zero() {
        for s in [
            None,
            Some(-1.0),
            Some(-0.5),
            Some(f64::NAN),
            Some(f64::INFINITY),
            Some(f64::NEG_INFINITY),
        ] {
            assert_eq!(fmt(s), "00:00", "{s:?}");
        }
    }

    fn matches_pattern(s: &str) -> bool {
        let parts: Vec<&str> = s.split(':').collect();
        let digits = |p: &str, min: usize| p.len() >= min && p.bytes().all(|b| b.is_ascii_digit());
        match parts.as_slice() {
            [m, sec] => m.len() == 2 && digits(m, 2) && sec.len() == 2 && digits(sec, 2),
            [h, m, sec] => {
                digits(h, 2)
                    && h != &"00"
                    && m.len() == 2
                    && digits(m, 2)
                    && sec.len() == 2
                    && digits(sec, 2)
            }
            _ => false,
        }
    }

    proptest! {
        #[test]
        fn never_panics_and_matches_pattern(s in any::<f64>()) {
            let out = fmt(Some(s));
            prop_assert!(matches_pattern(&out), "{s} -> {out}");
        }

        #[test]
        fn roundtrips_whole_seconds(s in 0u64..10_000_000) {
            let out = fmt(Some(s as f64));
            let back = out.split(':').fold(0u64, |acc, p| acc * 60 + p.parse::<u64>().unwrap());
            prop_assert_eq!(back, s);
            prop_assert!(out.split(':').skip(1).all(|p| p.parse::<u64>().unwrap() < 60));
        }
    }
}
