//! What every load command shares: the loopback-only URL check, extra headers, percentiles.
use std::{
    net::{IpAddr, Ipv4Addr, Ipv6Addr},
    time::Duration,
};

use anyhow::{bail, Context};
use reqwest::{header, Url};

/// The URL, refused unless it is http(s) on a loopback address literal.
pub fn loopback_url(raw: &str) -> anyhow::Result<Url> {
    let url = Url::parse(raw).with_context(|| format!("not a URL: {raw}"))?;
    if !matches!(url.scheme(), "http" | "https") {
        bail!("only http and https URLs can be benchmarked");
    }
    // The URL parser normalises address literals (`127.1` → `127.0.0.1`); names such as
    // `localhost` are refused since they could resolve anywhere.
    let host = url.host_str().unwrap_or_default();
    let loopback = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .parse::<IpAddr>()
        .is_ok_and(|ip| {
            ip == IpAddr::V4(Ipv4Addr::LOCALHOST) || ip == IpAddr::V6(Ipv6Addr::LOCALHOST)
        });
    if !loopback {
        bail!("refusing {raw}: the benchmark only targets 127.0.0.1 or [::1]");
    }
    Ok(url)
}

/// `Name: value` → a header pair.
pub fn parse_header(raw: &str) -> anyhow::Result<(header::HeaderName, header::HeaderValue)> {
    let (name, value) = raw
        .split_once(':')
        .with_context(|| format!("a header is `Name: value`, got {raw:?}"))?;
    Ok((
        header::HeaderName::from_bytes(name.trim().as_bytes())?,
        header::HeaderValue::from_str(value.trim())?,
    ))
}

/// A client sending `headers` (each `Name: value`) with every request, keeping up to
/// `connections` connections open.
pub fn client_with_headers(
    headers: &[String],
    connections: u32,
) -> anyhow::Result<reqwest::Client> {
    let mut map = header::HeaderMap::new();
    for raw in headers {
        let (name, value) = parse_header(raw)?;
        map.insert(name, value);
    }
    Ok(reqwest::Client::builder()
        .default_headers(map)
        .pool_max_idle_per_host(connections as usize)
        .build()?)
}

/// The `p`th percentile (0..=100) of sorted samples.
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_literals_are_accepted() {
        for ok in [
            "http://127.0.0.1:8080/api/chapters/1/audio",
            "http://[::1]:3000/a",
            "https://127.0.0.1/x",
        ] {
            assert!(loopback_url(ok).is_ok(), "{ok}");
        }
        for bad in [
            "http://localhost:8080/",
            "http://127.0.0.2/",
            "http://10.0.0.1/",
            "http://example.com/",
            "ftp://127.0.0.1/",
            "127.0.0.1:8080",
            "http://[::2]/",
        ] {
            assert!(loopback_url(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn headers_and_percentiles() {
        let (name, value) = parse_header("Authorization: Bearer abc").unwrap();
        assert_eq!(
            (name.as_str(), value.to_str().unwrap()),
            ("authorization", "Bearer abc")
        );
        assert!(parse_header("nocolon").is_err());
        let samples: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
        assert_eq!(percentile(&samples, 50.0), Duration::from_millis(51));
        assert_eq!(percentile(&samples, 100.0), Duration::from_millis(100));
        assert_eq!(percentile(&[], 99.0), Duration::ZERO);
    }
}
