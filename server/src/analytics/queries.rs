//! Search analytics: the search log folded per day and normalised query, and read back as
//! top queries, queries that found nothing, and the daily trend.
//!
//! The grouping rule: a query counts under its normalised form (the words search reads:
//! [`crate::search::normalize_query`] — jieba-cut, lower-cased, no punctuation, repeats or
//! stop-words). When it found something, the book that best matches it (as the console's
//! search ranks, when the query is folded) is kept with it, and forms whose best book is the
//! same count as ONE query, labelled with their most searched form: 西游记 and xiyouji, both
//! finding 西游记, are one line. A form that found nothing stays its own line. Empty queries
//! (browsing without words) are not counted.
use std::collections::{BTreeMap, HashMap};

use sea_orm::{
    sea_query::{Alias, Expr, ExprTrait, Order, Query},
    ConnectionTrait, DbErr,
};
use serde::Serialize;
use tingshu_core::analytics::{date_of_day, day_of_ms, ReportRange};

use super::rollup::{commit, mark, rows_after, Fold, SEARCHES};
use crate::{db::Db, error::ApiResult, search::SearchIndex};

/// Lines in each top list.
pub const TOP: usize = 20;

fn a(name: &str) -> Alias {
    Alias::new(name)
}

/// Folds the next batch of the search log.
pub(super) async fn fold_searches(db: &Db, search: &SearchIndex) -> ApiResult<u64> {
    let old = mark(db.reader(), SEARCHES).await?;
    let rows = rows_after(
        db.reader(),
        "search_queries",
        &["id", "query", "result_count", "created_at"],
        old,
    )
    .await?;
    let mut fold = Fold::default();
    let mut top_books: HashMap<String, Option<i32>> = HashMap::new();
    let mut new = old;
    for row in &rows {
        let id: i32 = row.try_get("", "id")?;
        new = Ord::max(new, i64::from(id));
        let query: String = row.try_get("", "query")?;
        let normalized: String = crate::search::normalize_query(&query)
            .chars()
            .take(200)
            .collect();
        if normalized.is_empty() {
            continue;
        }
        let found = row.try_get::<i32>("", "result_count")? > 0;
        let top_book_id = if found {
            match top_books.get(&normalized) {
                Some(known) => *known,
                None => {
                    let best = search
                        .matching_ids(normalized.clone(), 1)
                        .await
                        .map_err(crate::error::ApiError::Internal)?
                        .first()
                        .copied();
                    top_books.insert(normalized.clone(), best);
                    best
                }
            }
        } else {
            None
        };
        let created_at: i64 = row.try_get("", "created_at")?;
        let line = fold
            .queries
            .entry((day_of_ms(created_at), normalized))
            .or_default();
        line.searches += 1;
        line.no_results += i64::from(!found);
        line.top_book_id = line.top_book_id.or(top_book_id);
    }
    if !rows.is_empty() {
        commit(db, SEARCHES, old, new, fold).await?;
    }
    Ok(rows.len() as u64)
}

/// One counted query: its label, the forms counted under it, and the book they found.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueryLine {
    /// The most searched form.
    pub query: String,
    /// Every normalised form counted here, most searched first.
    pub forms: Vec<String>,
    pub searches: i64,
    pub no_results: i64,
    pub top_book_id: Option<i32>,
    pub top_book_title: Option<String>,
}

/// Searches of one day.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchDay {
    /// `YYYY-MM-DD` (UTC).
    pub date: String,
    pub searches: i64,
    pub no_results: i64,
}

/// `GET /api/admin/search-analytics`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchAnalytics {
    pub from: String,
    pub to: String,
    pub searches: i64,
    pub no_results: i64,
    /// Most searched first, at most 20.
    pub top_queries: Vec<QueryLine>,
    /// Searches that found nothing, most frequent first, at most 20.
    pub no_result_queries: Vec<QueryLine>,
    /// Every day of the period, oldest first.
    pub days: Vec<SearchDay>,
}

struct FormCount {
    normalized: String,
    top_book_id: Option<i32>,
    searches: i64,
    no_results: i64,
}

