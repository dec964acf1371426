//! `mixed`: listeners who each register, then browse, search, save progress and toggle
//! favourites and the bookshelf in a closed loop: the load under which memory is measured.
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use clap::Args;
use reqwest::{Method, StatusCode, Url};
use serde_json::{json, Value};

use crate::{net::loopback_url, rng::mix};

#[derive(Debug, Args)]
pub struct MixedArgs {
    /// The server, on 127.0.0.1 or [::1] (e.g. http://127.0.0.1:8080).
    #[arg(long)]
    pub base_url: String,
    /// Listeners at once, each with its own account.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub clients: u32,
    /// How long, in seconds.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub seconds: u64,
}

/// Searches the listeners type, in the demo catalogue's languages and scripts.
const SEARCHES: [&str; 6] = ["灯塔", "dengta", "雨", "mystery", "city", "lsg"];

pub async fn run(args: MixedArgs) -> anyhow::Result<()> {
    let base = loopback_url(&args.base_url)?;
    let client = reqwest::Client::new();
    let books: Value = client
        .get(base.join("/api/books?access=free&pageSize=50")?)
        .send()
        .await
        .with_context(|| format!("cannot reach {base}"))?
        .json()
        .await?;
    let books: Vec<i64> = books["data"]["items"]
        .as_array()
        .context("no book list")?
        .iter()
        .filter_map(|b| b["id"].as_i64())
        .collect();
    let mut chapters = Vec::new();
    for book in &books {
        let page: Value = client
            .get(base.join(&format!("/api/books/{book}/chapters"))?)
            .send()
            .await?
            .json()
            .await?;
        chapters.extend(
            page["data"]["items"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|c| c["id"].as_i64()),
        );
    }
    if books.is_empty() || chapters.is_empty() {
        bail!("the server has no free books with chapters (start it with DEMO=1)");
    }
    println!(
        "mixed: {} listeners, {} s, {} free books, {} chapters",
        args.clients,
        args.seconds,
        books.len(),
        chapters.len()
    );
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let run_id = std::process::id();
    let mut workers = Vec::new();
    for listener in 0..args.clients {
        let (client, base, books, chapters) = (
            client.clone(),
            base.clone(),
            books.clone(),
            chapters.clone(),
        );
        workers.push(tokio::spawn(async move {
            let name = format!("bench{run_id}x{listener}");
            let token = register(&client, &base, &name).await?;
            let mut done = 0u64;
            let mut failed = 0u64;
            while Instant::now() < deadline {
                let n = mix(done ^ (u64::from(listener) << 32));
                let book = books[(n % books.len() as u64) as usize];
                let chapter = chapters[(n % chapters.len() as u64) as usize];
                let step = match done % 6 {
                    0 => (Method::GET, format!("/api/books?page={}", 1 + n % 3), None),
                    1 => (Method::GET, format!("/api/books/{book}"), None),
                    2 => {
                        let q = SEARCHES[(n % SEARCHES.len() as u64) as usize];
                        (Method::GET, format!("/api/search?q={q}"), None)
                    }
                    3 => (
                        Method::PUT,
                        format!("/api/me/progress/{chapter}"),
                        Some(
                            json!({"positionSecs": (n % 30) as f64, "durationSecs": 30.0,
                                    "updatedAt": chrono_now_ms()}),
                        ),
                    ),
                    4 => (Method::PUT, format!("/api/me/favorites/{book}"), None),
                    _ => (Method::DELETE, format!("/api/me/favorites/{book}"), None),
                };
                if !send(&client, &base, &token, step).await {
                    failed += 1;
                }
                done += 1;
            }
            Ok::<_, anyhow::Error>((done, failed))
        }));
    }
    let (mut done, mut failed) = (0, 0);
    for worker in workers {
        let (d, f) = worker.await??;
        done += d;
        failed += f;
    }
    println!(
        "requests:  {done} ({:.0}/s), {failed} not 2xx",
        done as f64 / args.seconds as f64
    );
    if failed > 0 {
        bail!("{failed} request(s) were not answered 2xx");
    }
    Ok(())
}

fn chrono_now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or_default()
}

async fn register(client: &reqwest::Client, base: &Url, name: &str) -> anyhow::Result<String> {
    let response = client
        .post(base.join("/api/auth/register")?)
        .json(
            &json!({"email": format!("{name}@example.com"), "username": name,
                      "password": "bench-Listener-2026"}),
        )
        .send()
        .await?;
    if response.status() != StatusCode::OK {
        bail!(
            "registering {name}: {} (start the server with REGISTER_PER_HOUR high enough)",
            response.status()
        );
    }
    let body: Value = response.json().await?;
    Ok(body["data"]["tokens"]["accessToken"]
        .as_str()
        .context("no access token")?
        .to_owned())
}

async fn send(
    client: &reqwest::Client,
    base: &Url,
    token: &str,
    (method, path, body): (Method, String, Option<Value>),
) -> bool {
    let Ok(url) = base.join(&path) else {
        return false;
    };
    let mut request = client.request(method, url).bearer_auth(token);
    if let Some(body) = body {
        request = request.json(&body);
    }
    match request.send().await {
        Ok(response) => {
            let ok = response.status().is_success();
            let _ = response.bytes().await;
            ok
        }
        Err(_) => false,
    }
}
