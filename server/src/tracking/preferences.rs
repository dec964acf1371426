//! A listener's explicit preferences: read, saved (one per type and key, the latest wins)
//! after core's `validatePreference`, and the weighted picks recommendations start from.
use sea_orm::{
    sea_query::OnConflict, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder,
};
use serde::Serialize;
use tingshu_core::{
    spelling::Spelling,
    tracking::preference::{
        validate_preference, PreferenceSource, PreferenceValidation, ValidatePreferenceInput,
    },
    validation::{FieldError, FieldRule},
    Lang,
};

use crate::{
    db::{spelled::spelled, Db},
    entities::{category, user_preference},
    error::{ApiError, ApiResult},
};

/// Most preferences one listener keeps.
pub const PREFERENCES_MAX: u64 = 200;

/// One preference as the API answers it (spec §3 names).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreferenceView {
    pub preference_type: String,
    pub preference_key: String,
    pub preference_value: String,
    pub weight: f64,
    pub source: PreferenceSource,
    /// When it was last saved, ms since the epoch.
    pub updated_at: i64,
}

/// The listener's preferences, heaviest first.
pub async fn list(db: &impl ConnectionTrait, user_id: i32) -> ApiResult<Vec<PreferenceView>> {
    let rows = user_preference::Entity::find()
        .filter(user_preference::Column::UserId.eq(user_id))
        .order_by_desc(user_preference::Column::Weight)
        .order_by_asc(user_preference::Column::Id)
        .all(db)
        .await?;
    rows.into_iter()
        .map(|row| {
            let name = format!("user_preference {}", row.id);
            Ok(PreferenceView {
                source: spelled(&name, "source", &row.source)?,
                preference_type: row.preference_type,
                preference_key: row.preference_key,
                preference_value: row.preference_value,
                weight: row.weight,
                updated_at: row.updated_at,
            })
        })
        .collect::<Result<_, sea_orm::DbErr>>()
        .map_err(Into::into)
}

/// Saves a preference (400 naming every bad field; the same type and key replace the
/// earlier one; a new one beyond [`PREFERENCES_MAX`] is refused) and answers it.
pub async fn save(
    db: &Db,
    user_id: i32,
    mut input: ValidatePreferenceInput,
    lang: Lang,
    now_ms: i64,
) -> ApiResult<PreferenceView> {
    input.lang = lang;
    let fields = match validate_preference(input) {
        PreferenceValidation::Valid { preference } => preference,
        PreferenceValidation::Invalid { errors } => {
            return Err(ApiError::invalid_form(&errors, lang))
        }
    };
    use user_preference::Column as C;
    let txn = db.begin_write().await?;
    let exists = user_preference::Entity::find()
        .filter(C::UserId.eq(user_id))
        .filter(C::PreferenceType.eq(&fields.preference_type))
        .filter(C::PreferenceKey.eq(&fields.preference_key))
        .count(&txn)
        .await?
        > 0;
    if !exists {
        let held = user_preference::Entity::find()
            .filter(C::UserId.eq(user_id))
            .count(&txn)
            .await?;
        if held >= PREFERENCES_MAX {
            let max = PREFERENCES_MAX as usize;
            let error = FieldError::new("preferenceKey", FieldRule::TooMany { max }, lang);
            return Err(ApiError::invalid_form(&[error], lang));
        }
    }
    let row = user_preference::ActiveModel {
        user_id: Set(user_id),
        preference_type: Set(fields.preference_type.clone()),
        preference_key: Set(fields.preference_key.clone()),
        preference_value: Set(fields.preference_value.clone()),
        weight: Set(fields.weight),
        source: Set(fields.source.as_str().to_owned()),
        updated_at: Set(now_ms),
        ..Default::default()
    };
    user_preference::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([C::UserId, C::PreferenceType, C::PreferenceKey])
                .update_columns([C::PreferenceValue, C::Weight, C::Source, C::UpdatedAt])
                .to_owned(),
        )
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(PreferenceView {
        preference_type: fields.preference_type,
        preference_key: fields.preference_key,
        preference_value: fields.preference_value,
        weight: fields.weight,
        source: fields.source,
        updated_at: now_ms,
    })
}

/// What a preference that moves recommendations is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preferred {
    Category(i32),
    Author(i32),
    Narrator(i32),
}

/// The listener's preferences that move recommendations, heaviest first: `category` (by id
/// or slug), `author` and `narrator` (by id), with a weight above 0.
pub async fn preferred(db: &impl ConnectionTrait, user_id: i32) -> ApiResult<Vec<Preferred>> {
    use user_preference::Column as C;
    let rows = user_preference::Entity::find()
        .filter(C::UserId.eq(user_id))
        .filter(C::PreferenceType.is_in(["category", "author", "narrator"]))
        .filter(C::Weight.gt(0.0))
        .order_by_desc(C::Weight)
        .order_by_desc(C::UpdatedAt)
        .all(db)
        .await?;
    let slugs: Vec<&str> = rows
        .iter()
        .filter(|r| r.preference_type == "category" && r.preference_key.parse::<i32>().is_err())
        .map(|r| r.preference_key.as_str())
        .collect();
    let by_slug: Vec<(i32, String)> = if slugs.is_empty() {
        Vec::new()
    } else {
        category::Entity::find()
            .filter(category::Column::Slug.is_in(slugs))
            .all(db)
            .await?
            .into_iter()
            .map(|c| (c.id, c.slug))
            .collect()
    };
    Ok(rows
        .iter()
        .filter_map(|row| {
            let id = row.preference_key.parse::<i32>().ok();
            match row.preference_type.as_str() {
                "category" => id
                    .or_else(|| {
                        by_slug
                            .iter()
                            .find(|(_, slug)| *slug == row.preference_key)
                            .map(|(id, _)| *id)
                    })
                    .map(Preferred::Category),
                "author" => id.map(Preferred::Author),
                "narrator" => id.map(Preferred::Narrator),
                _ => None,
            }
        })
        .collect())
}
