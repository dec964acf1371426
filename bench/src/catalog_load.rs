//! `catalog`: many simulated listeners browsing the catalogue of an already running server
//! (book lists with filters, sorts and pages, book details, chapter lists, searches in
//! Chinese, pinyin, initials and mistyped English), bounded by time and request count;
//! prints count, rate and latency percentiles per endpoint group.
//!
//! Two client models: closed loop (`--think-ms 0`: each client sends its next request as
//! soon as the previous one is answered, i.e. the server's saturation point) and paced
//! (each client waits a think time, with jitter, between requests, like people browsing).
use std::{
    collections::BTreeMap,
    fmt,
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
    catalog_words as words,
    net::{loopback_url, percentile},
    rng::Rng,
};

#[derive(Debug, Args)]
pub struct CatalogArgs {
    /// The server, on 127.0.0.1 or [::1] (e.g. http://127.0.0.1:8080).
    #[arg(long)]
    pub base_url: String,
    /// Simulated clients, each with its own connection.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=2000))]
    pub clients: u32,
    /// Stop after this many seconds.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub seconds: u64,
    /// Stop after this many requests in all, whichever comes first.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub requests: u64,
    /// Think time of each client between an answer and its next request, in ms; 0 is a
    /// closed loop (saturation).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub think_ms: u64,
    /// Think times vary by up to this many percent either way.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(0..=100))]
    pub jitter_pct: u64,
    /// Highest book id to ask for details and chapters (default: the catalogue's total,
    /// right for a catalogue made by `catalog-seed`, whose ids run from 1).
    #[arg(long)]
    pub max_book_id: Option<u32>,
    /// Seed of the request mix.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Shares of list, detail, chapters and search requests (percent), e.g. `0,0,0,100` for
    /// searches only.
    #[arg(long, default_value = "35,30,15,20", value_parser = parse_mix)]
    pub mix: Mix,
    /// Also print the URLs of this many slowest requests (to see what the tail is made of).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=1000))]
    pub show_slowest: u64,
}

/// Shares of the endpoint groups, in [`Group::ALL`] order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mix(pub [u32; 4]);

impl Default for Mix {
    fn default() -> Self {
        Self([35, 30, 15, 20])
    }
}

/// `list,detail,chapters,search` weights; at least one above zero.
pub fn parse_mix(raw: &str) -> Result<Mix, String> {
    let weights: Vec<u32> = raw
        .split(',')
        .map(|w| w.trim().parse::<u32>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("the mix is four whole numbers, got {raw:?}"))?;
    match <[u32; 4]>::try_from(weights) {
        Ok(weights) if weights.iter().any(|w| *w > 0) => Ok(Mix(weights)),
        _ => Err(format!(
            "the mix is four weights (list,detail,chapters,search), not all zero: {raw:?}"
        )),
    }
}

/// What the mix draws from: the catalogue's size, category slugs and tag names.
#[derive(Debug, Clone)]
pub struct Catalogue {
    pub max_book_id: u32,
    pub categories: Vec<String>,
    pub tags: Vec<String>,
}

/// Endpoint groups, reported separately.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Group {
    /// `GET /api/books?…`
    List,
    /// `GET /api/books/{id}`
    Detail,
    /// `GET /api/books/{id}/chapters`
    Chapters,
    /// `GET /api/search?q=…`
    Search,
}

impl Group {
    const ALL: [Group; 4] = [Group::List, Group::Detail, Group::Chapters, Group::Search];
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Group::List => "list",
            Group::Detail => "detail",
            Group::Chapters => "chapters",
            Group::Search => "search",
        })
    }
}

/// `base` + `path` + the query pairs (percent-encoded).
pub fn build_url(base: &Url, path: &str, params: &[(&str, String)]) -> Url {
    let mut url = base.clone();
    url.set_path(path);
    url.set_query(None);
    if !params.is_empty() {
        let mut pairs = url.query_pairs_mut();
        for (key, value) in params {
            pairs.append_pair(key, value);
        }
    }
    url
}

/// A page number: mostly the first pages, sometimes far down the list.
fn page(rng: &mut Rng) -> i64 {
    match rng.weighted(&[70, 20, 8, 2]) {
        0 => 1,
        1 => rng.between(2, 5),
        2 => rng.between(6, 50),
        _ => rng.between(51, 500),
    }
}

