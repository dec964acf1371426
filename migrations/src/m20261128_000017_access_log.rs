//! What happened: every request in `access_log` (time, user, address, method, route template,
//! status, latency, bytes), rolled up per UTC day, method and route into `access_log_daily`
//! once older than the retention; and the audit log's filters (who, what entity, what action,
//! newest first) each served by an index that also gives the keyset order `(created_at, id)`.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AccessLog {
    Table,
    Id,
    CreatedAt,
    UserId,
    Ip,
    Method,
    Route,
    Status,
    LatencyMs,
    Bytes,
}

#[derive(DeriveIden)]
enum AccessLogDaily {
    Table,
    Day,
    Method,
    Route,
    Requests,
    ClientErrors,
    ServerErrors,
    TotalLatencyMs,
    Bytes,
}

#[derive(DeriveIden)]
enum AuditLog {
    Table,
    Id,
    ActorId,
    ActorName,
    Action,
    Entity,
    CreatedAt,
}

/// Indexes of `access_log`: the time order, and each filter followed by the time order.
const ACCESS_INDEXES: [(&str, Option<AccessLog>); 6] = [
    ("idx_access_log_created", None),
    ("idx_access_log_user", Some(AccessLog::UserId)),
    ("idx_access_log_ip", Some(AccessLog::Ip)),
    ("idx_access_log_method", Some(AccessLog::Method)),
    ("idx_access_log_route", Some(AccessLog::Route)),
    ("idx_access_log_status", Some(AccessLog::Status)),
];

const STATUS_CLASS_INDEX: &str = "CREATE INDEX IF NOT EXISTS idx_access_log_status_class \
    ON access_log ((status / 100), created_at, id)";

/// Indexes of `audit_log`: each filter followed by the time order.
const AUDIT_INDEXES: [(&str, AuditLog); 4] = [
    ("idx_audit_log_actor_id", AuditLog::ActorId),
    ("idx_audit_log_actor_name", AuditLog::ActorName),
    ("idx_audit_log_entity_time", AuditLog::Entity),
    ("idx_audit_log_action", AuditLog::Action),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(AccessLog::Table)
                    .if_not_exists()
                    .col(big_pk_auto(AccessLog::Id))
                    .col(big_integer(AccessLog::CreatedAt))
                    .col(integer_null(AccessLog::UserId))
                    .col(string_null(AccessLog::Ip))
                    .col(string(AccessLog::Method))
                    .col(string(AccessLog::Route))
                    .col(integer(AccessLog::Status))
                    .col(integer(AccessLog::LatencyMs))
                    .col(big_integer(AccessLog::Bytes))
                    .to_owned(),
            )
            .await?;
        for (name, column) in ACCESS_INDEXES {
            let mut index = Index::create();
            index.name(name).table(AccessLog::Table).if_not_exists();
            if let Some(column) = column {
                index.col(column);
            }
            index.col(AccessLog::CreatedAt).col(AccessLog::Id);
            manager.create_index(index.to_owned()).await?;
        }
        // A status class (`5xx`) filters by `status / 100 = ?`: this expression index serves it
        // in the time order (a range on `status` would sort every matching row).
        manager
            .get_connection()
            .execute_unprepared(STATUS_CLASS_INDEX)
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AccessLogDaily::Table)
                    .if_not_exists()
                    .col(string(AccessLogDaily::Day))
                    .col(string(AccessLogDaily::Method))
                    .col(string(AccessLogDaily::Route))
                    .col(big_integer(AccessLogDaily::Requests))
                    .col(big_integer(AccessLogDaily::ClientErrors))
                    .col(big_integer(AccessLogDaily::ServerErrors))
                    .col(big_integer(AccessLogDaily::TotalLatencyMs))
                    .col(big_integer(AccessLogDaily::Bytes))
                    .primary_key(
                        Index::create()
                            .col(AccessLogDaily::Day)
                            .col(AccessLogDaily::Method)
                            .col(AccessLogDaily::Route),
                    )
                    .to_owned(),
            )
            .await?;
        for (name, column) in AUDIT_INDEXES {
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(AuditLog::Table)
                        .col(column)
                        .col(AuditLog::CreatedAt)
                        .col(AuditLog::Id)
                        .if_not_exists()
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (name, _) in AUDIT_INDEXES {
            manager
                .drop_index(Index::drop().name(name).table(AuditLog::Table).to_owned())
                .await?;
        }
        manager
            .drop_table(Table::drop().table(AccessLogDaily::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(AccessLog::Table).to_owned())
            .await
    }
}
