//! Reading the access log: raw requests filtered by user, address, method, route, status
//! (a code or a class) and time, newest first by keyset; and the daily rollups.
use std::collections::HashMap;

use sea_orm::{
    sea_query::{Expr, ExprTrait},
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
};
use serde::Serialize;
use tingshu_core::{validation::FieldRule, Lang};

use super::keyset::{Cursor, KeysetPage, Window};
use crate::{
    entities::{access_log, access_log_daily, user},
    error::ApiError,
    paging::{param_error, Page, Paging},
};

/// The methods the method filter accepts.
pub const METHODS: [&str; 7] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/// A status filter: one code (`404`) or a class (`5xx`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusFilter {
    Code(i32),
    /// The hundreds digit: 5 for `5xx`.
    Class(i32),
}

/// The `status` filters [`StatusFilter::parse`] takes, for the API document: a code from 100
/// to 599 or a class `1xx` to `5xx` (the parser also trims and ignores case).
pub const STATUS_PATTERN: &str = "^([1-5][0-9][0-9]|[1-5][xX][xX])$";

impl StatusFilter {
    /// `?status=`: `1xx` to `5xx`, or a code from 100 to 599; absent or blank is `None`.
    pub fn parse(lang: Lang, raw: Option<&str>) -> Result<Option<Self>, ApiError> {
        let Some(raw) = raw.map(str::trim).filter(|raw| !raw.is_empty()) else {
            return Ok(None);
        };
        let refused = || {
            param_error(
                lang,
                "status",
                FieldRule::Format {
                    format: "status".into(),
                },
            )
        };
        let lower = raw.to_ascii_lowercase();
        if let Some(class) = lower.strip_suffix("xx") {
            return match class.parse::<i32>() {
                Ok(class @ 1..=5) => Ok(Some(Self::Class(class))),
                _ => Err(refused()),
            };
        }
        match raw.parse::<i32>() {
            Ok(code @ 100..=599) => Ok(Some(Self::Code(code))),
            _ => Err(refused()),
        }
    }
}

/// What to show of the access log.
#[derive(Debug, Clone, Default)]
pub struct AccessFilter {
    pub user_id: Option<i32>,
    pub ip: Option<String>,
    pub method: Option<String>,
    pub route: Option<String>,
    pub status: Option<StatusFilter>,
}

/// One request as the console shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccessEntry {
    pub id: i64,
    pub created_at: i64,
    pub user_id: Option<i32>,
    /// The user's name now (absent for a guest or a deleted account).
    pub username: Option<String>,
    pub ip: Option<String>,
    pub method: String,
    /// The matched route pattern (`/api/books/{id}`); `(page)` for a page, `/api/*` for none.
    pub route: String,
    pub status: i32,
    pub latency_ms: i32,
    pub bytes: i64,
}

/// The id of the user named `name` (by username), if any.
pub async fn user_named(db: &impl ConnectionTrait, name: &str) -> Result<Option<i32>, DbErr> {
    user::Entity::find()
        .filter(user::Column::Username.eq(name))
        .one(db)
        .await
        .map(|found| found.map(|u| u.id))
}

/// A page of the access log under `filter`.
pub async fn list(
    db: &impl ConnectionTrait,
    filter: &AccessFilter,
    window: &Window,
) -> Result<KeysetPage<AccessEntry>, DbErr> {
    use access_log::Column as C;
    let mut query = access_log::Entity::find();
    if let Some(user_id) = filter.user_id {
        query = query.filter(C::UserId.eq(user_id));
    }
    if let Some(ip) = &filter.ip {
        query = query.filter(C::Ip.eq(ip));
    }
    if let Some(method) = &filter.method {
        query = query.filter(C::Method.eq(method));
    }
    if let Some(route) = &filter.route {
        query = query.filter(C::Route.eq(route));
    }
    query = match filter.status {
        Some(StatusFilter::Code(code)) => query.filter(C::Status.eq(code)),
        // As written, so the expression index `idx_access_log_status_class` serves it.
        Some(StatusFilter::Class(class)) => query.filter(ExprTrait::eq(
            ExprTrait::div(Expr::col(C::Status), 100),
            class,
        )),
        None => query,
    };
    let rows = window.apply(query, C::CreatedAt, C::Id).all(db).await?;
    let ids: Vec<i32> = rows.iter().filter_map(|r| r.user_id).collect();
    let names: HashMap<i32, String> = if ids.is_empty() {
        HashMap::new()
    } else {
        user::Entity::find()
            .filter(user::Column::Id.is_in(ids))
            .all(db)
            .await?
            .into_iter()
            .map(|u| (u.id, u.username))
            .collect()
    };
    Ok(window.page(
        rows,
        |row| Cursor {
            created_at: row.created_at,
            id: row.id,
        },
        |row| AccessEntry {
            username: row.user_id.and_then(|id| names.get(&id).cloned()),
            id: row.id,
            created_at: row.created_at,
            user_id: row.user_id,
            ip: row.ip,
            method: row.method,
            route: row.route,
            status: row.status,
            latency_ms: row.latency_ms,
            bytes: row.bytes,
        },
    ))
}

