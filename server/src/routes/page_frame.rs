//! The first frame of a page shell: `app/index.html` holds the default layout's header in `#root`,
//! painted before any script has run; each page gets it in its language (product name, home link),
//! or emptied when core's `pageLayout` frames the page otherwise (the console, registration, the
//! simple pages). Sign-in, which has no layout, gets its own page's head instead
//! (`app/src/features/auth/sign-in-frame.html`: the link home, the title and the introduction).
//! The app's first render replaces it.
use std::{collections::HashMap, sync::Arc};

use lol_html::{element, html_content::ContentType, RewriteStrSettings};
use tingshu_core::{
    routing::{
        layout::{page_layout, PageLayout, PageLayoutInput},
        locale::{localize_path, LocalizePathInput},
    },
    Lang,
};

use super::page_files::PageModule;
use crate::{i18n::Catalogues, search::escape_html};

/// The default layout's header in one language: what the shell's frame is given.
#[derive(Debug, PartialEq)]
pub struct DefaultFrame {
    /// `app.meta.product`, the logo's name.
    product: String,
    /// `app.nav.homeLabel`, the logo link's accessible name, escaped for an attribute.
    home_label: String,
    /// The home page's address in the language.
    home: String,
}

/// The sign-in page's head as the app draws it, with `{{…}}` where its texts go.
const SIGN_IN_FRAME: &str = include_str!("../../../app/src/features/auth/sign-in-frame.html");

/// Every language's frames, made once from the catalogues.
#[derive(Debug, Default)]
pub struct PageFrames {
    by_lang: HashMap<Lang, Arc<DefaultFrame>>,
    /// The sign-in page's frame (HTML) in each language.
    sign_in: HashMap<Lang, Arc<str>>,
}

/// What a page's shell does with the frame.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Frame {
    /// The default layout's header, in the page's language.
    Default(Arc<DefaultFrame>),
    /// The sign-in page's head, in the page's language: `#root`'s whole content.
    SignIn(Arc<str>),
    /// Nothing: the page's layout is not the default one (or its texts are missing).
    #[default]
    Empty,
}

impl PageFrames {
    /// The frames of every language whose `app` catalogue has their texts.
    pub fn of(catalogues: &Catalogues) -> Self {
        let mut frames = Self::default();
        for lang in Lang::ALL {
            let Some(value) = catalogues
                .get(lang.code(), "app")
                .and_then(|catalogue| serde_json::from_slice(&catalogue.json).ok())
            else {
                continue;
            };
            let home = localize_path(LocalizePathInput {
                path: "/".to_owned(),
                lang,
            });
            if let Some(frame) = default_frame(&value, &home) {
                frames.by_lang.insert(lang, Arc::new(frame));
            }
            if let Some(frame) = sign_in_frame(&value, &home) {
                frames.sign_in.insert(lang, frame.into());
            }
        }
        frames
    }

    /// The frame of the page at `path`, opened in `lang`.
    pub fn for_page(&self, path: &str, lang: Lang) -> Frame {
        let layout = page_layout(PageLayoutInput {
            path: path.to_owned(),
        });
        let frame = match layout {
            PageLayout::Default => self.by_lang.get(&lang).cloned().map(Frame::Default),
            PageLayout::None if PageModule::of_path(path) == Some(PageModule::Login) => {
                self.sign_in.get(&lang).cloned().map(Frame::SignIn)
            }
            _ => None,
        };
        frame.unwrap_or(Frame::Empty)
    }
}

/// `text` at `pointer` in an `app` catalogue.
fn text_at(catalogue: &serde_json::Value, pointer: &str) -> Option<String> {
    Some(catalogue.pointer(pointer)?.as_str()?.to_owned())
}

/// The default layout's header from an `app` catalogue.
fn default_frame(catalogue: &serde_json::Value, home: &str) -> Option<DefaultFrame> {
    Some(DefaultFrame {
        product: text_at(catalogue, "/app/meta/product")?,
        // lol_html quotes `"` in attribute values; `&` is ours to escape.
        home_label: text_at(catalogue, "/app/nav/homeLabel")?.replace('&', "&amp;"),
        home: home.to_owned(),
    })
}

/// The sign-in page's head from an `app` catalogue: [`SIGN_IN_FRAME`] with its texts escaped.
fn sign_in_frame(catalogue: &serde_json::Value, home: &str) -> Option<String> {
    let mut html = SIGN_IN_FRAME.trim().replace("{{home}}", &escape_html(home));
    for (slot, pointer) in [
        ("{{homeText}}", "/app/auth/home"),
        ("{{title}}", "/app/auth/login/title"),
        ("{{intro}}", "/app/auth/login/intro"),
    ] {
        html = html.replace(slot, &escape_html(&text_at(catalogue, pointer)?));
    }
    Some(html)
}

