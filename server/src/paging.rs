//! Query parameters of list endpoints (`?page&pageSize`, choices such as `sort`), validated by
//! the core rule `checkQueryParam` into 400s that name the parameter and its rule in the
//! caller's language, and the list answer.
use std::collections::BTreeMap;

use serde::Serialize;
use tingshu_core::{
    catalog::query::{self, CheckQueryParamInput, ParamCheck, QueryParamCheck},
    validation::{describe_rule, FieldRule},
    Lang,
};

use crate::error::ApiError;

/// A validated page request: `page` from 1, `page_size` from 1 to the endpoint's maximum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Paging {
    pub page: u64,
    pub page_size: u64,
}

impl Paging {
    /// Parses the raw query values; absent means page 1 and the endpoint's default size.
    /// A refusal is worded in `lang`.
    pub fn parse_in(
        lang: Lang,
        page: Option<&str>,
        page_size: Option<&str>,
        default_size: u64,
        max_size: u64,
    ) -> Result<Self, ApiError> {
        let page = match checked(lang, "page", page, ParamCheck::Page)? {
            QueryParamCheck::Number { value } => value as u64,
            _ => 1,
        };
        let page_size =
            whole_number_param(lang, "pageSize", page_size, 1, max_size)?.unwrap_or(default_size);
        Ok(Self { page, page_size })
    }

    pub fn offset(&self) -> u64 {
        (self.page - 1) * self.page_size
    }

    /// The list's total when a page of `rows` rows tells it by itself: a page that is not
    /// full, and not past the end, is the last one, so the list need not be counted.
    pub fn total_of_partial_page(&self, rows: usize) -> Option<u64> {
        let rows = rows as u64;
        (rows < self.page_size && (rows > 0 || self.offset() == 0)).then(|| self.offset() + rows)
    }
}

fn checked(
    lang: Lang,
    field: &str,
    value: Option<&str>,
    check: ParamCheck,
) -> Result<QueryParamCheck, ApiError> {
    match query::check_query_param(CheckQueryParamInput {
        field: field.to_owned(),
        value: value.map(str::to_owned),
        check,
        lang,
    }) {
        QueryParamCheck::Invalid { error, message } => Err(ApiError::Validation {
            message,
            fields: BTreeMap::from([(error.field, error.message)]),
        }),
        passed => Ok(passed),
    }
}

/// An optional whole-number parameter from `min` to `max`; absent or blank is `None`.
pub fn whole_number_param(
    lang: Lang,
    field: &str,
    value: Option<&str>,
    min: u64,
    max: u64,
) -> Result<Option<u64>, ApiError> {
    let bound = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    let check = ParamCheck::WholeNumber {
        min: bound(min),
        max: bound(max),
    };
    Ok(match checked(lang, field, value, check)? {
        QueryParamCheck::Number { value } => Some(value as u64),
        _ => None,
    })
}

/// The spellings of a yes-or-no filter (`?published=true`).
pub const YES_NO: [&str; 2] = ["true", "false"];

/// An optional parameter that must be one of `allowed`; absent or blank is `None`.
pub fn choice_param(
    lang: Lang,
    field: &str,
    value: Option<&str>,
    allowed: &[&str],
) -> Result<Option<String>, ApiError> {
    Ok(
        match checked(lang, field, value, ParamCheck::one_of(allowed))? {
            QueryParamCheck::Choice { value } => Some(value),
            _ => None,
        },
    )
}

/// A 400 naming `field` and the `rule` it broke, worded in `lang`.
pub fn param_error(lang: Lang, field: &str, rule: FieldRule) -> ApiError {
    ApiError::Validation {
        message: query::param_message(field, &rule, lang),
        fields: BTreeMap::from([(field.to_owned(), describe_rule(&rule, lang))]),
    }
}

/// `?page&pageSize` of lists without other parameters, as sent.
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// From 1; absent means 1.
    #[param(value_type = Option<u32>, minimum = 1)]
    pub page: Option<String>,
    /// From 1 to the endpoint's maximum; absent means its default.
    #[param(value_type = Option<u32>, minimum = 1)]
    pub page_size: Option<String>,
}

impl PageParams {
    /// The validated page, with the endpoint's default and largest page size.
    pub fn paging(&self, lang: Lang, default_size: u64, max_size: u64) -> Result<Paging, ApiError> {
        Paging::parse_in(
            lang,
            self.page.as_deref(),
            self.page_size.as_deref(),
            default_size,
            max_size,
        )
    }
}

/// The list answer of DESIGN.md §5: `{items, total, page, pageSize}`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page<T: Serialize> {
    pub items: Vec<T>,
    pub total: u64,
    pub page: u64,
    pub page_size: u64,
}

impl<T: Serialize> Page<T> {
    pub fn new(items: Vec<T>, total: u64, paging: Paging) -> Self {
        Self {
            items,
            total,
            page: paging.page,
            page_size: paging.page_size,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_that_is_not_full_tells_the_total_and_a_full_or_empty_one_does_not() {
        let page = |page, page_size| Paging { page, page_size };
        // 12 chapters on a first page of 20: 12 in all; on page 3 of 10: 27.
        assert_eq!(page(1, 20).total_of_partial_page(12), Some(12));
        assert_eq!(page(3, 10).total_of_partial_page(7), Some(27));
        assert_eq!(page(1, 20).total_of_partial_page(0), Some(0));
        // A full page may have more after it; an empty later page may be past the end.
        assert_eq!(page(1, 20).total_of_partial_page(20), None);
        assert_eq!(page(4, 20).total_of_partial_page(0), None);
    }

    #[test]
    fn absent_values_take_the_defaults() {
        let paging = Paging::parse_in(Lang::En, None, None, 20, 50).unwrap();
        assert_eq!((paging.page, paging.page_size, paging.offset()), (1, 20, 0));
        let paging = Paging::parse_in(Lang::En, Some("3"), Some("50"), 20, 50).unwrap();
        assert_eq!(paging.offset(), 100);
    }

    #[test]
    fn out_of_bounds_values_name_the_parameter() {
        for (page, size, field) in [
            (Some("0"), None, "page"),
            (Some("-1"), None, "page"),
            (Some("x"), None, "page"),
            (None, Some("51"), "pageSize"),
            (None, Some("0"), "pageSize"),
        ] {
            match Paging::parse_in(Lang::En, page, size, 20, 50) {
                Err(ApiError::Validation { fields, .. }) => assert!(fields.contains_key(field)),
                other => panic!("{page:?} {size:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn refusals_are_worded_in_the_callers_language() {
        match Paging::parse_in(Lang::Ja, None, Some("51"), 20, 50) {
            Err(ApiError::Validation { message, fields }) => {
                assert_eq!(
                    fields["pageSize"],
                    "1 から 50 までの整数を指定してください。"
                );
                assert!(
                    message.contains("pageSize") && message.starts_with("パラメーター pageSize"),
                    "{message}"
                );
            }
            other => panic!("{other:?}"),
        }
        match choice_param(Lang::Zh, "sort", Some("cheapest"), &["newest", "popular"]) {
            Err(ApiError::Validation { message, fields }) => {
                assert_eq!(fields["sort"], "只能是以下之一：newest, popular。");
                assert!(message.starts_with("参数 sort"), "{message}");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            choice_param(Lang::Zh, "sort", Some(" newest "), &["newest"]).unwrap(),
            Some("newest".to_owned())
        );
        assert_eq!(
            choice_param(Lang::Zh, "sort", Some(""), &["newest"]).unwrap(),
            None
        );
    }
}

/// An unpaged list answer: `{items}`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Items<T: Serialize> {
    pub items: Vec<T>,
}
