//! Structured logging set-up: text for people, JSON for collectors, level from `RUST_LOG`.
use tracing_subscriber::{fmt, EnvFilter};

use crate::config::LogFormat;

/// Installs the global subscriber; `RUST_LOG` overrides the default `info` level.
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn"));
    let builder = fmt().with_env_filter(filter).with_target(true);
    let result = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder.json().flatten_event(true).try_init(),
    };
    // A second init (tests start many apps in one process) keeps the first subscriber.
    let _ = result;
}
