//! The files a page's own module needs beyond the shell's, as the build lists them
//! (`builds/first-pages.json`, written by `app/vite.config.ts`), which its page shell asks for
//! early (`super::page_meta`).
use serde::Deserialize;
use tingshu_core::routing::locale::{split_locale, SplitLocaleInput};

/// The files a page's module needs beyond the shell's, as the build lists them
/// (`builds/first-pages.json`, written by `app/vite.config.ts`): asked for with the page shell,
/// they arrive beside the shell's script instead of only once it has run.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct PageFiles {
    scripts: Vec<String>,
    styles: Vec<String>,
}

/// The app's page modules a visit may start on, besides the home page (in the shell): the
/// `firstPages` of `app/vite.config.ts`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageModule {
    /// A book's page.
    Book,
    Search,
    /// The book list, a chapter, the categories, limited-free and recommendations.
    Catalog,
    /// About, help, terms, privacy and copyright.
    Static,
    /// Sign-in.
    Login,
}

/// The build's list of [`PageFiles`], by page module; empty for a build without one (nothing
/// is then asked for early, and the app loads its files itself).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct FirstPageFiles {
    #[serde(default)]
    book: PageFiles,
    #[serde(default)]
    search: PageFiles,
    #[serde(default)]
    catalog: PageFiles,
    #[serde(default, rename = "static")]
    static_pages: PageFiles,
    #[serde(default)]
    login: PageFiles,
}

impl PageModule {
    /// The page module that draws `path` (under any locale prefix), when it is not the shell's.
    pub(super) fn of_path(path: &str) -> Option<Self> {
        let split = split_locale(SplitLocaleInput {
            path: path.to_owned(),
        });
        if split.redirect.is_some() {
            return None;
        }
        let segments: Vec<&str> = split.path.trim_matches('/').split('/').collect();
        Some(match segments.as_slice() {
            ["books", _] => Self::Book,
            ["search"] => Self::Search,
            ["books"]
            | ["books", _, "chapters", _]
            | ["categories"]
            | ["limited-free"]
            | ["recommendations"] => Self::Catalog,
            ["about"] | ["help"] | ["terms"] | ["privacy"] | ["copyright"] => Self::Static,
            ["auth", "login"] | ["auth", "login-new"] => Self::Login,
            _ => return None,
        })
    }
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

    /// The files of `module`.
    pub(super) fn of(&self, module: PageModule) -> &PageFiles {
        match module {
            PageModule::Book => &self.book,
            PageModule::Search => &self.search,
            PageModule::Catalog => &self.catalog,
            PageModule::Static => &self.static_pages,
            PageModule::Login => &self.login,
        }
    }
}

impl PageFiles {
    /// The preload links of these files: modules as the app's loader would ask for them
    /// (`crossorigin`), so it finds them here and asks for nothing more. `styles_applied`: the
    /// shell's first frame is drawn with the page's styles, so they are linked as stylesheets
    /// (the app's loader then finds them applied) rather than only fetched.
    pub(super) fn links(&self, styles_applied: bool) -> String {
        let scripts = self.scripts.iter().map(|src| {
            format!(
                r#"<link rel="modulepreload" href="{}" crossorigin>"#,
                attribute(src)
            )
        });
        let styles = self.styles.iter().map(|href| {
            let rel = if styles_applied {
                r#"rel="stylesheet""#
            } else {
                r#"rel="preload""#
            };
            let kind = if styles_applied { "" } else { r#" as="style""# };
            format!(
                r#"<link {rel} href="{}"{kind} crossorigin>"#,
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
            r#"{"book":{"scripts":["/assets/book-1.js","/assets/stars-2.js"],"styles":["/assets/book-3.css"]},"static":{"scripts":["/assets/static-4.js"],"styles":[]}}"#,
        )
        .unwrap();
        let files = FirstPageFiles::of_build(Some(&dir));
        assert_eq!(files.of(PageModule::Search), &PageFiles::default());
        assert_eq!(files.of(PageModule::Catalog), &PageFiles::default());
        assert_eq!(
            files.of(PageModule::Static).links(false),
            r#"<link rel="modulepreload" href="/assets/static-4.js" crossorigin>"#
        );
        let book = files.of(PageModule::Book).clone();
        assert!(book
            .links(true)
            .ends_with(r#"<link rel="stylesheet" href="/assets/book-3.css" crossorigin>"#));
        assert_eq!(
            book.links(false),
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
