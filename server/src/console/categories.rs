//! The console's categories: the whole tree with each category's book count, creation,
//! changes (never under itself) and deletion, which moves the books it holds first: a
//! category that still holds books is not deleted without somewhere to move them.
use std::collections::HashMap;

use sea_orm::{
    sea_query::{Expr, ExprTrait},
    ActiveModelTrait,
    ActiveValue::Set,
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use tingshu_core::{
    catalog::edit::{validate_category, CategoryFields, CategoryValidation, ValidateCategoryInput},
    i18n::texts::{text, text_with},
    Lang,
};

use super::{
    audit::{self, Actor, Change},
    catalogue_changed, is_unique_violation, now_ms,
    view::AdminCategory,
};
use crate::{
    console::Console,
    entities::{book, category},
    error::{ApiError, ApiResult, Missing},
};

/// Every category, in sort order, with how many books each holds directly.
pub async fn list(db: &impl ConnectionTrait) -> ApiResult<Vec<AdminCategory>> {
    let counts: HashMap<i32, i64> = book::Entity::find()
        .select_only()
        .column(book::Column::CategoryId)
        .column_as(Expr::col(book::Column::Id).count(), "n")
        .group_by(book::Column::CategoryId)
        .into_tuple::<(i32, i64)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let rows = category::Entity::find()
        .order_by_asc(category::Column::SortOrder)
        .order_by_asc(category::Column::Id)
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|c| view(c, &counts)).collect())
}

fn view(c: category::Model, counts: &HashMap<i32, i64>) -> AdminCategory {
    AdminCategory {
        book_count: counts
            .get(&c.id)
            .and_then(|n| u64::try_from(*n).ok())
            .unwrap_or(0),
        id: c.id,
        slug: c.slug,
        name_zh: c.name_zh,
        name_en: c.name_en,
        name_ja: c.name_ja,
        parent_id: c.parent_id,
        sort_order: c.sort_order,
        created_at: c.created_at,
    }
}

async fn read(db: &impl ConnectionTrait, id: i32) -> Result<Option<AdminCategory>, DbErr> {
    let Some(found) = category::Entity::find_by_id(id).one(db).await? else {
        return Ok(None);
    };
    let count = book::Entity::find()
        .filter(book::Column::CategoryId.eq(id))
        .count(db)
        .await?;
    let counts = HashMap::from([(id, count as i64)]);
    Ok(Some(view(found, &counts)))
}

fn checked(mut input: ValidateCategoryInput, lang: Lang) -> ApiResult<CategoryFields> {
    input.lang = lang;
    match validate_category(input) {
        CategoryValidation::Valid { category } => Ok(category),
        CategoryValidation::Invalid { errors } => Err(ApiError::invalid_form(&errors, lang)),
    }
}

/// 409 on `slug` when another category uses it.
fn slug_taken(slug: &str, lang: Lang) -> ApiError {
    ApiError::Conflict {
        code: "already_taken",
        message: text_with(lang, "api.console.slugTaken", &[("slug", slug)]),
        fields: [(
            "slug".to_owned(),
            text(lang, "api.console.slugTakenField").to_owned(),
        )]
        .into(),
    }
}

/// A unique violation (two editors took one slug at once) as that 409; anything else as is.
fn slug_conflict(error: DbErr, slug: &str, lang: Lang) -> ApiError {
    if is_unique_violation(&error) {
        slug_taken(slug, lang)
    } else {
        error.into()
    }
}

/// Checks the parent exists and, for category `id`, is neither it nor below it.
async fn ensure_parent(
    db: &impl ConnectionTrait,
    parent_id: Option<i32>,
    id: Option<i32>,
    lang: Lang,
) -> ApiResult<()> {
    let Some(mut current) = parent_id else {
        return Ok(());
    };
    let all: HashMap<i32, Option<i32>> = category::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.id, c.parent_id))
        .collect();
    if !all.contains_key(&current) {
        let message = text(lang, "api.console.noSuchCategory").to_owned();
        return Err(ApiError::invalid_field("parentId", message, lang));
    }
    // Walk up from the new parent: meeting `id` means a loop. The walk is bounded by the
    // number of categories, so a loop already in the data cannot hang it.
    for _ in 0..=all.len() {
        if Some(current) == id {
            let message = text(lang, "api.console.parentLoop").to_owned();
            return Err(ApiError::invalid_field("parentId", message, lang));
        }
        match all.get(&current).copied().flatten() {
            Some(parent) => current = parent,
            None => break,
        }
    }
    Ok(())
}

/// 409 when another category than `id` already uses `slug`.
async fn ensure_slug_free(
    db: &impl ConnectionTrait,
    slug: &str,
    id: Option<i32>,
    lang: Lang,
) -> ApiResult<()> {
    let mut query = category::Entity::find().filter(category::Column::Slug.eq(slug));
    if let Some(id) = id {
        query = query.filter(category::Column::Id.ne(id));
    }
    if query.one(db).await?.is_some() {
        return Err(slug_taken(slug, lang));
    }
    Ok(())
}

/// The columns the form sets.
fn row(fields: &CategoryFields) -> category::ActiveModel {
    category::ActiveModel {
        slug: Set(fields.slug.clone()),
        name_zh: Set(fields.name_zh.clone()),
        name_en: Set(fields.name_en.clone()),
        name_ja: Set(fields.name_ja.clone()),
        parent_id: Set(fields.parent_id),
        sort_order: Set(fields.sort_order),
        ..Default::default()
    }
}

