//! Behaviour events (spec §3, §7): their kinds and the checks every field of one passes
//! before it is stored (`validateBehaviorEvent`).
use serde::{Deserialize, Serialize};

use crate::catalog::edit::{Form, ID_MAX};
use crate::spelling::Spelling;
use crate::validation::FieldRule;
use crate::Lang;

pub use crate::validation::FieldError;

/// Most characters of a page address or a referrer.
pub const URL_MAX_CHARS: usize = 2048;
/// Most characters of a page type (`home`, `book`, `pageview`, …).
pub const PAGE_TYPE_MAX_CHARS: usize = 32;
/// Most characters of a search query.
pub const QUERY_MAX_CHARS: usize = 200;
/// Most characters of a user agent.
pub const USER_AGENT_MAX_CHARS: usize = 512;
/// Most characters of a time zone name (`America/Argentina/ComodRivadavia` is 32).
pub const TIMEZONE_MAX_CHARS: usize = 64;
/// Most characters of a language tag (BCP 47 allows 35).
pub const LANGUAGE_MAX_CHARS: usize = 35;
/// Longest duration or position, in seconds: one day.
pub const SECONDS_MAX: i64 = 24 * 60 * 60;
/// Most clicks on one page.
pub const CLICKS_MAX: usize = 100_000;
/// Most results a search reports.
pub const RESULTS_MAX: usize = 1_000_000;
/// Widest or tallest screen, in CSS pixels.
pub const SCREEN_MAX: usize = 100_000;
/// Highest device pixel ratio.
pub const PIXEL_RATIO_MAX: i64 = 16;
/// Latest client timestamp accepted (ms): the year 3000.
pub const TIMESTAMP_MAX: i64 = 32_503_680_000_000;
/// Length of a tracking session id: a UUID as `crypto.randomUUID()` writes it.
pub const SESSION_ID_LEN: usize = 36;
/// The shape [`is_session_id`] accepts, for the API's document.
pub const SESSION_ID_PATTERN: &str =
    "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

/// What a behaviour event records; its spelling is the path of its endpoint
/// (`POST /api/behavior/{kind}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum BehaviorKind {
    /// A page's summary: how long it was viewed, how far scrolled, how many clicks.
    Browsing,
    /// A chapter played.
    Play,
    /// A search made.
    Search,
    /// A book added to or removed from the favourites.
    Favorite,
    /// A page reached (sent about 100 ms after each navigation).
    Pageview,
}

impl Spelling for BehaviorKind {
    const ALL: &'static [Self] = &[
        Self::Browsing,
        Self::Play,
        Self::Search,
        Self::Favorite,
        Self::Pageview,
    ];

    fn as_str(self) -> &'static str {
        match self {
            Self::Browsing => "browsing",
            Self::Play => "play",
            Self::Search => "search",
            Self::Favorite => "favorite",
            Self::Pageview => "pageview",
        }
    }
}

/// What a favourite event did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum FavoriteAction {
    Add,
    Remove,
}

impl Spelling for FavoriteAction {
    const ALL: &'static [Self] = &[Self::Add, Self::Remove];

    fn as_str(self) -> &'static str {
        match self {
            Self::Add => "add",
            Self::Remove => "remove",
        }
    }
}

/// The browser the event came from, as sent (spec §3 `deviceInfo`).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct DeviceInfoInput {
    pub user_agent: Option<String>,
    /// CSS pixels, whole.
    pub screen_width: Option<f64>,
    pub screen_height: Option<f64>,
    pub device_pixel_ratio: Option<f64>,
    /// An IANA zone name.
    pub timezone: Option<String>,
    /// A language tag (`zh-CN`).
    pub language: Option<String>,
}

/// Input of `validateBehaviorEvent`: one event as sent. Every kind takes `sessionId`,
/// `deviceInfo`, `timestamp` and the page fields; the others belong to one kind each.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ValidateBehaviorEventInput {
    /// `browsing`, `play`, `search`, `favorite` or `pageview` (the API takes it from the path).
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub kind: Option<String>,
    /// The tracking session: a UUID (`crypto.randomUUID()`), 8-4-4-4-12 hexadecimal digits.
    pub session_id: Option<String>,
    pub device_info: Option<DeviceInfoInput>,
    /// When it happened on the client, ms since the epoch.
    pub timestamp: Option<f64>,
    pub page_type: Option<String>,
    /// The page's path (required for `browsing` and `pageview`).
    pub page_url: Option<String>,
    pub referrer: Option<String>,
    /// Seconds the page was viewed.
    pub view_duration: Option<f64>,
    /// How far the page was scrolled, 0 to 1.
    pub scroll_depth: Option<f64>,
    pub click_count: Option<f64>,
    /// The book (required for `play` and `favorite`; for `search`, the result chosen).
    pub book_id: Option<f64>,
    /// `play`: the chapter.
    pub chapter_id: Option<f64>,
    /// `play`: where in the chapter, seconds.
    pub position: Option<f64>,
    /// `play`: the chapter's length in seconds, when known (the event is sent as it starts).
    pub duration: Option<f64>,
    /// `search`: what was searched (required).
    pub query: Option<String>,
    /// `search`: how many results it found.
    pub result_count: Option<f64>,
    /// `favorite`: `add` or `remove` (required).
    pub action: Option<String>,
    /// Language of the error messages (the API answers in the request's language instead).
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub lang: Lang,
}

