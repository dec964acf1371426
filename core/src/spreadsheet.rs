//! Cells of the CSV files the console exports, neutralised so a spreadsheet reads them as text, never as a formula.
//!
//! OWASP's CSV-injection guidance: a cell starting with `=`, `+`, `-`, `@`, a tab or a
//! carriage return is a formula to Excel, LibreOffice and Google Sheets (`=HYPERLINK(…)`,
//! `=cmd|' /C calc'!A0`), so such a cell is written with a single quote first, which the
//! spreadsheet takes as "text" and does not show. A cell that itself starts with a quote
//! gets one more, so [`restore_cell`] undoes [`neutralize_cell`] exactly and an export
//! imports back to the values it was made from (a title that really begins with `-`).
use serde::{Deserialize, Serialize};

/// The characters that make a cell a formula when they come first (OWASP), and the quote
/// that marks a neutralised cell.
const ESCAPED_FIRST: [char; 7] = ['=', '+', '-', '@', '\t', '\r', '\''];

/// Input of `neutralizeCsvCell` and `restoreCsvCell`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CsvCellInput {
    pub cell: String,
}

/// `neutralizeCsvCell`: the cell with a `'` first when it starts with `=`, `+`, `-`, `@`,
/// a tab, a carriage return or `'`; otherwise unchanged (an empty cell too).
pub fn neutralize_csv_cell(input: CsvCellInput) -> String {
    neutralize_cell(&input.cell)
}

/// `restoreCsvCell`: the value a neutralised cell was made from — without its first `'`
/// when the next character is one [`neutralize_cell`] escapes; otherwise unchanged.
pub fn restore_csv_cell(input: CsvCellInput) -> String {
    restore_cell(&input.cell).to_owned()
}

/// [`neutralize_csv_cell`] on a borrowed cell.
pub fn neutralize_cell(cell: &str) -> String {
    if cell.starts_with(ESCAPED_FIRST) {
        format!("'{cell}")
    } else {
        cell.to_owned()
    }
}

/// [`restore_csv_cell`] on a borrowed cell.
pub fn restore_cell(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(ESCAPED_FIRST) => rest,
        _ => cell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn formulas_are_quoted_and_text_is_not() {
        for (cell, written) in [
            ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"),
            ("=cmd|x!A0@x.test", "'=cmd|x!A0@x.test"),
            ("+1", "'+1"),
            ("-2", "'-2"),
            ("@SUM(1)", "'@SUM(1)"),
            ("\t=1", "'\t=1"),
            ("\r=1", "'\r=1"),
            ("'quoted", "''quoted"),
            ("雾港", "雾港"),
            ("a=1", "a=1"),
            (" =1", " =1"),
            ("", ""),
        ] {
            assert_eq!(neutralize_cell(cell), written, "{cell:?}");
            assert_eq!(restore_cell(written), cell, "{written:?}");
        }
    }

    #[test]
    fn a_quote_before_ordinary_text_is_kept() {
        assert_eq!(restore_cell("'quoted"), "'quoted");
        assert_eq!(restore_cell("'"), "'");
    }

    proptest! {
        #[test]
        fn restoring_undoes_neutralising(cell in any::<String>()) {
            let written = neutralize_cell(&cell);
            prop_assert!(!written.starts_with(['=', '+', '-', '@', '\t', '\r']));
            prop_assert_eq!(restore_cell(&written), cell.as_str());
        }
    }
}
