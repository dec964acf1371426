//! `tingshu-bench`: load generators for a locally running Tingshu server.
//!
//! `range --url http://127.0.0.1:8080/api/chapters/1/audio` hammers one URL with HTTP
//! Range requests for a bounded number of requests or time, then prints requests/s,
//! MB/s and latency percentiles.
//!
//! `catalog-seed --data-dir DIR` writes a large generated catalogue (100,000 books and
//! 2,000,000 chapters by default) into a new `DIR/tingshu.db`; `catalog --base-url
//! http://127.0.0.1:8080` then runs many simulated listeners (lists, details, chapters,
//! searches) against a server started on it and prints latency percentiles per endpoint.
//!
//! `logs-seed --data-dir DIR` writes 1,000,000 audit and 5,000,000 access rows into a new
//! `DIR/tingshu.db`; `logs-plan --data-dir DIR` prints the log list queries' plans on it, and
//! `logs --base-url …` reads the logs of a server started on it (first and deep pages, filters).
//!
//! `get --url http://127.0.0.1:8080/api/books` sends plain GETs of one URL in a closed loop
//! (the hot path, or nginx serving a small file beside it); `mixed --base-url …` runs
//! listeners who register, browse, search, save progress and toggle favourites (the load
//! memory is measured under).
//!
//! `scraper --base-url …` walks the catalogue from one address as fast as it can (with `--pay`,
//! solving every challenge); `events --base-url …` sends behaviour events at a fixed rate while
//! listeners browse. (The proof-of-work solver's own speed: `core/examples/pow_speed.rs`.)
//!
//! It starts nothing itself and only talks to loopback (127.0.0.1 or [::1]): it is a load
//! generator, and pointing one at someone else's server is not its job. The same command
//! against nginx serving the same file gives the comparison.
mod catalog_load;
mod catalog_seed;
mod catalog_words;
mod console_load;
mod events;
mod get;
mod hammer;
mod logs_load;
mod logs_seed;
mod mixed;
mod net;
mod range;
mod rng;
mod scraper;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "tingshu-bench",
    about = "Load generator for a local Tingshu server"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Random byte-range GETs against one URL (e.g. a chapter's audio).
    Range(range::RangeArgs),
    /// Plain GETs of one URL; every answer must be 200.
    Get(get::GetArgs),
    /// Listeners registering, browsing, searching, saving progress and toggling favourites.
    Mixed(mixed::MixedArgs),
    /// Generates a large catalogue into a new SQLite database (DIR/tingshu.db).
    CatalogSeed(catalog_seed::CatalogSeedArgs),
    /// Simulated listeners browsing and searching the catalogue.
    Catalog(catalog_load::CatalogArgs),
    /// Simulated editors working the console's book list (as an administrator).
    Console(console_load::ConsoleArgs),
    /// Generates a large audit log and access log into a new SQLite database (DIR/tingshu.db).
    LogsSeed(logs_seed::LogsSeedArgs),
    /// The query plans (and times) of the log list queries on a `logs-seed` database.
    LogsPlan(logs_seed::LogsPlanArgs),
    /// Operators reading the audit and access logs (as an administrator).
    Logs(logs_load::LogsArgs),
    /// A scraper walking the catalogue from one address (optionally paying the challenges).
    Scraper(scraper::ScraperArgs),
    /// Behaviour events at a fixed rate while listeners browse.
    Events(events::EventsArgs),
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Range(args) => range::run(args).await,
        Command::Get(args) => get::run(args).await,
        Command::Mixed(args) => mixed::run(args).await,
        Command::CatalogSeed(args) => catalog_seed::run(args).await,
        Command::Catalog(args) => catalog_load::run(args).await,
        Command::Console(args) => console_load::run(args).await,
        Command::LogsSeed(args) => logs_seed::run(args).await,
        Command::LogsPlan(args) => logs_seed::plan(args).await,
        Command::Logs(args) => logs_load::run(args).await,
        Command::Scraper(args) => scraper::run(args).await,
        Command::Events(args) => events::run(args).await,
    }
}
