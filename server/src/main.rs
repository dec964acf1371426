//! The `tingshu` binary: read the configuration, start logging, run the asked command.
use clap::Parser;
use tingshu_server::{
    cli::{self, Cli, Command},
    startup::Application,
    telemetry,
};

fn main() -> anyhow::Result<()> {
    // Before the runtime starts its threads.
    tingshu_server::memory::tune_allocator();
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(run())
}

async fn run() -> anyhow::Result<()> {
    let Cli { command, config } = Cli::parse();
    telemetry::init(config.log_format);
    match command.unwrap_or(Command::Serve) {
        Command::Serve => Application::build(config).await?.run_until_stopped().await,
        Command::Openapi => cli::print_openapi(),
        Command::CreateAdmin { email, username } => {
            cli::create_admin(config, &email, &username).await
        }
        Command::Import { file, dry_run } => cli::import(config, &file, dry_run).await,
        Command::Export {
            kind,
            format,
            output,
        } => cli::export(config, kind, format, output.as_deref()).await,
    }
}
