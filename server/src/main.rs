//! The `tingshu` binary: read the configuration, start logging, run the asked command.
use clap::Parser;
use tingshu_server::{
    cli::{self, Cli, Command},
    startup::Application,
    telemetry,
};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    return_large_buffers_to_the_system();
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

/// Large buffers (each password hash works in 19 MiB) are mapped and unmapped on their own,
/// so memory goes back to the system after a burst of sign-ins. By default glibc raises its
/// mapping threshold after the first such free and then keeps the buffers in its per-thread
/// arenas: 200 parallel sign-ins left a 460 MiB peak that way.
fn return_large_buffers_to_the_system() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes a malloc tuning parameter; called before any thread starts.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}
