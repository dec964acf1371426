//! `get`: plain GETs of one URL (a page of the book list, or a small file nginx serves) in a
//! closed loop; every answer must be 200.
use anyhow::{bail, Context};
use clap::Args;
use reqwest::StatusCode;

use crate::{
    hammer::{hammer, Bounds},
    net::{client_with_headers, loopback_url},
};

#[derive(Debug, Args)]
pub struct GetArgs {
    /// Full URL, on 127.0.0.1 or [::1] (e.g. http://127.0.0.1:8080/api/books).
    #[arg(long)]
    pub url: String,
    /// Requests in flight at once.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub concurrency: u32,
    /// Stop after this many requests.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub requests: u64,
    /// Stop after this many seconds, whichever comes first.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub seconds: u64,
    /// Extra request header, `Name: value` (repeatable).
    #[arg(long = "header")]
    pub headers: Vec<String>,
}

pub async fn run(args: GetArgs) -> anyhow::Result<()> {
    let url = loopback_url(&args.url)?;
    let client = client_with_headers(&args.headers, args.concurrency)?;
    let probe = client
        .get(url.clone())
        .send()
        .await
        .with_context(|| format!("cannot reach {url}"))?;
    if probe.status() != StatusCode::OK {
        bail!("{url} answered {}, not 200", probe.status());
    }
    println!(
        "get: {url}, {} in flight, at most {} requests / {} s",
        args.concurrency, args.requests, args.seconds
    );
    let bounds = Bounds {
        concurrency: args.concurrency,
        requests: args.requests,
        seconds: args.seconds,
    };
    hammer(bounds, "200", move |_| {
        let (client, url) = (client.clone(), url.clone());
        async move {
            let response = client.get(url).send().await.ok()?;
            if response.status() != StatusCode::OK {
                return None;
            }
            Some(response.bytes().await.ok()?.len() as u64)
        }
    })
    .await
}
