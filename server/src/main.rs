//! The `tingshu` binary: read the configuration, start logging, serve until stopped.
use clap::Parser;
use tingshu_server::{config::Config, startup::Application, telemetry};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let config = Config::parse();
    telemetry::init(config.log_format);
    let app = Application::build(config).await?;
    app.run_until_stopped().await
}
