//! The closed loop every single-URL load shares: `concurrency` workers each sending one
//! request after another until a request count or a deadline, then a printed summary.
use std::{
    future::Future,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::{Duration, Instant},
};

use anyhow::bail;

use crate::net::percentile;

/// How long and how hard to load.
#[derive(Debug, Clone, Copy)]
pub struct Bounds {
    pub concurrency: u32,
    pub requests: u64,
    pub seconds: u64,
}

#[derive(Default)]
struct Totals {
    issued: AtomicU64,
    ok: AtomicU64,
    failed: AtomicU64,
    bytes: AtomicU64,
}

/// Runs `send(n)` for n = 0, 1, … from `bounds.concurrency` workers; `send` answers the
/// body bytes of a successful request, or None for a failure. Prints the summary and
/// fails when any request failed.
pub async fn hammer<F, Fut>(bounds: Bounds, expected: &str, send: F) -> anyhow::Result<()>
where
    F: Fn(u64) -> Fut + Clone + Send + 'static,
    Fut: Future<Output = Option<u64>> + Send,
{
    let totals = Arc::new(Totals::default());
    let started = Instant::now();
    let deadline = started + Duration::from_secs(bounds.seconds);
    let mut workers = Vec::new();
    for _ in 0..bounds.concurrency {
        let (totals, send) = (totals.clone(), send.clone());
        let limit = bounds.requests;
        workers.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            loop {
                let n = totals.issued.fetch_add(1, Ordering::Relaxed);
                if n >= limit || Instant::now() >= deadline {
                    break;
                }
                let sent = Instant::now();
                match send(n).await {
                    Some(bytes) => {
                        latencies.push(sent.elapsed());
                        totals.ok.fetch_add(1, Ordering::Relaxed);
                        totals.bytes.fetch_add(bytes, Ordering::Relaxed);
                    }
                    None => {
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
    println!("requests:  {ok} ok ({expected}), {failed} failed, in {elapsed:.2} s");
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
