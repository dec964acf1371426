//! The console's exports: what can be exported and the permission each kind needs, decided
//! once here for the server's routes and the export page's choices.
use serde::{Deserialize, Serialize};

use crate::auth::kinds::Permission;
use crate::routing::guard::GuardUser;
use crate::spelling::Spelling;

/// What an export holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum ExportKind {
    Books,
    Chapters,
    Users,
}

impl Spelling for ExportKind {
    const ALL: &'static [Self] = &[Self::Books, Self::Chapters, Self::Users];

    fn as_str(self) -> &'static str {
        match self {
            Self::Books => "books",
            Self::Chapters => "chapters",
            Self::Users => "users",
        }
    }
}

impl ExportKind {
    /// The permission exporting this kind needs (administrators hold every one).
    pub fn permission(self) -> Permission {
        match self {
            Self::Books | Self::Chapters => Permission::ManageBooks,
            Self::Users => Permission::ManageUsers,
        }
    }
}

/// Input of `exportKinds`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ExportKindsInput {
    /// The signed-in user as the route guards see it; null for a guest.
    #[serde(default)]
    pub user: Option<GuardUser>,
}

/// `exportKinds`: the kinds `user` may export, in the order of [`ExportKind::ALL`]: every
/// kind for an administrator, the kinds of the permissions held otherwise, none for a guest.
pub fn export_kinds(input: ExportKindsInput) -> Vec<ExportKind> {
    let Some(user) = input.user else {
        return Vec::new();
    };
    ExportKind::ALL
        .iter()
        .copied()
        .filter(|kind| user.has_permission(kind.permission().as_str()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spelling::tests::round_trips;

    fn user(user_type: &str, permissions: &[&str]) -> Option<GuardUser> {
        Some(GuardUser {
            user_type: Some(user_type.into()),
            permissions: permissions.iter().map(|p| (*p).to_owned()).collect(),
            ..GuardUser::default()
        })
    }

    #[test]
    fn each_kind_needs_its_permission() {
        round_trips::<ExportKind>();
        assert_eq!(ExportKind::Books.permission(), Permission::ManageBooks);
        assert_eq!(ExportKind::Chapters.permission(), Permission::ManageBooks);
        assert_eq!(ExportKind::Users.permission(), Permission::ManageUsers);
    }

    #[test]
    fn a_user_is_offered_only_the_kinds_of_their_permissions() {
        use ExportKind::*;
        let kinds = |user| export_kinds(ExportKindsInput { user });
        assert_eq!(kinds(user("admin", &[])), vec![Books, Chapters, Users]);
        assert_eq!(
            kinds(user("user", &["manage:books"])),
            vec![Books, Chapters]
        );
        assert_eq!(kinds(user("user", &["manage:users"])), vec![Users]);
        assert_eq!(kinds(user("user", &["view:analytics"])), vec![]);
        assert_eq!(kinds(None), vec![]);
    }
}
