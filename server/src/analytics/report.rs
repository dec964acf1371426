//! The period report: listening, revenue, catalogue growth and top content, as JSON or as a
//! CSV file (cells neutralised by core's spreadsheet rule, so no title runs as a formula).
use serde::Serialize;
use tingshu_core::{analytics::ReportRange, spreadsheet::neutralize_cell, Lang};

use super::overview::{self, BookStat, CategoryStat, CurrencyTotals, Totals};
use crate::error::ApiResult;

/// `GET /api/admin/reports`: one period's report, compared with the period before it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PeriodReport {
    pub from: String,
    pub to: String,
    pub previous_from: String,
    pub previous_to: String,
    /// Listening, new users, members and catalogue growth (books and chapters added).
    pub current: Totals,
    pub previous: Totals,
    pub revenue: Vec<CurrencyTotals>,
    pub top_books: Vec<BookStat>,
    pub top_categories: Vec<CategoryStat>,
}

/// The report of `range`, from the rollups.
pub async fn report(
    db: &impl sea_orm::ConnectionTrait,
    lang: Lang,
    range: ReportRange,
) -> ApiResult<PeriodReport> {
    let all = overview::overview(db, lang, range).await?;
    Ok(PeriodReport {
        from: all.from,
        to: all.to,
        previous_from: all.previous_from,
        previous_to: all.previous_to,
        current: all.current,
        previous: all.previous,
        revenue: all.revenue,
        top_books: all.top_books,
        top_categories: all.top_categories,
    })
}

/// The report as CSV: `section,item,value,previous` rows (money in minor units).
pub fn to_csv(report: &PeriodReport) -> anyhow::Result<String> {
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(["section", "item", "value", "previous"])?;
    let mut line = |section: &str, item: &str, value: String, previous: String| {
        out.write_record([
            neutralize_cell(section),
            neutralize_cell(item),
            value,
            previous,
        ])
    };
    line(
        "period",
        "from",
        report.from.clone(),
        report.previous_from.clone(),
    )?;
    line(
        "period",
        "to",
        report.to.clone(),
        report.previous_to.clone(),
    )?;
    let (c, p) = (&report.current, &report.previous);
    for (item, value, previous) in [
        ("activeListeners", c.active_listeners, p.active_listeners),
        ("plays", c.plays, p.plays),
        ("completions", c.completions, p.completions),
        ("newUsers", c.new_users, p.new_users),
        ("membersGained", c.members_gained, p.members_gained),
        ("membersLost", c.members_lost, p.members_lost),
        ("booksAdded", c.books_added, p.books_added),
        ("chaptersAdded", c.chapters_added, p.chapters_added),
    ] {
        line("totals", item, value.to_string(), previous.to_string())?;
    }
    line(
        "totals",
        "listenedHours",
        c.listened_hours.to_string(),
        p.listened_hours.to_string(),
    )?;
    for money in &report.revenue {
        let currency = &money.currency;
        line(
            "revenue",
            &format!("{currency} orders"),
            money.orders.to_string(),
            money.previous_orders.to_string(),
        )?;
        line(
            "revenue",
            &format!("{currency} revenue"),
            money.revenue.to_string(),
            money.previous_revenue.to_string(),
        )?;
        line(
            "revenue",
            &format!("{currency} refunds"),
            money.refunds.to_string(),
            money.previous_refunds.to_string(),
        )?;
    }
    for book in &report.top_books {
        line(
            "topBooks",
            &book.title,
            book.plays.to_string(),
            String::new(),
        )?;
    }
    for category in &report.top_categories {
        line(
            "topCategories",
            &category.name,
            category.plays.to_string(),
            String::new(),
        )?;
    }
    Ok(String::from_utf8(out.into_inner()?)?)
}

/// The file name of the report of a period.
pub fn file_name(report: &PeriodReport) -> String {
    format!("tingshu-report-{}-{}.csv", report.from, report.to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_that_looks_like_a_formula_is_written_as_text() {
        let report = PeriodReport {
            from: "2026-11-01".into(),
            to: "2026-11-30".into(),
            previous_from: "2026-10-02".into(),
            previous_to: "2026-10-31".into(),
            current: Totals::default(),
            previous: Totals::default(),
            revenue: vec![],
            top_books: vec![BookStat {
                book_id: 1,
                title: "=HYPERLINK(\"x\")".into(),
                plays: 3,
                listened_hours: 1.0,
                completions: 1,
                completion_rate: 0.33,
            }],
            top_categories: vec![],
        };
        let csv = to_csv(&report).unwrap();
        assert!(csv.starts_with("section,item,value,previous\n"));
        assert!(
            csv.contains("topBooks,\"'=HYPERLINK(\"\"x\"\")\",3,"),
            "{csv}"
        );
        assert_eq!(
            file_name(&report),
            "tingshu-report-2026-11-01-2026-11-30.csv"
        );
    }
}
