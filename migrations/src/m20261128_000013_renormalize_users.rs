//! Usernames compare by their look-alike skeleton (issue 26: `ｄｅｍｏ-admin` and `demo-admіn`
//! were accepted beside `demo-admin`): every account's `username_normalized` becomes the core's
//! `normalize_username` of its name, and the column becomes unbounded text, since a skeleton
//! of 20 characters can be longer than the old 64 (`ﷺ` alone gives 18, a hangul syllable 7).
//!
//! Two existing accounts may now be one name. The migration never fails on that: the older
//! account (lower id) keeps the skeleton; each later one keeps its username, and its
//! normalized form becomes `<skeleton>#<id>`, which no name can produce (no skeleton holds
//! `#`). Such an account is not found by its username at sign-in until it is renamed; it
//! still signs in by email, and the administrator sees it under its own name.
use std::collections::{HashMap, HashSet};

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};
use tingshu_core::auth::account::normalize_username;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    Username,
    UsernameNormalized,
}

/// An account as the migration reads it: id, username, normalized form now.
type Row = (i32, String, String);

/// The new normalized form of each account, oldest first: its skeleton, or
/// `<skeleton>#<id>` when an older account already has that skeleton.
fn skeletons(rows: &[Row]) -> Vec<(i32, String)> {
    let mut ordered: Vec<&Row> = rows.iter().collect();
    ordered.sort_by_key(|(id, _, _)| *id);
    let mut taken = HashSet::new();
    ordered
        .into_iter()
        .map(|(id, username, _)| {
            let skeleton = normalize_username(username);
            if taken.insert(skeleton.clone()) {
                (*id, skeleton)
            } else {
                (*id, format!("{skeleton}#{id}"))
            }
        })
        .collect()
}

/// The old form: trimmed and lower-cased. Unique, since two names with one lower-case form
/// have one skeleton too.
fn lower_cased(rows: &[Row]) -> Vec<(i32, String)> {
    rows.iter()
        .map(|(id, username, _)| (*id, username.trim().to_lowercase()))
        .collect()
}

async fn users(manager: &SchemaManager<'_>) -> Result<Vec<Row>, DbErr> {
    let query = Query::select()
        .columns([Users::Id, Users::Username, Users::UsernameNormalized])
        .from(Users::Table)
        .to_owned();
    manager
        .get_connection()
        .query_all(&query)
        .await?
        .iter()
        .map(|row| {
            Ok((
                row.try_get("", "id")?,
                row.try_get("", "username")?,
                row.try_get("", "username_normalized")?,
            ))
        })
        .collect()
}

/// Writes the rows whose form changes: first each to `#<id>`, a value no final form takes,
/// so that no update meets a value another row still holds under the unique index.
async fn write(
    manager: &SchemaManager<'_>,
    rows: &[Row],
    wanted: Vec<(i32, String)>,
) -> Result<(), DbErr> {
    let now: HashMap<i32, &str> = rows
        .iter()
        .map(|(id, _, form)| (*id, form.as_str()))
        .collect();
    let changed: Vec<(i32, String)> = wanted
        .into_iter()
        .filter(|(id, form)| now.get(id) != Some(&form.as_str()))
        .collect();
    let db = manager.get_connection();
    for pass in [true, false] {
        for (id, form) in &changed {
            let value = if pass { format!("#{id}") } else { form.clone() };
            let update = Query::update()
                .table(Users::Table)
                .value(Users::UsernameNormalized, value)
                .and_where(Expr::col(Users::Id).eq(*id))
                .to_owned();
            db.execute(&update).await?;
        }
    }
    Ok(())
}

/// The column's type: unbounded text, or the old `varchar(64)`. SQLite does not enforce a
/// length (and cannot alter a column), so only PostgreSQL changes.
async fn column_type(manager: &SchemaManager<'_>, unbounded: bool) -> Result<(), DbErr> {
    if manager.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(());
    }
    let mut column = ColumnDef::new(Users::UsernameNormalized);
    if unbounded {
        column.text();
    } else {
        column.string_len(64);
    }
    manager
        .alter_table(
            Table::alter()
                .table(Users::Table)
                .modify_column(column.not_null())
                .to_owned(),
        )
        .await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        column_type(manager, true).await?;
        let rows = users(manager).await?;
        write(manager, &rows, skeletons(&rows)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let rows = users(manager).await?;
        write(manager, &rows, lower_cased(&rows)).await?;
        column_type(manager, false).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: i32, username: &str) -> Row {
        (id, username.to_owned(), username.to_lowercase())
    }

    #[test]
    fn the_older_of_two_look_alikes_keeps_the_skeleton() {
        let rows = [
            row(7, "demo-admіn"),
            row(3, "demo-admin"),
            row(9, "ｄｅｍｏ-admin"),
            row(4, "小明明"),
        ];
        assert_eq!(
            skeletons(&rows),
            [
                (3, "derno-adrnin".to_owned()),
                (4, "小明明".to_owned()),
                (7, "derno-adrnin#7".to_owned()),
                (9, "derno-adrnin#9".to_owned()),
            ]
        );
        assert_eq!(lower_cased(&rows)[2], (9, "ｄｅｍｏ-admin".to_owned()));
    }
}
