//! Compiles `locales/{zh,en,ja}/core.json` into tables of `texts.rs`: one sorted key list and
//! one text list per language, so no JSON is parsed at run time. The browser's build (wasm32)
//! leaves out `api.*`, the server's answers, which no rule run in the browser words, and its
//! `shell` build (without the `console-texts` feature) leaves out [`PAGES_ONLY`] too: the words
//! of rules only the pages build runs (the console's, the forms', the tracking checks'), kept
//! out of every listener's first load.
use std::{collections::BTreeMap, env, fs, path::Path};

use serde_json::Value;

const LANGS: [&str; 3] = ["zh", "en", "ja"];

/// Key prefixes worded only by rules the wasm `pages` build exports (the console's, the
/// account forms', the field checks of forms and tracking events), except [`SHELL_TOO`].
const PAGES_ONLY: [&str; 3] = ["console.", "account.", "validation."];

/// The field texts a `shell` rule words too: `checkQueryParam`'s page, number and choice.
const SHELL_TOO: [&str; 3] = [
    "validation.param",
    "validation.wholeNumber",
    "validation.oneOf",
];

fn flatten(prefix: &str, value: &Value, out: &mut BTreeMap<String, String>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                let path = if prefix.is_empty() {
                    key.clone()
                } else {
                    format!("{prefix}.{key}")
                };
                flatten(&path, child, out);
            }
        }
        Value::String(text) => {
            out.insert(prefix.to_owned(), text.clone());
        }
        other => panic!("core.json: {prefix} is {other}, not a text"),
    }
}

fn main() {
    let locales = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("../locales");
    let for_browser = env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32");
    let mut tables = Vec::new();
    for lang in LANGS {
        let path = locales.join(lang).join("core.json");
        println!("cargo::rerun-if-changed={}", path.display());
        let source =
            fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let value: Value = serde_json::from_str(&source)
            .unwrap_or_else(|e| panic!("{} is not valid JSON: {e}", path.display()));
        let mut texts = BTreeMap::new();
        flatten("", &value, &mut texts);
        if for_browser {
            texts.retain(|key, _| !key.starts_with("api."));
            if env::var_os("CARGO_FEATURE_CONSOLE_TEXTS").is_none() {
                texts.retain(|key, _| {
                    SHELL_TOO.contains(&key.as_str())
                        || !PAGES_ONLY.iter().any(|prefix| key.starts_with(prefix))
                });
            }
        }
        tables.push(texts);
    }
    let keys: Vec<&String> = tables[0].keys().collect();
    for (lang, table) in LANGS.iter().zip(&tables) {
        let others: Vec<&String> = table.keys().collect();
        assert_eq!(
            keys, others,
            "locales/{lang}/core.json has other keys than locales/zh"
        );
    }
    let mut out = format!(
        "pub(super) static KEYS: [&str; {}] = {keys:?};\n",
        keys.len()
    );
    for (lang, table) in LANGS.iter().zip(&tables) {
        let texts: Vec<&String> = table.values().collect();
        out += &format!(
            "pub(super) static {}: [&str; {}] = {texts:?};\n",
            lang.to_uppercase(),
            texts.len()
        );
    }
    fs::write(
        Path::new(&env::var("OUT_DIR").unwrap()).join("texts.rs"),
        out,
    )
    .unwrap();
}
