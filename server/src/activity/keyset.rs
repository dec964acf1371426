//! Keyset paging of the logs, newest first: the cursor is the last row's `(created_at, id)`,
//! so a deep page costs what the first does (an index range, never an offset walk).
use sea_orm::{
    sea_query::{Expr, ExprTrait},
    ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Select,
};
use serde::Serialize;
use tingshu_core::{validation::FieldRule, Lang};

use crate::{
    error::ApiError,
    paging::{param_error, whole_number_param},
};

/// Rows of one page when `limit` is absent, and at most.
pub const DEFAULT_LIMIT: u64 = 50;
pub const MAX_LIMIT: u64 = 200;

/// The position after a row: its time and id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor {
    pub created_at: i64,
    pub id: i64,
}

impl Cursor {
    /// `<created_at>_<id>`, as the next page's `cursor`.
    pub fn encode(&self) -> String {
        format!("{}_{}", self.created_at, self.id)
    }

    /// The cursor a client sent back; absent or blank is `None`, anything else malformed a 400.
    pub fn parse(lang: Lang, raw: Option<&str>) -> Result<Option<Self>, ApiError> {
        let Some(raw) = raw.map(str::trim).filter(|raw| !raw.is_empty()) else {
            return Ok(None);
        };
        let parsed = raw.split_once('_').and_then(|(at, id)| {
            Some(Self {
                created_at: at.parse().ok()?,
                id: id.parse().ok()?,
            })
        });
        parsed.map(Some).ok_or_else(|| {
            param_error(
                lang,
                "cursor",
                FieldRule::Format {
                    format: "cursor".into(),
                },
            )
        })
    }
}

/// A page of a log: its rows and, when more follow, the cursor of the next page.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeysetPage<T: Serialize> {
    pub items: Vec<T>,
    pub next_cursor: Option<String>,
}

/// The common parameters of a log list, validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub cursor: Option<Cursor>,
    pub limit: u64,
    /// From this time on (ms, inclusive).
    pub from: Option<i64>,
    /// Before this time (ms, exclusive).
    pub to: Option<i64>,
}

impl Window {
    pub fn parse(
        lang: Lang,
        cursor: Option<&str>,
        limit: Option<&str>,
        from: Option<&str>,
        to: Option<&str>,
    ) -> Result<Self, ApiError> {
        let time = |field, value| {
            whole_number_param(lang, field, value, 0, i64::MAX as u64).map(|t| t.map(|t| t as i64))
        };
        Ok(Self {
            cursor: Cursor::parse(lang, cursor)?,
            limit: whole_number_param(lang, "limit", limit, 1, MAX_LIMIT)?.unwrap_or(DEFAULT_LIMIT),
            from: time("from", from)?,
            to: time("to", to)?,
        })
    }

    /// `query` limited to the window, newest first, one row more than a page (to tell
    /// whether another follows).
    pub fn apply<E: EntityTrait>(
        &self,
        query: Select<E>,
        created_at: E::Column,
        id: E::Column,
    ) -> Select<E> {
        let mut query = query;
        if let Some(from) = self.from {
            query = query.filter(created_at.gte(from));
        }
        if let Some(to) = self.to {
            query = query.filter(created_at.lt(to));
        }
        if let Some(cursor) = self.cursor {
            query = query.filter(Expr::tuple([Expr::col(created_at), Expr::col(id)]).lt(
                Expr::tuple([Expr::val(cursor.created_at), Expr::val(cursor.id)]),
            ));
        }
        query
            .order_by_desc(created_at)
            .order_by_desc(id)
            .limit(self.limit + 1)
    }

    /// The page of `rows` (fetched by [`apply`](Self::apply)), `position` naming each row's
    /// cursor.
    pub fn page<R, T: Serialize>(
        &self,
        mut rows: Vec<R>,
        position: impl Fn(&R) -> Cursor,
        view: impl FnMut(R) -> T,
    ) -> KeysetPage<T> {
        let more = rows.len() as u64 > self.limit;
        rows.truncate(self.limit as usize);
        let next_cursor = more
            .then(|| rows.last().map(|row| position(row).encode()))
            .flatten();
        KeysetPage {
            items: rows.into_iter().map(view).collect(),
            next_cursor,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_reads_back_what_it_wrote() {
        let cursor = Cursor {
            created_at: 1_764_000_000_000,
            id: 42,
        };
        assert_eq!(
            Cursor::parse(Lang::En, Some(&cursor.encode())).unwrap(),
            Some(cursor)
        );
        assert_eq!(Cursor::parse(Lang::En, Some(" ")).unwrap(), None);
    }

    #[test]
    fn a_malformed_cursor_is_refused_by_name() {
        for raw in ["abc", "12", "12_x", "_3"] {
            match Cursor::parse(Lang::En, Some(raw)) {
                Err(ApiError::Validation { fields, .. }) => assert!(fields.contains_key("cursor")),
                other => panic!("{raw}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_page_has_a_next_cursor_only_when_more_rows_follow() {
        let window = Window::parse(Lang::En, None, Some("2"), None, None).unwrap();
        let at = |&(t, id): &(i64, i64)| Cursor { created_at: t, id };
        let full = window.page(vec![(3, 3), (2, 2), (1, 1)], at, |r| r.1);
        assert_eq!(full.items, vec![3, 2]);
        assert_eq!(full.next_cursor.as_deref(), Some("2_2"));
        let last = window.page(vec![(3, 3), (2, 2)], at, |r| r.1);
        assert_eq!(last.next_cursor, None);
    }
}
