//! `events`: behaviour events sent at a fixed rate (page views, as browsers send them after each
//! navigation) while listeners browse the catalogue in a closed loop; prints the events
//! accepted per second and the listeners' latency (their requests paced, 400 a second by
//! default). With `--rate 0` the listeners run alone, the figure the tracking load is compared
//! with; with `--listeners 0` only the events are sent, so they can come from a process of their
//! own (`bench/anti-crawler.sh` runs it under `nice`, standing in for browsers on other machines).
use std::{
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::{Duration, Instant},
};

use clap::Args;
use reqwest::StatusCode;
use serde_json::json;

use crate::net::{loopback_url, percentile};

#[derive(Debug, Args)]
pub struct EventsArgs {
    /// The server, on 127.0.0.1 or [::1] (e.g. http://127.0.0.1:8080).
    #[arg(long)]
    pub base_url: String,
    /// Events per second in all (0: listeners only).
    #[arg(long, default_value_t = 5_000, value_parser = clap::value_parser!(u64).range(0..=100_000))]
    pub rate: u64,
    /// Connections the events are spread over.
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u64).range(1..=512))]
    pub senders: u64,
    /// Listeners browsing at once (0: events only).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(0..=256))]
    pub listeners: u32,
    /// Their requests per second in all, paced (0: each as fast as it can, a closed loop, which
    /// on a small machine measures the CPU left over rather than the latency a listener sees).
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u64).range(0..=100_000))]
    pub listener_rate: u64,
    /// How long, in seconds.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub seconds: u64,
}

fn event(sender: u64, n: u64) -> serde_json::Value {
    json!({
        "sessionId": format!("{sender:08x}-0000-4000-8000-{n:012x}"),
        "timestamp": 1_795_910_000_000_i64,
        "deviceInfo": {"userAgent": "tingshu-bench", "screenWidth": 390, "screenHeight": 844,
            "devicePixelRatio": 3, "timezone": "Asia/Shanghai", "language": "zh-CN"},
        "pageType": "book",
        "pageUrl": format!("/books/{}", n % 20 + 1),
        "referrer": "https://www.example.com/",
    })
}

/// A tick every `period` for the `index`-th of `count` clients, their first ticks spread evenly
/// over one period: browsers and listeners act independently, not all in the same instant (32
/// senders started together would send their events in bursts of 32, and the listeners' requests
/// would queue behind each burst and behind each other).
fn staggered(period: Duration, index: u64, count: u64) -> tokio::time::Interval {
    let offset = period.mul_f64(index as f64 / count.max(1) as f64);
    tokio::time::interval_at(tokio::time::Instant::now() + offset, period)
}

pub async fn run(args: EventsArgs) -> anyhow::Result<()> {
    let base = loopback_url(&args.base_url)?;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host((args.senders + u64::from(args.listeners)) as usize)
        .build()?;
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let (accepted, failed) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let mut senders = Vec::new();
    if args.rate > 0 {
        let period = Duration::from_secs_f64(args.senders as f64 / args.rate as f64);
        let url = base.join("/api/behavior/pageview")?;
        for sender in 0..args.senders {
            let (client, url, accepted, failed) = (
                client.clone(),
                url.clone(),
                accepted.clone(),
                failed.clone(),
            );
            let mut ticks = staggered(period, sender, args.senders);
            senders.push(tokio::spawn(async move {
                ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
                let mut n = 0;
                while Instant::now() < deadline {
                    ticks.tick().await;
                    n += 1;
                    let sent = client
                        .post(url.clone())
                        .json(&event(sender, n))
                        .send()
                        .await;
                    let counter = match sent {
                        Ok(r) if r.status() == StatusCode::OK => &accepted,
                        _ => &failed,
                    };
                    counter.fetch_add(1, Ordering::Relaxed);
                }
            }));
        }
    }
    let mut listeners = Vec::new();
    for listener in 0..args.listeners {
        let (client, base) = (client.clone(), base.clone());
        let pace = (args.listener_rate > 0).then(|| {
            Duration::from_secs_f64(f64::from(args.listeners) / args.listener_rate as f64)
        });
        let mut ticks =
            pace.map(|pace| staggered(pace, u64::from(listener), u64::from(args.listeners)));
        listeners.push(tokio::spawn(async move {
            let (mut latencies, mut refused) = (Vec::new(), 0_u64);
            let mut n = u64::from(listener);
            if let Some(ticks) = ticks.as_mut() {
                ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            }
            while Instant::now() < deadline {
                if let Some(ticks) = ticks.as_mut() {
                    ticks.tick().await;
                }
                n += 1;
                let path = if n % 2 == 0 {
                    format!("/api/books?page={}&pageSize=20", n % 3 + 1)
                } else {
                    format!("/api/books/{}", n % 10 + 1)
                };
                let Ok(url) = base.join(&path) else { break };
                let started = Instant::now();
                match client.get(url).send().await {
                    Ok(response) if response.status() == StatusCode::OK => {
                        let _ = response.bytes().await;
                        latencies.push(started.elapsed());
                    }
                    _ => refused += 1,
                }
            }
            (latencies, refused)
        }));
    }
    let started = Instant::now();
    let (mut latencies, mut refused) = (Vec::new(), 0);
    for listener in listeners {
        let (answered, failed) = listener.await?;
        latencies.extend(answered);
        refused += failed;
    }
    for sender in senders {
        sender.await?;
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort_unstable();
    println!(
        "events:    {:.0}/s accepted ({} in all), {} failed; asked {}/s",
        accepted.load(Ordering::Relaxed) as f64 / elapsed,
        accepted.load(Ordering::Relaxed),
        failed.load(Ordering::Relaxed),
        args.rate
    );
    if args.listeners == 0 {
        return Ok(());
    }
    println!(
        "listeners: {} requests, {:.0}/s, {} not answered 200, p50 {:?}  p99 {:?}",
        latencies.len(),
        latencies.len() as f64 / elapsed,
        refused,
        percentile(&latencies, 50.0),
        percentile(&latencies, 99.0)
    );
    Ok(())
}
