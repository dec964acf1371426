//! The console's chapter form, and a chapter's number and title read from an audio file's
//! name (the batch upload's first guess, corrected by the editor before saving).
use serde::{Deserialize, Serialize};

use super::edit::{Form, ID_MAX, PRICE_MAX_MINOR, TITLE_MAX_CHARS};
use crate::validation::FieldError;
use crate::Lang;

/// Input of `validateChapter`: the chapter form as typed.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ValidateChapterInput {
    pub title_zh: Option<String>,
    pub title_en: Option<String>,
    pub title_ja: Option<String>,
    /// The stored audio file (from an upload), if any yet.
    pub asset_id: Option<f64>,
    /// Free to everyone even in a VIP or paid book; false when absent.
    pub is_free: Option<bool>,
    /// The chapter's own price in minor units (fen, cents, yen), for paid books sold by chapter.
    pub price_cny: Option<f64>,
    pub price_usd: Option<f64>,
    pub price_jpy: Option<f64>,
    /// Listeners see it; true when absent.
    pub published: Option<bool>,
    /// Language of the error messages (the API answers in the request's language instead).
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub lang: Lang,
}

/// A chapter form that passed every rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ChapterFields {
    pub title_zh: String,
    pub title_en: Option<String>,
    pub title_ja: Option<String>,
    pub asset_id: Option<i32>,
    pub is_free: bool,
    pub price_cny: Option<i64>,
    pub price_usd: Option<i64>,
    pub price_jpy: Option<i64>,
    pub published: bool,
}

/// Output of `validateChapter`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ChapterValidation {
    Valid { chapter: ChapterFields },
    Invalid { errors: Vec<FieldError> },
}

/// `validateChapter`: the zh title (required) and en/ja titles (at most
/// [`TITLE_MAX_CHARS`]), `assetId` (a positive whole number), each price a whole number from
/// 0 to [`PRICE_MAX_MINOR`]; `isFree` false and `published` true when absent.
pub fn validate_chapter(input: ValidateChapterInput) -> ChapterValidation {
    let mut form = Form::new(input.lang);
    let title_zh = form.required_text("titleZh", &input.title_zh, TITLE_MAX_CHARS);
    let title_en = form.optional_text("titleEn", &input.title_en, TITLE_MAX_CHARS);
    let title_ja = form.optional_text("titleJa", &input.title_ja, TITLE_MAX_CHARS);
    let asset_id = form.optional_whole("assetId", input.asset_id, 1, ID_MAX);
    let prices = checked_prices(
        &mut form,
        [input.price_cny, input.price_usd, input.price_jpy],
    );
    if !form.errors.is_empty() {
        return ChapterValidation::Invalid {
            errors: form.errors,
        };
    }
    ChapterValidation::Valid {
        chapter: ChapterFields {
            title_zh,
            title_en,
            title_ja,
            asset_id: asset_id.map(|id| id as i32),
            is_free: input.is_free.unwrap_or(false),
            price_cny: prices.price_cny,
            price_usd: prices.price_usd,
            price_jpy: prices.price_jpy,
            published: input.published.unwrap_or(true),
        },
    }
}

/// Input of `validatePrices`: the three prices of a bulk price change.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ValidatePricesInput {
    /// Minor units (fen, cents, yen); an absent price is cleared.
    pub price_cny: Option<f64>,
    pub price_usd: Option<f64>,
    pub price_jpy: Option<f64>,
    /// Language of the error messages.
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub lang: Lang,
}

/// Three prices that passed the rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Prices {
    pub price_cny: Option<i64>,
    pub price_usd: Option<i64>,
    pub price_jpy: Option<i64>,
}

/// Output of `validatePrices`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum PricesValidation {
    Valid { prices: Prices },
    Invalid { errors: Vec<FieldError> },
}

/// `validatePrices`: each price, when present, a whole number from 0 to [`PRICE_MAX_MINOR`]
/// (the chapter form's price rule, for a bulk change of prices).
pub fn validate_prices(input: ValidatePricesInput) -> PricesValidation {
    let mut form = Form::new(input.lang);
    let prices = checked_prices(
        &mut form,
        [input.price_cny, input.price_usd, input.price_jpy],
    );
    if form.errors.is_empty() {
        PricesValidation::Valid { prices }
    } else {
        PricesValidation::Invalid {
            errors: form.errors,
        }
    }
}

