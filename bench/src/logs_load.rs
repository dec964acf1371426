//! `logs`: operators reading the audit and access logs of a running server seeded by
//! `logs-seed`: the first page and a deep keyset page, unfiltered and with each filter, as an
//! administrator (signed in with `--email`, the password on standard input). Prints count and
//! latency percentiles per kind of request; the bar is p99 under 50 ms.
use std::{
    collections::BTreeMap,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::{Duration, Instant},
};

use anyhow::bail;
use clap::Args;
use reqwest::Url;

use crate::{
    catalog_load::build_url,
    console_load::sign_in,
    logs_seed::{access_time, address, audit_time, ACTIONS, ACTORS, END_MS, ROUTES, USERS},
    net::{loopback_url, percentile},
    rng::Rng,
};

#[derive(Debug, Args)]
pub struct LogsArgs {
    /// The server, on 127.0.0.1 or [::1] (e.g. http://127.0.0.1:8080).
    #[arg(long)]
    pub base_url: String,
    /// The administrator's email; the password is read from standard input.
    #[arg(long)]
    pub email: String,
    /// The row counts `logs-seed` wrote (for deep cursors).
    #[arg(long, default_value_t = 1_000_000)]
    pub audit_rows: u64,
    #[arg(long, default_value_t = 5_000_000)]
    pub access_rows: u64,
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=200))]
    pub clients: u32,
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub seconds: u64,
    #[arg(long, default_value_t = 100_000)]
    pub requests: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// A random filter of the audit log: (report name, parameters).
fn audit_filter(rng: &mut Rng) -> (&'static str, Vec<(&'static str, String)>) {
    match rng.below(5) {
        0 => (
            "actor id",
            vec![("actor", rng.between(1, ACTORS).to_string())],
        ),
        1 => (
            "actor name",
            vec![("actor", format!("editor{}", rng.between(1, ACTORS)))],
        ),
        2 => ("entity", vec![("entity", rng.pick(&ACTIONS).1.to_owned())]),
        3 => ("action", vec![("action", rng.pick(&ACTIONS).0.to_owned())]),
        _ => {
            let to = END_MS - rng.between(0, 300) * 86_400_000;
            (
                "time range",
                vec![
                    ("from", (to - 7 * 86_400_000).to_string()),
                    ("to", to.to_string()),
                ],
            )
        }
    }
}

/// A random filter of the access log.
fn access_filter(rng: &mut Rng) -> (&'static str, Vec<(&'static str, String)>) {
    match rng.below(8) {
        0 => ("user", vec![("user", rng.between(1, USERS).to_string())]),
        1 => ("address", vec![("ip", address(rng.below(50_000)))]),
        2 => (
            "method",
            vec![(
                "method",
                rng.pick(&["GET", "POST", "PUT", "DELETE"]).to_string(),
            )],
        ),
        3 => ("route", vec![("route", rng.pick(&ROUTES).to_string())]),
        4 => (
            "status code",
            vec![("status", rng.pick(&["404", "500", "429"]).to_string())],
        ),
        5 => (
            "status class",
            vec![("status", rng.pick(&["4xx", "5xx"]).to_string())],
        ),
        6 => {
            let to = END_MS - rng.between(0, 29) * 86_400_000;
            (
                "time range",
                vec![
                    ("from", (to - 86_400_000).to_string()),
                    ("to", to.to_string()),
                ],
            )
        }
        _ => (
            "route+status",
            vec![
                ("route", rng.pick(&ROUTES).to_string()),
                ("status", "4xx".to_owned()),
            ],
        ),
    }
}

/// One request: (kind, URL). Half first pages, half deep pages (a cursor 10–90 % back).
fn next_request(rng: &mut Rng, base: &Url, args: &LogsArgs) -> (String, Url) {
    let audit = rng.chance(0.5);
    let (name, mut params) = match rng.below(3) {
        0 => ("none", Vec::new()),
        _ if audit => audit_filter(rng),
        _ => access_filter(rng),
    };
    let deep = rng.chance(0.5);
    if deep {
        let (rows, time): (u64, fn(u64, u64) -> i64) = if audit {
            (args.audit_rows, audit_time)
        } else {
            (args.access_rows, access_time)
        };
        let n = rng.between((rows / 10) as i64, (rows * 9 / 10).max(1) as i64) as u64;
        params.push(("cursor", format!("{}_{n}", time(n, rows))));
    }
    let (log, path) = if audit {
        ("audit", "/api/admin/logs")
    } else {
        ("access", "/api/admin/access-logs")
    };
    let page = if deep { "deep" } else { "first" };
    (
        format!("{log} {name}, {page}"),
        build_url(base, path, &params),
    )
}

pub async fn run(args: LogsArgs) -> anyhow::Result<()> {
    let base = loopback_url(&args.base_url)?;
    let token = sign_in(&reqwest::Client::new(), &base, &args.email).await?;
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let budget = Arc::new(AtomicU64::new(args.requests));
    let failures = Arc::new(AtomicU64::new(0));
    let args = Arc::new(args);
    let mut tasks = Vec::new();
    for client_index in 0..args.clients {
        let (base, token, budget, failures, args) = (
            base.clone(),
            token.clone(),
            budget.clone(),
            failures.clone(),
            args.clone(),
        );
        let mut rng = Rng::new(args.seed.wrapping_mul(1_000_003) + u64::from(client_index));
        tasks.push(tokio::spawn(async move {
            let client = reqwest::Client::builder()
                .pool_max_idle_per_host(1)
                .build()
                .expect("an HTTP client");
            let mut seen: Vec<(String, Duration)> = Vec::new();
            while Instant::now() < deadline
                && budget
                    .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1))
                    .is_ok()
            {
                let (kind, url) = next_request(&mut rng, &base, &args);
                let sent = Instant::now();
                let ok = match client.get(url).bearer_auth(&token).send().await {
                    Ok(response) => {
                        response.status().is_success() && response.bytes().await.is_ok()
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
    let mut by_kind: BTreeMap<String, Vec<Duration>> = BTreeMap::new();
    for task in tasks {
        for (kind, took) in task.await? {
            by_kind.entry(kind).or_default().push(took);
        }
    }
    println!(
        "{:<36} {:>6} {:>9} {:>9} {:>9}",
        "kind", "count", "p50", "p99", "max"
    );
    let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1000.0);
    let mut worst = Duration::ZERO;
    for (kind, mut times) in by_kind {
        times.sort_unstable();
        let p99 = percentile(&times, 99.0);
        worst = worst.max(p99);
        println!(
            "{kind:<36} {:>6} {:>9} {:>9} {:>9}",
            times.len(),
            ms(percentile(&times, 50.0)),
            ms(p99),
            ms(*times.last().unwrap_or(&Duration::ZERO)),
        );
    }
    println!("worst p99: {}", ms(worst));
    let failed = failures.load(Ordering::Relaxed);
    if failed > 0 {
        bail!("{failed} requests failed (not 2xx)");
    }
    Ok(())
}
