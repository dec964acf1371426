//! `console`: editors working the console's book list of an already running server: every
//! sort, filters, deep pages and searches by title word (zh, en), author and id, as an
//! administrator (signed in with `--email` and the password on standard input). Bounded by
//! time and request count; prints count, rate and latency percentiles per kind of request.
use std::{
    collections::BTreeMap,
    io::Read,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::{Duration, Instant},
};

use anyhow::{bail, Context};
use clap::Args;
use reqwest::Url;

use crate::{
    catalog_load::build_url,
    catalog_words as words,
    net::{loopback_url, percentile},
    rng::Rng,
};

#[derive(Debug, Args)]
pub struct ConsoleArgs {
    /// The server, on 127.0.0.1 or [::1] (e.g. http://127.0.0.1:8080).
    #[arg(long)]
    pub base_url: String,
    /// The administrator's email; the password is read from standard input.
    #[arg(long)]
    pub email: String,
    /// Simulated editors, each with its own connection.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=200))]
    pub clients: u32,
    /// Stop after this many seconds.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub seconds: u64,
    /// Stop after this many requests in all, whichever comes first.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub requests: u64,
    /// Seed of the request mix.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Kinds of console list requests, reported separately.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    /// No filter, one of the four sorts, page 1–5.
    Sorted,
    /// A category, access, status or published filter.
    Filtered,
    /// Page 51–5,000 of the whole list.
    Deep,
    /// `q`: a title word in Chinese or English, an author's name, or a book id.
    Search,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Sorted => "sorted",
            Kind::Filtered => "filtered",
            Kind::Deep => "deep page",
            Kind::Search => "search",
        }
    }
}

const SORTS: [&str; 4] = ["updated", "newest", "title", "plays"];

/// One request of the mix: 30 % sorted, 25 % filtered, 10 % deep, 35 % searches.
fn next_request(rng: &mut Rng, base: &Url) -> (Kind, Url) {
    let path = "/api/admin/books";
    let sort = ("sort", rng.pick(&SORTS).to_string());
    match rng.weighted(&[30, 25, 10, 35]) {
        0 => {
            let page = ("page", rng.between(1, 5).to_string());
            (Kind::Sorted, build_url(base, path, &[sort, page]))
        }
        1 => {
            let filter = match rng.below(4) {
                0 => ("category", rng.between(1, 32).to_string()),
                1 => ("access", rng.pick(&["free", "vip", "paid"]).to_string()),
                2 => ("status", rng.pick(&["serialising", "finished"]).to_string()),
                _ => ("published", rng.pick(&["true", "false"]).to_string()),
            };
            (Kind::Filtered, build_url(base, path, &[filter, sort]))
        }
        2 => {
            let page = ("page", rng.between(51, 5_000).to_string());
            (Kind::Deep, build_url(base, path, &[sort, page]))
        }
        _ => {
            let q = match rng.below(4) {
                0 => rng.pick(&words::NOUNS).zh.to_owned(),
                1 => rng.pick(&words::HEADS).en.to_owned(),
                2 => format!("{}{}", rng.pick(&words::SURNAMES), rng.pick(&words::GIVEN)),
                _ => rng.between(1, 100_000).to_string(),
            };
            (Kind::Search, build_url(base, path, &[("q", q), sort]))
        }
    }
}

pub async fn sign_in(client: &reqwest::Client, base: &Url, email: &str) -> anyhow::Result<String> {
    let mut password = String::new();
    std::io::stdin()
        .read_to_string(&mut password)
        .context("cannot read the password from standard input")?;
    let url = build_url(base, "/api/auth/login", &[]);
    let body = serde_json::json!({"email": email, "password": password.trim_end()});
    let answer: serde_json::Value = client.post(url).json(&body).send().await?.json().await?;
    answer["data"]["tokens"]["accessToken"]
        .as_str()
        .map(str::to_owned)
        .with_context(|| format!("sign-in refused: {answer}"))
}

pub async fn run(args: ConsoleArgs) -> anyhow::Result<()> {
    let base = loopback_url(&args.base_url)?;
    let token = sign_in(&reqwest::Client::new(), &base, &args.email).await?;
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let budget = Arc::new(AtomicU64::new(args.requests));
    let failures = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for client_index in 0..args.clients {
        let base = base.clone();
        let token = token.clone();
        let budget = budget.clone();
        let failures = failures.clone();
        let mut rng = Rng::new(args.seed.wrapping_mul(1_000_003) + u64::from(client_index));
        tasks.push(tokio::spawn(async move {
            let client = reqwest::Client::builder()
                .pool_max_idle_per_host(1)
                .build()
                .expect("an HTTP client");
            let mut seen: Vec<(Kind, Duration)> = Vec::new();
            while Instant::now() < deadline
                && budget
                    .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1))
                    .is_ok()
            {
                let (kind, url) = next_request(&mut rng, &base);
                let sent = Instant::now();
                let ok = match client.get(url).bearer_auth(&token).send().await {
                    Ok(response) => {
                        let ok = response.status().is_success();
                        ok && response.bytes().await.is_ok()
                    }
                    Err(_) => false,
                };
                if !ok {
                    failures.fetch_add(1, Ordering::Relaxed);
                }
                seen.push((kind, sent.elapsed()));
            }
            seen
        }));
    }
    let mut by_kind: BTreeMap<Kind, Vec<Duration>> = BTreeMap::new();
    for task in tasks {
        for (kind, took) in task.await? {
            by_kind.entry(kind).or_default().push(took);
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let total: usize = by_kind.values().map(Vec::len).sum();
    println!(
        "{total} requests in {elapsed:.1} s ({:.0}/s), {} clients",
        total as f64 / elapsed,
        args.clients
    );
    println!(
        "{:<10} {:>7} {:>9} {:>9} {:>9} {:>9}",
        "kind", "count", "p50", "p95", "p99", "max"
    );
    let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1000.0);
    for (kind, mut times) in by_kind {
        times.sort_unstable();
        println!(
            "{:<10} {:>7} {:>9} {:>9} {:>9} {:>9}",
            kind.name(),
            times.len(),
            ms(percentile(&times, 50.0)),
            ms(percentile(&times, 95.0)),
            ms(percentile(&times, 99.0)),
            ms(*times.last().unwrap_or(&Duration::ZERO)),
        );
    }
    let failed = failures.load(Ordering::Relaxed);
    if failed > 0 {
        bail!("{failed} requests failed (not 2xx)");
    }
    Ok(())
}
