//! Sharing metadata in the page shell: a published book's or chapter's page is sent with its
//! own title, description, cover, address and language in the HTML (`<title>`, description,
//! Open Graph, Twitter card, `<html lang>`), so crawlers and link previews see the book rather
//! than the site's generic card. Every other page, and an unknown book, keep the site's card.
//!
//! Every page shell also gets what its first paint waits for as early as the HTML: `<html lang>`,
//! a preload of its language's translation catalogue (fetched by the app only once its script
//! has run, otherwise); the files of the page's own module; and on the pages that open with a
//! list or a book, their first data (`super::first_data`) and a preload of the covers they open
//! with.
use axum::{
    body::{to_bytes, Body},
    extract::{Request, State},
    http::{header, HeaderValue, StatusCode},
    middleware::Next,
    response::{IntoResponse, Response},
};
use std::{cell::RefCell, sync::Arc};

use lol_html::{element, html_content::ContentType, rewrite_str, text, RewriteStrSettings};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use tingshu_core::{
    i18n::texts::text_with,
    routing::locale::{address_language, split_locale, SplitLocaleInput},
    Lang,
};

use crate::extract::lang_of;

use super::{
    first_data::{first_data, FirstData, FirstPage},
    page_files::{attribute, FirstPageFiles, PageFiles, PageModule},
    page_frame::{frame_handlers, Frame, PageFrames},
    spa::is_html,
};
use crate::{
    books::localized,
    catalog::{text::plain_text, view::BookDetail},
    entities::{book, chapter},
    error::ApiError,
    state::AppState,
};

/// The page shell is a few KiB; anything larger is not ours to rewrite.
const SHELL_LIMIT: usize = 1 << 20;
/// Descriptions are cut to what previews show.
const DESCRIPTION_CHARS: usize = 200;

/// The record a page path names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Record {
    Book(i32),
    Chapter { book: i32, chapter: i32 },
}

/// What the card of a page says.
#[derive(Debug, Clone, PartialEq)]
struct Card {
    title: String,
    description: String,
    image: Option<String>,
    kind: &'static str,
}

/// The cover a page opens with as its `<img>` asks for it: the same address, srcset and sizes,
/// so the preload is the very request the page makes.
#[derive(Debug, Clone, PartialEq)]
struct CoverHint {
    url: String,
    srcset: Option<String>,
    sizes: &'static str,
}

/// The width a book page's cover is drawn at (the app's `coverSizes.lg`).
const BOOK_COVER_SIZES: &str = "(max-width: 600px) 160px, 220px";
/// The width a home shelf's cover is drawn at (the app's `coverSizes.md`).
const SHELF_COVER_SIZES: &str = "(max-width: 420px) 50vw, 180px";

impl CoverHint {
    /// The covers of the books `page` opens with (those that have one).
    fn of(page: FirstPage, data: &FirstData) -> Vec<Self> {
        let sizes = match page {
            FirstPage::Book(_) => BOOK_COVER_SIZES,
            // A home shelf and a list page draw the same grid of cards.
            _ => SHELF_COVER_SIZES,
        };
        data.lead_books()
            .into_iter()
            .filter_map(|book| {
                Some(Self {
                    url: book.cover_url.clone()?,
                    srcset: book.cover_srcset.clone(),
                    sizes,
                })
            })
            .collect()
    }
}

/// What is written into every page shell.
#[derive(Debug, Clone, PartialEq, Default)]
struct Shell {
    /// The language the page opens in.
    lang: Lang,
    card: Option<Card>,
    covers: Vec<CoverHint>,
    /// The page's own files, to preload.
    files: Option<PageFiles>,
    /// The page's first data, as its script element.
    first_data: Option<String>,
    /// On the bare `/`, the site's default language (`<html data-default-lang>`): where the
    /// app's `localeRedirect` sends a visitor who states no language of ours.
    default_language: Option<Lang>,
    /// What becomes of the default layout's frame the shell paints first.
    frame: Frame,
}

