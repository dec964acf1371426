//! The time zones a user may choose (spec §5) and the zone a date is shown in.

use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use crate::Lang;

/// Spec §5: the only zones `user-timezone` may be set to, in display order.
pub const ALLOWED_TIMEZONES: [&str; 8] = [
    "Asia/Shanghai",
    "Asia/Tokyo",
    "America/New_York",
    "America/Los_Angeles",
    "Europe/London",
    "Europe/Paris",
    "Australia/Sydney",
    "UTC",
];

/// Input of `allowedTimezones` (no fields; pass `{}`).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct AllowedTimezonesInput {}

/// `allowedTimezones`: the eight names of spec §5.
pub fn allowed_timezones(_input: AllowedTimezonesInput) -> Vec<String> {
    ALLOWED_TIMEZONES
        .iter()
        .map(|tz| (*tz).to_owned())
        .collect()
}

/// Input of `validateTimezone`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ValidateTimezoneInput {
    #[serde(default)]
    pub timezone: Option<String>,
}

/// `validateTimezone`: true only for an exact (case-sensitive) name of the list.
pub fn validate_timezone(input: ValidateTimezoneInput) -> bool {
    input
        .timezone
        .is_some_and(|tz| ALLOWED_TIMEZONES.contains(&tz.as_str()))
}

/// The zone dates are shown in. An allowed `timezone` is used as given; anything else
/// (absent, misspelt, or a real zone outside the list) falls back to the language's home
/// zone — Asia/Shanghai for zh, Asia/Tokyo for ja, UTC for en (whose readers are spread
/// over many zones) — so a bad stored value never breaks a page.
pub fn display_zone(timezone: Option<&str>, lang: Lang) -> Tz {
    let allowed = timezone.filter(|tz| ALLOWED_TIMEZONES.contains(tz));
    let name = allowed.unwrap_or(match lang {
        Lang::Zh => "Asia/Shanghai",
        Lang::Ja => "Asia/Tokyo",
        Lang::En => "UTC",
    });
    name.parse().unwrap_or(Tz::UTC)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid(tz: Option<&str>) -> bool {
        validate_timezone(ValidateTimezoneInput {
            timezone: tz.map(str::to_owned),
        })
    }

    #[test]
    fn lists_eight_zones() {
        let all = allowed_timezones(AllowedTimezonesInput {});
        assert_eq!(all.len(), 8);
        assert_eq!(all[0], "Asia/Shanghai");
        assert_eq!(all[7], "UTC");
    }

    #[test]
    fn every_allowed_zone_is_known_to_chrono_tz() {
        for name in ALLOWED_TIMEZONES {
            assert!(
                name.parse::<Tz>().is_ok(),
                "{name} missing from chrono-tz filter"
            );
        }
    }

    #[test]
    fn validates_exact_names() {
        assert!(valid(Some("Europe/Paris")));
        assert!(valid(Some("UTC")));
        assert!(!valid(Some("utc")));
        assert!(!valid(Some("Europe/Berlin")));
        assert!(!valid(Some("")));
        assert!(!valid(None));
    }

    #[test]
    fn falls_back_per_language() {
        assert_eq!(
            display_zone(Some("Europe/London"), Lang::Zh),
            Tz::Europe__London
        );
        assert_eq!(display_zone(None, Lang::Zh), Tz::Asia__Shanghai);
        assert_eq!(display_zone(Some("Mars/Base"), Lang::Ja), Tz::Asia__Tokyo);
        assert_eq!(display_zone(Some("Europe/Berlin"), Lang::En), Tz::UTC);
    }
}
