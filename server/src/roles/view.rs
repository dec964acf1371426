//! What the role and permission endpoints answer and take: roles with their holders and
//! grants, permissions with what they open and who holds them, and a change of grants.
use serde::{Deserialize, Serialize};
use tingshu_core::auth::kinds::Permission;

/// A role as the console lists and edits it.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminRole {
    pub id: i32,
    pub name: String,
    /// What the role is for (empty: not said).
    pub description: String,
    /// How many users hold the role.
    pub user_count: u64,
    /// What the role may do, in core's order.
    pub permissions: Vec<Permission>,
    /// A role the server itself names (`admin`, `editor`, `user`): never renamed or deleted.
    pub built_in: bool,
}

/// A role, by id and name (in a permission's list of holders).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleRef {
    pub id: i32,
    pub name: String,
}

/// A permission: its code, its name and what it opens in the caller's language, and the
/// roles holding it.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPermission {
    pub permission: Permission,
    /// The permission in words (the caller's language).
    pub name: String,
    /// The console pages and actions it opens (the caller's language).
    pub opens: String,
    /// The roles holding it, by name.
    pub roles: Vec<RoleRef>,
}

/// A change to one role's permissions: what to add and what to take away. Applied as a
/// change, not a replacement, so two administrators changing one role at once both count;
/// granting a held permission or revoking one not held does nothing.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct PermissionChanges {
    pub grant: Vec<Permission>,
    pub revoke: Vec<Permission>,
}