/// The page of `path` (with its `query`) that opens with data sent beside it: the home page, a
/// book's, the book list without filters, the categories, limited-free and recommendations.
fn first_page_of(path: &str, query: Option<&str>) -> Option<FirstPage> {
    if let Some((_, Record::Book(id))) = record_of(path) {
        return Some(FirstPage::Book(id));
    }
    let split = split_locale(SplitLocaleInput {
        path: path.to_owned(),
    });
    if split.redirect.is_some() {
        return None;
    }
    // A filtered, sorted or later page of the list is the app's to ask for: its first data
    // would have to read the address exactly as the app does.
    let unfiltered = query.is_none_or(str::is_empty);
    match split.path.trim_matches('/') {
        "" => Some(FirstPage::Home),
        "books" if unfiltered => Some(FirstPage::Books),
        "categories" => Some(FirstPage::Categories),
        "limited-free" => Some(FirstPage::LimitedFree),
        "recommendations" => Some(FirstPage::Recommendations),
        _ => None,
    }
}

/// The record of `/books/{id}` or `/books/{id}/chapters/{chapterId}`, under any locale prefix.
fn record_of(path: &str) -> Option<(Lang, Record)> {
    let split = split_locale(SplitLocaleInput {
        path: path.to_owned(),
    });
    if split.redirect.is_some() {
        return None;
    }
    let segments: Vec<&str> = split.path.trim_matches('/').split('/').collect();
    let id = |raw: &str| raw.parse::<i32>().ok().filter(|id| *id > 0);
    let record = match segments.as_slice() {
        ["books", book] => Record::Book(id(book)?),
        ["books", book, "chapters", chapter] => Record::Chapter {
            book: id(book)?,
            chapter: id(chapter)?,
        },
        _ => return None,
    };
    Some((split.lang, record))
}

/// The card of a published record; None when there is no such record for listeners.
async fn card(state: &AppState, lang: Lang, record: Record) -> Result<Option<Card>, ApiError> {
    let book_id = match record {
        Record::Book(id) | Record::Chapter { book: id, .. } => id,
    };
    let Some(b) = book::Entity::find_by_id(book_id)
        .filter(book::Column::Published.eq(true))
        .one(state.db.reader())
        .await?
    else {
        return Ok(None);
    };
    let book_title = localized(lang, &b.title, b.title_en.as_deref(), b.title_ja.as_deref());
    let description = preview_text(&localized(
        lang,
        &b.description,
        b.description_en.as_deref(),
        b.description_ja.as_deref(),
    ));
    let image = b.cover_url.clone().map(|url| absolute(state, &url));
    let (title, kind) = match record {
        Record::Book(_) => (book_title, "book"),
        Record::Chapter { chapter: id, .. } => {
            let Some(c) = chapter::Entity::find_by_id(id)
                .filter(chapter::Column::BookId.eq(book_id))
                .filter(chapter::Column::Published.eq(true))
                .one(state.db.reader())
                .await?
            else {
                return Ok(None);
            };
            let chapter_title =
                localized(lang, &c.title, c.title_en.as_deref(), c.title_ja.as_deref());
            (format!("{chapter_title} · {book_title}"), "article")
        }
    };
    Ok(Some(Card {
        title: text_with(lang, "api.pageMeta.title", &[("page", &title)]),
        description,
        image,
        kind,
    }))
}

impl Card {
    /// The card of a book's page, from the book as the API describes it to a guest.
    fn of_book(state: &AppState, lang: Lang, book: &BookDetail) -> Self {
        Self {
            title: text_with(lang, "api.pageMeta.title", &[("page", &book.book.title)]),
            description: preview_of_plain(&book.description),
            image: book
                .book
                .cover_url
                .as_deref()
                .map(|url| absolute(state, url)),
            kind: "book",
        }
    }
}

/// A stored (HTML) description as previews show it: its text, paragraphs run together, cut to
/// [`DESCRIPTION_CHARS`].
fn preview_text(description: &str) -> String {
    preview_of_plain(&plain_text(description))
}

/// Plain text (paragraphs separated by `\n`) as previews show it.
fn preview_of_plain(text: &str) -> String {
    text.replace('\n', " ")
        .chars()
        .take(DESCRIPTION_CHARS)
        .collect()
}

/// A site path made absolute with `PUBLIC_URL` when it is set (previews want full addresses).
fn absolute(state: &AppState, url: &str) -> String {
    match (&state.config.public_url, url.starts_with('/')) {
        (Some(site), true) => format!("{}{url}", site.trim_end_matches('/')),
        _ => url.to_owned(),
    }
}

/// A page shell as sent: its HTML, and the texts of the inline scripts it runs (which its content
/// policy allows by hash).
#[derive(Debug)]
struct Rewritten {
    html: String,
    inline_scripts: Vec<String>,
}

