//! The shape of the server, checked over its source: only the HTTP edge names `AppState`;
//! domain code takes its feature's handle or `&Db`; the configuration knows no feature.
use std::path::{Path, PathBuf};

/// Where `AppState` may be named: the routes, start-up, the state itself, the access
/// middleware and the request extractors.
const EDGE: &[&str] = &[
    "routes/",
    "startup.rs",
    "state.rs",
    "auth/middleware.rs",
    "client.rs",
    "extract.rs",
];

fn source_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("cannot read the source folder") {
        let path = entry.expect("cannot read a folder entry").path();
        if path.is_dir() {
            source_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}

/// Every source file of the server, by its path under `src/` (with `/` separators).
fn sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    source_files(&root, &mut files);
    files
        .into_iter()
        .map(|path| {
            let name = path
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let text = std::fs::read_to_string(&path).unwrap();
            (name, text)
        })
        .collect()
}

/// The code of a file without its comments (a comment may name anything).
fn code_of(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn only_the_http_edge_names_the_application_state() {
    let files = sources();
    assert!(
        files.iter().any(|(name, _)| name == "state.rs"),
        "the walk did not find the sources"
    );
    let offenders: Vec<&String> = files
        .iter()
        .filter(|(name, _)| !EDGE.iter().any(|edge| name.starts_with(edge)))
        .filter(|(_, text)| {
            let code = code_of(text);
            code.contains("AppState") || code.contains("crate::state")
        })
        .map(|(name, _)| name)
        .collect();
    assert!(
        offenders.is_empty(),
        "domain code must take its feature's handle or &Db, not AppState: {offenders:?}"
    );
}

#[test]
fn the_configuration_knows_no_feature() {
    let files = sources();
    let (_, config) = files
        .iter()
        .find(|(name, _)| name == "config.rs")
        .expect("config.rs is missing");
    let code = code_of(config);
    for feature in [
        "console::",
        "payments::",
        "uploads::",
        "audio::",
        "routes::",
    ] {
        assert!(
            !code.contains(feature),
            "config.rs names {feature}: the command line's types belong in cli.rs"
        );
    }
}
