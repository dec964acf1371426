//! The first frame of a page shell: `app/index.html` holds the default layout's header in `#root`,
//! painted before any script has run; each page gets it in its language (product name, home link),
//! or emptied when core's `pageLayout` frames the page otherwise (the console, sign-in, the simple
//! pages). The app's first render replaces it.
use std::{collections::HashMap, sync::Arc};

use lol_html::{element, html_content::ContentType, RewriteStrSettings};
use tingshu_core::{
    routing::{
        layout::{page_layout, PageLayout, PageLayoutInput},
        locale::{localize_path, LocalizePathInput},
    },
    Lang,
};

use crate::i18n::Catalogues;

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

/// Every language's frame, made once from the catalogues.
#[derive(Debug, Default)]
pub struct PageFrames {
    by_lang: HashMap<Lang, Arc<DefaultFrame>>,
}

/// What a page's shell does with the frame.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Frame {
    /// The default layout's header, in the page's language.
    Default(Arc<DefaultFrame>),
    /// Nothing: the page's layout is not the default one (or its texts are missing).
    #[default]
    Empty,
}

impl PageFrames {
    /// The frame of every language whose `app` catalogue has its texts.
    pub fn of(catalogues: &Catalogues) -> Self {
        let by_lang = Lang::ALL
            .into_iter()
            .filter_map(|lang| {
                let catalogue = catalogues.get(lang.code(), "app")?;
                let value: serde_json::Value = serde_json::from_slice(&catalogue.json).ok()?;
                let text = |pointer: &str| Some(value.pointer(pointer)?.as_str()?.to_owned());
                let frame = DefaultFrame {
                    product: text("/app/meta/product")?,
                    // lol_html quotes `"` in attribute values; `&` is ours to escape.
                    home_label: text("/app/nav/homeLabel")?.replace('&', "&amp;"),
                    home: localize_path(LocalizePathInput {
                        path: "/".to_owned(),
                        lang,
                    }),
                };
                Some((lang, Arc::new(frame)))
            })
            .collect();
        Self { by_lang }
    }

    /// The frame of the page at `path`, opened in `lang`.
    pub fn for_page(&self, path: &str, lang: Lang) -> Frame {
        let layout = page_layout(PageLayoutInput {
            path: path.to_owned(),
        });
        match (layout, self.by_lang.get(&lang)) {
            (PageLayout::Default, Some(frame)) => Frame::Default(Arc::clone(frame)),
            _ => Frame::Empty,
        }
    }
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
            "/en/auth/login",
            "/offline",
            "/payment/success",
        ] {
            let html = fitted(path, Lang::En);
            assert!(html.contains(r#"<div id="root"></div>"#), "{path}: {html}");
        }
    }
}
