//! The console's forms for a book and a category, checked field by field.
//!
//! Every rule reports every broken field at once (the first rule each field breaks) with its
//! message in the input's `lang`. Texts are trimmed and a blank optional text is absent;
//! lengths count characters, never bytes. Numbers arrive as JSON numbers and must be whole.
use serde::{Deserialize, Serialize};

use super::access::BookAccess;
use super::book::BookStatus;
use crate::spelling::Spelling;
use crate::validation::{FieldError, FieldRule};
use crate::Lang;

/// Most characters of a title or subtitle, in any language.
pub const TITLE_MAX_CHARS: usize = 200;
/// Most characters of a description, in any language.
pub const DESCRIPTION_MAX_CHARS: usize = 20_000;
/// Most characters of an author's or narrator's name.
pub const PERSON_MAX_CHARS: usize = 100;
/// Most characters of one tag.
pub const TAG_MAX_CHARS: usize = 30;
/// Most tags on one book.
pub const TAGS_MAX: usize = 20;
/// The highest price, in minor units (a million yuan or dollars; a hundred million yen).
pub const PRICE_MAX_MINOR: usize = 100_000_000;
/// Most characters of a category's name, in any language.
pub const CATEGORY_NAME_MAX_CHARS: usize = 50;
/// Most characters of a category's slug.
pub const SLUG_MAX_CHARS: usize = 60;
/// The highest sort position of a category.
pub const SORT_ORDER_MAX: usize = 100_000;
/// The highest record id a form may name.
pub(crate) const ID_MAX: usize = i32::MAX as usize;

/// Input of `validateBook`: the book form as typed.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ValidateBookInput {
    pub title_zh: Option<String>,
    pub title_en: Option<String>,
    pub title_ja: Option<String>,
    pub subtitle_zh: Option<String>,
    pub subtitle_en: Option<String>,
    pub subtitle_ja: Option<String>,
    pub description_zh: Option<String>,
    pub description_en: Option<String>,
    pub description_ja: Option<String>,
    /// The author's name (an existing author by that name is reused).
    pub author: Option<String>,
    /// The author's name in English and Japanese (stored on the author; zh is the fallback).
    pub author_en: Option<String>,
    pub author_ja: Option<String>,
    /// The narrator's name, if any.
    pub narrator: Option<String>,
    /// The narrator's name in English and Japanese.
    pub narrator_en: Option<String>,
    pub narrator_ja: Option<String>,
    pub category_id: Option<f64>,
    pub tags: Option<Vec<String>>,
    /// The English name of each tag, by position in `tags`; blank for none.
    pub tags_en: Option<Vec<String>>,
    /// The Japanese name of each tag, by position in `tags`; blank for none.
    pub tags_ja: Option<Vec<String>>,
    /// `serialising` or `finished`.
    pub status: Option<String>,
    /// `free`, `vip` or `paid`.
    pub access: Option<String>,
    /// The language the book is read in; `zh` when absent.
    pub language: Option<String>,
    /// Prices in minor units (fen, cents, yen); all three are required for a paid book.
    pub price_cny: Option<f64>,
    pub price_usd: Option<f64>,
    pub price_jpy: Option<f64>,
    /// Language of the error messages (the API answers in the request's language instead).
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub lang: Lang,
}

/// A book form that passed every rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct BookFields {
    pub title_zh: String,
    pub title_en: Option<String>,
    pub title_ja: Option<String>,
    pub subtitle_zh: Option<String>,
    pub subtitle_en: Option<String>,
    pub subtitle_ja: Option<String>,
    pub description_zh: String,
    pub description_en: Option<String>,
    pub description_ja: Option<String>,
    pub author: String,
    pub author_en: Option<String>,
    pub author_ja: Option<String>,
    pub narrator: Option<String>,
    pub narrator_en: Option<String>,
    pub narrator_ja: Option<String>,
    pub category_id: i32,
    /// Trimmed, without repeats, in the order given.
    pub tags: Vec<String>,
    /// The English and Japanese names of `tags`, one per tag (empty: none given), so that a
    /// checked form is a valid body of the API too.
    pub tags_en: Vec<String>,
    pub tags_ja: Vec<String>,
    pub status: BookStatus,
    pub access: BookAccess,
    pub language: Lang,
    pub price_cny: Option<i64>,
    pub price_usd: Option<i64>,
    pub price_jpy: Option<i64>,
}