/// The device fields that passed their checks (texts trimmed; blank is absent).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct DeviceInfo {
    pub user_agent: Option<String>,
    pub screen_width: Option<i64>,
    pub screen_height: Option<i64>,
    pub device_pixel_ratio: Option<f64>,
    pub timezone: Option<String>,
    pub language: Option<String>,
}

/// An event that passed every check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct BehaviorEvent {
    pub kind: BehaviorKind,
    /// Lower-cased.
    pub session_id: String,
    pub device_info: DeviceInfo,
    pub timestamp: Option<f64>,
    pub page_type: Option<String>,
    pub page_url: Option<String>,
    pub referrer: Option<String>,
    pub view_duration: Option<f64>,
    pub scroll_depth: Option<f64>,
    pub click_count: Option<i64>,
    pub book_id: Option<i64>,
    pub chapter_id: Option<i64>,
    pub position: Option<f64>,
    pub duration: Option<f64>,
    pub query: Option<String>,
    pub result_count: Option<i64>,
    pub action: Option<FavoriteAction>,
}

/// Output of `validateBehaviorEvent`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum BehaviorEventValidation {
    Valid { event: Box<BehaviorEvent> },
    Invalid { errors: Vec<FieldError> },
}

/// The fields an event of `kind` must carry besides `sessionId`.
pub fn required_fields(kind: BehaviorKind) -> &'static [&'static str] {
    match kind {
        BehaviorKind::Browsing | BehaviorKind::Pageview => &["pageUrl"],
        BehaviorKind::Play => &["bookId"],
        BehaviorKind::Search => &["query"],
        BehaviorKind::Favorite => &["bookId", "action"],
    }
}

/// Whether `id` is shaped as `crypto.randomUUID()` writes it: 36 characters, hyphens at
/// 8, 13, 18 and 23, hexadecimal digits elsewhere (either case).
pub fn is_session_id(id: &str) -> bool {
    id.len() == SESSION_ID_LEN
        && id.bytes().enumerate().all(|(i, b)| match i {
            8 | 13 | 18 | 23 => b == b'-',
            _ => b.is_ascii_hexdigit(),
        })
}

