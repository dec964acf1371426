//! File size display in 1024-based units, B to TB (spec §9).

use serde::{Deserialize, Serialize};

use super::one_decimal;
use crate::i18n::texts::text;
use crate::Lang;

/// Input of `formatFileSize`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FormatFileSizeInput {
    #[serde(default)]
    pub bytes: Option<f64>,
    pub lang: Lang,
}

const UNITS: [&str; 5] = ["B", "KB", "MB", "GB", "TB"];

/// `formatFileSize`: whole bytes below 1 KB ("0 B", "1023 B", fractions floored), then one
/// decimal of the largest 1024-based unit reached with `.0` dropped ("1 KB", "1.5 MB");
/// rounding that reaches 1024 moves up a unit ("1 MB", never "1024 KB"); TB is the largest
/// unit ("2,048 TB"). Unit symbols are the same in every language. Null, NaN, infinite or
/// negative shows the unknown text (未知).
pub fn format_file_size(input: FormatFileSizeInput) -> String {
    let Some(bytes) = input.bytes.filter(|b| b.is_finite() && *b >= 0.0) else {
        return text(input.lang, "number.unknown").to_owned();
    };
    if bytes < 1024.0 {
        return format!("{:.0} B", bytes.floor());
    }
    let mut unit = 0;
    let mut scaled = bytes;
    while unit < UNITS.len() - 1 && (scaled * 10.0).round() / 10.0 >= 1024.0 {
        scaled /= 1024.0;
        unit += 1;
    }
    format!("{} {}", one_decimal(scaled), UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn fmt(bytes: Option<f64>) -> String {
        format_file_size(FormatFileSizeInput {
            bytes,
            lang: Lang::En,
        })
    }

    #[test]
    fn units() {
        assert_eq!(fmt(Some(0.0)), "0 B");
        assert_eq!(fmt(Some(1023.0)), "1023 B");
        assert_eq!(fmt(Some(1023.9)), "1023 B");
        assert_eq!(fmt(Some(1024.0)), "1 KB");
        assert_eq!(fmt(Some(1536.0)), "1.5 KB");
        assert_eq!(fmt(Some(1.5 * 1024.0 * 1024.0)), "1.5 MB");
        assert_eq!(fmt(Some(1024f64.powi(3))), "1 GB");
        assert_eq!(fmt(Some(1024f64.powi(4))), "1 TB");
        assert_eq!(fmt(Some(2048.0 * 1024f64.powi(4))), "2,048 TB");
    }

    #[test]
    fn rounding_moves_up_a_unit() {
        assert_eq!(fmt(Some(1024.0 * 1024.0 - 1.0)), "1 MB");
    }

    #[test]
    fn invalid_is_unknown() {
        assert_eq!(fmt(Some(-1.0)), "Unknown");
        assert_eq!(fmt(None), "Unknown");
        assert_eq!(fmt(Some(f64::NAN)), "Unknown");
        assert_eq!(
            format_file_size(FormatFileSizeInput {
                bytes: None,
                lang: Lang::Zh
            }),
            "未知"
        );
    }

    proptest! {
        #[test]
        fn shape(b in 0f64..1e18) {
            let out = fmt(Some(b));
            let (num, unit) = out.split_once(' ').unwrap();
            prop_assert!(UNITS.contains(&unit));
            let value: f64 = num.replace(',', "").parse().unwrap();
            if unit != "TB" {
                prop_assert!(value < 1024.0, "{b} -> {out}");
            }
            if unit != "B" {
                prop_assert!(value >= 1.0, "{b} -> {out}");
            }
        }
    }
}