/// Output of `validateBook`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum BookValidation {
    Valid { book: Box<BookFields> },
    Invalid { errors: Vec<FieldError> },
}

/// Collects the first broken rule of each field.
pub(crate) struct Form {
    lang: Lang,
    pub(crate) errors: Vec<FieldError>,
}

impl Form {
    pub(crate) fn new(lang: Lang) -> Self {
        Self {
            lang,
            errors: Vec::new(),
        }
    }

    pub(crate) fn fail(&mut self, field: &str, rule: FieldRule) {
        self.errors.push(FieldError::new(field, rule, self.lang));
    }

    /// A trimmed text of at most `max` characters; absent when blank.
    pub(crate) fn optional_text(
        &mut self,
        field: &str,
        value: &Option<String>,
        max: usize,
    ) -> Option<String> {
        let text = value.as_deref().map(str::trim).filter(|t| !t.is_empty())?;
        if text.chars().count() > max {
            self.fail(field, FieldRule::TooLong { max });
            return None;
        }
        Some(text.to_owned())
    }

    /// A trimmed, non-blank text of at most `max` characters.
    pub(crate) fn required_text(
        &mut self,
        field: &str,
        value: &Option<String>,
        max: usize,
    ) -> String {
        let blank = value.as_deref().is_none_or(|t| t.trim().is_empty());
        if blank {
            self.fail(field, FieldRule::Required);
            return String::new();
        }
        self.optional_text(field, value, max).unwrap_or_default()
    }

    /// A whole number from `min` to `max`; absent when absent.
    pub(crate) fn optional_whole(
        &mut self,
        field: &str,
        value: Option<f64>,
        min: usize,
        max: usize,
    ) -> Option<i64> {
        let number = value?;
        let whole = number.fract() == 0.0 && number >= min as f64 && number <= max as f64;
        if !whole {
            self.fail(field, FieldRule::WholeNumber { min, max });
            return None;
        }
        Some(number as i64)
    }

    /// One of the `T` spellings; `None` (and an error) otherwise.
    pub(crate) fn choice<T: Spelling>(&mut self, field: &str, value: &Option<String>) -> Option<T> {
        let Some(text) = value.as_deref().map(str::trim).filter(|t| !t.is_empty()) else {
            self.fail(field, FieldRule::Required);
            return None;
        };
        let parsed = T::parse(text);
        if parsed.is_none() {
            let allowed = T::ALL.iter().map(|v| v.as_str().to_owned()).collect();
            self.fail(field, FieldRule::OneOf { allowed });
        }
        parsed
    }
}

