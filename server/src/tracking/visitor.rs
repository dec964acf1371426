//! Who a visitor is without storing who they are: a keyed hash of the UTC day, the client's
//! budget key (its address, or its /64 for IPv6) and its user agent. It rotates every day and
//! cannot be turned back into an address without the server's key.
use std::net::IpAddr;

use hmac::{KeyInit, Mac};
use sha2::Sha256;

/// HMAC-SHA256 (hex) under `key` of the UTC `day` (days since the epoch), `budget_key` and
/// `user_agent`, each field separated so that no two inputs run together.
pub fn visitor_hash(key: &[u8], day: i64, budget_key: IpAddr, user_agent: &str) -> String {
    let mut mac = <hmac::Hmac<Sha256>>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(&day.to_be_bytes());
    mac.update(b"\x00");
    mac.update(budget_key.to_string().as_bytes());
    mac.update(b"\x00");
    mac.update(user_agent.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// Most characters of a user agent used in the visitor hash.
pub const USER_AGENT_HASHED_CHARS: usize = 512;

/// The visitor of a request at `now_ms`: [`visitor_hash`] of its UTC day, budget key and user
/// agent (its first [`USER_AGENT_HASHED_CHARS`] characters).
pub fn visitor_at(key: &[u8], now_ms: i64, budget_key: IpAddr, user_agent: &str) -> String {
    let agent: String = user_agent.chars().take(USER_AGENT_HASHED_CHARS).collect();
    visitor_hash(
        key,
        tingshu_core::analytics::day_of_ms(now_ms),
        budget_key,
        &agent,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &[u8] = b"a key derived from the server secret";

    #[test]
    fn the_same_visitor_hashes_alike_within_a_day_and_differently_across_days() {
        let address: IpAddr = "203.0.113.7".parse().unwrap();
        let today = visitor_hash(KEY, 20_000, address, "Mozilla/5.0");
        assert_eq!(today, visitor_hash(KEY, 20_000, address, "Mozilla/5.0"));
        assert_ne!(today, visitor_hash(KEY, 20_001, address, "Mozilla/5.0"));
        assert_eq!(today.len(), 64);
        assert!(!today.contains("203.0.113.7"));
    }

    #[test]
    fn another_address_agent_or_key_is_another_visitor() {
        let address: IpAddr = "203.0.113.7".parse().unwrap();
        let other: IpAddr = "203.0.113.8".parse().unwrap();
        let base = visitor_hash(KEY, 1, address, "A");
        assert_ne!(base, visitor_hash(KEY, 1, other, "A"));
        assert_ne!(base, visitor_hash(KEY, 1, address, "B"));
        assert_ne!(base, visitor_hash(b"another key", 1, address, "A"));
    }
}
