//! The translation catalogues, read once at start and served as one JSON document per language
//! and file (an i18next namespace: `app` for every page, `pages` for the long texts of the
//! static pages, `console` for the administration console, `core` for the rules' own texts):
//! from `LOCALES_DIR` when it is set, else the copy built into the binary.
use std::{
    collections::{BTreeMap, HashMap},
    fs,
    path::Path,
};

use anyhow::{bail, Context};
use axum::body::Bytes;
use rust_embed::Embed;
use sha2::{Digest, Sha256};
use tingshu_core::Lang;

use crate::conditional::etag_of;

/// One file of one language, under its name: `{ "<file stem>": {…} }`, ready to send.
#[derive(Debug, Clone)]
pub struct Catalogue {
    pub json: Bytes,
    pub etag: String,
}

impl Catalogue {
    /// A document ready to send, with the ETag of its bytes.
    fn of(document: &serde_json::Map<String, serde_json::Value>) -> anyhow::Result<Self> {
        let json = serde_json::to_vec(document).context("cannot encode a catalogue")?;
        let etag = etag_of(&Sha256::digest(&json));
        Ok(Self {
            json: Bytes::from(json),
            etag,
        })
    }
}

/// The stem of a language's whole catalogue, `/_i18n/{lang}/messages.json` (spec §7): every
/// file of the language under its own name, as the files are served one by one.
pub const WHOLE: &str = "messages";

/// Every supported language's catalogue files, by language code and file stem.
#[derive(Debug, Default)]
pub struct Catalogues {
    by_file: BTreeMap<(String, String), Catalogue>,
}

/// The catalogues of the checkout the binary was built from (read from disk in a debug build).
#[derive(Embed)]
#[folder = "$CARGO_MANIFEST_DIR/../locales"]
#[include = "*/*.json"]
struct BuiltIn;

/// One catalogue file: its language, its name without `.json`, its text, where it came from.
struct CatalogueFile {
    lang: Lang,
    stem: String,
    text: String,
    origin: String,
}

impl Catalogues {
    /// Reads `<dir>/<lang>/*.json` for every language the core supports.
    pub fn load(dir: &Path) -> anyhow::Result<Self> {
        let mut files = Vec::new();
        for lang in Lang::ALL {
            let lang_dir = dir.join(lang.code());
            let entries = fs::read_dir(&lang_dir).with_context(|| {
                format!("cannot read the catalogue folder {}", lang_dir.display())
            })?;
            let paths = entries
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| path.extension().is_some_and(|ext| ext == "json"));
            for path in paths {
                let stem = path
                    .file_stem()
                    .and_then(|stem| stem.to_str())
                    .with_context(|| format!("unreadable file name {}", path.display()))?
                    .to_owned();
                let text = fs::read_to_string(&path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                files.push(CatalogueFile {
                    lang,
                    stem,
                    text,
                    origin: path.display().to_string(),
                });
            }
        }
        Self::merge(files)
    }

    /// The catalogues built into the binary.
    pub fn built_in() -> anyhow::Result<Self> {
        let mut files = Vec::new();
        for name in BuiltIn::iter() {
            let Some((code, file)) = name.split_once('/') else {
                continue;
            };
            let (Some(lang), Some(stem)) = (Lang::parse(code), file.strip_suffix(".json")) else {
                continue;
            };
            let data = BuiltIn::get(&name).with_context(|| format!("cannot read {name}"))?;
            let text = String::from_utf8(data.data.into_owned())
                .with_context(|| format!("locales/{name} is not UTF-8"))?;
            files.push(CatalogueFile {
                lang,
                stem: stem.to_owned(),
                text,
                origin: format!("locales/{name} (built in)"),
            });
        }
        Self::merge(files)
    }

    /// Checks every file and wraps it under its stem; every language must have files, and
    /// gets [`WHOLE`] beside them: all its files in one document.
    fn merge(files: Vec<CatalogueFile>) -> anyhow::Result<Self> {
        let mut by_file = BTreeMap::new();
        let mut whole: HashMap<Lang, serde_json::Map<String, serde_json::Value>> = HashMap::new();
        for file in files {
            if file.stem == WHOLE {
                bail!(
                    "{}: the name {WHOLE} is kept for the whole catalogue",
                    file.origin
                );
            }
            let value: serde_json::Value = serde_json::from_str(&file.text)
                .with_context(|| format!("{} is not valid JSON", file.origin))?;
            let wrapped = serde_json::Map::from_iter([(file.stem.clone(), value.clone())]);
            whole
                .entry(file.lang)
                .or_default()
                .insert(file.stem.clone(), value);
            by_file.insert(
                (file.lang.code().to_owned(), file.stem),
                Catalogue::of(&wrapped)?,
            );
        }
        for lang in Lang::ALL {
            let Some(namespaces) = whole.get(&lang) else {
                bail!("no catalogue files for {}", lang.code());
            };
            by_file.insert(
                (lang.code().to_owned(), WHOLE.to_owned()),
                Catalogue::of(namespaces)?,
            );
        }
        Ok(Self { by_file })
    }

    /// The file `stem` of a language code, if both exist.
    pub fn get(&self, lang: &str, stem: &str) -> Option<&Catalogue> {
        self.by_file.get(&(lang.to_owned(), stem.to_owned()))
    }

    /// The stems of a language's files.
    pub fn stems(&self, lang: &str) -> Vec<&str> {
        self.by_file
            .keys()
            .filter(|(code, _)| code == lang)
            .map(|(_, stem)| stem.as_str())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_catalogues_are_the_locales_folder() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../locales");
        let from_disk = Catalogues::load(&dir).unwrap();
        let built_in = Catalogues::built_in().unwrap();
        for lang in Lang::ALL {
            let stems = from_disk.stems(lang.code());
            assert_eq!(
                stems,
                ["app", "console", "core", WHOLE, "pages", "shop"],
                "{}",
                lang.code()
            );
            assert_eq!(stems, built_in.stems(lang.code()));
            for stem in stems {
                let (disk, inside) = (
                    from_disk.get(lang.code(), stem).unwrap(),
                    built_in.get(lang.code(), stem).unwrap(),
                );
                assert_eq!(disk.json, inside.json, "{} {stem}", lang.code());
                assert_eq!(disk.etag, inside.etag);
            }
        }
        assert!(built_in.get("fr", "app").is_none());
    }
}
