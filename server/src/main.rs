//! The `tingshu` binary: read the configuration, start logging, run the asked command.
use clap::Parser;
use tingshu_server::{
    cli::{self, Cli, Command},
    config::Config,
    forked,
    startup::{self, Application},
    telemetry,
};

/// Per-thread heaps: the server's many short allocations never wait on another thread's lock
/// (tuned, and given to SQLite as well, in `memory.rs`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> anyhow::Result<()> {
    // Before the runtime starts its threads.
    let untuned = tingshu_server::memory::tune_allocator();
    let Cli { command, config } = Cli::parse();
    telemetry::init(config.log_format);
    if let Some(why) = untuned {
        tracing::warn!("{why}");
    }
    let command = command.unwrap_or(Command::Serve);
    if matches!(command, Command::Serve) {
        // Still one thread: the fork copies the whole process.
        forked::prepare_in_child(&config)?;
    }
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(run(command, config))
}

async fn run(command: Command, config: Config) -> anyhow::Result<()> {
    match command {
        Command::Serve => Application::build(config).await?.run_until_stopped().await,
        Command::Prepare => {
            startup::prepare(&config).await?.close().await;
            Ok(())
        }
        Command::Openapi => cli::print_openapi(),
        Command::Healthcheck => cli::healthcheck(&config).await,
        Command::ConfigReference => {
            println!("{}", tingshu_server::reference::markdown());
            Ok(())
        }
        Command::CreateAdmin { email, username } => {
            cli::create_admin(config, &email, &username).await
        }
        Command::Import { file, dry_run } => cli::import(config, &file, dry_run).await,
        Command::Export {
            kind,
            format,
            output,
        } => cli::export(config, kind, format, output.as_deref()).await,
        Command::Backup { output } => cli::backup(config, &output).await,
        Command::Restore { from } => cli::restore(config, &from),
    }
}
