//! Creates the account tables: users, sessions and their refresh tokens, roles and
//! permissions (seeded), and the auth events the security page reads.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    Email,
    EmailNormalized,
    Username,
    UsernameNormalized,
    PasswordHash,
    UserType,
    SubscriptionType,
    SubscriptionExpiresAt,
    AvatarUrl,
    Language,
    Timezone,
    Status,
    CreatedAt,
    UpdatedAt,
    LastLoginAt,
}

#[derive(DeriveIden)]
enum Sessions {
    Table,
    Id,
    UserId,
    UserAgent,
    Ip,
    CreatedAt,
    LastSeenAt,
    ExpiresAt,
    RevokedAt,
    RevokedReason,
}

#[derive(DeriveIden)]
enum RefreshTokens {
    Table,
    Id,
    SessionId,
    TokenHash,
    IssuedAt,
    ExpiresAt,
    RotatedAt,
}

#[derive(DeriveIden)]
enum Roles {
    Table,
    Id,
    Name,
    Description,
}

#[derive(DeriveIden)]
enum Permissions {
    Table,
    Id,
    Name,
    Description,
}

#[derive(DeriveIden)]
enum RolePermissions {
    Table,
    RoleId,
    PermissionId,
}

#[derive(DeriveIden)]
enum UserRoles {
    Table,
    UserId,
    RoleId,
}

#[derive(DeriveIden)]
enum AuthEvents {
    Table,
    Id,
    Kind,
    UserId,
    Account,
    Ip,
    UserAgent,
    CreatedAt,
}

/// The permissions the product knows, with what each allows.
const PERMISSIONS: [(&str, &str); 6] = [
    (
        "manage:books",
        "Create, edit and remove books, chapters, categories and audio",
    ),
    (
        "manage:users",
        "Manage user accounts, roles and permissions",
    ),
    ("manage:system", "Site settings, storage, security and logs"),
    (
        "view:analytics",
        "Read listening, search and sales analytics",
    ),
    (
        "manage:promotions",
        "Limited-free campaigns and advertising settings",
    ),
    ("manage:orders", "Orders, refunds and memberships"),
];