/// The CNY, USD and JPY prices, each a whole number of minor units from 0 to
/// [`PRICE_MAX_MINOR`] when present.
fn checked_prices(form: &mut Form, [cny, usd, jpy]: [Option<f64>; 3]) -> Prices {
    Prices {
        price_cny: form.optional_whole("priceCny", cny, 0, PRICE_MAX_MINOR),
        price_usd: form.optional_whole("priceUsd", usd, 0, PRICE_MAX_MINOR),
        price_jpy: form.optional_whole("priceJpy", jpy, 0, PRICE_MAX_MINOR),
    }
}

/// Input of `chapterFromFileName`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", default)]
pub struct ChapterFromFileNameInput {
    pub file_name: String,
    /// The title tag the file carries (as the server probed it), when it has one.
    pub title_tag: Option<String>,
}

/// A chapter's number and title guessed from its file's name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ChapterGuess {
    /// The chapter's number: of `第12章` / `第十二章`, `Chapter 12`, `EP12`, or a leading
    /// number (`012 雨夜`); absent when the name has none.
    pub number: Option<u32>,
    /// The name without its extension, `_` read as a space, a bare leading number and the
    /// separators after it dropped; `第N章` kept, as Chinese titles carry it.
    pub title: String,
}

/// `chapterFromFileName`: see [`ChapterGuess`]. A name that is only a number keeps it as the
/// title. A file with a title tag takes the tag as its title (spaces collapsed); its number
/// is still the name's, else the tag's.
pub fn chapter_from_file_name(input: ChapterFromFileNameInput) -> ChapterGuess {
    let by_name = guess_from_name(&input.file_name);
    let tag = input
        .title_tag
        .as_deref()
        .map(collapse_spaces)
        .filter(|tag| !tag.is_empty());
    match tag {
        Some(tag) => ChapterGuess {
            number: by_name
                .number
                .or_else(|| chinese_chapter_number(&tag))
                .or_else(|| marked_number(&tag)),
            title: tag.chars().take(TITLE_MAX_CHARS).collect(),
        },
        None => by_name,
    }
}

fn guess_from_name(file_name: &str) -> ChapterGuess {
    let stem = strip_extension(file_name.trim());
    let spaced: String = stem
        .chars()
        .map(|c| if c == '_' { ' ' } else { c })
        .collect();
    let name = collapse_spaces(&spaced);
    let leading: String = name.chars().take_while(char::is_ascii_digit).collect();
    let number = chinese_chapter_number(&name)
        .or_else(|| marked_number(&name))
        .or_else(|| leading.parse().ok());
    let mut title = name.clone();
    if !leading.is_empty() {
        let rest = name[leading.len()..].trim_start_matches(|c: char| {
            c.is_whitespace() || matches!(c, '-' | '.' | '、' | '，' | ',' | ')' | '）')
        });
        if !rest.is_empty() {
            title = rest.to_owned();
        }
    }
    ChapterGuess {
        number,
        title: title.chars().take(TITLE_MAX_CHARS).collect(),
    }
}

/// `name` without a final `.ext` of 1 to 5 ASCII letters or digits.
fn strip_extension(name: &str) -> &str {
    match name.rsplit_once('.') {
        Some((stem, ext))
            if !stem.is_empty()
                && (1..=5).contains(&ext.len())
                && ext.bytes().all(|b| b.is_ascii_alphanumeric()) =>
        {
            stem
        }
        _ => name,
    }
}

