//! One behaviour event from a request to a queued row: checked by core, dropped unstored when
//! the visitor asked not to be tracked, otherwise queued with its visitor hash.
use std::net::IpAddr;

use axum::http::Uri;
use sea_orm::ActiveValue::{NotSet, Set};
use serde_json::json;
use tingshu_core::{
    spelling::Spelling,
    tracking::{
        event::{
            validate_behavior_event, BehaviorEvent, BehaviorEventValidation, BehaviorKind,
            ValidateBehaviorEventInput,
        },
        tracking_allowed, TrackingAllowedInput,
    },
    Lang,
};

use super::{visitor::visitor_at, Tracking};
use crate::{
    entities::{behavior_event, user},
    error::{ApiError, ApiResult},
};

/// What the request says about the visitor, besides the event.
#[derive(Debug, Clone, Copy)]
pub struct Visit<'a> {
    /// The signed-in listener, if any.
    pub user: Option<&'a user::Model>,
    /// The client's budget key (its address, or its /64 for IPv6): hashed, never stored.
    pub budget_key: IpAddr,
    pub user_agent: &'a str,
    /// `DNT: 1` was sent.
    pub do_not_track: bool,
    /// `Sec-GPC: 1` was sent.
    pub global_privacy_control: bool,
    /// This site's host (the `Host` header): a referrer from it is no source.
    pub site_host: Option<&'a str>,
}

/// What became of an accepted event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Queued for writing.
    Queued,
    /// Not stored: Do-Not-Track, Global Privacy Control, or the listener turned tracking off.
    Declined,
}

impl Tracking {
    /// Checks `input` as an event of `kind` (400 naming every bad field, nothing stored) and
    /// queues it unless the visitor declined tracking. Never waits for the database.
    pub fn record(
        &self,
        kind: BehaviorKind,
        mut input: ValidateBehaviorEventInput,
        visit: Visit<'_>,
        lang: Lang,
        now_ms: i64,
    ) -> ApiResult<Outcome> {
        input.kind = Some(kind.as_str().to_owned());
        input.lang = lang;
        let event = match validate_behavior_event(input) {
            BehaviorEventValidation::Valid { event } => event,
            BehaviorEventValidation::Invalid { errors } => {
                return Err(ApiError::invalid_form(&errors, lang))
            }
        };
        let allowed = tracking_allowed(TrackingAllowedInput {
            do_not_track: visit.do_not_track,
            global_privacy_control: visit.global_privacy_control,
            tracking_enabled: visit.user.map(|user| user.tracking_enabled),
        });
        if !allowed {
            return Ok(Outcome::Declined);
        }
        let visitor = visitor_at(
            &self.visitor_key,
            now_ms,
            visit.budget_key,
            visit.user_agent,
        );
        self.events.push(row(
            &event,
            visit.user.map(|u| u.id),
            visitor,
            visit.site_host,
            now_ms,
        ));
        Ok(Outcome::Queued)
    }
}

/// The stored row of a checked event.
fn row(
    event: &BehaviorEvent,
    user_id: Option<i32>,
    visitor: String,
    site_host: Option<&str>,
    now_ms: i64,
) -> behavior_event::ActiveModel {
    let id = |value: Option<i64>| value.and_then(|v| i32::try_from(v).ok());
    let extra = json!({
        "deviceInfo": event.device_info,
        "timestamp": event.timestamp,
        "referrer": event.referrer,
        "position": event.position,
        "duration": event.duration,
        "resultCount": event.result_count,
        "action": event.action,
    });
    behavior_event::ActiveModel {
        id: NotSet,
        created_at: Set(now_ms),
        kind: Set(event.kind.as_str().to_owned()),
        session_id: Set(event.session_id.clone()),
        user_id: Set(user_id),
        visitor: Set(visitor),
        page_type: Set(event.page_type.clone()),
        page_url: Set(event.page_url.clone()),
        referrer_source: Set(referrer_source(event.referrer.as_deref(), site_host)),
        view_duration: Set(event.view_duration),
        scroll_depth: Set(event.scroll_depth),
        click_count: Set(id(event.click_count)),
        book_id: Set(id(event.book_id)),
        chapter_id: Set(id(event.chapter_id)),
        query: Set(event.query.clone()),
        extra: Set(extra.to_string()),
    }
}

/// The host a referrer names (lower-case, without `www.`); none for no referrer, a relative
/// one, or this site itself.
pub fn referrer_source(referrer: Option<&str>, site_host: Option<&str>) -> Option<String> {
    let uri: Uri = referrer?.trim().parse().ok()?;
    let host = uri.host()?.to_ascii_lowercase();
    let bare = |h: &str| h.strip_prefix("www.").unwrap_or(h).to_owned();
    let site = site_host.map(|h| bare(&h.split(':').next().unwrap_or(h).to_ascii_lowercase()));
    let host = bare(&host);
    (Some(&host) != site.as_ref() && !host.is_empty()).then_some(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_referrer_source_is_an_outside_host() {
        let source = |r: &str, site: Option<&str>| referrer_source(Some(r), site);
        assert_eq!(
            source("https://www.Google.com/search?q=x", None).as_deref(),
            Some("google.com")
        );
        assert_eq!(source("/books/1", None), None);
        assert_eq!(
            source(
                "https://tingshu.example/books",
                Some("tingshu.example:8080")
            ),
            None
        );
        assert_eq!(source("not a url", None), None);
        assert_eq!(referrer_source(None, None), None);
    }
}
