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

/// The process's resident memory in MiB (Linux), for the start-up log that shows what
/// each stage holds.
pub fn resident_mib() -> Option<f64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: f64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096.0 / (1024.0 * 1024.0))
}

/// Logs the resident memory after a start-up stage.
pub fn memory_after(stage: &str) {
    if let Some(mib) = resident_mib() {
        tracing::info!(stage, rss_mib = format!("{mib:.1}"), "memory after {stage}");
    }
}