fn list_params(rng: &mut Rng, catalogue: &Catalogue) -> Vec<(&'static str, String)> {
    let mut params = Vec::new();
    match rng.weighted(&[40, 25, 10, 10, 10, 5]) {
        0 => {}
        1 if !catalogue.categories.is_empty() => {
            params.push(("category", rng.pick(&catalogue.categories).clone()))
        }
        2 if !catalogue.tags.is_empty() => params.push(("tag", rng.pick(&catalogue.tags).clone())),
        3 => params.push(("status", rng.pick(&["serialising", "finished"]).to_string())),
        4 => params.push(("access", rng.pick(&["free", "vip", "paid"]).to_string())),
        5 if !catalogue.categories.is_empty() => {
            params.push(("category", rng.pick(&catalogue.categories).clone()));
            params.push(("access", rng.pick(&["free", "vip", "paid"]).to_string()));
        }
        _ => {}
    }
    match rng.weighted(&[15, 20, 25, 20, 20]) {
        // The default order (popular) without naming it.
        0 => {}
        n => params.push((
            "sort",
            ["popular", "newest", "rating", "updated"][n - 1].to_owned(),
        )),
    }
    let page = page(rng);
    if page > 1 {
        params.push(("page", page.to_string()));
    }
    if rng.chance(0.1) {
        params.push(("pageSize", "50".to_owned()));
    }
    params
}

/// An English word of the vocabulary with one edit: two letters swapped or one dropped.
pub fn typo(rng: &mut Rng, word: &str) -> String {
    let mut chars: Vec<char> = word.chars().collect();
    if chars.len() < 4 {
        return word.to_owned();
    }
    let at = 1 + rng.below(chars.len() as u64 - 2) as usize;
    if rng.chance(0.5) {
        chars.swap(at, at + 1);
        if chars.iter().collect::<String>() == word {
            chars.remove(at);
        }
    } else {
        chars.remove(at);
    }
    chars.into_iter().collect()
}

/// English words of the vocabulary long enough to carry a typo.
fn english_words() -> Vec<String> {
    words::HEADS
        .iter()
        .chain(words::NOUNS.iter())
        .flat_map(|w| w.en.split(' '))
        .filter(|w| w.len() >= 5 && w.chars().all(|c| c.is_ascii_alphabetic()))
        .map(str::to_lowercase)
        .collect()
}

/// The text of a search: Chinese words, pinyin in full or by initials, English words, typos.
pub fn search_text(rng: &mut Rng) -> String {
    let any_word = |rng: &mut Rng| -> &'static words::Word {
        if rng.chance(0.5) {
            rng.pick(&words::NOUNS)
        } else {
            rng.pick(&words::HEADS)
        }
    };
    match rng.weighted(&[15, 10, 5, 20, 15, 15, 20]) {
        0 => any_word(rng).zh.to_owned(),
        1 => {
            let (head, noun) = (rng.pick(&words::HEADS), rng.pick(&words::NOUNS));
            format!("{}{}", head.zh, noun.zh)
        }
        2 => (*rng.pick(&words::TAGS)).to_owned(),
        3 => any_word(rng).pinyin_joined(),
        4 => any_word(rng).initials(),
        5 => any_word(rng).en.to_lowercase(),
        _ => {
            let english = english_words();
            let word = rng.pick(&english).clone();
            typo(rng, &word)
        }
    }
}

fn search_params(rng: &mut Rng, catalogue: &Catalogue) -> Vec<(&'static str, String)> {
    let mut params = vec![("q", search_text(rng))];
    match rng.weighted(&[80, 8, 6, 6]) {
        1 if !catalogue.categories.is_empty() => {
            params.push(("category", rng.pick(&catalogue.categories).clone()))
        }
        2 => params.push(("access", rng.pick(&["free", "vip", "paid"]).to_string())),
        3 => params.push(("status", rng.pick(&["serialising", "finished"]).to_string())),
        _ => {}
    }
    if rng.chance(0.1) {
        params.push(("sort", rng.pick(&["newest", "popular"]).to_string()));
    }
    if rng.chance(0.1) {
        params.push(("page", rng.between(2, 3).to_string()));
    }
    params
}