/// Seeded roles and the permissions each holds.
const ROLES: [(&str, &str, &[&str]); 3] = [
    (
        "admin",
        "Administrators: every permission",
        &[
            "manage:books",
            "manage:users",
            "manage:system",
            "view:analytics",
            "manage:promotions",
            "manage:orders",
        ],
    ),
    (
        "editor",
        "Editors: the catalogue and campaigns",
        &["manage:books", "manage:promotions", "view:analytics"],
    ),
    ("user", "Listeners", &[]),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Users::Table)
                    .if_not_exists()
                    .col(pk_auto(Users::Id))
                    .col(string_len(Users::Email, 254))
                    .col(string_len_uniq(Users::EmailNormalized, 254))
                    .col(string_len(Users::Username, 64))
                    .col(string_len_uniq(Users::UsernameNormalized, 64))
                    .col(string_len(Users::PasswordHash, 255))
                    .col(string_len(Users::UserType, 16).default("user"))
                    .col(string_len(Users::SubscriptionType, 16).default("free"))
                    .col(big_integer_null(Users::SubscriptionExpiresAt))
                    .col(string_len_null(Users::AvatarUrl, 500))
                    .col(string_len(Users::Language, 8).default("zh"))
                    .col(string_len(Users::Timezone, 64).default("Asia/Shanghai"))
                    .col(string_len(Users::Status, 16).default("active"))
                    .col(big_integer(Users::CreatedAt))
                    .col(big_integer(Users::UpdatedAt))
                    .col(big_integer_null(Users::LastLoginAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Sessions::Table)
                    .if_not_exists()
                    .col(string_len(Sessions::Id, 36).primary_key())
                    .col(integer(Sessions::UserId))
                    .col(string_len_null(Sessions::UserAgent, 512))
                    .col(string_len_null(Sessions::Ip, 64))
                    .col(big_integer(Sessions::CreatedAt))
                    .col(big_integer(Sessions::LastSeenAt))
                    .col(big_integer(Sessions::ExpiresAt))
                    .col(big_integer_null(Sessions::RevokedAt))
                    .col(string_len_null(Sessions::RevokedReason, 32))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Sessions::Table, Sessions::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_sessions_user")
                    .table(Sessions::Table)
                    .col(Sessions::UserId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(RefreshTokens::Table)
                    .if_not_exists()
                    .col(pk_auto(RefreshTokens::Id))
                    .col(string_len(RefreshTokens::SessionId, 36))
                    .col(string_len_uniq(RefreshTokens::TokenHash, 64))
                    .col(big_integer(RefreshTokens::IssuedAt))
                    .col(big_integer(RefreshTokens::ExpiresAt))
                    .col(big_integer_null(RefreshTokens::RotatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(RefreshTokens::Table, RefreshTokens::SessionId)
                            .to(Sessions::Table, Sessions::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_refresh_tokens_session")
                    .table(RefreshTokens::Table)
                    .col(RefreshTokens::SessionId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Roles::Table)
                    .if_not_exists()
                    .col(pk_auto(Roles::Id))
                    .col(string_len_uniq(Roles::Name, 64))
                    .col(string_len(Roles::Description, 200))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Permissions::Table)
                    .if_not_exists()
                    .col(pk_auto(Permissions::Id))
                    .col(string_len_uniq(Permissions::Name, 64))
                    .col(string_len(Permissions::Description, 200))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(RolePermissions::Table)
                    .if_not_exists()
                    .col(integer(RolePermissions::RoleId))
                    .col(integer(RolePermissions::PermissionId))
                    .primary_key(
                        Index::create()
                            .col(RolePermissions::RoleId)
                            .col(RolePermissions::PermissionId),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(RolePermissions::Table, RolePermissions::RoleId)
                            .to(Roles::Table, Roles::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(RolePermissions::Table, RolePermissions::PermissionId)
                            .to(Permissions::Table, Permissions::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(UserRoles::Table)
                    .if_not_exists()
                    .col(integer(UserRoles::UserId))
                    .col(integer(UserRoles::RoleId))
                    .primary_key(
                        Index::create()
                            .col(UserRoles::UserId)
                            .col(UserRoles::RoleId),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(UserRoles::Table, UserRoles::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(UserRoles::Table, UserRoles::RoleId)
                            .to(Roles::Table, Roles::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AuthEvents::Table)
                    .if_not_exists()
                    .col(pk_auto(AuthEvents::Id))
                    .col(string_len(AuthEvents::Kind, 32))
                    .col(integer_null(AuthEvents::UserId))
                    .col(string_len_null(AuthEvents::Account, 254))
                    .col(string_len_null(AuthEvents::Ip, 64))
                    .col(string_len_null(AuthEvents::UserAgent, 512))
                    .col(big_integer(AuthEvents::CreatedAt))
                    .to_owned(),
            )
            .await?;
        for (name, columns) in [
            (
                "idx_auth_events_account",
                [AuthEvents::Account, AuthEvents::CreatedAt],
            ),
            (
                "idx_auth_events_ip",
                [AuthEvents::Ip, AuthEvents::CreatedAt],
            ),
            (
                "idx_auth_events_kind",
                [AuthEvents::Kind, AuthEvents::CreatedAt],
            ),
        ] {
            let mut index = Index::create();
            index.name(name).table(AuthEvents::Table);
            for column in columns {
                index.col(column);
            }
            manager.create_index(index.to_owned()).await?;
        }
        seed_roles(manager).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            AuthEvents::Table.into_iden(),
            UserRoles::Table.into_iden(),
            RolePermissions::Table.into_iden(),
            Permissions::Table.into_iden(),
            Roles::Table.into_iden(),
            RefreshTokens::Table.into_iden(),
            Sessions::Table.into_iden(),
            Users::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}

/// Inserts the known permissions and roles with ids in list order (1, 2, …).
async fn seed_roles(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = manager.get_connection();
    let backend = manager.get_database_backend();
    let mut permissions = Query::insert();
    permissions.into_table(Permissions::Table).columns([
        Permissions::Id,
        Permissions::Name,
        Permissions::Description,
    ]);
    for (index, (name, description)) in PERMISSIONS.iter().enumerate() {
        permissions.values_panic([
            (index as i32 + 1).into(),
            (*name).into(),
            (*description).into(),
        ]);
    }
    db.execute(&permissions).await?;
    let mut roles = Query::insert();
    roles
        .into_table(Roles::Table)
        .columns([Roles::Id, Roles::Name, Roles::Description]);
    let mut grants = Query::insert();
    grants
        .into_table(RolePermissions::Table)
        .columns([RolePermissions::RoleId, RolePermissions::PermissionId]);
    for (role_index, (name, description, granted)) in ROLES.iter().enumerate() {
        let role_id = role_index as i32 + 1;
        roles.values_panic([role_id.into(), (*name).into(), (*description).into()]);
        for permission in *granted {
            let position = PERMISSIONS
                .iter()
                .position(|(p, _)| p == permission)
                .expect("seeded permission");
            grants.values_panic([role_id.into(), (position as i32 + 1).into()]);
        }
    }
    db.execute(&roles).await?;
    db.execute(&grants).await?;
    if backend == sea_orm::DatabaseBackend::Postgres {
        // Explicit ids leave the sequences behind; move them past the seeded rows.
        for table in ["roles", "permissions"] {
            db.execute_unprepared(&format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT MAX(id) FROM {table}))"
            ))
            .await?;
        }
    }
    Ok(())
}