/// `validateBehaviorEvent`: `kind` one of [`BehaviorKind`]; `sessionId` required and
/// [`is_session_id`] (format `sessionId`); every field present within its bound, whatever the
/// kind — `pageType` at most [`PAGE_TYPE_MAX_CHARS`], `pageUrl` and `referrer` at most
/// [`URL_MAX_CHARS`], `query` at most [`QUERY_MAX_CHARS`]; `viewDuration`, `position` and
/// `duration` from 0 to [`SECONDS_MAX`]; `scrollDepth` from 0 to 1; `clickCount` a whole
/// number from 0 to [`CLICKS_MAX`], `resultCount` to [`RESULTS_MAX`]; `bookId` and
/// `chapterId` positive whole numbers; `timestamp` from 0 to [`TIMESTAMP_MAX`]; `action`
/// `add` or `remove`; `deviceInfo.*` (named so): `userAgent` at most [`USER_AGENT_MAX_CHARS`],
/// `screenWidth`/`screenHeight` whole from 0 to [`SCREEN_MAX`], `devicePixelRatio` from 0 to
/// [`PIXEL_RATIO_MAX`], `timezone` at most [`TIMEZONE_MAX_CHARS`], `language` at most
/// [`LANGUAGE_MAX_CHARS`]. Required by kind: [`required_fields`] — `pageUrl` (browsing,
/// pageview), `bookId` (play, favorite), `query` (search), `action` (favorite).
pub fn validate_behavior_event(input: ValidateBehaviorEventInput) -> BehaviorEventValidation {
    let mut form = Form::new(input.lang);
    let kind = form.choice::<BehaviorKind>("kind", &input.kind);
    let session_id = form.required_text("sessionId", &input.session_id, SESSION_ID_LEN);
    if !session_id.is_empty() && !is_session_id(&session_id) {
        form.fail(
            "sessionId",
            FieldRule::Format {
                format: "sessionId".into(),
            },
        );
    }
    let device_info = device_info(&mut form, input.device_info.unwrap_or_default());
    let timestamp = between(&mut form, "timestamp", input.timestamp, TIMESTAMP_MAX);
    let page_type = form.optional_text("pageType", &input.page_type, PAGE_TYPE_MAX_CHARS);
    let page_url = form.optional_text("pageUrl", &input.page_url, URL_MAX_CHARS);
    let referrer = form.optional_text("referrer", &input.referrer, URL_MAX_CHARS);
    let view_duration = between(&mut form, "viewDuration", input.view_duration, SECONDS_MAX);
    let scroll_depth = between(&mut form, "scrollDepth", input.scroll_depth, 1);
    let click_count = form.optional_whole("clickCount", input.click_count, 0, CLICKS_MAX);
    let book_id = form.optional_whole("bookId", input.book_id, 1, ID_MAX);
    let chapter_id = form.optional_whole("chapterId", input.chapter_id, 1, ID_MAX);
    let position = between(&mut form, "position", input.position, SECONDS_MAX);
    let duration = between(&mut form, "duration", input.duration, SECONDS_MAX);
    let query = form.optional_text("query", &input.query, QUERY_MAX_CHARS);
    let result_count = form.optional_whole("resultCount", input.result_count, 0, RESULTS_MAX);
    let action = if blank(&input.action) {
        None
    } else {
        form.choice::<FavoriteAction>("action", &input.action)
    };
    for field in kind.map_or(&[][..], required_fields) {
        // A field given but refused by its own rule already has its error.
        let given = match *field {
            "pageUrl" => !blank(&input.page_url),
            "bookId" => input.book_id.is_some(),
            "query" => !blank(&input.query),
            "action" => !blank(&input.action),
            _ => true,
        };
        if !given {
            form.fail(field, FieldRule::Required);
        }
    }
    match (form.errors.is_empty(), kind) {
        (true, Some(kind)) => BehaviorEventValidation::Valid {
            event: Box::new(BehaviorEvent {
                kind,
                session_id: session_id.to_ascii_lowercase(),
                device_info,
                timestamp,
                page_type,
                page_url,
                referrer,
                view_duration,
                scroll_depth,
                click_count,
                book_id,
                chapter_id,
                position,
                duration,
                query,
                result_count,
                action,
            }),
        },
        _ => BehaviorEventValidation::Invalid {
            errors: form.errors,
        },
    }
}

fn blank(value: &Option<String>) -> bool {
    value.as_deref().is_none_or(|t| t.trim().is_empty())
}

/// A number from 0 to `max` (a fraction allowed); absent when absent.
pub(crate) fn between(form: &mut Form, field: &str, value: Option<f64>, max: i64) -> Option<f64> {
    range(form, field, value, 0, max)
}

/// A number from `min` to `max` (a fraction allowed); absent when absent.
pub(crate) fn range(
    form: &mut Form,
    field: &str,
    value: Option<f64>,
    min: i64,
    max: i64,
) -> Option<f64> {
    let number = value?;
    if !(number.is_finite() && number >= min as f64 && number <= max as f64) {
        form.fail(field, FieldRule::Between { min, max });
        return None;
    }
    Some(number)
}

