//! The console's first page: the catalogue by state, new listeners and listening over the last
//! day and week, storage used, recent changes (a book named by its title) and what needs attention, all read from the
//! database when asked.
use std::collections::HashMap;

use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use serde::Serialize;
use tingshu_core::Lang;

use super::now_ms;
use crate::{
    books,
    entities::{asset, audit_log, book, chapter, play_progress, upload, user},
    error::ApiResult,
    uploads::view::UploadStatus,
};

const DAY_MS: i64 = 86_400_000;
/// How many recent changes the page lists.
const RECENT_CHANGES: u64 = 10;

/// A count over the last day and the last seven days.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Recent {
    pub last24h: u64,
    pub last7d: u64,
}

/// One change of the audit log.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecentChange {
    pub id: i32,
    pub action: String,
    pub entity: String,
    pub entity_id: String,
    /// For a change to a book that still exists: its title in the request's language (zh
    /// when it has none there); absent otherwise, and the record is named by its id.
    pub book_title: Option<String>,
    pub actor_name: String,
    pub created_at: i64,
}

/// The dashboard's figures.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Dashboard {
    pub books: u64,
    pub published_books: u64,
    pub chapters: u64,
    pub published_chapters: u64,
    /// Chapters without an audio file (they cannot be played).
    pub chapters_without_audio: u64,
    pub users: u64,
    pub new_users: Recent,
    /// Chapters listened to: listeners' saved places changed in the window.
    pub plays: Recent,
    pub stored_files: u64,
    pub stored_bytes: i64,
    /// Uploads that failed in the last seven days.
    pub failed_uploads: u64,
    pub recent_changes: Vec<RecentChange>,
    pub generated_at: i64,
}

pub async fn figures(db: &impl ConnectionTrait, lang: Lang) -> ApiResult<Dashboard> {
    let now = now_ms();
    let (day, week) = (now - DAY_MS, now - 7 * DAY_MS);
    let books = book::Entity::find().count(db).await?;
    let published_books = book::Entity::find()
        .filter(book::Column::Published.eq(true))
        .count(db)
        .await?;
    let chapters = chapter::Entity::find().count(db).await?;
    let published_chapters = chapter::Entity::find()
        .filter(chapter::Column::Published.eq(true))
        .count(db)
        .await?;
    let chapters_without_audio = chapter::Entity::find()
        .filter(chapter::Column::AssetId.is_null())
        .count(db)
        .await?;
    let users = user::Entity::find().count(db).await?;
    let joined = |since: i64| user::Entity::find().filter(user::Column::CreatedAt.gte(since));
    let played = |since: i64| {
        play_progress::Entity::find().filter(play_progress::Column::UpdatedAt.gte(since))
    };
    let stored: Option<(i64, Option<i64>)> = asset::Entity::find()
        .select_only()
        .column_as(asset::Column::Id.count(), "count")
        .column_as(super::storage::total_bytes(), "bytes")
        .into_tuple()
        .one(db)
        .await?;
    let (stored_files, stored_bytes) = stored.map_or((0, 0), |(count, bytes)| {
        (count.max(0) as u64, bytes.unwrap_or(0))
    });
    let failed_uploads = upload::Entity::find()
        .filter(upload::Column::Status.eq(UploadStatus::Failed.as_str()))
        .filter(upload::Column::UpdatedAt.gte(week))
        .count(db)
        .await?;
    let changes = audit_log::Entity::find()
        .order_by_desc(audit_log::Column::Id)
        .limit(RECENT_CHANGES)
        .all(db)
        .await?;
    let titles = book_titles(db, &changes, lang).await?;
    let recent_changes = changes
        .into_iter()
        .map(|row| RecentChange {
            id: row.id,
            book_title: book_id_of(&row).and_then(|id| titles.get(&id).cloned()),
            action: row.action,
            entity: row.entity,
            entity_id: row.entity_id,
            actor_name: row.actor_name,
            created_at: row.created_at,
        })
        .collect();
    Ok(Dashboard {
        books,
        published_books,
        chapters,
        published_chapters,
        chapters_without_audio,
        users,
        new_users: Recent {
            last24h: joined(day).count(db).await?,
            last7d: joined(week).count(db).await?,
        },
        plays: Recent {
            last24h: played(day).count(db).await?,
            last7d: played(week).count(db).await?,
        },
        stored_files,
        stored_bytes,
        failed_uploads,
        recent_changes,
        generated_at: now,
    })
}

/// The book a change of the audit log is about, if it is about a book.
fn book_id_of(row: &audit_log::Model) -> Option<i32> {
    (row.entity == "book").then(|| row.entity_id.parse().ok())?
}

/// The titles in `lang` (zh when missing there) of the books that `changes` are about and
/// that still exist, by id.
async fn book_titles(
    db: &impl ConnectionTrait,
    changes: &[audit_log::Model],
    lang: Lang,
) -> Result<HashMap<i32, String>, DbErr> {
    let ids: Vec<i32> = changes.iter().filter_map(book_id_of).collect();
    Ok(books::repository::book_titles(db, &ids)
        .await?
        .into_iter()
        .map(|(id, titles)| (id, books::local_title(lang, &titles).title))
        .collect())
}
