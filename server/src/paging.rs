//! Page bounds of list endpoints (`?page&pageSize`), validated into 400s that name the parameter, and the list answer.
use std::collections::BTreeMap;

use serde::Serialize;

use crate::error::ApiError;

/// A validated page request: `page` from 1, `page_size` from 1 to the endpoint's maximum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    pub page: u64,
    pub page_size: u64,
}

impl Paging {
    /// Parses the raw query values; absent means page 1 and the endpoint's default size.
    pub fn parse(
        page: Option<&str>,
        page_size: Option<&str>,
        default_size: u64,
        max_size: u64,
    ) -> Result<Self, ApiError> {
        let page = match page {
            None | Some("") => 1,
            Some(raw) => match raw.parse::<u64>() {
                Ok(value) if (1..=1_000_000).contains(&value) => value,
                _ => {
                    return Err(invalid_param(
                        "page",
                        "must be a whole number from 1 to 1000000",
                    ))
                }
            },
        };
        let page_size = match page_size {
            None | Some("") => default_size,
            Some(raw) => match raw.parse::<u64>() {
                Ok(value) if (1..=max_size).contains(&value) => value,
                _ => {
                    return Err(invalid_param(
                        "pageSize",
                        &format!("must be a whole number from 1 to {max_size}"),
                    ))
                }
            },
        };
        Ok(Self { page, page_size })
    }

    pub fn offset(&self) -> u64 {
        (self.page - 1) * self.page_size
    }
}

/// A 400 naming one bad query parameter: `{"fields": {"<name>": "<problem>"}}`.
pub fn invalid_param(name: &str, problem: &str) -> ApiError {
    let mut fields = BTreeMap::new();
    fields.insert(name.to_owned(), problem.to_owned());
    ApiError::Validation {
        message: format!("Invalid query parameter '{name}': {problem}."),
        fields,
    }
}

/// The list answer of DESIGN.md §5: `{items, total, page, pageSize}`.
#[derive(Debug, Clone, Serialize)]
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
    fn absent_values_take_the_defaults() {
        let paging = Paging::parse(None, None, 20, 50).unwrap();
        assert_eq!((paging.page, paging.page_size, paging.offset()), (1, 20, 0));
        let paging = Paging::parse(Some("3"), Some("50"), 20, 50).unwrap();
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
            match Paging::parse(page, size, 20, 50) {
                Err(ApiError::Validation { fields, .. }) => assert!(fields.contains_key(field)),
                other => panic!("{page:?} {size:?}: {other:?}"),
            }
        }
    }
}

/// An unpaged list answer: `{items}`.
#[derive(Debug, Clone, Serialize)]
pub struct Items<T: Serialize> {
    pub items: Vec<T>,
}
