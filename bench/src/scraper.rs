//! `scraper`: one address walking the book list and every book's details as fast as it can —
//! what a catalogue scraper does. Prints the pages it got per second over the first seconds
//! (before the budget is spent) and over the rest (once challenged), and the refusals. With
//! `--pay` it pays: each challenge is solved natively (core's `solvePow`) and the pass used.
use std::{
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc, Mutex,
    },
    time::{Duration, Instant},
};

use anyhow::Context;
use clap::Args;
use reqwest::{StatusCode, Url};
use serde_json::Value;
use tingshu_core::pow::{solve_pow, SolvePowInput};

use crate::net::loopback_url;

#[derive(Debug, Args)]
pub struct ScraperArgs {
    /// The server, on 127.0.0.1 or [::1] (e.g. http://127.0.0.1:8080).
    #[arg(long)]
    pub base_url: String,
    /// Requests in flight at once.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub concurrency: u32,
    /// How long, in seconds.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(2..=600))]
    pub seconds: u64,
    /// The first seconds, reported apart (the budget is spent in them).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub settle: u64,
    /// Solve each challenge and use the pass it earns.
    #[arg(long)]
    pub pay: bool,
}

#[derive(Default)]
struct Counts {
    issued: AtomicU64,
    early: AtomicU64,
    late: AtomicU64,
    refused: AtomicU64,
    solved: AtomicU64,
    solve_micros: AtomicU64,
}

/// The pass the paying scraper holds (shared by its workers).
type Pass = Arc<Mutex<Option<String>>>;

async fn book_ids(client: &reqwest::Client, base: &Url) -> anyhow::Result<Vec<i64>> {
    let page: Value = client
        .get(base.join("/api/books?pageSize=50")?)
        .send()
        .await
        .with_context(|| format!("cannot reach {base}"))?
        .json()
        .await?;
    let ids: Vec<i64> = page["data"]["items"]
        .as_array()
        .context("no book list")?
        .iter()
        .filter_map(|b| b["id"].as_i64())
        .collect();
    anyhow::ensure!(!ids.is_empty(), "the catalogue is empty");
    Ok(ids)
}

/// Solves the challenge of a 429 body; the proof header's value.
fn solve(body: &Value, counts: &Counts) -> Option<String> {
    let code = body["challengeCode"].as_str()?.to_owned();
    let difficulty = u32::try_from(body["difficulty"].as_u64()?).ok()?;
    let started = Instant::now();
    let solved = solve_pow(SolvePowInput {
        challenge: code.clone(),
        difficulty,
        max_iterations: 1 << 32,
        start_nonce: None,
    })?;
    counts.solved.fetch_add(1, Ordering::Relaxed);
    counts
        .solve_micros
        .fetch_add(started.elapsed().as_micros() as u64, Ordering::Relaxed);
    Some(format!("{code}:{}:{}", solved.nonce, solved.digest))
}

/// One request; true when the page came (not refused).
async fn fetch(
    client: &reqwest::Client,
    url: Url,
    pass: Option<&Pass>,
    counts: &Arc<Counts>,
) -> bool {
    let held = pass.and_then(|p| p.lock().expect("pass lock").clone());
    let mut request = client.get(url.clone());
    if let Some(held) = &held {
        request = request.header("x-challenge-pass", held);
    }
    let Ok(response) = request.send().await else {
        return false;
    };
    if response.status() != StatusCode::TOO_MANY_REQUESTS {
        let _ = response.bytes().await;
        return true;
    }
    counts.refused.fetch_add(1, Ordering::Relaxed);
    let Some(pass) = pass else {
        let _ = response.bytes().await;
        return false;
    };
    let body: Value = response.json().await.unwrap_or(Value::Null);
    let solver_counts = counts.clone();
    let Ok(Some(proof)) = tokio::task::spawn_blocking(move || solve(&body, &solver_counts)).await
    else {
        return false;
    };
    let Ok(retried) = client
        .get(url)
        .header("x-challenge-proof", proof)
        .send()
        .await
    else {
        return false;
    };
    if let Some(earned) = retried
        .headers()
        .get("x-challenge-pass")
        .and_then(|v| v.to_str().ok())
    {
        *pass.lock().expect("pass lock") = Some(earned.to_owned());
    }
    let ok = retried.status() != StatusCode::TOO_MANY_REQUESTS;
    let _ = retried.bytes().await;
    ok
}

pub async fn run(args: ScraperArgs) -> anyhow::Result<()> {
    let base = loopback_url(&args.base_url)?;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(args.concurrency as usize)
        .build()?;
    let ids = Arc::new(book_ids(&client, &base).await?);
    let counts = Arc::new(Counts::default());
    let pass: Option<Pass> = args.pay.then(Pass::default);
    let started = Instant::now();
    let settle_at = started + Duration::from_secs(args.settle.min(args.seconds - 1));
    let deadline = started + Duration::from_secs(args.seconds);
    let mut workers = Vec::new();
    for _ in 0..args.concurrency {
        let (client, base, ids, counts, pass) = (
            client.clone(),
            base.clone(),
            ids.clone(),
            counts.clone(),
            pass.clone(),
        );
        workers.push(tokio::spawn(async move {
            while Instant::now() < deadline {
                let n = counts.issued.fetch_add(1, Ordering::Relaxed);
                let path = if n % 2 == 0 {
                    format!("/api/books?page={}&pageSize=20", (n / 2) % 5 + 1)
                } else {
                    format!("/api/books/{}", ids[(n / 2) as usize % ids.len()])
                };
                let Ok(url) = base.join(&path) else { break };
                if fetch(&client, url, pass.as_ref(), &counts).await {
                    let bucket = if Instant::now() < settle_at {
                        &counts.early
                    } else {
                        &counts.late
                    };
                    bucket.fetch_add(1, Ordering::Relaxed);
                }
            }
        }));
    }
    for worker in workers {
        worker.await?;
    }
    let settle = args.settle.min(args.seconds - 1) as f64;
    let rest = (started.elapsed().as_secs_f64() - settle).max(0.001);
    let early = counts.early.load(Ordering::Relaxed) as f64 / settle;
    let late = counts.late.load(Ordering::Relaxed) as f64 / rest;
    let solved = counts.solved.load(Ordering::Relaxed);
    println!(
        "scraper: {} workers, {} s{}",
        args.concurrency,
        args.seconds,
        if args.pay {
            ", paying every challenge"
        } else {
            ""
        }
    );
    println!("first {settle:.0} s:   {early:.1} pages/s");
    println!("after:       {late:.1} pages/s over {rest:.1} s");
    println!(
        "refused:     {} (429)",
        counts.refused.load(Ordering::Relaxed)
    );
    if args.pay {
        let mean =
            counts.solve_micros.load(Ordering::Relaxed) as f64 / solved.max(1) as f64 / 1000.0;
        println!("proofs:      {solved} solved, {mean:.1} ms each on average");
    }
    Ok(())
}
