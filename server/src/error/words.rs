//! How error messages are worded: in the language of the request being answered, which a
//! middleware sets for the whole request (`in_request_language`), so an error made far from
//! the request (a fallback, a rejection of the HTTP layer, a database fault) reads in it too.
use std::task::{Context, Poll};

use axum::http::{Request, StatusCode};
use tingshu_core::{
    i18n::texts::{text, text_with},
    Lang,
};
use tokio::task::futures::TaskLocalFuture;
use tower::{Layer, Service};

use crate::{
    extract::{lang_of, RequestLang},
    settings::DefaultLanguage,
};

tokio::task_local! {
    static ANSWER_LANG: Lang;
}

/// Layer: answers the request, errors included, in the language it asks for.
/// The language is read once here (the site's default language for a request that states
/// none); handlers get it through `RequestLang`. A service of its own rather than a
/// `from_fn`: no boxed future, no copy of the services beneath it per request.
pub fn in_request_language<S>(
    default_language: DefaultLanguage,
) -> impl Layer<S, Service = InRequestLanguage<S>> + Clone {
    tower::layer::layer_fn(move |inner| InRequestLanguage {
        inner,
        default_language: default_language.clone(),
    })
}

/// The service of [`in_request_language`].
#[derive(Clone)]
pub struct InRequestLanguage<S> {
    inner: S,
    default_language: DefaultLanguage,
}

impl<S, B> Service<Request<B>> for InRequestLanguage<S>
where
    S: Service<Request<B>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = TaskLocalFuture<Lang, S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request<B>) -> Self::Future {
        let lang = lang_of(
            request.uri().path(),
            request.headers(),
            self.default_language.get(),
        );
        request.extensions_mut().insert(RequestLang(lang));
        // The services beneath start in the language as well as run in it.
        let answer = ANSWER_LANG.sync_scope(lang, || self.inner.call(request));
        ANSWER_LANG.scope(lang, answer)
    }
}

/// The language of the request being answered; Chinese, the product's first, outside one.
pub fn answer_lang() -> Lang {
    ANSWER_LANG.try_with(|lang| *lang).unwrap_or(Lang::Zh)
}

/// The catalogue text under `key` in the answer language.
pub fn said(key: &str) -> String {
    text(answer_lang(), key).to_owned()
}

/// What a 404 did not find.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Missing {
    Book(i32),
    Category(i32),
    Chapter(i32),
    /// A chapter without playable audio (missing, unpublished or without a file).
    Audio(i32),
    /// The chapter's audio file is gone from the disk.
    AudioFile,
    Route {
        method: String,
        path: String,
    },
    File(String),
    /// The server was built without the app.
    App,
    Language(String),
    /// An upload (by id) of the caller.
    Upload(String),
    /// An order (by id) of the caller.
    Order(i32),
    /// A membership plan on sale (by code).
    Plan(String),
    /// A payment provider (by name) this server does not use.
    Provider(String),
    /// A provider's checkout session unknown here.
    Checkout(String),
    /// A listener's review of a book (by id).
    Review(i32),
    Author(i32),
    Narrator(i32),
    /// A role of the console (by id).
    Role(i32),
    /// An account (by id), in the console.
    User(i32),
    /// A session (by id) of an account, in the console.
    Session(String),
    /// A limited-free campaign (by id), in the console.
    Promotion(i32),
    /// An ad (by id), in the console.
    Ad(i32),
    /// A sign-in throttle (by key: `user:<id>` or `name:<account>`), in the console.
    Throttle(String),
    /// A listener's feedback message (by id), in the console.
    Feedback(i32),
}

