//! Prices typed in major units (yuan, dollars, yen) and stored in minor units (fen, cents,
//! yen): the conversion both ways, with each currency's decimals (CNY 2, USD 2, JPY 0).
use serde::{Deserialize, Serialize};

use super::currency::Currency;
use crate::catalog::edit::PRICE_MAX_MINOR;
use crate::validation::FieldRule;
use crate::Lang;

/// Input of `minorUnits`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct MinorUnitsInput {
    /// The amount as typed, in major units (`12.5` yuan).
    pub text: String,
    pub currency: Currency,
    /// Language of the error message.
    pub lang: Lang,
}

/// Output of `minorUnits`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum MinorUnits {
    /// Nothing typed (a price left out).
    Blank,
    /// The amount in minor units.
    Amount { minor: i64 },
    /// Not an amount of this currency: the rule broken and what it means in `lang`.
    Invalid { rule: FieldRule, message: String },
}

/// The most a price may be, in major units of `currency`.
fn max_major(currency: Currency) -> usize {
    PRICE_MAX_MINOR / 10usize.pow(currency.minor_digits() as u32)
}

/// `minorUnits`: `text` trimmed; blank → blank. Otherwise ASCII digits with at most one `.`
/// and at most the currency's decimals after it (`12.5` CNY → 1250 fen; `12.` and `.5` are
/// read too; JPY takes none), from 0 to [`PRICE_MAX_MINOR`] minor units. Anything else (a
/// sign, a third decimal, a grouping comma, an amount too large) is invalid with
/// `FieldRule::Money`.
pub fn minor_units(input: MinorUnitsInput) -> MinorUnits {
    let text = input.text.trim();
    if text.is_empty() {
        return MinorUnits::Blank;
    }
    let decimals = input.currency.minor_digits();
    match parse(text, decimals) {
        Some(minor) if minor <= PRICE_MAX_MINOR as u64 => MinorUnits::Amount {
            minor: minor as i64,
        },
        _ => {
            let rule = FieldRule::Money {
                decimals,
                max: max_major(input.currency),
            };
            let message = crate::validation::describe_rule(&rule, input.lang);
            MinorUnits::Invalid { rule, message }
        }
    }
}

/// The minor units of `text` with at most `decimals` decimals; None when ill-formed or huge.
fn parse(text: &str, decimals: usize) -> Option<u64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(fraction) || whole.len() + fraction.len() == 0 {
        return None;
    }
    if fraction.len() > decimals || whole.len() > 15 {
        return None;
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let fraction: u64 = format!("{fraction:0<decimals$}").parse().unwrap_or(0);
    whole
        .checked_mul(10u64.pow(decimals as u32))?
        .checked_add(fraction)
}

/// Input of `majorUnits`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct MajorUnitsInput {
    /// Minor units (a stored price); null for none.
    #[serde(default)]
    pub minor: Option<f64>,
    pub currency: Currency,
}

/// `majorUnits`: a stored price as a form shows it for typing, in major units with the
/// currency's decimals and no grouping (1250 CNY → `12.50`; 500 JPY → `500`); null or a
/// value that is not a whole number of minor units → empty text.
pub fn major_units(input: MajorUnitsInput) -> String {
    let Some(minor) = input
        .minor
        .filter(|m| m.is_finite() && m.fract() == 0.0 && *m >= 0.0 && *m <= 1e15)
    else {
        return String::new();
    };
    let minor = minor as u64;
    let decimals = input.currency.minor_digits();
    if decimals == 0 {
        return minor.to_string();
    }
    let unit = 10u64.pow(decimals as u32);
    format!("{}.{:0decimals$}", minor / unit, minor % unit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn minor(text: &str, currency: Currency) -> MinorUnits {
        minor_units(MinorUnitsInput {
            text: text.into(),
            currency,
            lang: Lang::Zh,
        })
    }

    fn amount(minor: i64) -> MinorUnits {
        MinorUnits::Amount { minor }
    }

    #[test]
    fn major_units_become_minor_units_with_each_currencys_decimals() {
        assert_eq!(minor("12.5", Currency::Cny), amount(1250));
        assert_eq!(minor(" 0.99 ", Currency::Usd), amount(99));
        assert_eq!(minor("12", Currency::Usd), amount(1200));
        assert_eq!(minor("12.", Currency::Cny), amount(1200));
        assert_eq!(minor(".5", Currency::Cny), amount(50));
        assert_eq!(minor("500", Currency::Jpy), amount(500));
        assert_eq!(minor("0", Currency::Jpy), amount(0));
        assert_eq!(minor("  ", Currency::Cny), MinorUnits::Blank);
    }

    #[test]
    fn more_decimals_than_the_currency_has_negatives_and_huge_amounts_are_refused() {
        for (text, currency) in [
            ("12.345", Currency::Cny),
            ("1.5", Currency::Jpy),
            ("-1", Currency::Usd),
            ("+1", Currency::Usd),
            ("1,000", Currency::Cny),
            ("1e3", Currency::Cny),
            ("abc", Currency::Cny),
            (".", Currency::Cny),
            ("1000000.01", Currency::Cny),
            ("100000001", Currency::Jpy),
            ("99999999999999999999", Currency::Usd),
        ] {
            assert!(
                matches!(minor(text, currency), MinorUnits::Invalid { .. }),
                "{text} {currency:?}"
            );
        }
        assert_eq!(minor("1000000", Currency::Cny), amount(100_000_000));
        assert_eq!(minor("100000000", Currency::Jpy), amount(100_000_000));
    }

    #[test]
    fn a_refusal_says_the_currencys_rule_in_the_readers_language() {
        let MinorUnits::Invalid { rule, message } = minor("1.234", Currency::Usd) else {
            panic!("refused");
        };
        assert_eq!(
            rule,
            FieldRule::Money {
                decimals: 2,
                max: 1_000_000
            }
        );
        assert_eq!(message, "请输入 0 到 1000000 之间的金额，最多 2 位小数。");
        let jpy = minor_units(MinorUnitsInput {
            text: "1.5".into(),
            currency: Currency::Jpy,
            lang: Lang::En,
        });
        let MinorUnits::Invalid { message, .. } = jpy else {
            panic!("refused");
        };
        assert_eq!(message, "Enter a whole amount from 0 to 100000000.");
    }

    #[test]
    fn stored_prices_are_shown_in_major_units_and_read_back_the_same() {
        let major = |minor: Option<f64>, currency| major_units(MajorUnitsInput { minor, currency });
        assert_eq!(major(Some(1250.0), Currency::Cny), "12.50");
        assert_eq!(major(Some(5.0), Currency::Usd), "0.05");
        assert_eq!(major(Some(500.0), Currency::Jpy), "500");
        assert_eq!(major(None, Currency::Cny), "");
        assert_eq!(major(Some(1.5), Currency::Cny), "");
        for currency in [Currency::Cny, Currency::Usd, Currency::Jpy] {
            for stored in [0, 1, 99, 100, 1250, 100_000_000] {
                let shown = major(Some(stored as f64), currency);
                assert_eq!(minor(&shown, currency), amount(stored), "{shown}");
            }
        }
    }
}