/// `settings` with the handlers that fit the shell's frame to `frame`.
pub fn frame_handlers<'h>(
    settings: RewriteStrSettings<'h, 'h>,
    frame: &'h Frame,
) -> RewriteStrSettings<'h, 'h> {
    match frame {
        Frame::Empty => settings.append_element_content_handler(element!("#root", |el| {
            el.set_inner_content("", ContentType::Html);
            Ok(())
        })),
        Frame::SignIn(html) => {
            settings.append_element_content_handler(element!("#root", move |el| {
                el.set_inner_content(html, ContentType::Html);
                Ok(())
            }))
        }
        Frame::Default(frame) => settings
            .append_element_content_handler(element!("#root a.logo", move |el| {
                el.set_attribute("href", &frame.home)?;
                el.set_attribute("aria-label", &frame.home_label)?;
                Ok(())
            }))
            .append_element_content_handler(element!("#root .logo__name", move |el| {
                el.set_inner_content(&frame.product, ContentType::Text);
                Ok(())
            })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lol_html::rewrite_str;

    /// The frame as `app/index.html` has it.
    const SHELL: &str = r#"<html><body><div id="root"><div class="layout layout--default"><header class="site-header"><a class="logo" aria-label="听书首页" href="/"><svg></svg><span class="logo__name">听书</span></a></header></div></div></body></html>"#;

    fn fitted(path: &str, lang: Lang) -> String {
        let frames = PageFrames::of(&Catalogues::built_in().unwrap());
        let frame = frames.for_page(path, lang);
        rewrite_str(SHELL, frame_handlers(RewriteStrSettings::new(), &frame)).unwrap()
    }

    #[test]
    fn every_language_has_its_frame_texts() {
        let frames = PageFrames::of(&Catalogues::built_in().unwrap());
        for lang in Lang::ALL {
            assert!(
                matches!(frames.for_page("/books", lang), Frame::Default { .. }),
                "{}",
                lang.code()
            );
        }
    }

    #[test]
    fn a_default_layout_page_gets_the_header_in_its_language() {
        let zh = fitted("/books/3", Lang::Zh);
        assert!(
            zh.contains(r#"<a class="logo" aria-label="听书首页" href="/">"#),
            "{zh}"
        );
        assert!(
            zh.contains(r#"<span class="logo__name">听书</span>"#),
            "{zh}"
        );
        let en = fitted("/en/books/3", Lang::En);
        assert!(
            en.contains(r#"aria-label="Tingshu home" href="/en""#),
            "{en}"
        );
        assert!(
            en.contains(r#"<span class="logo__name">Tingshu</span>"#),
            "{en}"
        );
        let ja = fitted("/ja/search?q=x", Lang::Ja);
        assert!(ja.contains(r#"href="/ja""#), "{ja}");
    }

    #[test]
    fn a_page_of_another_layout_opens_with_an_empty_root() {
        for path in [
            "/admin/books",
            "/en/auth/register",
            "/reset-password",
            "/offline",
            "/payment/success",
        ] {
            let html = fitted(path, Lang::En);
            assert!(html.contains(r#"<div id="root"></div>"#), "{path}: {html}");
        }
    }

    #[test]
    fn the_sign_in_page_opens_with_its_own_head_in_its_language() {
        let zh = fitted("/auth/login?redirect=%2Fbookshelf", Lang::Zh);
        assert!(
            zh.contains(concat!(
                r#"<div id="root"><main id="main-content" class="layout layout--none" tabindex="-1">"#,
                r#"<article class="auth-page"><a class="auth-page__home" href="/" data-discover="true"><span aria-hidden="true">←</span> 听书首页</a>"#,
                r#"<h1 class="auth-page__title">登录听书</h1>"#,
            )),
            "{zh}"
        );
        assert!(!zh.contains("{{"), "every slot filled: {zh}");
        let en = fitted("/en/auth/login-new", Lang::En);
        assert!(
            en.contains(r#"<a class="auth-page__home" href="/en" data-discover="true">"#),
            "{en}"
        );
        assert!(!en.contains("logo__name"), "no default header: {en}");
        assert!(!en.contains("{{"), "{en}");
    }

    #[test]
    fn the_sign_in_frame_escapes_its_texts() {
        let catalogue = serde_json::json!({"app": {"auth": {
            "home": "<b>home</b>", "login": {"title": "A & B", "intro": "\"quoted\""}
        }}});
        let html = sign_in_frame(&catalogue, "/en").unwrap();
        assert!(html.contains("&lt;b&gt;home&lt;/b&gt;</a>"), "{html}");
        assert!(html.contains(">A &amp; B</h1>"), "{html}");
        assert!(html.contains("&quot;quoted&quot;"), "{html}");
        // A catalogue without one of the texts gives no frame (the page opens empty).
        let missing = serde_json::json!({"app": {"auth": {"home": "h", "login": {"title": "t"}}}});
        assert_eq!(sign_in_frame(&missing, "/"), None);
    }
}