fn as_json(category: &AdminCategory) -> serde_json::Value {
    serde_json::to_value(category).unwrap_or_default()
}

/// Creates a category from the form.
pub async fn create(
    console: &Console,
    actor: &Actor,
    input: ValidateCategoryInput,
    lang: Lang,
) -> ApiResult<AdminCategory> {
    let fields = checked(input, lang)?;
    let now = now_ms();
    let txn = console.db.begin_write().await?;
    ensure_parent(&txn, fields.parent_id, None, lang).await?;
    ensure_slug_free(&txn, &fields.slug, None, lang).await?;
    let id = category::ActiveModel {
        created_at: Set(now),
        ..row(&fields)
    }
    .insert(&txn)
    .await
    .map_err(|e| slug_conflict(e, &fields.slug, lang))?
    .id;
    let created = read(&txn, id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Category(id)))?;
    let change = Change {
        action: "category.create",
        entity: "category",
        entity_id: id,
        before: None,
        after: Some(as_json(&created)),
    };
    audit::record(&txn, actor, change, now).await?;
    txn.commit().await?;
    catalogue_changed(console, &[]).await;
    Ok(created)
}

/// Changes category `id` to the form.
pub async fn update(
    console: &Console,
    actor: &Actor,
    id: i32,
    input: ValidateCategoryInput,
    lang: Lang,
) -> ApiResult<AdminCategory> {
    let fields = checked(input, lang)?;
    let now = now_ms();
    let txn = console.db.begin_write().await?;
    let before = read(&txn, id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Category(id)))?;
    ensure_parent(&txn, fields.parent_id, Some(id), lang).await?;
    ensure_slug_free(&txn, &fields.slug, Some(id), lang).await?;
    category::ActiveModel {
        id: sea_orm::ActiveValue::Unchanged(id),
        ..row(&fields)
    }
    .update(&txn)
    .await
    .map_err(|e| slug_conflict(e, &fields.slug, lang))?;
    let after = read(&txn, id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Category(id)))?;
    let change = Change {
        action: "category.update",
        entity: "category",
        entity_id: id,
        before: Some(as_json(&before)),
        after: Some(as_json(&after)),
    };
    audit::record(&txn, actor, change, now).await?;
    txn.commit().await?;
    catalogue_changed(console, &[]).await;
    Ok(after)
}

/// Deletes category `id`. Its books move to `move_to` first (required when it holds any:
/// 409 `category_not_empty` otherwise); its subcategories move to the top level.
pub async fn delete(
    console: &Console,
    actor: &Actor,
    id: i32,
    move_to: Option<i32>,
    lang: Lang,
) -> ApiResult<()> {
    let now = now_ms();
    let txn = console.db.begin_write().await?;
    // On PostgreSQL the row lock makes a concurrent book insert into this category wait and
    // then fail, rather than be deleted by the cascade (SQLite's write lock already does).
    category::Entity::find_by_id(id)
        .lock_exclusive()
        .one(&txn)
        .await?;
    let before = read(&txn, id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Category(id)))?;
    let book_ids: Vec<i32> = book::Entity::find()
        .select_only()
        .column(book::Column::Id)
        .filter(book::Column::CategoryId.eq(id))
        .into_tuple()
        .all(&txn)
        .await?;
    if !book_ids.is_empty() {
        let Some(target) = move_to else {
            return Err(ApiError::Conflict {
                code: "category_not_empty",
                message: text_with(
                    lang,
                    "api.console.categoryNotEmpty",
                    &[("count", &book_ids.len().to_string())],
                ),
                fields: [(
                    "moveTo".to_owned(),
                    text(lang, "api.console.moveToField").to_owned(),
                )]
                .into(),
            });
        };
        if target == id {
            let message = text(lang, "api.console.moveToSelf").to_owned();
            return Err(ApiError::invalid_field("moveTo", message, lang));
        }
        if category::Entity::find_by_id(target)
            .one(&txn)
            .await?
            .is_none()
        {
            let message = text(lang, "api.console.noSuchCategory").to_owned();
            return Err(ApiError::invalid_field("moveTo", message, lang));
        }
        book::Entity::update_many()
            .col_expr(book::Column::CategoryId, Expr::value(target))
            .col_expr(book::Column::UpdatedAt, Expr::value(now))
            .filter(book::Column::CategoryId.eq(id))
            .exec(&txn)
            .await?;
        let change = Change {
            action: "category.moveBooks",
            entity: "category",
            entity_id: id,
            before: Some(serde_json::json!({ "categoryId": id, "bookIds": book_ids })),
            after: Some(serde_json::json!({ "categoryId": target, "bookIds": book_ids })),
        };
        audit::record(&txn, actor, change, now).await?;
    }
    category::Entity::delete_by_id(id).exec(&txn).await?;
    let change = Change {
        action: "category.delete",
        entity: "category",
        entity_id: id,
        before: Some(as_json(&before)),
        after: None,
    };
    audit::record(&txn, actor, change, now).await?;
    txn.commit().await?;
    catalogue_changed(console, &book_ids).await;
    Ok(())
}