/// The page shell with its language, its preloads and its card (if any) written into its head.
fn rewrite(html: &str, shell: &Shell) -> Result<Rewritten, lol_html::errors::RewritingError> {
    let inline_scripts = RefCell::new(vec![String::new()]);
    let mut preloads = format!(
        r#"<link rel="preload" href="/_i18n/{}/app.json" as="fetch" crossorigin>"#,
        shell.lang.code()
    );
    for cover in &shell.covers {
        preloads.push_str(&format!(
            r#"<link rel="preload" as="image" href="{}" fetchpriority="high""#,
            attribute(&cover.url)
        ));
        if let Some(srcset) = &cover.srcset {
            preloads.push_str(&format!(
                r#" imagesrcset="{}" imagesizes="{}""#,
                attribute(srcset),
                cover.sizes
            ));
        }
        preloads.push('>');
    }
    if let Some(files) = &shell.files {
        preloads.push_str(&files.links(matches!(shell.frame, Frame::SignIn(_))));
    }
    let mut settings = RewriteStrSettings::new()
        .append_element_content_handler(element!("html", |el| {
            el.set_attribute("lang", shell.lang.tag())?;
            if let Some(lang) = shell.default_language {
                el.set_attribute("data-default-lang", lang.code())?;
            }
            Ok(())
        }))
        .append_element_content_handler(element!("head", |el| {
            el.append(&preloads, ContentType::Html);
            Ok(())
        }))
        .append_element_content_handler(element!("body", |el| {
            if let Some(script) = &shell.first_data {
                el.append(script, ContentType::Html);
            }
            Ok(())
        }))
        // Classic scripts without `src` (a data block has a `type`, and is not run).
        .append_element_content_handler(text!("script:not([src]):not([type])", |chunk| {
            let mut scripts = inline_scripts.borrow_mut();
            scripts
                .last_mut()
                .expect("one open")
                .push_str(chunk.as_str());
            if chunk.last_in_text_node() {
                scripts.push(String::new());
            }
            Ok(())
        }));
    if let Some(card) = &shell.card {
        settings = card_handlers(settings, card);
    }
    settings = frame_handlers(settings, &shell.frame);
    let html = rewrite_str(html, settings)?;
    let mut inline_scripts = inline_scripts.into_inner();
    inline_scripts.retain(|script| !script.is_empty());
    Ok(Rewritten {
        html,
        inline_scripts,
    })
}