/// The next request of the mix.
pub fn next_request(rng: &mut Rng, base: &Url, catalogue: &Catalogue, mix: Mix) -> (Group, Url) {
    let group = Group::ALL[rng.weighted(&mix.0)];
    let book_id = rng.between(1, i64::from(catalogue.max_book_id.max(1)));
    let url = match group {
        Group::List => build_url(base, "/api/books", &list_params(rng, catalogue)),
        Group::Detail => build_url(base, &format!("/api/books/{book_id}"), &[]),
        Group::Chapters => {
            let params = if rng.chance(0.1) {
                vec![("page", "2".to_owned()), ("pageSize", "10".to_owned())]
            } else {
                Vec::new()
            };
            build_url(base, &format!("/api/books/{book_id}/chapters"), &params)
        }
        Group::Search => build_url(base, "/api/search", &search_params(rng, catalogue)),
    };
    (group, url)
}

/// Latencies and failures of one group.
#[derive(Debug, Default, Clone)]
pub struct GroupStats {
    pub latencies: Vec<Duration>,
    /// Failure kind ("HTTP 500", "transport: …") → count.
    pub errors: BTreeMap<String, u64>,
    /// The slowest requests seen, slowest first (at most `keep` of them).
    pub slowest: Vec<(Duration, String)>,
}

impl GroupStats {
    fn merge(&mut self, other: GroupStats, keep: usize) {
        self.latencies.extend(other.latencies);
        for (kind, n) in other.errors {
            *self.errors.entry(kind).or_default() += n;
        }
        for (latency, url) in other.slowest {
            self.note_slow(latency, url, keep);
        }
    }

    /// Keeps `url` among the `keep` slowest requests.
    fn note_slow(&mut self, latency: Duration, url: String, keep: usize) {
        if keep == 0 || (self.slowest.len() == keep && self.slowest[keep - 1].0 >= latency) {
            return;
        }
        let at = self.slowest.partition_point(|(seen, _)| *seen >= latency);
        self.slowest.insert(at, (latency, url));
        self.slowest.truncate(keep);
    }

    pub fn error_count(&self) -> u64 {
        self.errors.values().sum()
    }
}

/// One line of the report.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    pub count: usize,
    pub rate: f64,
    pub p50: Duration,
    pub p90: Duration,
    pub p99: Duration,
    pub max: Duration,
    pub errors: u64,
}