/// `validateBook`: the zh title (required), en/ja titles and the subtitles (at most
/// [`TITLE_MAX_CHARS`]); the zh description (required) and en/ja ones (at most
/// [`DESCRIPTION_MAX_CHARS`]); `author` (required), `narrator` and their en/ja names (at
/// most [`PERSON_MAX_CHARS`]); `categoryId` (required, a positive whole number); `tags` (each at
/// most [`TAG_MAX_CHARS`], at most [`TAGS_MAX`] once repeats are dropped) and `tagsEn`/`tagsJa`
/// (each at most [`TAG_MAX_CHARS`], at most [`TAGS_MAX`], by position in `tags`); `status` and
/// `access` (required, one of their spellings); `language` (`zh`, `en` or `ja`); each price a
/// whole number from 0 to [`PRICE_MAX_MINOR`], and all three present when `access` is `paid`.
pub fn validate_book(input: ValidateBookInput) -> BookValidation {
    let mut form = Form::new(input.lang);
    let title_zh = form.required_text("titleZh", &input.title_zh, TITLE_MAX_CHARS);
    let title_en = form.optional_text("titleEn", &input.title_en, TITLE_MAX_CHARS);
    let title_ja = form.optional_text("titleJa", &input.title_ja, TITLE_MAX_CHARS);
    let subtitle_zh = form.optional_text("subtitleZh", &input.subtitle_zh, TITLE_MAX_CHARS);
    let subtitle_en = form.optional_text("subtitleEn", &input.subtitle_en, TITLE_MAX_CHARS);
    let subtitle_ja = form.optional_text("subtitleJa", &input.subtitle_ja, TITLE_MAX_CHARS);
    let description_zh = form.required_text(
        "descriptionZh",
        &input.description_zh,
        DESCRIPTION_MAX_CHARS,
    );
    let description_en = form.optional_text(
        "descriptionEn",
        &input.description_en,
        DESCRIPTION_MAX_CHARS,
    );
    let description_ja = form.optional_text(
        "descriptionJa",
        &input.description_ja,
        DESCRIPTION_MAX_CHARS,
    );
    let author = form.required_text("author", &input.author, PERSON_MAX_CHARS);
    let author_en = form.optional_text("authorEn", &input.author_en, PERSON_MAX_CHARS);
    let author_ja = form.optional_text("authorJa", &input.author_ja, PERSON_MAX_CHARS);
    let narrator = form.optional_text("narrator", &input.narrator, PERSON_MAX_CHARS);
    let narrator_en = form.optional_text("narratorEn", &input.narrator_en, PERSON_MAX_CHARS);
    let narrator_ja = form.optional_text("narratorJa", &input.narrator_ja, PERSON_MAX_CHARS);
    let category_id = match input.category_id {
        None => {
            form.fail("categoryId", FieldRule::Required);
            None
        }
        some => form.optional_whole("categoryId", some, 1, ID_MAX),
    };
    let kept = book_tags(&mut form, input.tags.as_deref().unwrap_or_default());
    let tags_en = tag_names(&mut form, "tagsEn", input.tags_en.as_deref(), &kept);
    let tags_ja = tag_names(&mut form, "tagsJa", input.tags_ja.as_deref(), &kept);
    let tags: Vec<String> = kept.into_iter().map(|(_, tag)| tag).collect();
    let status = form.choice::<BookStatus>("status", &input.status);
    let access = form.choice::<BookAccess>("access", &input.access);
    let language = match input
        .language
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        None => Some(Lang::Zh),
        Some(code) => {
            let parsed = Lang::parse(code);
            if parsed.is_none() {
                let allowed = Lang::ALL.iter().map(|l| l.code().to_owned()).collect();
                form.fail("language", FieldRule::OneOf { allowed });
            }
            parsed
        }
    };
    let mut prices = [
        ("priceCny", input.price_cny),
        ("priceUsd", input.price_usd),
        ("priceJpy", input.price_jpy),
    ]
    .map(|(field, value)| {
        (
            field,
            value,
            form.optional_whole(field, value, 0, PRICE_MAX_MINOR),
        )
    });
    if access == Some(BookAccess::Paid) {
        for (field, value, _) in &mut prices {
            if value.is_none() {
                form.fail(field, FieldRule::Required);
            }
        }
    }
    let [(_, _, price_cny), (_, _, price_usd), (_, _, price_jpy)] = prices;
    match (category_id, status, access, language) {
        (Some(category_id), Some(status), Some(access), Some(language))
            if form.errors.is_empty() =>
        {
            BookValidation::Valid {
                book: Box::new(BookFields {
                    title_zh,
                    title_en,
                    title_ja,
                    subtitle_zh,
                    subtitle_en,
                    subtitle_ja,
                    description_zh,
                    description_en,
                    description_ja,
                    author,
                    author_en,
                    author_ja,
                    narrator,
                    narrator_en,
                    narrator_ja,
                    category_id: category_id as i32,
                    tags,
                    tags_en,
                    tags_ja,
                    status,
                    access,
                    language,
                    price_cny,
                    price_usd,
                    price_jpy,
                }),
            }
        }
        _ => BookValidation::Invalid {
            errors: form.errors,
        },
    }
}