/// `settings` with the handlers that write `card` over the site's card.
fn card_handlers<'h>(
    mut settings: RewriteStrSettings<'h, 'h>,
    card: &'h Card,
) -> RewriteStrSettings<'h, 'h> {
    // lol_html quotes `"` in attribute values; `&` is ours to escape, so `&lt;` stays text.
    let content = |value: &str| {
        let value = value.replace('&', "&amp;");
        move |el: &mut lol_html::html_content::Element| {
            el.set_attribute("content", &value)?;
            Ok(())
        }
    };
    // The cover (3:4) replaces the site's wide image, whose size and words no longer hold.
    let drop_with_cover = |el: &mut lol_html::html_content::Element| {
        if card.image.is_some() {
            el.remove();
        }
        Ok(())
    };
    let texts: [(&str, &str); 6] = [
        (r#"meta[name="description"]"#, &card.description),
        (r#"meta[property="og:type"]"#, card.kind),
        (r#"meta[property="og:title"]"#, &card.title),
        (r#"meta[name="twitter:title"]"#, &card.title),
        (r#"meta[property="og:description"]"#, &card.description),
        (r#"meta[name="twitter:description"]"#, &card.description),
    ];
    settings = settings
        .append_element_content_handler(element!("title", |el| {
            el.set_inner_content(&card.title, ContentType::Text);
            Ok(())
        }))
        .append_element_content_handler(element!(r#"meta[name="twitter:card"]"#, |el| {
            if card.image.is_some() {
                el.set_attribute("content", "summary")?;
            }
            Ok(())
        }));
    for (selector, value) in texts {
        settings = settings.append_element_content_handler(element!(selector, content(value)));
    }
    if let Some(image) = &card.image {
        for selector in [
            r#"meta[property="og:image"]"#,
            r#"meta[name="twitter:image"]"#,
        ] {
            settings = settings.append_element_content_handler(element!(selector, content(image)));
        }
    }
    for selector in [
        r#"meta[property="og:image:width"]"#,
        r#"meta[property="og:image:height"]"#,
        r#"meta[property="og:image:alt"]"#,
    ] {
        settings = settings.append_element_content_handler(element!(selector, drop_with_cover));
    }
    settings
}

/// Whether the anti-crawler gate lets `request`'s client read the catalogue now.
fn catalogue_admitted(state: &AppState, request: &Request) -> bool {
    let address = crate::client::ClientAddr::of(request.extensions());
    let now_secs = crate::anti_crawler::guard::now_secs();
    !matches!(
        state.anti_crawler.gate.admit(
            crate::anti_crawler::gate::Guarded::Catalogue,
            address.0,
            address.budget_key(),
            request.headers(),
            now_secs,
        ),
        crate::anti_crawler::gate::Admission::Refused(_)
    )
}

/// Middleware around the app's file service: writes the language, the preloads and (on a book
/// or chapter page) the card into every page shell.
pub async fn describe(
    State((state, page_files, frames)): State<(AppState, Arc<FirstPageFiles>, Arc<PageFrames>)>,
    request: Request,
    next: Next,
) -> Response {
    let path = request.uri().path().to_owned();
    let default_language = state.settings.default_language().get();
    let lang = lang_of(&path, request.headers(), default_language);
    // The first data is a catalogue read: it spends the client's anti-crawler budget, and a
    // client over it gets the page without (the app then asks the API, which challenges it).
    let first_page = first_page_of(&path, request.uri().query())
        .filter(|_| catalogue_admitted(&state, &request));
    let response = next.run(request).await;
    if response.status() != StatusCode::OK || !is_html(response.headers()) {
        return response;
    }
    let first = match first_page {
        Some(page) => first_data(&state, lang, page)
            .await
            .unwrap_or_else(|error| {
                // The app asks the API itself when the page comes without its data.
                tracing::warn!(%error, "could not read the page's first data");
                None
            }),
        None => None,
    };
    // A book's page draws its card from the book its first data already read; a chapter's page
    // (or a book page without that data) reads what its card needs.
    let card = match (
        record_of(&path),
        first.as_ref().and_then(|data| data.book.as_ref()),
    ) {
        (Some((lang, Record::Book(_))), Some(book)) => Some(Card::of_book(&state, lang, book)),
        (Some((lang, record)), _) => card(&state, lang, record).await.unwrap_or_else(|error| {
            // The page still works without its card: the generic one is sent.
            tracing::warn!(%error, "could not read the page's sharing card");
            None
        }),
        (None, _) => None,
    };
    let covers = first_page
        .zip(first.as_ref())
        .map(|(page, data)| CoverHint::of(page, data))
        .unwrap_or_default();
    let first_data = match first.as_ref().map(FirstData::script).transpose() {
        Ok(script) => script,
        Err(error) => return ApiError::Internal(anyhow::anyhow!(error)).into_response(),
    };
    // The bare `/` tells the app the site's default language, a setting.
    let default_language = (matches!(first_page, Some(FirstPage::Home))
        && address_language(&path).is_none())
    .then_some(default_language);
    // A page with a card, data or a setting depends on what is stored, so the file's validators
    // do not describe it; any other page is the file with what its address decides, which they do.
    let validators_hold = card.is_none() && first_data.is_none() && default_language.is_none();
    // A book page's own files are worth asking for early only when it opens with its data (not
    // for an unknown book); the other pages' always.
    let files = match PageModule::of_path(&path) {
        Some(PageModule::Book) if first_data.is_none() => None,
        Some(module) => Some(page_files.of(module).clone()),
        None => None,
    };
    let shell = Shell {
        lang,
        card,
        covers,
        files,
        first_data,
        default_language,
        frame: frames.for_page(&path, lang),
    };
    let (mut parts, body) = response.into_parts();
    let rewritten = match to_bytes(body, SHELL_LIMIT).await {
        Ok(bytes) => rewrite(&String::from_utf8_lossy(&bytes), &shell),
        Err(error) => return ApiError::Internal(anyhow::anyhow!(error)).into_response(),
    };
    let Rewritten {
        html,
        inline_scripts,
    } = match rewritten {
        Ok(rewritten) => rewritten,
        Err(error) => return ApiError::Internal(anyhow::anyhow!(error)).into_response(),
    };
    parts.headers.remove(header::CONTENT_LENGTH);
    if let Ok(policy) = HeaderValue::from_str(&crate::edge::page_csp(
        inline_scripts.iter().map(String::as_str),
    )) {
        parts
            .headers
            .insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    if !validators_hold {
        parts.headers.remove(header::ETAG);
        parts.headers.remove(header::LAST_MODIFIED);
    }
    if address_language(&path).is_none() {
        // The address carries no language: it, and so the preload, comes from these.
        parts.headers.insert(
            header::VARY,
            HeaderValue::from_static("accept-language, cookie"),
        );
    }
    Response::from_parts(parts, Body::from(html))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderMap;

    const SHELL: &str = r#"<!doctype html><html lang="zh-CN"><head><title>听书</title>
<meta name="description" content="site" /><meta property="og:type" content="website" />
<meta property="og:title" content="site" /><meta property="og:description" content="site" />
<meta property="og:image" content="/og-image.png" /><meta property="og:image:width" content="1200" />
<meta name="twitter:card" content="summary_large_image" /><meta name="twitter:title" content="site" />
<meta name="twitter:description" content="site" /><meta name="twitter:image" content="/og-image.png" />
</head><body></body></html>"#;

    #[test]
    fn book_and_chapter_paths_under_every_prefix() {
        assert_eq!(record_of("/books/7"), Some((Lang::Zh, Record::Book(7))));
        assert_eq!(record_of("/en/books/7/"), Some((Lang::En, Record::Book(7))));
        assert_eq!(
            record_of("/ja/books/7/chapters/12"),
            Some((
                Lang::Ja,
                Record::Chapter {
                    book: 7,
                    chapter: 12
                }
            ))
        );
        for other in [
            "/books",
            "/books/abc",
            "/books/0",
            "/authors/7",
            "/zh/books/7",
        ] {
            assert_eq!(record_of(other), None, "{other}");
        }
    }

    #[test]
    fn a_description_is_previewed_as_its_text() {
        assert_eq!(
            preview_text("<p>云海之上。</p><p>一座灯塔。</p>"),
            "云海之上。 一座灯塔。"
        );
        assert_eq!(
            preview_text(&"长".repeat(300)).chars().count(),
            DESCRIPTION_CHARS
        );
    }

    #[test]
    fn the_card_replaces_the_site_card_and_escapes_what_it_writes() {
        let card = Card {
            title: r#"The "Amber" <Lighthouse> - Tingshu"#.into(),
            description: "Waves & light &lt;3".into(),
            image: Some("/api/covers/7/large".into()),
            kind: "book",
        };
        let shell = Shell {
            lang: Lang::En,
            card: Some(card),
            covers: vec![CoverHint {
                url: "/api/covers/7/large".into(),
                srcset: crate::covers::srcset("/api/covers/7/large"),
                sizes: BOOK_COVER_SIZES,
            }],
            files: None,
            first_data: None,
            default_language: None,
            frame: Frame::Empty,
        };
        let html = rewrite(SHELL, &shell).unwrap().html;
        assert!(html.contains(r#"<html lang="en-US">"#), "{html}");
        assert!(
            html.contains("<title>The \"Amber\" &lt;Lighthouse&gt; - Tingshu</title>"),
            "{html}"
        );
        assert!(
            html.contains(
                r#"property="og:title" content="The &quot;Amber&quot; <Lighthouse> - Tingshu""#
            ),
            "{html}"
        );
        assert!(
            html.contains(r#"content="Waves &amp; light &amp;lt;3""#),
            "{html}"
        );
        assert!(
            html.contains(r#"property="og:type" content="book""#),
            "{html}"
        );
        assert!(html.contains(r#"content="/api/covers/7/large""#), "{html}");
        assert!(!html.contains("og:image:width"), "{html}");
        assert!(!html.contains("og-image.png"), "{html}");
        assert!(!html.contains(r#"content="site""#), "{html}");
        // The cover is preloaded as the page's `<img>` will ask for it.
        assert!(
            html.contains(concat!(
                r#"<link rel="preload" as="image" href="/api/covers/7/large" fetchpriority="high" "#,
                r#"imagesrcset="/api/covers/7/small 150w, /api/covers/7/medium 300w, /api/covers/7/card 420w, /api/covers/7/large 600w" "#,
                r#"imagesizes="(max-width: 600px) 160px, 220px"></head>"#
            )),
            "{html}"
        );
    }

    #[test]
    fn every_page_shell_names_its_language_and_preloads_its_translations() {
        for (lang, tag, code) in [
            (Lang::Zh, "zh-CN", "zh"),
            (Lang::En, "en-US", "en"),
            (Lang::Ja, "ja-JP", "ja"),
        ] {
            let html = rewrite(
                SHELL,
                &Shell {
                    lang,
                    ..Shell::default()
                },
            )
            .unwrap()
            .html;
            assert!(html.contains(&format!(r#"<html lang="{tag}">"#)), "{html}");
            assert!(
                html.contains(&format!(
                    r#"<link rel="preload" href="/_i18n/{code}/app.json" as="fetch" crossorigin></head>"#
                )),
                "{html}"
            );
            // The site's card stays, and nothing else is preloaded or sent.
            assert!(html.contains("og-image.png"), "{html}");
            assert!(!html.contains(r#"as="image""#), "{html}");
            assert!(!html.contains("first-data"), "{html}");
        }
    }

    #[test]
    fn the_inline_scripts_a_shell_runs_are_found_for_its_policy_and_nothing_else() {
        let html = SHELL.replace(
            "</head>",
            concat!(
                "<script>go()</script><script type=\"module\" src=\"/a.js\"></script>",
                "<script type=\"application/json\">{}</script></head>"
            ),
        );
        let rewritten = rewrite(&html, &Shell::default()).unwrap();
        assert_eq!(rewritten.inline_scripts, ["go()"]);
        let policy = crate::edge::page_csp(rewritten.inline_scripts.iter().map(String::as_str));
        assert!(
            policy.contains("script-src 'self' 'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw=' 'wasm-unsafe-eval';"),
            "{policy}"
        );
        // Without inline scripts, the page's usual policy.
        let plain = rewrite(SHELL, &Shell::default()).unwrap();
        assert!(plain.inline_scripts.is_empty());
        assert_eq!(crate::edge::page_csp([]), crate::edge::APP_CSP);
    }

    #[test]
    fn the_home_page_a_book_page_and_the_unfiltered_lists_open_with_data_and_no_other_page_does() {
        let first = |path| first_page_of(path, None);
        assert_eq!(first("/"), Some(FirstPage::Home));
        assert_eq!(first("/en"), Some(FirstPage::Home));
        assert_eq!(first("/ja/"), Some(FirstPage::Home));
        assert_eq!(first("/books/7"), Some(FirstPage::Book(7)));
        assert_eq!(first("/en/books/7"), Some(FirstPage::Book(7)));
        assert_eq!(first("/books"), Some(FirstPage::Books));
        assert_eq!(first_page_of("/ja/books", Some("")), Some(FirstPage::Books));
        assert_eq!(first("/en/categories"), Some(FirstPage::Categories));
        assert_eq!(first("/limited-free"), Some(FirstPage::LimitedFree));
        assert_eq!(
            first("/ja/recommendations/"),
            Some(FirstPage::Recommendations)
        );
        // A filtered or later page of the list is read from its address by the app alone.
        assert_eq!(first_page_of("/books", Some("page=2")), None);
        assert_eq!(first_page_of("/en/books", Some("category=xuanhuan")), None);
        for other in [
            "/books/7/chapters/3",
            "/search",
            "/zh",
            "/zh/books",
            "/en/authors/2",
            "/about",
            "/me/bookshelf",
        ] {
            assert_eq!(first(other), None, "{other}");
        }
    }

    #[test]
    fn each_page_preloads_the_module_that_draws_it() {
        for (path, module) in [
            ("/books/7", Some(PageModule::Book)),
            ("/en/books/7/", Some(PageModule::Book)),
            ("/search", Some(PageModule::Search)),
            ("/ja/search/", Some(PageModule::Search)),
            ("/books", Some(PageModule::Catalog)),
            ("/en/books/7/chapters/3", Some(PageModule::Catalog)),
            ("/categories", Some(PageModule::Catalog)),
            ("/limited-free", Some(PageModule::Catalog)),
            ("/en/recommendations", Some(PageModule::Catalog)),
            ("/about", Some(PageModule::Static)),
            ("/ja/privacy", Some(PageModule::Static)),
            ("/copyright", Some(PageModule::Static)),
            ("/", None),
            ("/zh/search", None),
            ("/search/7", None),
            ("/books/7/chapters", None),
            ("/contact", None),
            ("/auth/login", Some(PageModule::Login)),
            ("/en/auth/login-new", Some(PageModule::Login)),
            ("/auth/register", None),
            ("/admin/books", None),
        ] {
            assert_eq!(PageModule::of_path(path), module, "{path}");
        }
    }

    #[test]
    fn first_data_goes_at_the_end_of_the_body_and_a_home_cover_is_preloaded_at_shelf_size() {
        let data = FirstData::empty(Lang::Ja);
        let shell = Shell {
            lang: Lang::Ja,
            covers: vec![CoverHint {
                url: "/api/covers/2/large".into(),
                srcset: crate::covers::srcset("/api/covers/2/large"),
                sizes: SHELF_COVER_SIZES,
            }],
            first_data: Some(data.script().unwrap()),
            ..Shell::default()
        };
        let html = rewrite(SHELL, &shell).unwrap().html;
        assert!(
            html.contains(r#"<body><script type="application/json" id="first-data">{"lang":"ja"}</script></body>"#),
            "{html}"
        );
        assert!(
            html.contains(r#"imagesizes="(max-width: 420px) 50vw, 180px"></head>"#),
            "{html}"
        );
    }

    #[test]
    fn a_page_opens_in_its_prefix_language_and_the_bare_root_in_the_visitors() {
        let mut english = HeaderMap::new();
        english.insert(
            header::ACCEPT_LANGUAGE,
            HeaderValue::from_static("en-GB,en;q=0.9"),
        );
        assert_eq!(lang_of("/", &english, Lang::Zh), Lang::En);
        assert_eq!(lang_of("/", &HeaderMap::new(), Lang::Zh), Lang::Zh);
        assert_eq!(lang_of("/ja/books/3", &english, Lang::Zh), Lang::Ja);
        assert_eq!(lang_of("/books/3", &english, Lang::Zh), Lang::Zh);
        assert_eq!(lang_of("/en", &HeaderMap::new(), Lang::Zh), Lang::En);
    }

    #[test]
    fn the_site_default_decides_only_where_nothing_else_does() {
        let mut english = HeaderMap::new();
        english.insert(header::ACCEPT_LANGUAGE, HeaderValue::from_static("en"));
        assert_eq!(lang_of("/", &HeaderMap::new(), Lang::Ja), Lang::Ja);
        assert_eq!(
            lang_of("/user/history", &HeaderMap::new(), Lang::Ja),
            Lang::Ja
        );
        assert_eq!(lang_of("/", &english, Lang::Ja), Lang::En);
        assert_eq!(lang_of("/books/3", &HeaderMap::new(), Lang::Ja), Lang::Zh);
        let shell = Shell {
            default_language: Some(Lang::Ja),
            ..Shell::default()
        };
        let html = rewrite(SHELL, &shell).unwrap().html;
        assert!(html.contains(r#"data-default-lang="ja""#), "{html}");
        let html = rewrite(SHELL, &Shell::default()).unwrap().html;
        assert!(!html.contains("data-default-lang"), "{html}");
    }

    #[test]
    fn the_address_decides_over_the_cookie_which_decides_where_it_carries_none() {
        let mut chose_chinese = HeaderMap::new();
        chose_chinese.insert(header::COOKIE, HeaderValue::from_static("a=1; lang=zh"));
        chose_chinese.insert(header::ACCEPT_LANGUAGE, HeaderValue::from_static("ja"));
        assert_eq!(lang_of("/en/books/3", &chose_chinese, Lang::Zh), Lang::En);
        assert_eq!(lang_of("/ja", &chose_chinese, Lang::Zh), Lang::Ja);
        assert_eq!(lang_of("/", &chose_chinese, Lang::Zh), Lang::Zh);
        let mut chose_japanese = HeaderMap::new();
        chose_japanese.insert(header::COOKIE, HeaderValue::from_static("lang=ja"));
        assert_eq!(
            lang_of("/user/history", &chose_japanese, Lang::Zh),
            Lang::Ja
        );
        assert_eq!(lang_of("/books", &chose_japanese, Lang::Zh), Lang::Zh);
    }
}
