//! `/api/behavior/*` (spec §7): behaviour events from anyone (a guest by tracking session,
//! a signed-in listener by user too), and a signed-in listener's own figures and preferences.
use crate::routes::registry::route;
use axum::{
    extract::State,
    http::{header, HeaderMap},
    Json,
};
use tingshu_core::{
    auth::access::Access,
    tracking::{
        event::BehaviorKind, event::ValidateBehaviorEventInput, preference::ValidatePreferenceInput,
    },
};

use super::registry::ApiRoutes;
use crate::{
    auth::{MaybeSignedIn, SignedIn},
    client::ClientAddr,
    error::{success, ApiResult, ErrorBody, Nothing, Success},
    extract::{Body, RequestLang},
    paging::Items,
    state::AppState,
    tracking::{
        events::Visit,
        preferences::{self, PreferenceView},
        stats::{self, ListeningStats},
    },
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    // The browsing summary may leave with `navigator.sendBeacon` as the page unloads.
    api.add_beacon(Access::Public, route!(record_browsing))
        .add(Access::Public, route!(record_play))
        .add(Access::Public, route!(record_search))
        .add(Access::Public, route!(record_favorite))
        .add(Access::Public, route!(record_pageview))
        .add(Access::Authenticated, route!(behavior_stats))
        .add(Access::Authenticated, route!(list_preferences))
        .add(Access::Authenticated, route!(save_preference))
}

/// Whether the request carries `name: 1` (`DNT`, `Sec-GPC`).
fn says_one(headers: &HeaderMap, name: &str) -> bool {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim() == "1")
}

fn text(headers: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// Checks and queues one event; the same answer whether it is stored or declined.
fn record(
    state: &AppState,
    kind: BehaviorKind,
    input: ValidateBehaviorEventInput,
    headers: &HeaderMap,
    address: ClientAddr,
    caller: Option<&crate::auth::Caller>,
    lang: tingshu_core::Lang,
) -> ApiResult<Json<Success<Nothing>>> {
    let visit = Visit {
        user: caller.map(|c| &c.user),
        budget_key: address.budget_key(),
        user_agent: text(headers, header::USER_AGENT).unwrap_or_default(),
        do_not_track: says_one(headers, "dnt"),
        global_privacy_control: says_one(headers, "sec-gpc"),
        site_host: text(headers, header::HOST),
    };
    let now_ms = crate::clock::now_ms();
    state.tracking.record(kind, input, visit, lang, now_ms)?;
    Ok(success(Nothing))
}

macro_rules! event_endpoint {
    ($name:ident, $kind:expr, $path:literal, $doc:literal) => {
        #[doc = $doc]
        ///
        /// Accepted the same way whether it is stored or not: with `DNT: 1` or `Sec-GPC: 1`,
        /// or for a listener who turned tracking off, nothing is stored. The client's address
        /// is never stored (a visitor hash that rotates daily stands for it).
        #[utoipa::path(post, path = $path, tag = "behavior",
            request_body = ValidateBehaviorEventInput,
            responses((status = 200, body = Success<Nothing>),
                (status = 400, description = "A field is missing or out of bounds (named in `fields`); nothing is stored", body = ErrorBody)))]
        #[tracing::instrument(skip_all)]
        async fn $name(
            State(state): State<AppState>,
            RequestLang(lang): RequestLang,
            address: ClientAddr,
            MaybeSignedIn(caller): MaybeSignedIn,
            headers: HeaderMap,
            Body(input): Body<ValidateBehaviorEventInput>,
        ) -> ApiResult<Json<Success<Nothing>>> {
            record(&state, $kind, input, &headers, address, caller.as_ref(), lang)
        }
    };
}

event_endpoint!(
    record_browsing,
    BehaviorKind::Browsing,
    "/behavior/browsing",
    "Records a page's browsing summary (view duration, scroll depth, clicks); `pageUrl` required."
);
event_endpoint!(
    record_play,
    BehaviorKind::Play,
    "/behavior/play",
    "Records a chapter played (`bookId` required; `chapterId`, `position`, `duration`)."
);
event_endpoint!(
    record_search,
    BehaviorKind::Search,
    "/behavior/search",
    "Records a search made (`query` required; `resultCount`, the chosen `bookId`)."
);
event_endpoint!(
    record_favorite,
    BehaviorKind::Favorite,
    "/behavior/favorite",
    "Records a book added to or removed from the favourites (`bookId` and `action` required)."
);
event_endpoint!(
    record_pageview,
    BehaviorKind::Pageview,
    "/behavior/pageview",
    "Records a page reached (`pageUrl` required)."
);

/// The caller's own figures: hours listened, books started, chapters completed, the streak
/// of days with listening, the categories listened to longest.
#[utoipa::path(get, path = "/behavior/stats", tag = "behavior",
    responses((status = 200, body = Success<ListeningStats>)))]
#[tracing::instrument(skip_all)]
async fn behavior_stats(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    SignedIn(caller): SignedIn,
) -> ApiResult<Json<Success<ListeningStats>>> {
    let now_ms = crate::clock::now_ms();
    Ok(success(
        stats::listening_stats(state.tracking.db.reader(), caller.user.id, lang, now_ms).await?,
    ))
}

/// The caller's explicit preferences, heaviest first.
#[utoipa::path(get, path = "/behavior/preferences", tag = "behavior",
    responses((status = 200, body = Success<Items<PreferenceView>>)))]
#[tracing::instrument(skip_all)]
async fn list_preferences(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
) -> ApiResult<Json<Success<Items<PreferenceView>>>> {
    let items = preferences::list(state.tracking.db.reader(), caller.user.id).await?;
    Ok(success(Items { items }))
}

/// Saves an explicit preference (the same type and key replace the earlier one). A
/// `category` (id or slug), `author` or `narrator` (id) preference with a weight above 0
/// moves matching books up in `/api/recommendations`.
#[utoipa::path(post, path = "/behavior/preferences", tag = "behavior",
    request_body = ValidatePreferenceInput,
    responses((status = 200, body = Success<PreferenceView>),
        (status = 400, description = "A field is missing or out of bounds (named in `fields`)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn save_preference(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    SignedIn(caller): SignedIn,
    Body(input): Body<ValidatePreferenceInput>,
) -> ApiResult<Json<Success<PreferenceView>>> {
    let now_ms = crate::clock::now_ms();
    Ok(success(
        preferences::save(&state.tracking.db, caller.user.id, input, lang, now_ms).await?,
    ))
}