/// The tags trimmed, blanks and repeats dropped, each with its position in `raw` (where its
/// translations are); errors on `tags` for a long one or too many.
fn book_tags(form: &mut Form, raw: &[String]) -> Vec<(usize, String)> {
    let mut tags: Vec<(usize, String)> = Vec::new();
    let trimmed = raw.iter().map(|t| t.trim()).enumerate();
    for (place, tag) in trimmed.filter(|(_, t)| !t.is_empty()) {
        if tag.chars().count() > TAG_MAX_CHARS {
            form.fail("tags", FieldRule::TooLong { max: TAG_MAX_CHARS });
            return Vec::new();
        }
        if !tags.iter().any(|(_, t)| t == tag) {
            tags.push((place, tag.to_owned()));
        }
    }
    if tags.len() > TAGS_MAX {
        form.fail("tags", FieldRule::TooMany { max: TAGS_MAX });
        return Vec::new();
    }
    tags
}

/// The names in one language of the `kept` tags, taken by each tag's place in `raw` (trimmed,
/// empty for none); errors on `field` for more names than [`TAGS_MAX`] or a long one.
fn tag_names(
    form: &mut Form,
    field: &str,
    raw: Option<&[String]>,
    kept: &[(usize, String)],
) -> Vec<String> {
    let raw = raw.unwrap_or_default();
    if raw.len() > TAGS_MAX {
        form.fail(field, FieldRule::TooMany { max: TAGS_MAX });
        return Vec::new();
    }
    if raw
        .iter()
        .any(|name| name.trim().chars().count() > TAG_MAX_CHARS)
    {
        form.fail(field, FieldRule::TooLong { max: TAG_MAX_CHARS });
        return Vec::new();
    }
    kept.iter()
        .map(|(place, _)| {
            raw.get(*place)
                .map(|name| name.trim().to_owned())
                .unwrap_or_default()
        })
        .collect()
}

/// Input of `validateCategory`: the category form as typed.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ValidateCategoryInput {
    /// The address name: lower-case letters and digits in words joined by `-` (`wuxia`).
    pub slug: Option<String>,
    pub name_zh: Option<String>,
    pub name_en: Option<String>,
    pub name_ja: Option<String>,
    /// The parent category, if any.
    pub parent_id: Option<f64>,
    /// The position among its siblings, smallest first; 0 when absent.
    pub sort_order: Option<f64>,
    /// Language of the error messages (the API answers in the request's language instead).
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub lang: Lang,
}

/// A category form that passed every rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CategoryFields {
    pub slug: String,
    pub name_zh: String,
    pub name_en: String,
    pub name_ja: String,
    pub parent_id: Option<i32>,
    pub sort_order: i32,
}

/// Output of `validateCategory`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum CategoryValidation {
    Valid { category: CategoryFields },
    Invalid { errors: Vec<FieldError> },
}