fn device_info(form: &mut Form, device: DeviceInfoInput) -> DeviceInfo {
    DeviceInfo {
        user_agent: form.optional_text(
            "deviceInfo.userAgent",
            &device.user_agent,
            USER_AGENT_MAX_CHARS,
        ),
        screen_width: form.optional_whole(
            "deviceInfo.screenWidth",
            device.screen_width,
            0,
            SCREEN_MAX,
        ),
        screen_height: form.optional_whole(
            "deviceInfo.screenHeight",
            device.screen_height,
            0,
            SCREEN_MAX,
        ),
        device_pixel_ratio: between(
            form,
            "deviceInfo.devicePixelRatio",
            device.device_pixel_ratio,
            PIXEL_RATIO_MAX,
        ),
        timezone: form.optional_text("deviceInfo.timezone", &device.timezone, TIMEZONE_MAX_CHARS),
        language: form.optional_text("deviceInfo.language", &device.language, LANGUAGE_MAX_CHARS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spelling::tests::round_trips;

    const SESSION: &str = "0f8fad5b-d9cb-469f-a165-70867728950e";

    fn event(kind: &str) -> ValidateBehaviorEventInput {
        ValidateBehaviorEventInput {
            kind: Some(kind.into()),
            session_id: Some(SESSION.into()),
            page_url: Some("/books/1".into()),
            book_id: Some(1.0),
            query: Some("三体".into()),
            action: Some("add".into()),
            lang: Lang::En,
            ..Default::default()
        }
    }

    fn fields(input: ValidateBehaviorEventInput) -> Vec<String> {
        match validate_behavior_event(input) {
            BehaviorEventValidation::Invalid { errors } => {
                errors.into_iter().map(|e| e.field).collect()
            }
            BehaviorEventValidation::Valid { .. } => Vec::new(),
        }
    }

    #[test]
    fn kinds_and_actions_round_trip() {
        round_trips::<BehaviorKind>();
        round_trips::<FavoriteAction>();
    }

    #[test]
    fn session_ids_are_uuids() {
        assert!(is_session_id(SESSION));
        assert!(is_session_id(&SESSION.to_uppercase()));
        assert!(!is_session_id("0f8fad5b-d9cb-469f-a165-70867728950"));
        assert!(!is_session_id("0f8fad5bxd9cb-469f-a165-70867728950e"));
        assert!(!is_session_id("0f8fad5b-d9cb-469f-a165-70867728950g"));
        assert!(!is_session_id(""));
    }

    #[test]
    fn a_good_event_of_each_kind_passes() {
        for kind in BehaviorKind::ALL {
            assert_eq!(
                fields(event(kind.as_str())),
                Vec::<String>::new(),
                "{kind:?}"
            );
        }
    }

    #[test]
    fn each_bound_names_its_field() {
        type Spoil = fn(&mut ValidateBehaviorEventInput);
        let cases: Vec<(&str, Spoil)> = vec![
            ("kind", |e| e.kind = Some("click".into())),
            ("sessionId", |e| e.session_id = Some("abc".into())),
            ("sessionId", |e| e.session_id = None),
            ("scrollDepth", |e| e.scroll_depth = Some(1.01)),
            ("scrollDepth", |e| e.scroll_depth = Some(-0.1)),
            ("viewDuration", |e| e.view_duration = Some(-1.0)),
            ("clickCount", |e| e.click_count = Some(-1.0)),
            ("clickCount", |e| e.click_count = Some(1.5)),
            ("position", |e| e.position = Some(-3.0)),
            ("duration", |e| e.duration = Some(86_401.0)),
            ("resultCount", |e| e.result_count = Some(-2.0)),
            ("bookId", |e| e.book_id = Some(0.0)),
            ("chapterId", |e| e.chapter_id = Some(-5.0)),
            ("timestamp", |e| e.timestamp = Some(-1.0)),
            ("pageUrl", |e| e.page_url = Some("/".repeat(2049))),
            ("referrer", |e| e.referrer = Some("x".repeat(2049))),
            ("pageType", |e| e.page_type = Some("x".repeat(33))),
            ("query", |e| e.query = Some("书".repeat(201))),
            ("action", |e| e.action = Some("like".into())),
            ("deviceInfo.userAgent", |e| {
                e.device_info = Some(DeviceInfoInput {
                    user_agent: Some("x".repeat(513)),
                    ..Default::default()
                })
            }),
            ("deviceInfo.screenWidth", |e| {
                e.device_info = Some(DeviceInfoInput {
                    screen_width: Some(-1.0),
                    ..Default::default()
                })
            }),
            ("deviceInfo.devicePixelRatio", |e| {
                e.device_info = Some(DeviceInfoInput {
                    device_pixel_ratio: Some(17.0),
                    ..Default::default()
                })
            }),
            ("deviceInfo.timezone", |e| {
                e.device_info = Some(DeviceInfoInput {
                    timezone: Some("x".repeat(65)),
                    ..Default::default()
                })
            }),
        ];
        for (field, spoil) in cases {
            let mut input = event("browsing");
            spoil(&mut input);
            assert_eq!(fields(input), vec![field.to_owned()], "{field}");
        }
    }

    #[test]
    fn each_kind_requires_its_own_fields() {
        let mut browsing = event("browsing");
        browsing.page_url = Some("  ".into());
        assert_eq!(fields(browsing), ["pageUrl"]);
        let mut play = event("play");
        play.book_id = None;
        assert_eq!(fields(play), ["bookId"]);
        let mut search = event("search");
        search.query = None;
        assert_eq!(fields(search), ["query"]);
        let mut favorite = event("favorite");
        favorite.action = None;
        favorite.book_id = None;
        assert_eq!(fields(favorite), ["bookId", "action"]);
        // Other kinds do not need them.
        let mut pageview = event("pageview");
        pageview.book_id = None;
        pageview.query = None;
        pageview.action = None;
        assert_eq!(fields(pageview), Vec::<String>::new());
    }

    #[test]
    fn scroll_depth_bounds_are_inclusive_and_the_session_is_lower_cased() {
        let mut input = event("browsing");
        input.scroll_depth = Some(1.0);
        input.session_id = Some(SESSION.to_uppercase());
        let BehaviorEventValidation::Valid { event } = validate_behavior_event(input) else {
            panic!("refused")
        };
        assert_eq!(event.scroll_depth, Some(1.0));
        assert_eq!(event.session_id, SESSION);
    }
}