pub fn summarize(stats: &GroupStats, elapsed: Duration) -> Summary {
    let mut sorted = stats.latencies.clone();
    sorted.sort_unstable();
    Summary {
        count: sorted.len(),
        rate: sorted.len() as f64 / elapsed.as_secs_f64().max(1e-9),
        p50: percentile(&sorted, 50.0),
        p90: percentile(&sorted, 90.0),
        p99: percentile(&sorted, 99.0),
        max: sorted.last().copied().unwrap_or_default(),
        errors: stats.error_count(),
    }
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn report_line(name: &str, s: &Summary) -> String {
    format!(
        "{name:<9} {:>8} {:>9.0} {:>10} {:>10} {:>10} {:>10} {:>7}",
        s.count,
        s.rate,
        ms(s.p50),
        ms(s.p90),
        ms(s.p99),
        ms(s.max),
        s.errors
    )
}

/// The `?tag=` spellings in a `GET /api/tags` answer.
fn tag_names(answer: &serde_json::Value) -> Vec<String> {
    answer["data"]["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|tag| tag["name"].as_str())
        .map(str::to_owned)
        .collect()
}

/// Reads what the mix needs from the server: category slugs, tag names, the book total.
async fn discover(
    client: &reqwest::Client,
    base: &Url,
) -> anyhow::Result<(u64, Vec<String>, Vec<String>)> {
    async fn get(client: &reqwest::Client, url: Url) -> anyhow::Result<serde_json::Value> {
        let response = client
            .get(url.clone())
            .send()
            .await
            .with_context(|| format!("cannot reach {url}"))?;
        if !response.status().is_success() {
            bail!("{url} answered {}", response.status());
        }
        Ok(response.json().await?)
    }
    fn slugs(nodes: &serde_json::Value, out: &mut Vec<String>) {
        for node in nodes.as_array().into_iter().flatten() {
            if let Some(slug) = node["slug"].as_str() {
                out.push(slug.to_owned());
            }
            slugs(&node["children"], out);
        }
    }
    let mut categories = Vec::new();
    slugs(
        &get(client, build_url(base, "/api/categories", &[])).await?["data"],
        &mut categories,
    );
    // Every tag some book carries (a book's own tags are objects whose `name` is what
    // `?tag=` takes; the tag list gives them all, not only those of the first pages).
    let tags = tag_names(&get(client, build_url(base, "/api/tags", &[])).await?);
    let first = get(
        client,
        build_url(base, "/api/books", &[("pageSize", "1".to_owned())]),
    )
    .await?;
    let total = first["data"]["total"].as_u64().unwrap_or(0);
    Ok((total, categories, tags))
}

pub async fn run(args: CatalogArgs) -> anyhow::Result<()> {
    let base = loopback_url(&args.base_url)?;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(args.clients as usize)
        .timeout(Duration::from_secs(30))
        .build()?;
    let (total, categories, tags) = discover(&client, &base).await?;
    let max_book_id = match args.max_book_id {
        Some(id) => id,
        None => u32::try_from(total).context("too many books")?,
    };
    if max_book_id == 0 {
        bail!("the catalogue at {base} has no books");
    }
    let catalogue = Arc::new(Catalogue {
        max_book_id,
        categories,
        tags,
    });
    let model = if args.think_ms == 0 {
        "closed loop (no think time)".to_owned()
    } else {
        format!(
            "paced, think time {} ms ± {}%",
            args.think_ms, args.jitter_pct
        )
    };
    let [list, detail, chapters, search] = args.mix.0;
    println!(
        "catalog: {base}, {} clients, {model}, {} s, at most {} requests, mix list/detail/chapters/search {list}/{detail}/{chapters}/{search}; {total} books (ids 1..={max_book_id}), {} categories, {} tags",
        args.clients,
        args.seconds,
        args.requests,
        catalogue.categories.len(),
        catalogue.tags.len()
    );

    let issued = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let deadline = started + Duration::from_secs(args.seconds);
    let mut workers = Vec::new();
    for client_no in 0..args.clients {
        let (client, base, catalogue, issued) = (
            client.clone(),
            base.clone(),
            catalogue.clone(),
            issued.clone(),
        );
        let (limit, think_ms, jitter) = (args.requests, args.think_ms, args.jitter_pct);
        let keep = args.show_slowest as usize;
        let mix = args.mix;
        let mut rng = Rng::new(args.seed.wrapping_mul(1_000_003) + u64::from(client_no));
        workers.push(tokio::spawn(async move {
            let mut stats: BTreeMap<Group, GroupStats> = BTreeMap::new();
            let think = |rng: &mut Rng| -> Duration {
                let spread = think_ms * jitter / 100;
                Duration::from_millis(think_ms - spread + rng.below(2 * spread + 1))
            };
            if think_ms > 0 {
                // Arrivals spread over one think time rather than all at once.
                let first = Duration::from_millis(rng.below(think_ms));
                tokio::time::sleep_until((Instant::now() + first).min(deadline).into()).await;
            }
            loop {
                if Instant::now() >= deadline || issued.fetch_add(1, Ordering::Relaxed) >= limit {
                    break;
                }
                let (group, url) = next_request(&mut rng, &base, &catalogue, mix);
                let shown = (keep > 0).then(|| url.to_string());
                let sent = Instant::now();
                let outcome = async {
                    let response = client.get(url).send().await?;
                    let status = response.status();
                    response.bytes().await?;
                    Ok::<_, reqwest::Error>(status)
                }
                .await;
                let elapsed = sent.elapsed();
                let entry = stats.entry(group).or_default();
                if let Some(shown) = shown {
                    entry.note_slow(elapsed, shown, keep);
                }
                match outcome {
                    Ok(status) if status.is_success() => entry.latencies.push(elapsed),
                    Ok(status) => *entry.errors.entry(format!("HTTP {status}")).or_default() += 1,
                    Err(error) => {
                        *entry
                            .errors
                            .entry(format!("transport: {error}"))
                            .or_default() += 1
                    }
                }
                if think_ms > 0 {
                    let wake = (Instant::now() + think(&mut rng)).min(deadline);
                    tokio::time::sleep_until(wake.into()).await;
                }
            }
            stats
        }));
    }
    let keep = args.show_slowest as usize;
    let mut stats: BTreeMap<Group, GroupStats> = BTreeMap::new();
    for worker in workers {
        for (group, group_stats) in worker.await? {
            stats.entry(group).or_default().merge(group_stats, keep);
        }
    }
    let elapsed = started.elapsed();

    println!(
        "{:<9} {:>8} {:>9} {:>10} {:>10} {:>10} {:>10} {:>7}",
        "group", "count", "req/s", "p50", "p90", "p99", "max", "errors"
    );
    let mut all = GroupStats::default();
    for group in Group::ALL {
        let group_stats = stats.remove(&group).unwrap_or_default();
        println!(
            "{}",
            report_line(&group.to_string(), &summarize(&group_stats, elapsed))
        );
        all.merge(group_stats, keep);
    }
    let total_summary = summarize(&all, elapsed);
    println!("{}", report_line("all", &total_summary));
    println!("elapsed   {:.1} s", elapsed.as_secs_f64());
    for (latency, url) in &all.slowest {
        println!("slow      {:>10}  {url}", ms(*latency));
    }
    if total_summary.errors > 0 {
        for (kind, n) in &all.errors {
            println!("error     {n} × {kind}");
        }
        bail!("{} request(s) failed", total_summary.errors);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalogue() -> Catalogue {
        Catalogue {
            max_book_id: 1000,
            categories: vec!["fantasy".into(), "fantasy-new".into()],
            tags: vec!["治愈".into(), "推理".into()],
        }
    }

    fn base() -> Url {
        Url::parse("http://127.0.0.1:8080").unwrap()
    }

    #[test]
    fn urls_are_percent_encoded_on_the_base() {
        let url = build_url(
            &base(),
            "/api/search",
            &[("q", "灯塔 x&y".to_owned()), ("page", "2".to_owned())],
        );
        assert_eq!(
            url.as_str(),
            "http://127.0.0.1:8080/api/search?q=%E7%81%AF%E5%A1%94+x%26y&page=2"
        );
        assert_eq!(
            build_url(&base(), "/api/books/7", &[]).as_str(),
            "http://127.0.0.1:8080/api/books/7"
        );
    }

    #[test]
    fn the_mix_follows_its_weights_and_stays_in_bounds() {
        let mut rng = Rng::new(3);
        let mut counts = BTreeMap::new();
        for _ in 0..20_000 {
            let (group, url) = next_request(&mut rng, &base(), &catalogue(), Mix::default());
            *counts.entry(group).or_insert(0u32) += 1;
            assert_eq!(url.host_str(), Some("127.0.0.1"));
            let path = url.path();
            match group {
                Group::List => assert_eq!(path, "/api/books"),
                Group::Search => {
                    assert_eq!(path, "/api/search");
                    let q = url.query_pairs().find(|(k, _)| k == "q").unwrap().1;
                    assert!(!q.trim().is_empty() && q.chars().count() <= 100, "{q}");
                }
                Group::Detail | Group::Chapters => {
                    let id: u32 = path
                        .trim_start_matches("/api/books/")
                        .trim_end_matches("/chapters")
                        .parse()
                        .unwrap();
                    assert!((1..=1000).contains(&id), "{path}");
                    assert_eq!(group == Group::Chapters, path.ends_with("/chapters"));
                }
            }
            for (key, value) in url.query_pairs() {
                match &*key {
                    "page" => assert!((1..=500).contains(&value.parse::<u32>().unwrap())),
                    "pageSize" => assert!(["10", "50"].contains(&&*value)),
                    "sort" => {
                        assert!(["popular", "newest", "rating", "updated"].contains(&&*value))
                    }
                    "status" => assert!(["serialising", "finished"].contains(&&*value)),
                    "access" => assert!(["free", "vip", "paid"].contains(&&*value)),
                    "category" => assert!(catalogue().categories.contains(&value.to_string())),
                    "tag" => assert!(catalogue().tags.contains(&value.to_string())),
                    "q" => {}
                    other => panic!("unexpected parameter {other}"),
                }
            }
        }
        for (group, weight) in Group::ALL.iter().zip(Mix::default().0) {
            let share = f64::from(counts[group]) / 200.0;
            assert!((share - f64::from(weight)).abs() < 1.5, "{group}: {share}%");
        }
        // The same seed gives the same traffic.
        let mut a = Rng::new(9);
        let mut b = Rng::new(9);
        for _ in 0..100 {
            assert_eq!(
                next_request(&mut a, &base(), &catalogue(), Mix::default()),
                next_request(&mut b, &base(), &catalogue(), Mix::default())
            );
        }
        // A mix of one group gives only that group.
        let only_search = parse_mix("0, 0,0,1").unwrap();
        for _ in 0..100 {
            let (group, _) = next_request(&mut a, &base(), &catalogue(), only_search);
            assert_eq!(group, Group::Search);
        }
    }

    #[test]
    fn searches_cover_chinese_pinyin_initials_and_typos() {
        let mut rng = Rng::new(5);
        let texts: Vec<String> = (0..2_000).map(|_| search_text(&mut rng)).collect();
        assert!(texts.iter().any(|t| t == "灯塔" || t.contains("灯塔")));
        assert!(texts.iter().any(|t| t == "dengta"));
        assert!(texts.iter().any(|t| t == "dt"));
        let english = english_words();
        assert!(texts.iter().any(|t| t.is_ascii()
            && t.len() >= 4
            && !english.contains(t)
            && t.chars().all(|c| c.is_ascii_lowercase())));
    }

    #[test]
    fn tags_are_read_from_the_tag_list() {
        let answer = serde_json::json!({"data": {"items": [
            {"id": 3, "name": "治愈", "label": "Healing", "lang": "en", "bookCount": 4100},
            {"id": 7, "name": "推理", "label": "推理", "lang": "zh", "bookCount": 3900},
            {"id": 9, "label": "no name"}
        ]}});
        assert_eq!(tag_names(&answer), vec!["治愈", "推理"]);
        assert!(tag_names(&serde_json::json!({"data": {}})).is_empty());
    }

    #[test]
    fn mixes_are_four_weights_not_all_zero() {
        assert_eq!(parse_mix("35,30,15,20"), Ok(Mix::default()));
        for bad in ["", "1,2,3", "1,2,3,4,5", "0,0,0,0", "a,1,1,1", "-1,1,1,1"] {
            assert!(parse_mix(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_typo_is_one_edit_away() {
        let mut rng = Rng::new(11);
        for _ in 0..500 {
            let typed = typo(&mut rng, "lighthouse");
            assert_ne!(typed, "lighthouse");
            let dropped = typed.len() == "lighthouse".len() - 1;
            let swapped = typed.len() == "lighthouse".len()
                && typed
                    .chars()
                    .zip("lighthouse".chars())
                    .filter(|(a, b)| a != b)
                    .count()
                    == 2;
            assert!(dropped || swapped, "{typed}");
        }
        assert_eq!(typo(&mut rng, "key"), "key");
    }

    #[test]
    fn only_the_slowest_requests_are_kept() {
        let mut stats = GroupStats::default();
        for (ms, url) in [(5, "a"), (9, "b"), (1, "c"), (7, "d"), (9, "e")] {
            stats.note_slow(Duration::from_millis(ms), url.to_owned(), 3);
        }
        let kept: Vec<(u64, &str)> = stats
            .slowest
            .iter()
            .map(|(d, url)| (d.as_millis() as u64, url.as_str()))
            .collect();
        assert_eq!(kept, vec![(9, "b"), (9, "e"), (7, "d")]);
        let mut other = GroupStats::default();
        other.note_slow(Duration::from_millis(8), "f".to_owned(), 3);
        stats.merge(other, 3);
        assert_eq!(stats.slowest[2].1, "f");
        let mut none = GroupStats::default();
        none.note_slow(Duration::from_millis(8), "g".to_owned(), 0);
        assert!(none.slowest.is_empty());
    }

    #[test]
    fn summaries_give_rates_percentiles_and_errors() {
        let mut stats = GroupStats {
            latencies: (1..=100).rev().map(Duration::from_millis).collect(),
            ..Default::default()
        };
        stats
            .errors
            .insert("HTTP 500 Internal Server Error".into(), 2);
        stats.errors.insert("transport: reset".into(), 1);
        let s = summarize(&stats, Duration::from_secs(4));
        assert_eq!(s.count, 100);
        assert_eq!(s.rate, 25.0);
        assert_eq!(s.p50, Duration::from_millis(51));
        assert_eq!(s.p99, Duration::from_millis(99));
        assert_eq!(s.max, Duration::from_millis(100));
        assert_eq!(s.errors, 3);
        let empty = summarize(&GroupStats::default(), Duration::from_secs(1));
        assert_eq!(
            (empty.count, empty.p99, empty.errors),
            (0, Duration::ZERO, 0)
        );
    }
}
