//! Membership and payments: plans with a price per currency, orders with their state machine
//! (each transition recorded in `order_events`), the provider notifications already handled
//! (`payment_events`, so a replay does nothing twice), auto-renewal preferences
//! (`subscriptions`), and the order a purchase came from.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Plans {
    Table,
    Id,
    Code,
    Months,
    PriceCny,
    PriceUsd,
    PriceJpy,
    Active,
    SortOrder,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    Id,
    UserId,
    Kind,
    PlanId,
    BookId,
    ChapterId,
    ItemKey,
    Title,
    Currency,
    Amount,
    State,
    Provider,
    ProviderRef,
    CheckoutUrl,
    Redirect,
    AutoRenew,
    GrantAddedMs,
    GrantStartsAt,
    PrevSubscriptionType,
    PrevExpiresAt,
    PaidAt,
    ExpiresAt,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum OrderEvents {
    Table,
    Id,
    OrderId,
    FromState,
    ToState,
    Cause,
    At,
}

#[derive(DeriveIden)]
enum PaymentEvents {
    Table,
    Id,
    Provider,
    EventId,
    OrderId,
    ReceivedAt,
}

#[derive(DeriveIden)]
enum Subscriptions {
    Table,
    Id,
    UserId,
    PlanId,
    AutoRenew,
    RenewedFor,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Purchases {
    Table,
    OrderId,
}

/// The plans on sale at first start (prices in minor units; administrators edit them).
const PLANS: [(&str, Option<i32>, i64, i64, i64); 4] = [
    ("monthly", Some(1), 1800, 299, 380),
    ("quarterly", Some(3), 4800, 799, 980),
    ("yearly", Some(12), 16800, 2999, 3600),
    ("lifetime", None, 39800, 6999, 9800),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Plans::Table)
                    .if_not_exists()
                    .col(pk_auto(Plans::Id))
                    .col(string_len_uniq(Plans::Code, 16))
                    .col(integer_null(Plans::Months))
                    .col(big_integer_null(Plans::PriceCny))
                    .col(big_integer_null(Plans::PriceUsd))
                    .col(big_integer_null(Plans::PriceJpy))
                    .col(boolean(Plans::Active).default(true))
                    .col(integer(Plans::SortOrder).default(0))
                    .col(big_integer(Plans::UpdatedAt).default(0))
                    .to_owned(),
            )
            .await?;
        let mut insert = Query::insert()
            .into_table(Plans::Table)
            .columns([
                Plans::Code,
                Plans::Months,
                Plans::PriceCny,
                Plans::PriceUsd,
                Plans::PriceJpy,
                Plans::SortOrder,
            ])
            .to_owned();
        for (order, (code, months, cny, usd, jpy)) in PLANS.into_iter().enumerate() {
            insert.values_panic([
                code.into(),
                months.into(),
                cny.into(),
                usd.into(),
                jpy.into(),
                (order as i32).into(),
            ]);
        }
        manager.exec_stmt(insert).await?;
        manager
            .create_table(
                Table::create()
                    .table(Orders::Table)
                    .if_not_exists()
                    .col(pk_auto(Orders::Id))
                    .col(integer(Orders::UserId))
                    .col(string_len(Orders::Kind, 16))
                    .col(integer_null(Orders::PlanId))
                    .col(integer_null(Orders::BookId))
                    .col(integer_null(Orders::ChapterId))
                    .col(string_len(Orders::ItemKey, 64))
                    .col(string_len(Orders::Title, 300))
                    .col(string_len(Orders::Currency, 3))
                    .col(big_integer(Orders::Amount))
                    .col(string_len(Orders::State, 16))
                    .col(string_len(Orders::Provider, 32))
                    .col(string_len_null(Orders::ProviderRef, 128).unique_key())
                    .col(string_len_null(Orders::CheckoutUrl, 1024))
                    .col(string_len_null(Orders::Redirect, 512))
                    .col(boolean(Orders::AutoRenew).default(false))
                    .col(big_integer_null(Orders::GrantAddedMs))
                    .col(big_integer_null(Orders::GrantStartsAt))
                    .col(string_len_null(Orders::PrevSubscriptionType, 16))
                    .col(big_integer_null(Orders::PrevExpiresAt))
                    .col(big_integer_null(Orders::PaidAt))
                    .col(big_integer(Orders::ExpiresAt))
                    .col(big_integer(Orders::CreatedAt))
                    .col(big_integer(Orders::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_orders_user_created")
                    .table(Orders::Table)
                    .col(Orders::UserId)
                    .col(Orders::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_orders_state_expires")
                    .table(Orders::Table)
                    .col(Orders::State)
                    .col(Orders::ExpiresAt)
                    .to_owned(),
            )
            .await?;
        // One pending order per user and item: a double click or two tabs reuse it.
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX idx_orders_one_pending ON orders (user_id, item_key) \
                 WHERE state = 'pending'",
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(OrderEvents::Table)
                    .if_not_exists()
                    .col(pk_auto(OrderEvents::Id))
                    .col(integer(OrderEvents::OrderId))
                    .col(string_len_null(OrderEvents::FromState, 16))
                    .col(string_len(OrderEvents::ToState, 16))
                    .col(string_len(OrderEvents::Cause, 255))
                    .col(big_integer(OrderEvents::At))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_order_events_order")
                    .table(OrderEvents::Table)
                    .col(OrderEvents::OrderId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PaymentEvents::Table)
                    .if_not_exists()
                    .col(pk_auto(PaymentEvents::Id))
                    .col(string_len(PaymentEvents::Provider, 32))
                    .col(string_len(PaymentEvents::EventId, 128))
                    .col(integer_null(PaymentEvents::OrderId))
                    .col(big_integer(PaymentEvents::ReceivedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_payment_events_once")
                    .table(PaymentEvents::Table)
                    .col(PaymentEvents::Provider)
                    .col(PaymentEvents::EventId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Subscriptions::Table)
                    .if_not_exists()
                    .col(pk_auto(Subscriptions::Id))
                    .col(integer_uniq(Subscriptions::UserId))
                    .col(integer(Subscriptions::PlanId))
                    .col(boolean(Subscriptions::AutoRenew).default(false))
                    .col(big_integer_null(Subscriptions::RenewedFor))
                    .col(big_integer(Subscriptions::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Purchases::Table)
                    .add_column(integer_null(Purchases::OrderId))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Purchases::Table)
                    .drop_column(Purchases::OrderId)
                    .to_owned(),
            )
            .await?;
        for table in [
            Subscriptions::Table.into_iden(),
            PaymentEvents::Table.into_iden(),
            OrderEvents::Table.into_iden(),
            Orders::Table.into_iden(),
            Plans::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
