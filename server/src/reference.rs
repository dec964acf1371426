//! The configuration reference: every variable the server reads, drawn from the command
//! line's own definition (name, default, help) plus the few read outside it. The README's
//! table is this text (`make config-reference` writes it; a test keeps them in step), and
//! `compose.yaml` may set only these variables (`tests/api/packaging.rs`).
use clap::CommandFactory;

use crate::cli::Cli;

/// Where the README's table starts and ends.
pub const START: &str = "<!-- config-reference:start -->";
pub const END: &str = "<!-- config-reference:end -->";

/// Variables read outside the command line's definition: name, default, what it does.
pub const OTHER_VARIABLES: [(&str, &str, &str); 6] = [
    (
        "RUST_LOG",
        "`info`",
        "Log levels by module (`tracing`'s filter syntax, e.g. `info,tingshu_server=debug`).",
    ),
    (
        "AWS_ACCESS_KEY_ID",
        "—",
        "With `STORAGE_URL=s3://…`: the bucket's access key.",
    ),
    (
        "AWS_SECRET_ACCESS_KEY",
        "—",
        "With `STORAGE_URL=s3://…`: the bucket's secret key.",
    ),
    (
        "AWS_REGION",
        "—",
        "With `STORAGE_URL=s3://…`: the bucket's region.",
    ),
    (
        "AWS_ENDPOINT",
        "AWS",
        "With `STORAGE_URL=s3://…`: an S3-compatible server's address (MinIO, Ceph, …).",
    ),
    (
        "AWS_ALLOW_HTTP",
        "`false`",
        "With `STORAGE_URL=s3://…`: `true` lets the store be reached over plain http.",
    ),
];

/// Every variable's name: the command line's first, then [`OTHER_VARIABLES`].
pub fn variables() -> Vec<String> {
    Cli::command()
        .get_arguments()
        .filter_map(|arg| Some(arg.get_env()?.to_string_lossy().into_owned()))
        .chain(
            OTHER_VARIABLES
                .iter()
                .map(|(name, _, _)| (*name).to_owned()),
        )
        .collect()
}

/// The reference as a Markdown table, between [`START`] and [`END`].
pub fn markdown() -> String {
    let mut text = format!("{START}\n| Variable | Default | What it does |\n|---|---|---|\n");
    for arg in Cli::command().get_arguments() {
        let Some(name) = arg.get_env() else {
            continue;
        };
        let defaults: Vec<String> = arg
            .get_default_values()
            .iter()
            .map(|value| format!("`{}`", value.to_string_lossy()))
            .collect();
        let default = if defaults.is_empty() {
            "—".to_owned()
        } else {
            defaults.join(", ")
        };
        let help = arg
            .get_long_help()
            .or_else(|| arg.get_help())
            .map(|help| help.to_string())
            .unwrap_or_default();
        let choices: Vec<String> = arg
            .get_possible_values()
            .iter()
            .filter(|value| !value.is_hide_set())
            .map(|value| format!("`{}`", value.get_name()))
            .collect();
        let help = if choices.is_empty() {
            help
        } else {
            format!("{help} ({})", choices.join(" or "))
        };
        text.push_str(&row(&name.to_string_lossy(), &default, &help));
    }
    for (name, default, help) in OTHER_VARIABLES {
        text.push_str(&row(name, default, help));
    }
    text.push_str(END);
    text
}

fn row(name: &str, default: &str, help: &str) -> String {
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    format!("| `{name}` | {default} | {} |\n", help.replace('|', "\\|"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_readme_holds_the_reference_as_the_command_line_defines_it() {
        let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
            .expect("the README");
        let start = readme.find(START).expect("the README marks the reference");
        let end = readme.find(END).expect("the README ends the reference") + END.len();
        assert!(
            readme[start..end] == markdown(),
            "the README's configuration reference is out of step: run `make config-reference`"
        );
    }

    #[test]
    fn every_variable_is_named_once() {
        let names = variables();
        for expected in [
            "DATABASE_URL",
            "STORAGE_URL",
            "METRICS_TOKEN",
            "TRUSTED_PROXIES",
            "RUST_LOG",
        ] {
            assert!(names.iter().any(|name| name == expected), "{expected}");
        }
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{names:?}");
    }
}
