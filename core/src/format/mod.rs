//! Display formatting of durations, numbers, sizes, times, money, clamped values and initials.

pub mod clamp;
pub mod countdown;
pub mod currency;
pub mod duration;
pub mod filesize;
pub mod initials;
pub mod money;
pub mod number;
pub mod relative;
pub mod smart;

/// Rounds `value` (finite, non-negative) to one decimal and renders it with `,` thousands
/// grouping and without a trailing `.0` — the shape every compact number here uses.
pub(crate) fn one_decimal(value: f64) -> String {
    let tenths = (value * 10.0).round();
    let int_part = (tenths / 10.0).trunc();
    let frac = (tenths - int_part * 10.0).clamp(0.0, 9.0) as u8;
    let grouped = group_thousands(&format!("{int_part:.0}"));
    if frac == 0 {
        grouped
    } else {
        format!("{grouped}.{frac}")
    }
}

/// Inserts `,` every three digits from the right of a string of ASCII digits.
pub(crate) fn group_thousands(digits: &str) -> String {
    let len = digits.len();
    let mut out = String::with_capacity(len + len / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (len - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_thousands() {
        assert_eq!(group_thousands("0"), "0");
        assert_eq!(group_thousands("999"), "999");
        assert_eq!(group_thousands("1000"), "1,000");
        assert_eq!(group_thousands("1234567"), "1,234,567");
    }

    #[test]
    fn one_decimal_drops_trailing_zero() {
        assert_eq!(one_decimal(1.0), "1");
        assert_eq!(one_decimal(1.25), "1.3");
        assert_eq!(one_decimal(1.04), "1");
        assert_eq!(one_decimal(1234.56), "1,234.6");
        assert_eq!(one_decimal(9.96), "10");
    }
}
