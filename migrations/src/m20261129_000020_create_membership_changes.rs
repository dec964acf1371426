//! Every membership an administrator grants or takes away in the console, kept apart from the
//! audit log's free-form JSON so that a refund replays it with the paid orders (issue 28: a
//! refund erased a grant for life, or brought back a membership taken away).
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum MembershipChanges {
    Table,
    Id,
    UserId,
    Action,
    Term,
    PlanId,
    Months,
    ExpiresAt,
    Reason,
    ActorId,
    CreatedAt,
}

const USER_TIME_INDEX: &str = "idx_membership_changes_user_time";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(MembershipChanges::Table)
                    .if_not_exists()
                    .col(pk_auto(MembershipChanges::Id))
                    .col(integer(MembershipChanges::UserId))
                    .col(string(MembershipChanges::Action))
                    .col(string_null(MembershipChanges::Term))
                    .col(integer_null(MembershipChanges::PlanId))
                    .col(integer_null(MembershipChanges::Months))
                    .col(big_integer_null(MembershipChanges::ExpiresAt))
                    .col(text(MembershipChanges::Reason))
                    .col(integer_null(MembershipChanges::ActorId))
                    .col(big_integer(MembershipChanges::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(MembershipChanges::Table, MembershipChanges::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name(USER_TIME_INDEX)
                    .table(MembershipChanges::Table)
                    .col(MembershipChanges::UserId)
                    .col(MembershipChanges::CreatedAt)
                    .col(MembershipChanges::Id)
                    .if_not_exists()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name(USER_TIME_INDEX)
                    .table(MembershipChanges::Table)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(MembershipChanges::Table).to_owned())
            .await
    }
}
