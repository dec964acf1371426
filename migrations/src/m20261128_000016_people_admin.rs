//! The console's people pages: one-time password-reset tokens an administrator hands a user
//! (stored hashed), and the indexes the user list sorts and filters by.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    CreatedAt,
    LastLoginAt,
}

#[derive(DeriveIden)]
enum UserRoles {
    Table,
    RoleId,
}

#[derive(DeriveIden)]
enum PasswordResets {
    Table,
    Id,
    UserId,
    TokenHash,
    CreatedBy,
    CreatedAt,
    ExpiresAt,
    UsedAt,
}

/// (name, table, column) of each list index.
const INDEXES: [(&str, &str, &str); 3] = [
    ("idx_users_created_at", "users", "created_at"),
    ("idx_users_last_login_at", "users", "last_login_at"),
    ("idx_user_roles_role", "user_roles", "role_id"),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PasswordResets::Table)
                    .if_not_exists()
                    .col(pk_auto(PasswordResets::Id))
                    .col(integer(PasswordResets::UserId))
                    .col(string_len_uniq(PasswordResets::TokenHash, 64))
                    .col(integer_null(PasswordResets::CreatedBy))
                    .col(big_integer(PasswordResets::CreatedAt))
                    .col(big_integer(PasswordResets::ExpiresAt))
                    .col(big_integer_null(PasswordResets::UsedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(PasswordResets::Table, PasswordResets::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_password_resets_user")
                    .table(PasswordResets::Table)
                    .col(PasswordResets::UserId)
                    .if_not_exists()
                    .to_owned(),
            )
            .await?;
        let columns = [
            (Users::Table.into_iden(), Users::CreatedAt.into_iden()),
            (Users::Table.into_iden(), Users::LastLoginAt.into_iden()),
            (UserRoles::Table.into_iden(), UserRoles::RoleId.into_iden()),
        ];
        for ((name, _, _), (table, column)) in INDEXES.iter().zip(columns) {
            manager
                .create_index(
                    Index::create()
                        .name(*name)
                        .table(table)
                        .col(column)
                        .if_not_exists()
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (name, table, _) in INDEXES {
            manager
                .drop_index(Index::drop().name(name).table(Alias::new(table)).to_owned())
                .await?;
        }
        manager
            .drop_table(Table::drop().table(PasswordResets::Table).to_owned())
            .await
    }
}
