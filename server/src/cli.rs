//! Commands other than serving: `tingshu create-admin`, `tingshu openapi`.
use std::io::{BufRead, IsTerminal};

use anyhow::Context;

use crate::{accounts, config::Config, db::Db, startup::account_settings};

/// Creates an administrator; the password comes from a hidden prompt or standard input.
pub async fn create_admin(config: Config, email: &str, username: &str) -> anyhow::Result<()> {
    std::fs::create_dir_all(&config.data_dir).with_context(|| {
        format!(
            "cannot create the data folder {}",
            config.data_dir.display()
        )
    })?;
    let password = read_password()?;
    let db = Db::connect_and_migrate(&config.effective_database_url(), None).await?;
    let settings = account_settings(&config).await?;
    let admin = accounts::create_admin(&db, &settings, email, username, &password)
        .await
        .map_err(|error| match error {
            crate::error::ApiError::Validation { fields, .. }
            | crate::error::ApiError::Conflict { fields, .. } => {
                let reasons: Vec<String> = fields
                    .iter()
                    .map(|(field, why)| format!("{field}: {why}"))
                    .collect();
                anyhow::anyhow!("cannot create the administrator: {}", reasons.join("; "))
            }
            other => anyhow::anyhow!("cannot create the administrator: {other}"),
        })?;
    println!(
        "Created administrator {} <{}> (id {}).",
        admin.user.username, admin.user.email, admin.user.id
    );
    Ok(())
}

/// Prints the OpenAPI document that `/api/openapi.json` serves, for the app's type generator.
pub fn print_openapi() -> anyhow::Result<()> {
    let document = crate::routes::openapi_document();
    println!("{}", document.to_pretty_json()?);
    Ok(())
}

fn read_password() -> anyhow::Result<String> {
    if std::io::stdin().is_terminal() {
        let first = rpassword::prompt_password("Password: ").context("cannot read the password")?;
        let again =
            rpassword::prompt_password("Password again: ").context("cannot read the password")?;
        anyhow::ensure!(first == again, "the two passwords differ");
        Ok(first)
    } else {
        let mut line = String::new();
        std::io::stdin()
            .lock()
            .read_line(&mut line)
            .context("cannot read the password from standard input")?;
        Ok(line.trim_end_matches(['\r', '\n']).to_owned())
    }
}
