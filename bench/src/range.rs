//! `range`: random byte-range GETs against one URL (e.g. a chapter's audio), bounded by a
//! request count and a time limit; prints requests/s, MB/s and latency percentiles.
use anyhow::{bail, Context};
use clap::Args;
use reqwest::{header, StatusCode};

use crate::{
    hammer::{hammer, Bounds},
    net::{client_with_headers, loopback_url},
    rng::mix,
};

#[derive(Debug, Args)]
pub struct RangeArgs {
    /// Full URL of the file, on 127.0.0.1 or [::1]
    /// (e.g. http://127.0.0.1:8080/api/chapters/1/audio).
    #[arg(long)]
    pub url: String,
    /// Requests in flight at once.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub concurrency: u32,
    /// Stop after this many requests.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub requests: u64,
    /// Stop after this many seconds, whichever comes first.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub seconds: u64,
    /// Bytes per range (the last range of the file may be shorter).
    #[arg(long, default_value_t = 64 * 1024, value_parser = clap::value_parser!(u64).range(1..=(64 << 20)))]
    pub chunk: u64,
    /// Extra request header, `Name: value` (repeatable), e.g. an Authorization header.
    #[arg(long = "header")]
    pub headers: Vec<String>,
}

/// The total length from a `Content-Range: bytes a-b/len` value.
fn total_length(content_range: &str) -> Option<u64> {
    content_range
        .strip_prefix("bytes ")?
        .rsplit_once('/')?
        .1
        .parse()
        .ok()
}

/// The `Range` value of the `n`th pseudo-random chunk of a file of `len` bytes.
fn range_for(n: u64, len: u64, chunk: u64) -> String {
    let slots = len.div_ceil(chunk).max(1);
    let start = (mix(n) % slots) * chunk;
    let end = (start + chunk).min(len) - 1;
    format!("bytes={start}-{end}")
}

pub async fn run(args: RangeArgs) -> anyhow::Result<()> {
    let url = loopback_url(&args.url)?;
    let client = client_with_headers(&args.headers, args.concurrency)?;

    let probe = client
        .get(url.clone())
        .header(header::RANGE, "bytes=0-0")
        .send()
        .await
        .with_context(|| format!("cannot reach {url}"))?;
    if probe.status() != StatusCode::PARTIAL_CONTENT {
        bail!(
            "{url} answered {} to a range request, not 206",
            probe.status()
        );
    }
    let len = probe
        .headers()
        .get(header::CONTENT_RANGE)
        .and_then(|v| v.to_str().ok())
        .and_then(total_length)
        .context("the 206 has no usable Content-Range")?;
    println!(
        "range: {url} ({len} bytes), {} in flight, chunks of {} bytes, at most {} requests / {} s",
        args.concurrency, args.chunk, args.requests, args.seconds
    );

    let bounds = Bounds {
        concurrency: args.concurrency,
        requests: args.requests,
        seconds: args.seconds,
    };
    let chunk = args.chunk;
    hammer(bounds, "206", move |n| {
        let (client, url) = (client.clone(), url.clone());
        async move {
            let response = client
                .get(url)
                .header(header::RANGE, range_for(n, len, chunk))
                .send()
                .await
                .ok()?;
            if response.status() != StatusCode::PARTIAL_CONTENT {
                return None;
            }
            Some(response.bytes().await.ok()?.len() as u64)
        }
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_stay_inside_the_file() {
        for n in 0..1000 {
            let value = range_for(n, 1000, 64);
            let (start, end) = value
                .strip_prefix("bytes=")
                .unwrap()
                .split_once('-')
                .unwrap();
            let (start, end): (u64, u64) = (start.parse().unwrap(), end.parse().unwrap());
            assert!(start <= end && end < 1000 && start % 64 == 0, "{value}");
        }
        assert_eq!(range_for(7, 10, 64), "bytes=0-9");
    }

    #[test]
    fn content_range_totals() {
        assert_eq!(total_length("bytes 0-0/12345"), Some(12345));
        assert_eq!(total_length("bytes */99"), Some(99));
        assert_eq!(total_length("items 0-0/1"), None);
    }
}
