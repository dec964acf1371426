//! `range`: random byte-range GETs against one URL (e.g. a chapter's audio), bounded by a
//! request count and a time limit; prints requests/s, MB/s and latency percentiles.
use std::{
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::{Duration, Instant},
};

use anyhow::{bail, Context};
use clap::Args;
use reqwest::{header, StatusCode};

use crate::{
    net::{loopback_url, parse_header, percentile},
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

#[derive(Default)]
struct Totals {
    issued: AtomicU64,
    ok: AtomicU64,
    failed: AtomicU64,
    bytes: AtomicU64,
}

pub async fn run(args: RangeArgs) -> anyhow::Result<()> {
    let url = loopback_url(&args.url)?;
    let mut headers = header::HeaderMap::new();
    for raw in &args.headers {
        let (name, value) = parse_header(raw)?;
        headers.insert(name, value);
    }
    let client = reqwest::Client::builder()
        .default_headers(headers)
        .pool_max_idle_per_host(args.concurrency as usize)
        .build()?;

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

    let totals = Arc::new(Totals::default());
    let started = Instant::now();
    let deadline = started + Duration::from_secs(args.seconds);
    let mut workers = Vec::new();
    for _ in 0..args.concurrency {
        let (client, url, totals) = (client.clone(), url.clone(), totals.clone());
        let (limit, chunk) = (args.requests, args.chunk);
        workers.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            loop {
                let n = totals.issued.fetch_add(1, Ordering::Relaxed);
                if n >= limit || Instant::now() >= deadline {
                    break;
                }
                let sent = Instant::now();
                let outcome = async {
                    let response = client
                        .get(url.clone())
                        .header(header::RANGE, range_for(n, len, chunk))
                        .send()
                        .await?;
                    let status = response.status();
                    let body = response.bytes().await?;
                    Ok::<_, reqwest::Error>((status, body.len() as u64))
                }
                .await;
                match outcome {
                    Ok((StatusCode::PARTIAL_CONTENT, bytes)) => {
                        latencies.push(sent.elapsed());
                        totals.ok.fetch_add(1, Ordering::Relaxed);
                        totals.bytes.fetch_add(bytes, Ordering::Relaxed);
                    }
                    _ => {
                        totals.failed.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
            latencies
        }));
    }
    let mut latencies = Vec::new();
    for worker in workers {
        latencies.extend(worker.await?);
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort_unstable();

    let ok = totals.ok.load(Ordering::Relaxed);
    let failed = totals.failed.load(Ordering::Relaxed);
    let bytes = totals.bytes.load(Ordering::Relaxed);
    println!("requests:  {ok} ok (206), {failed} failed, in {elapsed:.2} s");
    println!("rate:      {:.0} requests/s", ok as f64 / elapsed);
    println!(
        "transfer:  {:.1} MB/s ({bytes} bytes)",
        bytes as f64 / 1e6 / elapsed
    );
    println!(
        "latency:   p50 {:?}  p90 {:?}  p99 {:?}  max {:?}",
        percentile(&latencies, 50.0),
        percentile(&latencies, 90.0),
        percentile(&latencies, 99.0),
        latencies.last().copied().unwrap_or_default()
    );
    if failed > 0 {
        bail!("{failed} request(s) failed");
    }
    Ok(())
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
