//! The translation catalogues, read once at start and served as one JSON document per language.
use std::{collections::BTreeMap, fs, path::Path};

use anyhow::{bail, Context};
use axum::body::Bytes;
use sha2::{Digest, Sha256};
use tingshu_core::Lang;

/// One language's merged catalogue: `{ "<file stem>": {…}, … }`, ready to send.
#[derive(Debug, Clone)]
pub struct Catalogue {
    pub json: Bytes,
    pub etag: String,
}

/// Every supported language's catalogue.
#[derive(Debug, Default)]
pub struct Catalogues {
    by_lang: BTreeMap<String, Catalogue>,
}

impl Catalogues {
    /// Reads `<dir>/<lang>/*.json` for every language the core supports.
    pub fn load(dir: &Path) -> anyhow::Result<Self> {
        let mut by_lang = BTreeMap::new();
        for lang in Lang::ALL {
            let lang_dir = dir.join(lang.code());
            let mut merged = serde_json::Map::new();
            let entries = fs::read_dir(&lang_dir).with_context(|| {
                format!("cannot read the catalogue folder {}", lang_dir.display())
            })?;
            let mut files: Vec<_> = entries
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
                .collect();
            files.sort();
            for file in files {
                let stem = file
                    .file_stem()
                    .and_then(|stem| stem.to_str())
                    .with_context(|| format!("unreadable file name {}", file.display()))?
                    .to_owned();
                let text = fs::read_to_string(&file)
                    .with_context(|| format!("cannot read {}", file.display()))?;
                let value: serde_json::Value = serde_json::from_str(&text)
                    .with_context(|| format!("{} is not valid JSON", file.display()))?;
                merged.insert(stem, value);
            }
            if merged.is_empty() {
                bail!("no catalogue files in {}", lang_dir.display());
            }
            let json = serde_json::to_vec(&merged).context("cannot encode a catalogue")?;
            let etag = format!("\"{}\"", hex_prefix(&Sha256::digest(&json)));
            by_lang.insert(
                lang.code().to_owned(),
                Catalogue {
                    json: Bytes::from(json),
                    etag,
                },
            );
        }
        Ok(Self { by_lang })
    }

    /// The catalogue of a language code, if it is a supported language.
    pub fn get(&self, lang: &str) -> Option<&Catalogue> {
        self.by_lang.get(lang)
    }
}

fn hex_prefix(digest: &[u8]) -> String {
    digest
        .iter()
        .take(12)
        .map(|byte| format!("{byte:02x}"))
        .collect()
}
