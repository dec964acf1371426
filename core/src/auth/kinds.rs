//! An account's kind and subscription as stored and as the API sends them.
use serde::{Deserialize, Serialize};

use crate::i18n::texts::text;
use crate::spelling::Spelling;
use crate::Lang;

/// Whether an account administers the site or listens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum UserType {
    Admin,
    User,
}

/// A listener's subscription; being premium also needs an unexpired subscription
/// (`isPremium`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum SubscriptionType {
    Free,
    Premium,
}

impl Spelling for UserType {
    const ALL: &'static [Self] = &[Self::Admin, Self::User];

    fn as_str(self) -> &'static str {
        match self {
            Self::Admin => "admin",
            Self::User => "user",
        }
    }
}

impl Spelling for SubscriptionType {
    const ALL: &'static [Self] = &[Self::Free, Self::Premium];

    fn as_str(self) -> &'static str {
        match self {
            Self::Free => "free",
            Self::Premium => "premium",
        }
    }
}

/// What a role may do in the console; the permissions table holds exactly these names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Permission {
    #[serde(rename = "manage:books")]
    ManageBooks,
    #[serde(rename = "manage:users")]
    ManageUsers,
    #[serde(rename = "manage:system")]
    ManageSystem,
    #[serde(rename = "view:analytics")]
    ViewAnalytics,
    #[serde(rename = "manage:promotions")]
    ManagePromotions,
    #[serde(rename = "manage:orders")]
    ManageOrders,
}

impl Spelling for Permission {
    const ALL: &'static [Self] = &[
        Self::ManageBooks,
        Self::ManageUsers,
        Self::ManageSystem,
        Self::ViewAnalytics,
        Self::ManagePromotions,
        Self::ManageOrders,
    ];

    fn as_str(self) -> &'static str {
        match self {
            Self::ManageBooks => "manage:books",
            Self::ManageUsers => "manage:users",
            Self::ManageSystem => "manage:system",
            Self::ViewAnalytics => "view:analytics",
            Self::ManagePromotions => "manage:promotions",
            Self::ManageOrders => "manage:orders",
        }
    }
}

impl Permission {
    /// The permission in words, in `lang` (catalogue `guard.permissions`): what a 403 names
    /// instead of the code.
    pub fn name(self, lang: Lang) -> &'static str {
        let key = match self {
            Self::ManageBooks => "guard.permissions.manageBooks",
            Self::ManageUsers => "guard.permissions.manageUsers",
            Self::ManageSystem => "guard.permissions.manageSystem",
            Self::ViewAnalytics => "guard.permissions.viewAnalytics",
            Self::ManagePromotions => "guard.permissions.managePromotions",
            Self::ManageOrders => "guard.permissions.manageOrders",
        };
        text(lang, key)
    }

    /// What the permission opens in the console, in `lang` (catalogue `api.permissionOpens`, the server's alone): the
    /// pages and actions a role holding it reaches.
    pub fn opens(self, lang: Lang) -> &'static str {
        let key = match self {
            Self::ManageBooks => "api.permissionOpens.manageBooks",
            Self::ManageUsers => "api.permissionOpens.manageUsers",
            Self::ManageSystem => "api.permissionOpens.manageSystem",
            Self::ViewAnalytics => "api.permissionOpens.viewAnalytics",
            Self::ManagePromotions => "api.permissionOpens.managePromotions",
            Self::ManageOrders => "api.permissionOpens.manageOrders",
        };
        text(lang, key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spelling::tests::round_trips;

    #[test]
    fn every_kind_reads_back_its_spelling_and_serialises_as_it() {
        round_trips::<UserType>();
        round_trips::<SubscriptionType>();
        round_trips::<Permission>();
    }

    #[test]
    fn every_permission_has_a_name_in_every_language_and_none_is_its_code() {
        for &permission in Permission::ALL {
            for lang in Lang::ALL {
                let name = permission.name(lang);
                assert!(
                    !name.is_empty() && !name.contains(':'),
                    "{permission:?} {lang:?}"
                );
            }
        }
        assert_eq!(Permission::ManageOrders.name(Lang::Zh), "管理订单与退款");
        assert_eq!(
            Permission::ManageOrders.name(Lang::En),
            "Manage orders and refunds"
        );
    }

    #[test]
    fn every_permission_says_what_it_opens_in_every_language_unlike_its_name() {
        for &permission in Permission::ALL {
            for lang in Lang::ALL {
                let opens = permission.opens(lang);
                assert!(
                    !opens.is_empty() && opens != permission.name(lang),
                    "{permission:?} {lang:?}"
                );
            }
        }
        assert_eq!(
            Permission::ManageUsers.opens(Lang::En),
            "Users, their roles and sessions; roles and permissions"
        );
    }
}
