//! Record ids in paths (DESIGN §5): positive integers or UUIDs, nothing else.
use serde::{Deserialize, Serialize};

/// Input of `isRecordId`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct IsRecordIdInput {
    #[serde(default)]
    pub value: Option<String>,
}

/// Largest integer id: ids are 64-bit signed in the database.
const MAX_INTEGER_ID: u64 = i64::MAX as u64;

/// `isRecordId`: a positive decimal integer without leading zeros that fits in an i64, or
/// a UUID in its 8-4-4-4-12 hexadecimal form (any case). A page whose id parameter fails
/// this is the spec's fatal 404 'Page Not Found: {path}'.
pub fn is_record_id(input: IsRecordIdInput) -> bool {
    let Some(value) = input.value.as_deref() else {
        return false;
    };
    is_integer_id(value) || is_uuid(value)
}

fn is_integer_id(value: &str) -> bool {
    !value.starts_with('0')
        && value.bytes().all(|b| b.is_ascii_digit())
        && value
            .parse::<u64>()
            .is_ok_and(|n| (1..=MAX_INTEGER_ID).contains(&n))
}

fn is_uuid(value: &str) -> bool {
    let groups: Vec<&str> = value.split('-').collect();
    groups.len() == 5
        && groups
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(group, len)| group.len() == len && group.bytes().all(|b| b.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn check(value: &str) -> bool {
        is_record_id(IsRecordIdInput {
            value: Some(value.into()),
        })
    }

    #[test]
    fn integers_and_uuids_pass() {
        for ok in [
            "1",
            "42",
            "9223372036854775807",
            "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
            "3F2504E0-4F89-11D3-9A0C-0305E82C3301",
        ] {
            assert!(check(ok), "{ok}");
        }
    }

    #[test]
    fn anything_else_fails() {
        for bad in [
            "",
            "0",
            "007",
            "-1",
            "+1",
            "1.5",
            "1e3",
            "abc",
            " 1",
            "9223372036854775808",
            "3f2504e0-4f89-11d3-9a0c-0305e82c330",
            "3f2504e04f8911d39a0c0305e82c3301",
            "g f2504e0-4f89-11d3-9a0c-0305e82c3301",
        ] {
            assert!(!check(bad), "{bad:?}");
        }
        assert!(!is_record_id(IsRecordIdInput { value: None }));
    }

    proptest! {
        #[test]
        fn every_positive_i64_is_an_id(n in 1i64..=i64::MAX) {
            prop_assert!(check(&n.to_string()));
        }

        #[test]
        fn strings_with_a_non_id_character_never_pass(s in "[0-9]{0,5}[^0-9a-fA-F-][0-9]{0,5}") {
            prop_assert!(!check(&s));
        }
    }
}