/// One day, method and route of the rollup.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DailyEntry {
    /// `YYYY-MM-DD` (UTC).
    pub day: String,
    pub method: String,
    pub route: String,
    pub requests: i64,
    pub client_errors: i64,
    pub server_errors: i64,
    /// Mean latency in ms (total over requests, rounded down).
    pub mean_latency_ms: i64,
    pub bytes: i64,
}

/// What to show of the rollups.
#[derive(Debug, Clone, Default)]
pub struct DailyFilter {
    /// From this day on (`YYYY-MM-DD`, inclusive).
    pub from: Option<String>,
    /// Up to this day (inclusive).
    pub to: Option<String>,
    pub route: Option<String>,
}

/// `?from`/`?to` of the rollups: a `YYYY-MM-DD` date; absent or blank is `None`.
pub fn day_param(lang: Lang, field: &str, raw: Option<&str>) -> Result<Option<String>, ApiError> {
    let Some(raw) = raw.map(str::trim).filter(|raw| !raw.is_empty()) else {
        return Ok(None);
    };
    chrono::NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .map(|date| Some(date.format("%Y-%m-%d").to_string()))
        .map_err(|_| {
            param_error(
                lang,
                field,
                FieldRule::Format {
                    format: "date".into(),
                },
            )
        })
}

/// A page of the rollups under `filter`, the latest day first, then the busiest route.
pub async fn daily(
    db: &impl ConnectionTrait,
    filter: &DailyFilter,
    paging: Paging,
) -> Result<Page<DailyEntry>, DbErr> {
    use access_log_daily::Column as D;
    let mut query = access_log_daily::Entity::find();
    if let Some(from) = &filter.from {
        query = query.filter(D::Day.gte(from));
    }
    if let Some(to) = &filter.to {
        query = query.filter(D::Day.lte(to));
    }
    if let Some(route) = &filter.route {
        query = query.filter(D::Route.eq(route));
    }
    let query = query
        .order_by_desc(D::Day)
        .order_by_desc(D::Requests)
        .order_by_asc(D::Route)
        .order_by_asc(D::Method);
    let total = query.clone().count(db).await?;
    let rows = query
        .paginate(db, paging.page_size)
        .fetch_page(paging.page - 1)
        .await?;
    let items = rows
        .into_iter()
        .map(|row| DailyEntry {
            mean_latency_ms: row.total_latency_ms / Ord::max(row.requests, 1),
            day: row.day,
            method: row.method,
            route: row.route,
            requests: row.requests,
            client_errors: row.client_errors,
            server_errors: row.server_errors,
            bytes: row.bytes,
        })
        .collect();
    Ok(Page::new(items, total, paging))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_is_a_code_or_a_class() {
        let parse = |raw| StatusFilter::parse(Lang::En, Some(raw));
        assert_eq!(parse("404").unwrap(), Some(StatusFilter::Code(404)));
        assert_eq!(parse("5xx").unwrap(), Some(StatusFilter::Class(5)));
        assert_eq!(parse("2XX").unwrap(), Some(StatusFilter::Class(2)));
        for bad in ["99", "600", "6xx", "x", "0xx"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_day_is_an_iso_date() {
        assert_eq!(
            day_param(Lang::En, "from", Some("2026-11-28")).unwrap(),
            Some("2026-11-28".into())
        );
        assert!(day_param(Lang::En, "from", Some("28/11/2026")).is_err());
        assert_eq!(day_param(Lang::En, "from", None).unwrap(), None);
    }
}