/// Whether `slug` is lower-case ASCII letters and digits in words joined by single hyphens.
fn is_slug(slug: &str) -> bool {
    !slug.is_empty()
        && slug.split('-').all(|word| {
            !word.is_empty()
                && word
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// `validateCategory`: `slug` (required, at most [`SLUG_MAX_CHARS`], the `slug` format), the
/// three names (required, at most [`CATEGORY_NAME_MAX_CHARS`]), `parentId` (a positive whole
/// number) and `sortOrder` (a whole number from 0 to [`SORT_ORDER_MAX`]).
pub fn validate_category(input: ValidateCategoryInput) -> CategoryValidation {
    let mut form = Form::new(input.lang);
    let slug = form.required_text("slug", &input.slug, SLUG_MAX_CHARS);
    if !slug.is_empty() && !is_slug(&slug) {
        form.fail(
            "slug",
            FieldRule::Format {
                format: "slug".to_owned(),
            },
        );
    }
    let name_zh = form.required_text("nameZh", &input.name_zh, CATEGORY_NAME_MAX_CHARS);
    let name_en = form.required_text("nameEn", &input.name_en, CATEGORY_NAME_MAX_CHARS);
    let name_ja = form.required_text("nameJa", &input.name_ja, CATEGORY_NAME_MAX_CHARS);
    let parent_id = form.optional_whole("parentId", input.parent_id, 1, ID_MAX);
    let sort_order = form
        .optional_whole("sortOrder", input.sort_order, 0, SORT_ORDER_MAX)
        .unwrap_or(0);
    if !form.errors.is_empty() {
        return CategoryValidation::Invalid {
            errors: form.errors,
        };
    }
    CategoryValidation::Valid {
        category: CategoryFields {
            slug,
            name_zh,
            name_en,
            name_ja,
            parent_id: parent_id.map(|id| id as i32),
            sort_order: sort_order as i32,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book() -> ValidateBookInput {
        ValidateBookInput {
            title_zh: Some(" 雪中悍刀行 ".into()),
            description_zh: Some("江湖故事。".into()),
            author: Some("烽火戏诸侯".into()),
            category_id: Some(3.0),
            tags: Some(vec![
                "武侠".into(),
                " 武侠 ".into(),
                "".into(),
                "江湖".into(),
            ]),
            status: Some("serialising".into()),
            access: Some("free".into()),
            lang: Lang::En,
            ..Default::default()
        }
    }

    fn errors(validation: BookValidation) -> Vec<(String, FieldRule)> {
        match validation {
            BookValidation::Invalid { errors } => {
                errors.into_iter().map(|e| (e.field, e.rule)).collect()
            }
            BookValidation::Valid { book } => panic!("expected errors, got {book:?}"),
        }
    }

    #[test]
    fn a_complete_book_is_trimmed_and_typed() {
        let BookValidation::Valid { book } = validate_book(book()) else {
            panic!("valid");
        };
        assert_eq!(book.title_zh, "雪中悍刀行");
        assert_eq!(book.tags, ["武侠", "江湖"]);
        assert_eq!(book.status, BookStatus::Serialising);
        assert_eq!(book.access, BookAccess::Free);
        assert_eq!(book.language, Lang::Zh);
        assert_eq!(
            (book.title_en, book.narrator, book.price_cny),
            (None, None, None)
        );
    }

    #[test]
    fn every_broken_field_is_named_at_once() {
        let input = ValidateBookInput {
            title_zh: Some("   ".into()),
            title_en: Some("x".repeat(TITLE_MAX_CHARS + 1)),
            category_id: Some(2.5),
            status: Some("done".into()),
            access: None,
            language: Some("fr".into()),
            price_usd: Some(-1.0),
            ..book()
        };
        let found = errors(validate_book(input));
        let fields: Vec<&str> = found.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(
            fields,
            [
                "titleZh",
                "titleEn",
                "categoryId",
                "status",
                "access",
                "language",
                "priceUsd"
            ]
        );
        assert_eq!(found[0].1, FieldRule::Required);
        assert_eq!(
            found[1].1,
            FieldRule::TooLong {
                max: TITLE_MAX_CHARS
            }
        );
        assert_eq!(
            found[3].1,
            FieldRule::OneOf {
                allowed: vec!["serialising".into(), "finished".into()]
            }
        );
    }

    #[test]
    fn a_paid_book_needs_all_three_prices() {
        let input = ValidateBookInput {
            access: Some("paid".into()),
            price_cny: Some(1800.0),
            ..book()
        };
        let found = errors(validate_book(input));
        assert_eq!(
            found,
            [
                ("priceUsd".to_owned(), FieldRule::Required),
                ("priceJpy".to_owned(), FieldRule::Required)
            ]
        );
        let input = ValidateBookInput {
            access: Some("paid".into()),
            price_cny: Some(1800.0),
            price_usd: Some(299.0),
            price_jpy: Some(380.0),
            ..book()
        };
        assert!(matches!(validate_book(input), BookValidation::Valid { .. }));
    }

    #[test]
    fn people_and_tags_carry_their_english_and_japanese_names() {
        let input = ValidateBookInput {
            author_en: Some(" Liu Cixin ".into()),
            author_ja: Some("劉慈欣".into()),
            narrator: Some("王明".into()),
            narrator_en: Some("Wang Ming".into()),
            narrator_ja: Some("  ".into()),
            tags: Some(vec![
                "科幻".into(),
                " ".into(),
                "硬科幻".into(),
                "科幻".into(),
            ]),
            tags_en: Some(vec!["Sci-fi".into(), "-".into(), "".into(), "Again".into()]),
            tags_ja: Some(vec!["SF".into()]),
            ..book()
        };
        let BookValidation::Valid { book: fields } = validate_book(input) else {
            panic!("valid");
        };
        let book = fields;
        assert_eq!(book.author_en.as_deref(), Some("Liu Cixin"));
        assert_eq!(book.author_ja.as_deref(), Some("劉慈欣"));
        assert_eq!(book.narrator_en.as_deref(), Some("Wang Ming"));
        assert_eq!(book.narrator_ja, None);
        assert_eq!(book.tags, ["科幻", "硬科幻"]);
        // By position among the tags as typed: a blank or repeated tag takes its name away.
        assert_eq!(book.tags_en, ["Sci-fi", ""]);
        assert_eq!(book.tags_ja, ["SF", ""]);

        let long = ValidateBookInput {
            author_en: Some("a".repeat(PERSON_MAX_CHARS + 1)),
            tags: Some(vec!["科幻".into()]),
            tags_ja: Some(vec!["長".repeat(TAG_MAX_CHARS + 1)]),
            ..self::book()
        };
        assert_eq!(
            errors(validate_book(long)),
            [
                (
                    "authorEn".to_owned(),
                    FieldRule::TooLong {
                        max: PERSON_MAX_CHARS
                    }
                ),
                (
                    "tagsJa".to_owned(),
                    FieldRule::TooLong { max: TAG_MAX_CHARS }
                )
            ]
        );
    }

    #[test]
    fn tags_are_bounded_in_length_and_number() {
        let long = ValidateBookInput {
            tags: Some(vec!["长".repeat(TAG_MAX_CHARS + 1)]),
            ..book()
        };
        assert_eq!(
            errors(validate_book(long)),
            [("tags".to_owned(), FieldRule::TooLong { max: TAG_MAX_CHARS })]
        );
        let many = ValidateBookInput {
            tags: Some((0..=TAGS_MAX).map(|i| format!("t{i}")).collect()),
            ..book()
        };
        assert_eq!(
            errors(validate_book(many)),
            [("tags".to_owned(), FieldRule::TooMany { max: TAGS_MAX })]
        );
    }

    #[test]
    fn a_category_needs_a_slug_and_three_names() {
        let valid = validate_category(ValidateCategoryInput {
            slug: Some("wu-xia2".into()),
            name_zh: Some("武侠".into()),
            name_en: Some("Wuxia".into()),
            name_ja: Some("武侠".into()),
            lang: Lang::Zh,
            ..Default::default()
        });
        let CategoryValidation::Valid { category } = valid else {
            panic!("valid");
        };
        assert_eq!((category.sort_order, category.parent_id), (0, None));
        for bad in ["Wuxia", "wu_xia", "-wuxia", "wu--xia", "武侠"] {
            let CategoryValidation::Invalid { errors } = validate_category(ValidateCategoryInput {
                slug: Some(bad.into()),
                name_zh: Some("武侠".into()),
                name_en: Some("Wuxia".into()),
                name_ja: Some("武侠".into()),
                lang: Lang::Zh,
                ..Default::default()
            }) else {
                panic!("{bad} must be refused");
            };
            assert_eq!(errors[0].field, "slug");
            assert_eq!(
                errors[0].message,
                "只能使用小写字母、数字和连字符（-），例如 wuxia。"
            );
        }
    }
}
