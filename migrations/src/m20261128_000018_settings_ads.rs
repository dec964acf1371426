//! What listeners are offered and how the site is set: `site_settings` (one row per setting,
//! its value as JSON), `ad_slots` (ads with their place, window and link), campaigns that
//! free whole categories (`promotion_categories`) and a campaign's `updated_at` and
//! `ended_at` (set when it is ended early from the console).
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SiteSettings {
    Table,
    Key,
    Value,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum AdSlots {
    Table,
    Id,
    Slot,
    Enabled,
    ImageUrl,
    Text,
    Link,
    StartsAt,
    EndsAt,
    HiddenForMembers,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Promotions {
    Table,
    Id,
    UpdatedAt,
    EndedAt,
}

#[derive(DeriveIden)]
enum PromotionCategories {
    Table,
    PromotionId,
    CategoryId,
}

#[derive(DeriveIden)]
enum Categories {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(SiteSettings::Table)
                    .if_not_exists()
                    .col(string_len(SiteSettings::Key, 64).primary_key())
                    .col(text(SiteSettings::Value))
                    .col(big_integer(SiteSettings::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AdSlots::Table)
                    .if_not_exists()
                    .col(pk_auto(AdSlots::Id))
                    .col(string_len(AdSlots::Slot, 32))
                    .col(boolean(AdSlots::Enabled))
                    .col(text_null(AdSlots::ImageUrl))
                    .col(string_len_null(AdSlots::Text, 200))
                    .col(text(AdSlots::Link))
                    .col(big_integer(AdSlots::StartsAt))
                    .col(big_integer(AdSlots::EndsAt))
                    .col(boolean(AdSlots::HiddenForMembers))
                    .col(big_integer(AdSlots::CreatedAt))
                    .col(big_integer(AdSlots::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_ad_slots_window")
                    .table(AdSlots::Table)
                    .col(AdSlots::EndsAt)
                    .col(AdSlots::StartsAt)
                    .to_owned(),
            )
            .await?;
        // SQLite adds one column per statement.
        for mut column in [
            big_integer(Promotions::UpdatedAt).default(0).to_owned(),
            big_integer_null(Promotions::EndedAt).to_owned(),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Promotions::Table)
                        .add_column(&mut column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(PromotionCategories::Table)
                    .if_not_exists()
                    .col(integer(PromotionCategories::PromotionId))
                    .col(integer(PromotionCategories::CategoryId))
                    .primary_key(
                        Index::create()
                            .col(PromotionCategories::PromotionId)
                            .col(PromotionCategories::CategoryId),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PromotionCategories::Table, PromotionCategories::PromotionId)
                            .to(Promotions::Table, Promotions::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PromotionCategories::Table, PromotionCategories::CategoryId)
                            .to(Categories::Table, Categories::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_promotion_categories_category")
                    .table(PromotionCategories::Table)
                    .col(PromotionCategories::CategoryId)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(PromotionCategories::Table).to_owned())
            .await?;
        for column in [Promotions::UpdatedAt, Promotions::EndedAt] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Promotions::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .drop_table(Table::drop().table(AdSlots::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(SiteSettings::Table).to_owned())
            .await?;
        Ok(())
    }
}