impl Missing {
    /// The sentence in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        let id = |key: &str, id: &i32| text_with(lang, key, &[("id", &id.to_string())]);
        match self {
            Self::Book(book) => id("api.notFound.book", book),
            Self::Category(category) => id("api.notFound.category", category),
            Self::Chapter(chapter) => id("api.notFound.chapter", chapter),
            Self::Audio(chapter) => id("api.notFound.audio", chapter),
            Self::AudioFile => text(lang, "api.notFound.audioFile").to_owned(),
            Self::Route { method, path } => text_with(
                lang,
                "api.notFound.route",
                &[("method", method), ("path", path)],
            ),
            Self::File(path) => text_with(lang, "api.notFound.file", &[("path", path)]),
            Self::App => text(lang, "api.notFound.app").to_owned(),
            Self::Language(code) => text_with(lang, "api.notFound.language", &[("lang", code)]),
            Self::Upload(id) => text_with(lang, "api.notFound.upload", &[("id", id)]),
            Self::Order(order) => id("api.notFound.order", order),
            Self::Plan(code) => text_with(lang, "api.notFound.plan", &[("code", code)]),
            Self::Provider(name) => text_with(lang, "api.notFound.provider", &[("name", name)]),
            Self::Checkout(session) => text_with(lang, "api.notFound.checkout", &[("id", session)]),
            Self::Review(review) => id("api.notFound.review", review),
            Self::Author(author) => id("api.notFound.author", author),
            Self::Narrator(narrator) => id("api.notFound.narrator", narrator),
            Self::Role(role) => id("api.notFound.role", role),
            Self::User(user) => id("api.notFound.user", user),
            Self::Session(session) => text_with(lang, "api.notFound.session", &[("id", session)]),
            Self::Promotion(promotion) => id("api.notFound.promotion", promotion),
            Self::Ad(ad) => id("api.notFound.ad", ad),
            Self::Throttle(key) => text_with(lang, "api.notFound.throttle", &[("key", key)]),
            Self::Feedback(feedback) => id("api.notFound.feedback", feedback),
        }
    }
}

impl std::fmt::Display for Missing {
    /// The English sentence, for logs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

/// The sentence of a refusal the HTTP layer made, by its status.
pub fn rejection_message(status: StatusCode, lang: Lang) -> String {
    let key = match status.as_u16() {
        405 => "api.methodNotAllowed",
        413 => "api.payloadTooLarge",
        422 => "api.badBody",
        code @ (400 | 404 | 408 | 415 | 416 | 431) => {
            return text(lang, &format!("api.rejected.{code}")).to_owned()
        }
        500..=599 => "api.internal",
        _ => "api.rejected.other",
    };
    text(lang, key).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_missing_thing_and_rejection_is_worded_in_every_language() {
        let missing = [
            Missing::Book(7),
            Missing::Category(7),
            Missing::Chapter(7),
            Missing::Audio(7),
            Missing::AudioFile,
            Missing::Route {
                method: "GET".into(),
                path: "/api/nope".into(),
            },
            Missing::File("/x.js".into()),
            Missing::App,
            Missing::Language("fr".into()),
            Missing::Review(7),
            Missing::Author(7),
            Missing::Narrator(7),
            Missing::Role(7),
            Missing::Throttle("user:7".into()),
        ];
        for lang in Lang::ALL {
            for thing in &missing {
                let message = thing.message(lang);
                assert!(!message.contains("{{"), "{lang:?} {thing:?}: {message}");
                assert!(
                    !message.starts_with("api."),
                    "{lang:?} {thing:?}: {message}"
                );
            }
            for status in [400, 404, 405, 408, 413, 415, 416, 422, 431, 418, 502] {
                let message = rejection_message(StatusCode::from_u16(status).unwrap(), lang);
                assert!(!message.starts_with("api."), "{lang:?} {status}: {message}");
            }
        }
        assert_eq!(Missing::Book(7).message(Lang::En), "No book with id 7.");
        assert_eq!(Missing::Book(7).message(Lang::Zh), "找不到编号为 7 的书。");
    }

    #[tokio::test]
    async fn the_answer_language_is_the_requests_inside_its_scope_only() {
        assert_eq!(answer_lang(), Lang::Zh);
        let inside = ANSWER_LANG.scope(Lang::Ja, async { answer_lang() }).await;
        assert_eq!(inside, Lang::Ja);
    }
}