fn collapse_spaces(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The N of `第N章` / `第N集` / `第N回` / `第N节`, N in Arabic or Chinese numerals.
fn chinese_chapter_number(name: &str) -> Option<u32> {
    let after = name.split_once('第')?.1;
    let end = after.find(['章', '集', '回', '节', '話', '话'])?;
    let digits = after[..end].trim();
    digits.parse().ok().or_else(|| chinese_numeral(digits))
}

/// A Chinese numeral up to 99,999 (`十二`, `一百零五`, `两千`, `三〇五`).
fn chinese_numeral(text: &str) -> Option<u32> {
    if text.is_empty() {
        return None;
    }
    let digit = |c: char| -> Option<u32> {
        Some(match c {
            '零' | '〇' => 0,
            '一' => 1,
            '二' | '两' => 2,
            '三' => 3,
            '四' => 4,
            '五' => 5,
            '六' => 6,
            '七' => 7,
            '八' => 8,
            '九' => 9,
            _ => return None,
        })
    };
    // Digits only (三〇五): read them positionally.
    if text.chars().all(|c| digit(c).is_some()) && text.chars().count() > 1 {
        return text
            .chars()
            .try_fold(0u32, |n, c| n.checked_mul(10)?.checked_add(digit(c)?));
    }
    let mut total = 0u32;
    let mut current: Option<u32> = None;
    for c in text.chars() {
        if let Some(d) = digit(c) {
            current = Some(d);
            continue;
        }
        let unit = match c {
            '十' => 10,
            '百' => 100,
            '千' => 1000,
            '万' => 10_000,
            _ => return None,
        };
        total += current.unwrap_or(1) * unit;
        current = None;
    }
    Some(total + current.unwrap_or(0))
}

/// The number after `chapter`, `chap`, `ch`, `episode`, `ep` or `e` (any case), before any
/// other letter.
fn marked_number(name: &str) -> Option<u32> {
    let lower = name.to_ascii_lowercase();
    for marker in ["chapter", "chap", "episode", "ep", "ch"] {
        let mut from = 0;
        while let Some(found) = lower[from..].find(marker) {
            let start = from + found;
            let before_ok = lower[..start]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_ascii_alphabetic());
            let rest = lower[start + marker.len()..].trim_start_matches([' ', '.', '-', '#']);
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if before_ok && !digits.is_empty() {
                return digits.parse().ok();
            }
            from = start + marker.len();
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guess(name: &str) -> (Option<u32>, String) {
        let guess = chapter_from_file_name(ChapterFromFileNameInput {
            file_name: name.to_owned(),
            title_tag: None,
        });
        (guess.number, guess.title)
    }

    fn guess_tagged(name: &str, tag: &str) -> (Option<u32>, String) {
        let guess = chapter_from_file_name(ChapterFromFileNameInput {
            file_name: name.to_owned(),
            title_tag: Some(tag.to_owned()),
        });
        (guess.number, guess.title)
    }

    #[test]
    fn a_title_tag_names_the_chapter_and_the_name_keeps_its_number() {
        assert_eq!(
            guess_tagged("ch1.opus", "第一章  雨夜"),
            (Some(1), "第一章 雨夜".into())
        );
        assert_eq!(
            guess_tagged("012.mp3", "The Storm"),
            (Some(12), "The Storm".into())
        );
        assert_eq!(
            guess_tagged("intro.webm", "Chapter 3"),
            (Some(3), "Chapter 3".into())
        );
        // A blank tag says nothing.
        assert_eq!(guess_tagged("ch1.opus", "  "), (Some(1), "ch1".into()));
    }

    #[test]
    fn numbers_and_titles_come_from_common_names() {
        assert_eq!(guess("第12章 雨夜.mp3"), (Some(12), "第12章 雨夜".into()));
        assert_eq!(
            guess("第一百零五章_归来.m4a"),
            (Some(105), "第一百零五章 归来".into())
        );
        assert_eq!(guess("第十二集.mp3"), (Some(12), "第十二集".into()));
        assert_eq!(guess("003 - 灯塔.wav"), (Some(3), "灯塔".into()));
        assert_eq!(guess("012.mp3"), (Some(12), "012".into()));
        assert_eq!(
            guess("Chapter 7 - The Storm.mp3"),
            (Some(7), "Chapter 7 - The Storm".into())
        );
        assert_eq!(guess("book_ep04.ogg"), (Some(4), "book ep04".into()));
        assert_eq!(guess("序章.mp3"), (None, "序章".into()));
        assert_eq!(guess("第三〇五章.mp3"), (Some(305), "第三〇五章".into()));
        assert_eq!(guess("  weird.name.mp3 "), (None, "weird.name".into()));
    }

    #[test]
    fn a_chapter_form_names_every_broken_field() {
        let ChapterValidation::Invalid { errors } = validate_chapter(ValidateChapterInput {
            title_zh: Some("  ".into()),
            asset_id: Some(0.0),
            price_cny: Some(1.5),
            lang: Lang::En,
            ..Default::default()
        }) else {
            panic!("invalid");
        };
        let fields: Vec<_> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["titleZh", "assetId", "priceCny"]);
        let ChapterValidation::Valid { chapter } = validate_chapter(ValidateChapterInput {
            title_zh: Some(" 第1章 ".into()),
            lang: Lang::En,
            ..Default::default()
        }) else {
            panic!("valid");
        };
        assert_eq!(chapter.title_zh, "第1章");
        assert!(chapter.published && !chapter.is_free);
    }
}
