//! The wall clock as the database stores times: milliseconds since the Unix epoch.

/// Now, in milliseconds since the Unix epoch (UTC).
pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}
