//! The `tingshu` binary: read the configuration, start logging, run the asked command.
use clap::Parser;
use tingshu_server::{
    cli,
    config::{Cli, Command},
    startup::Application,
    telemetry,
};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let Cli { command, config } = Cli::parse();
    telemetry::init(config.log_format);
    match command.unwrap_or(Command::Serve) {
        Command::Serve => Application::build(config).await?.run_until_stopped().await,
        Command::CreateAdmin { email, username } => {
            cli::create_admin(config, &email, &username).await
        }
    }
}
