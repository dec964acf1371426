//! Money display in the currency of each language: zh CNY, en USD, ja JPY (spec §9).

use serde::{Deserialize, Serialize};

use super::group_thousands;
use crate::i18n::texts::text;
use crate::Lang;

/// An ISO 4217 currency used by the product.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "UPPERCASE")]
pub enum Currency {
    Cny,
    Usd,
    Jpy,
}

impl Currency {
    /// Spec §9: currency by locale.
    pub fn for_lang(lang: Lang) -> Currency {
        match lang {
            Lang::Zh => Currency::Cny,
            Lang::En => Currency::Usd,
            Lang::Ja => Currency::Jpy,
        }
    }

    /// Digits after the decimal point of the minor unit (JPY has none).
    pub fn minor_digits(self) -> usize {
        match self {
            Currency::Cny | Currency::Usd => 2,
            Currency::Jpy => 0,
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            Currency::Cny | Currency::Jpy => "¥",
            Currency::Usd => "$",
        }
    }
}

impl crate::spelling::Spelling for Currency {
    const ALL: &'static [Self] = &[Self::Cny, Self::Usd, Self::Jpy];

    fn as_str(self) -> &'static str {
        match self {
            Currency::Cny => "CNY",
            Currency::Usd => "USD",
            Currency::Jpy => "JPY",
        }
    }
}

/// Input of `currencyForLang`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CurrencyForLangInput {
    pub lang: Lang,
}

/// `currencyForLang`: "CNY", "USD" or "JPY".
pub fn currency_for_lang(input: CurrencyForLangInput) -> Currency {
    Currency::for_lang(input.lang)
}

/// Input of `formatCurrency`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FormatCurrencyInput {
    /// Amount in the minor unit of the language's currency (fen, cents; whole yen for JPY).
    #[serde(default)]
    pub amount_minor: Option<f64>,
    pub lang: Lang,
    /// The amount's currency (an order's, say); absent: the language's currency.
    #[serde(default)]
    pub currency: Option<Currency>,
}

/// `formatCurrency`: symbol, `,` grouping and the currency's minor digits — 1250 →
/// "¥12.50" (zh), "$12.50" (en), "¥1,250" (ja). Fractions of the minor unit round to the
/// nearest (half away from zero); negatives read "-¥12.50". Null, NaN or infinite shows 未知.
/// With `currency`, that currency's symbol and digits (an order in CNY reads "¥12.50" in en).
pub fn format_currency(input: FormatCurrencyInput) -> String {
    let Some(amount) = input.amount_minor.filter(|a| a.is_finite()) else {
        return text(input.lang, "number.unknown").to_owned();
    };
    let currency = input
        .currency
        .unwrap_or_else(|| Currency::for_lang(input.lang));
    let rounded = amount.round();
    let digits = format!("{:.0}", rounded.abs());
    let minor = currency.minor_digits();
    let body = if minor == 0 {
        group_thousands(&digits)
    } else {
        let padded = format!("{digits:0>width$}", width = minor + 1);
        let (int, frac) = padded.split_at(padded.len() - minor);
        format!("{}.{frac}", group_thousands(int))
    };
    let sign = if rounded < 0.0 { "-" } else { "" };
    format!("{sign}{}{body}", currency.symbol())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn fmt(amount: Option<f64>, lang: Lang) -> String {
        format_currency(FormatCurrencyInput {
            amount_minor: amount,
            lang,
            currency: None,
        })
    }

    #[test]
    fn an_amounts_own_currency_wins_over_the_languages() {
        let order = |currency| {
            format_currency(FormatCurrencyInput {
                amount_minor: Some(1800.0),
                lang: Lang::En,
                currency: Some(currency),
            })
        };
        assert_eq!(order(Currency::Cny), "¥18.00");
        assert_eq!(order(Currency::Jpy), "¥1,800");
        assert_eq!(order(Currency::Usd), "$18.00");
        crate::spelling::tests::round_trips::<Currency>();
    }

    #[test]
    fn per_language() {
        assert_eq!(fmt(Some(1250.0), Lang::Zh), "¥12.50");
        assert_eq!(fmt(Some(1250.0), Lang::En), "$12.50");
        assert_eq!(fmt(Some(1250.0), Lang::Ja), "¥1,250");
    }

    #[test]
    fn small_and_large() {
        assert_eq!(fmt(Some(0.0), Lang::Zh), "¥0.00");
        assert_eq!(fmt(Some(5.0), Lang::En), "$0.05");
        assert_eq!(fmt(Some(99.0), Lang::En), "$0.99");
        assert_eq!(fmt(Some(123_456_789.0), Lang::En), "$1,234,567.89");
        assert_eq!(fmt(Some(1_000_000.0), Lang::Ja), "¥1,000,000");
    }

    #[test]
    fn negatives_and_rounding() {
        assert_eq!(fmt(Some(-1250.0), Lang::Zh), "-¥12.50");
        assert_eq!(fmt(Some(-0.4), Lang::En), "$0.00");
        assert_eq!(fmt(Some(1249.5), Lang::En), "$12.50");
    }

    #[test]
    fn invalid_is_unknown() {
        assert_eq!(fmt(None, Lang::Zh), "未知");
        assert_eq!(fmt(Some(f64::NAN), Lang::En), "Unknown");
    }

    #[test]
    fn currency_codes() {
        let code =
            |lang| serde_json::to_value(currency_for_lang(CurrencyForLangInput { lang })).unwrap();
        assert_eq!(code(Lang::Zh), "CNY");
        assert_eq!(code(Lang::En), "USD");
        assert_eq!(code(Lang::Ja), "JPY");
    }

    proptest! {
        #[test]
        fn cents_roundtrip(cents in -10_000_000_000i64..10_000_000_000) {
            let out = fmt(Some(cents as f64), Lang::En);
            let back: f64 = out.replace(['$', ','], "").parse().unwrap();
            prop_assert_eq!((back * 100.0).round() as i64, cents);
            prop_assert_eq!(out.split('.').nth(1).map(str::len), Some(2));
        }
    }
}
