//! The files a page's own module needs beyond the shell's, as the build lists them
//! (`builds/first-pages.json`, written by `app/vite.config.ts`), which its page shell asks for
//! early (`super::page_meta`).
use serde::Deserialize;

use super::first_data::FirstPage;

/// The files a page's module needs beyond the shell's, as the build lists them
/// (`builds/first-pages.json`, written by `app/vite.config.ts`): asked for with the page shell,
/// they arrive beside the shell's script instead of only once it has run.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct PageFiles {
    scripts: Vec<String>,
    styles: Vec<String>,
}

/// The build's list of [`PageFiles`], by page; empty for a build without one (nothing is then
/// asked for early, and the app loads its files itself).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct FirstPageFiles {
    #[serde(default)]
    book: PageFiles,
    #[serde(default)]
    search: PageFiles,
}

impl FirstPageFiles {
    const PATH: &'static str = "builds/first-pages.json";

    /// The list of the app's build in `dir` (the built-in copy when None).
    pub fn of_build(dir: Option<&std::path::Path>) -> Self {
        let Some(bytes) = super::spa::app_file(dir, Self::PATH) else {
            return Self::default();
        };
        serde_json::from_slice(&bytes).unwrap_or_else(|error| {
            tracing::warn!(%error, path = Self::PATH, "the build's page files are unreadable");
            Self::default()
        })
    }

    pub(super) fn of(&self, page: FirstPage) -> Option<&PageFiles> {
        match page {
            FirstPage::Book(_) => Some(&self.book),
            // The home page is part of the shell.
            FirstPage::Home => None,
        }
    }

    /// The search page's files.
    pub(super) fn search(&self) -> &PageFiles {
        &self.search
    }
}

impl PageFiles {
    /// The preload links of these files: modules as the app's loader would ask for them
    /// (`crossorigin`), so it finds them here and asks for nothing more.
    pub(super) fn links(&self) -> String {
        let scripts = self.scripts.iter().map(|src| {
            format!(
                r#"<link rel="modulepreload" href="{}" crossorigin>"#,
                attribute(src)
            )
        });
        let styles = self.styles.iter().map(|href| {
            format!(
                r#"<link rel="preload" href="{}" as="style" crossorigin>"#,
                attribute(href)
            )
        });
        scripts.chain(styles).collect()
    }
}

/// `value` safe inside a double-quoted attribute.
pub(super) fn attribute(value: &str) -> String {
    value.replace('&', "&amp;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pages_own_files_are_preloaded_as_the_apps_loader_asks_for_them() {
        let dir = std::env::temp_dir().join(format!("tingshu-page-files-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("builds")).unwrap();
        std::fs::write(
            dir.join("builds/first-pages.json"),
            r#"{"book":{"scripts":["/assets/book-1.js","/assets/stars-2.js"],"styles":["/assets/book-3.css"]}}"#,
        )
        .unwrap();
        let files = FirstPageFiles::of_build(Some(&dir));
        assert_eq!(files.of(FirstPage::Home), None);
        assert_eq!(files.search(), &PageFiles::default());
        let book = files.of(FirstPage::Book(7)).unwrap().clone();
        assert_eq!(
            book.links(),
            concat!(
                r#"<link rel="modulepreload" href="/assets/book-1.js" crossorigin>"#,
                r#"<link rel="modulepreload" href="/assets/stars-2.js" crossorigin>"#,
                r#"<link rel="preload" href="/assets/book-3.css" as="style" crossorigin>"#,
            )
        );
        // A build without the list (or with an unreadable one) preloads nothing.
        std::fs::write(dir.join("builds/first-pages.json"), "not json").unwrap();
        assert_eq!(
            FirstPageFiles::of_build(Some(&dir)),
            FirstPageFiles::default()
        );
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            FirstPageFiles::of_build(Some(&dir)),
            FirstPageFiles::default()
        );
    }
}
