//! Compact display of large counts (plays, followers) per language: 1.2万 / 1.2K / 1.2億.

use serde::{Deserialize, Serialize};

use super::one_decimal;
use crate::i18n::texts::text;
use crate::Lang;

/// Input of `formatNumber`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FormatNumberInput {
    #[serde(default)]
    pub value: Option<f64>,
    pub lang: Lang,
}

/// Compact units per language, smallest first (spec §9 thresholds 1e3…1e12).
fn units(lang: Lang) -> &'static [(f64, &'static str)] {
    match lang {
        Lang::En => &[(1e3, "K"), (1e6, "M"), (1e9, "B"), (1e12, "T")],
        Lang::Zh => &[(1e4, "万"), (1e8, "亿"), (1e12, "万亿")],
        Lang::Ja => &[(1e4, "万"), (1e8, "億"), (1e12, "兆")],
    }
}

/// `formatNumber`: below the first unit the value itself with `,` grouping
/// ("1,234" in zh, where 万 only starts at 1e4); from there one decimal of the largest unit
/// reached, trailing `.0` dropped ("1.2万", "1.2K", "12M"). Rounding that reaches the next
/// unit moves up (9,999.96 → "1万", not "10,000"). Beyond the largest unit the count of
/// that unit grows with grouping ("12,000T"). The sign of negatives is kept, except when
/// the shown value rounds to 0. Null, NaN or infinite shows the unknown text (未知).
pub fn format_number(input: FormatNumberInput) -> String {
    let Some(value) = input.value.filter(|v| v.is_finite()) else {
        return text(input.lang, "number.unknown").to_owned();
    };
    let body = compact(value.abs(), units(input.lang));
    if value < 0.0 && body != "0" {
        format!("-{body}")
    } else {
        body
    }
}

fn compact(abs: f64, units: &[(f64, &str)]) -> String {
    let mut index = units.iter().rposition(|(threshold, _)| abs >= *threshold);
    loop {
        let (scale, suffix) = index.map_or((1.0, ""), |i| units[i]);
        let next = index.map_or(0, |i| i + 1);
        let shown = (abs / scale * 10.0).round() / 10.0 * scale;
        match units.get(next) {
            Some((threshold, _)) if shown >= *threshold => index = Some(next),
            _ => return format!("{}{suffix}", one_decimal(abs / scale)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn fmt(value: Option<f64>, lang: Lang) -> String {
        format_number(FormatNumberInput { value, lang })
    }

    #[test]
    fn chinese_units() {
        assert_eq!(fmt(Some(0.0), Lang::Zh), "0");
        assert_eq!(fmt(Some(9999.0), Lang::Zh), "9,999");
        assert_eq!(fmt(Some(10000.0), Lang::Zh), "1万");
        assert_eq!(fmt(Some(12345.0), Lang::Zh), "1.2万");
        assert_eq!(fmt(Some(99_999_999.0), Lang::Zh), "1亿");
        assert_eq!(fmt(Some(150_000_000.0), Lang::Zh), "1.5亿");
        assert_eq!(fmt(Some(1.2e12), Lang::Zh), "1.2万亿");
        assert_eq!(fmt(Some(9999.96), Lang::Zh), "1万");
    }

    #[test]
    fn english_units() {
        assert_eq!(fmt(Some(999.0), Lang::En), "999");
        assert_eq!(fmt(Some(1000.0), Lang::En), "1K");
        assert_eq!(fmt(Some(1234.0), Lang::En), "1.2K");
        assert_eq!(fmt(Some(1_500_000.0), Lang::En), "1.5M");
        assert_eq!(fmt(Some(2e9), Lang::En), "2B");
        assert_eq!(fmt(Some(3.45e12), Lang::En), "3.5T");
        assert_eq!(fmt(Some(1.2e16), Lang::En), "12,000T");
    }

    #[test]
    fn japanese_units() {
        assert_eq!(fmt(Some(12345.0), Lang::Ja), "1.2万");
        assert_eq!(fmt(Some(3e8), Lang::Ja), "3億");
        assert_eq!(fmt(Some(5e12), Lang::Ja), "5兆");
    }

    #[test]
    fn negatives_and_fractions() {
        assert_eq!(fmt(Some(-12345.0), Lang::Zh), "-1.2万");
        assert_eq!(fmt(Some(-1500.0), Lang::En), "-1.5K");
        assert_eq!(fmt(Some(12.34), Lang::En), "12.3");
        assert_eq!(fmt(Some(-0.04), Lang::En), "0");
    }

    #[test]
    fn invalid_is_unknown() {
        assert_eq!(fmt(None, Lang::Zh), "未知");
        assert_eq!(fmt(Some(f64::NAN), Lang::En), "Unknown");
        assert_eq!(fmt(Some(f64::INFINITY), Lang::Ja), "不明");
    }

    proptest! {
        #[test]
        fn never_panics_and_is_well_formed(v in any::<f64>(), i in 0usize..3) {
            let lang = Lang::ALL[i];
            let out = fmt(Some(v), lang);
            prop_assert!(!out.is_empty());
            if v.is_finite() {
                prop_assert!(!out.ends_with(".0"), "{v} -> {out}");
                prop_assert!(out.starts_with('-') == (v < 0.0 && out != "0"), "{v} -> {out}");
            }
        }

        #[test]
        fn english_small_integers_are_plain(v in 0u32..1000) {
            prop_assert_eq!(fmt(Some(v as f64), Lang::En), v.to_string());
        }
    }
}