/// Search analytics over `range`, from the rollups.
pub async fn search_analytics(
    db: &impl ConnectionTrait,
    range: ReportRange,
) -> Result<SearchAnalytics, DbErr> {
    let in_range = |select: &mut sea_orm::sea_query::SelectStatement| {
        select
            .and_where(Expr::col(a("day")).gte(range.from_day))
            .and_where(Expr::col(a("day")).lte(range.to_day));
    };
    let mut forms = Query::select();
    forms
        .columns([a("normalized"), a("top_book_id")])
        .expr_as(total("searches"), a("searches"))
        .expr_as(total("no_results"), a("no_results"))
        .from(a("analytics_daily_queries"))
        .group_by_columns([a("normalized"), a("top_book_id")]);
    in_range(&mut forms);
    let forms: Vec<FormCount> = db
        .query_all(&forms)
        .await?
        .into_iter()
        .map(|row| {
            Ok(FormCount {
                normalized: row.try_get("", "normalized")?,
                top_book_id: row.try_get("", "top_book_id")?,
                searches: sum(&row, "searches")?,
                no_results: sum(&row, "no_results")?,
            })
        })
        .collect::<Result<_, DbErr>>()?;
    let mut per_day = Query::select();
    per_day
        .column(a("day"))
        .expr_as(total("searches"), a("searches"))
        .expr_as(total("no_results"), a("no_results"))
        .from(a("analytics_daily_queries"))
        .group_by_col(a("day"))
        .order_by(a("day"), Order::Asc);
    in_range(&mut per_day);
    let mut by_day: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
    for row in db.query_all(&per_day).await? {
        by_day.insert(
            row.try_get("", "day")?,
            (sum(&row, "searches")?, sum(&row, "no_results")?),
        );
    }
    let days = (range.from_day..=range.to_day)
        .map(|day| {
            let (searches, no_results) = by_day.get(&day).copied().unwrap_or_default();
            SearchDay {
                date: date_of_day(day),
                searches,
                no_results,
            }
        })
        .collect();
    let mut top_queries = grouped(&forms, |f| f.searches, true);
    top_queries.truncate(TOP);
    let mut no_result_queries = grouped(&forms, |f| f.no_results, false);
    no_result_queries.truncate(TOP);
    let mut ids: Vec<i32> = top_queries.iter().filter_map(|l| l.top_book_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let titles = super::overview::book_titles(db, &ids).await?;
    for line in &mut top_queries {
        line.top_book_title = line.top_book_id.and_then(|id| titles.get(&id).cloned());
    }
    Ok(SearchAnalytics {
        from: date_of_day(range.from_day),
        to: date_of_day(range.to_day),
        searches: forms.iter().map(|f| f.searches).sum(),
        no_results: forms.iter().map(|f| f.no_results).sum(),
        top_queries,
        no_result_queries,
        days,
    })
}

/// `CAST(SUM(column) AS BIGINT)`: a whole-number total on SQLite and PostgreSQL alike (whose
/// SUM of a bigint is a numeric).
pub(super) fn total(column: &str) -> sea_orm::sea_query::SimpleExpr {
    Expr::cust(format!("CAST(SUM(\"{column}\") AS BIGINT)"))
}

/// A total read back (NULL when no row: 0).
pub(super) fn sum(row: &sea_orm::QueryResult, column: &str) -> Result<i64, DbErr> {
    Ok(row.try_get::<Option<i64>>("", column)?.unwrap_or(0))
}

/// Forms grouped by their best book (by book when `by_book`, else each form alone), counted
/// by `count`, biggest first; lines counting 0 are left out.
fn grouped(
    forms: &[FormCount],
    count: impl Fn(&FormCount) -> i64,
    by_book: bool,
) -> Vec<QueryLine> {
    #[derive(PartialEq, Eq, PartialOrd, Ord, Clone)]
    enum Key {
        Book(i32),
        Text(String),
    }
    let mut lines: BTreeMap<Key, Vec<&FormCount>> = BTreeMap::new();
    for form in forms.iter().filter(|f| count(f) > 0) {
        let key = match form.top_book_id {
            Some(id) if by_book => Key::Book(id),
            _ => Key::Text(form.normalized.clone()),
        };
        lines.entry(key).or_default().push(form);
    }
    let mut out: Vec<QueryLine> = lines
        .into_values()
        .map(|mut members| {
            // Forms can repeat (one with a book, one without): merge them by text.
            let mut by_text: BTreeMap<&str, i64> = BTreeMap::new();
            for member in &members {
                *by_text.entry(member.normalized.as_str()).or_default() += count(member);
            }
            let mut texts: Vec<(&str, i64)> = by_text.into_iter().collect();
            texts.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(y.0)));
            members.sort_by_key(|m| m.top_book_id.is_none());
            QueryLine {
                query: texts[0].0.to_owned(),
                forms: texts.iter().map(|(t, _)| (*t).to_owned()).collect(),
                searches: members.iter().map(|m| m.searches).sum(),
                no_results: members.iter().map(|m| m.no_results).sum(),
                top_book_id: members.first().and_then(|m| m.top_book_id),
                top_book_title: None,
            }
        })
        .collect();
    out.sort_by(|x, y| {
        let (cx, cy) = if by_book {
            (x.searches, y.searches)
        } else {
            (x.no_results, y.no_results)
        };
        cy.cmp(&cx).then(x.query.cmp(&y.query))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(text: &str, book: Option<i32>, searches: i64, no_results: i64) -> FormCount {
        FormCount {
            normalized: text.into(),
            top_book_id: book,
            searches,
            no_results,
        }
    }

    #[test]
    fn forms_finding_the_same_book_are_one_line_named_by_the_most_searched() {
        let forms = [
            form("西游记", Some(7), 3, 0),
            form("xiyouji", Some(7), 2, 0),
            form("红楼梦", Some(8), 4, 0),
            form("金庸全集", None, 1, 1),
        ];
        let lines = grouped(&forms, |f| f.searches, true);
        assert_eq!(lines[0].query, "西游记");
        assert_eq!(lines[0].forms, vec!["西游记", "xiyouji"]);
        assert_eq!(lines[0].searches, 5);
        assert_eq!(lines[1].query, "红楼梦");
        let empty = grouped(&forms, |f| f.no_results, false);
        assert_eq!(empty.len(), 1);
        assert_eq!(empty[0].query, "金庸全集");
    }
}
