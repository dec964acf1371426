//! Runs the shared rule vectors (`core/vectors/rules.json`) against the native core; the app runs the same file through wasm.
//! The rules only the server computes and whose tables are kept out of wasm (`usernameSkeleton`)
//! are checked here only: the app's vector test lists them and skips them.
//!
//! Each vector is `{"rule", "input", "expected", "note"}`. A rule error is compared as
//! `{"error": "<Display text>"}` (in JS: the thrown Error's message). Numbers compare by
//! value, so `5` equals `5.0` as in JavaScript.

use std::fmt::Display;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};
use tingshu_core::{
    analytics, anti_crawler, auth, bots, catalog, error_screen, format, i18n, offers, people, pow,
    premium, routing, spreadsheet, time, tracking, transfer, upload,
};

/// Every rule the dispatch below knows; each must have at least one vector.
const RULES: [&str; 97] = [
    "validateBehaviorEvent",
    "validatePreference",
    "challengeDifficulty",
    "validateAntiCrawlerReport",
    "minorUnits",
    "majorUnits",
    "exportKinds",
    "formatDuration",
    "formatCountdown",
    "formatNumber",
    "formatFileSize",
    "formatRelativeTime",
    "formatSmartTime",
    "formatDate",
    "formatCurrency",
    "currencyForLang",
    "clampRating",
    "clampProgress",
    "avatarInitials",
    "validateStoredAuth",
    "refreshSchedule",
    "refreshOnNavigation",
    "refreshBeforeRequest",
    "validateRegistration",
    "validateProfileUpdate",
    "validatePasswordChange",
    "validateRole",
    "dateTimeInputText",
    "dateTimeInputInstant",
    "usernameSkeleton",
    "authorize",
    "loginThrottle",
    "signInDelay",
    "signDeviceCookie",
    "verifyDeviceCookie",
    "rotatedRefresh",
    "validateLanguage",
    "languageTag",
    "resolveLanguage",
    "allowedTimezones",
    "validateTimezone",
    "browsingReportEligible",
    "trackingAllowed",
    "devtoolsOpen",
    "debuggerPaused",
    "extensionSources",
    "hookedFunctions",
    "isBot",
    "isPremium",
    "premiumStatus",
    "splitLocale",
    "localizePath",
    "isLocalisable",
    "pageLayout",
    "isRecordId",
    "safeRedirect",
    "safeExternalUrl",
    "validateReview",
    "ratingScale",
    "reviewLength",
    "localeRedirect",
    "decideRoute",
    "detourPath",
    "errorScreen",
    "powDigest",
    "solvePow",
    "verifyPow",
    "chapterAccess",
    "signAudioUrl",
    "verifyAudioUrl",
    "progressWins",
    "clampPlaybackRate",
    "sleepTimerRemaining",
    "checkQueryParam",
    "purchaseCovers",
    "campaignActive",
    "campaignEnd",
    "accountState",
    "validateBook",
    "validateCategory",
    "validateReportRange",
    "validateFeedbackReply",
    "recentPeriod",
    "validateMembershipChange",
    "validateChapter",
    "chapterFromFileName",
    "validatePrices",
    "neutralizeCsvCell",
    "restoreCsvCell",
    "acceptedUploadTypes",
    "checkUploadFile",
    "uploadRetryable",
    "validateSiteSettings",
    "supportHref",
    "validateCampaign",
    "validateAd",
    "adVisible",
];

#[derive(Debug)]
enum Failure {
    UnknownRule,
    BadInput(String),
}

fn run<I, O, E>(input: Value, rule: impl FnOnce(I) -> Result<O, E>) -> Result<Value, Failure>
where
    I: DeserializeOwned,
    O: Serialize,
    E: Display,
{
    let input = serde_json::from_value(input).map_err(|e| Failure::BadInput(e.to_string()))?;
    Ok(match rule(input) {
        Ok(output) => serde_json::to_value(output).expect("outputs serialize"),
        Err(error) => json!({ "error": error.to_string() }),
    })
}

fn ok<I, O>(rule: fn(I) -> O) -> impl FnOnce(I) -> Result<O, std::convert::Infallible> {
    move |input| Ok(rule(input))
}

fn dispatch(rule: &str, input: Value) -> Result<Value, Failure> {
    use format::*;
    match rule {
        "formatDuration" => run(input, ok(duration::format_duration)),
        "formatCountdown" => run(input, ok(countdown::format_countdown)),
        "formatNumber" => run(input, ok(number::format_number)),
        "formatFileSize" => run(input, ok(filesize::format_file_size)),
        "formatRelativeTime" => run(input, ok(relative::format_relative_time)),
        "formatSmartTime" => run(input, ok(smart::format_smart_time)),
        "formatDate" => run(input, ok(smart::format_date)),
        "formatCurrency" => run(input, ok(currency::format_currency)),
        "currencyForLang" => run(input, ok(currency::currency_for_lang)),
        "minorUnits" => run(input, ok(money::minor_units)),
        "majorUnits" => run(input, ok(money::major_units)),
        "exportKinds" => run(input, ok(transfer::export_kinds)),
        "clampRating" => run(input, ok(clamp::clamp_rating)),
        "clampProgress" => run(input, ok(clamp::clamp_progress)),
        "avatarInitials" => run(input, ok(initials::avatar_initials)),
        "validateStoredAuth" => run(input, ok(auth::stored::validate_stored_auth)),
        "refreshSchedule" => run(input, ok(auth::refresh::refresh_schedule)),
        "refreshOnNavigation" => run(input, ok(auth::refresh::refresh_on_navigation)),
        "refreshBeforeRequest" => run(input, ok(auth::refresh::refresh_before_request)),
        "validateRegistration" => run(input, ok(auth::account::validate_registration)),
        "validateProfileUpdate" => run(input, ok(auth::account::validate_profile_update)),
        "validatePasswordChange" => run(input, ok(auth::account::validate_password_change)),
        "validateRole" => run(input, ok(auth::roles::validate_role)),
        "dateTimeInputText" => run(input, ok(time::input::date_time_input_text)),
        "dateTimeInputInstant" => run(input, ok(time::input::date_time_input_instant)),
        "usernameSkeleton" => run(input, ok(auth::account::username_skeleton)),
        "validateBook" => run(input, ok(catalog::edit::validate_book)),
        "validateCategory" => run(input, ok(catalog::edit::validate_category)),
        "validateReportRange" => run(input, ok(analytics::validate_report_range)),
        "validateFeedbackReply" => run(input, ok(analytics::validate_feedback_reply)),
        "recentPeriod" => run(input, ok(analytics::recent_period)),
        "validateMembershipChange" => run(
            input,
            ok(people::membership_change::validate_membership_change),
        ),
        "validateChapter" => run(input, ok(catalog::chapter_form::validate_chapter)),
        "chapterFromFileName" => run(input, ok(catalog::chapter_form::chapter_from_file_name)),
        "validatePrices" => run(input, ok(catalog::chapter_form::validate_prices)),
        "authorize" => run(input, ok(auth::access::authorize)),
        "loginThrottle" => run(input, ok(auth::throttle::login_throttle)),
        "signInDelay" => run(input, ok(auth::throttle::sign_in_delay)),
        "signDeviceCookie" => run(input, ok(auth::device::sign_device_cookie)),
        "verifyDeviceCookie" => run(input, ok(auth::device::verify_device_cookie)),
        "rotatedRefresh" => run(input, ok(auth::refresh::rotated_refresh)),
        "validateLanguage" => run(input, ok(i18n::lang::validate_language)),
        "languageTag" => run(input, ok(i18n::lang::language_tag)),
        "resolveLanguage" => run(input, ok(i18n::lang::resolve_language)),
        "allowedTimezones" => run(input, ok(time::timezone::allowed_timezones)),
        "validateTimezone" => run(input, ok(time::timezone::validate_timezone)),
        "browsingReportEligible" => run(input, ok(tracking::browsing_report_eligible)),
        "trackingAllowed" => run(input, ok(tracking::tracking_allowed)),
        "devtoolsOpen" => run(input, ok(anti_crawler::detection::devtools_open)),
        "debuggerPaused" => run(input, ok(anti_crawler::detection::debugger_paused)),
        "extensionSources" => run(input, ok(anti_crawler::detection::extension_sources)),
        "hookedFunctions" => run(input, ok(anti_crawler::detection::hooked_functions)),
        "isBot" => run(input, ok(bots::is_bot)),
        "isPremium" => run(input, ok(premium::is_premium)),
        "premiumStatus" => run(input, ok(premium::premium_status)),
        "splitLocale" => run(input, ok(routing::locale::split_locale)),
        "localizePath" => run(input, ok(routing::locale::localize_path)),
        "isLocalisable" => run(input, ok(routing::locale::is_localisable)),
        "pageLayout" => run(input, ok(routing::layout::page_layout)),
        "isRecordId" => run(input, ok(routing::record_id::is_record_id)),
        "safeRedirect" => run(input, ok(routing::redirect::safe_redirect)),
        "safeExternalUrl" => run(input, ok(routing::redirect::safe_external_url)),
        "validateReview" => run(input, ok(catalog::review::validate_review)),
        "ratingScale" => run(input, ok(catalog::review::rating_scale)),
        "reviewLength" => run(input, ok(catalog::review::review_length)),
        "localeRedirect" => run(input, ok(routing::locale::locale_redirect)),
        "decideRoute" => run(input, routing::guard::decide_route),
        "detourPath" => run(input, ok(routing::guard::detour_path)),
        "errorScreen" => run(input, ok(error_screen::error_screen)),
        "powDigest" => run(input, ok(pow::pow_digest)),
        "solvePow" => run(input, ok(pow::solve_pow)),
        "verifyPow" => run(input, ok(pow::verify_pow)),
        "chapterAccess" => run(input, ok(catalog::access::chapter_access)),
        "signAudioUrl" => run(input, ok(catalog::signed_url::sign_audio_url)),
        "verifyAudioUrl" => run(input, ok(catalog::signed_url::verify_audio_url)),
        "progressWins" => run(input, ok(catalog::progress::progress_wins)),
        "clampPlaybackRate" => run(input, ok(catalog::progress::clamp_playback_rate)),
        "sleepTimerRemaining" => run(input, ok(catalog::progress::sleep_timer_remaining)),
        "checkQueryParam" => run(input, ok(catalog::query::check_query_param)),
        "purchaseCovers" => run(input, ok(catalog::purchase::purchase_covers)),
        "campaignActive" => run(input, ok(catalog::campaign::campaign_active)),
        "campaignEnd" => run(input, ok(catalog::campaign::campaign_end)),
        "accountState" => run(input, ok(auth::account_state::account_state)),
        "neutralizeCsvCell" => run(input, ok(spreadsheet::neutralize_csv_cell)),
        "restoreCsvCell" => run(input, ok(spreadsheet::restore_csv_cell)),
        "acceptedUploadTypes" => run(input, ok(upload::formats::accepted_upload_types)),
        "checkUploadFile" => run(input, ok(upload::formats::check_upload_file)),
        "uploadRetryable" => run(input, ok(upload::retry::upload_retryable)),
        "validateSiteSettings" => run(input, ok(offers::site_settings::validate_site_settings)),
        "supportHref" => run(input, ok(offers::site_settings::support_href)),
        "validateCampaign" => run(input, ok(offers::campaign_form::validate_campaign)),
        "validateAd" => run(input, ok(offers::ads::validate_ad)),
        "adVisible" => run(input, ok(offers::ads::ad_visible)),
        "validateBehaviorEvent" => run(input, ok(tracking::event::validate_behavior_event)),
        "challengeDifficulty" => run(input, ok(anti_crawler::difficulty::challenge_difficulty)),
        "validateAntiCrawlerReport" => run(
            input,
            ok(anti_crawler::report::validate_anti_crawler_report),
        ),
        "validatePreference" => run(input, ok(tracking::preference::validate_preference)),
        _ => Err(Failure::UnknownRule),
    }
}

/// JSON equality where numbers compare by value (JavaScript has one number type).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

fn vectors() -> Vec<Value> {
    let text = include_str!("../vectors/rules.json");
    serde_json::from_str(text).expect("rules.json is a JSON array")
}

#[test]
fn every_vector_matches() {
    let vectors = vectors();
    assert!(vectors.len() >= 150, "only {} vectors", vectors.len());
    let mut failures = Vec::new();
    for (i, vector) in vectors.iter().enumerate() {
        let rule = vector["rule"].as_str().expect("rule is a string");
        let note = vector["note"].as_str().unwrap_or_default();
        assert!(!note.is_empty(), "vector {i} ({rule}) has no note");
        match dispatch(rule, vector["input"].clone()) {
            Ok(actual) if same(&actual, &vector["expected"]) => {}
            Ok(actual) => failures.push(format!(
                "#{i} {rule} ({note})\n  input:    {}\n  expected: {}\n  actual:   {actual}",
                vector["input"], vector["expected"]
            )),
            Err(Failure::UnknownRule) => failures.push(format!("#{i}: unknown rule {rule}")),
            Err(Failure::BadInput(e)) => failures.push(format!("#{i} {rule}: input rejected: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} vector(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_rule_has_vectors_and_a_dispatch_arm() {
    let vectors = vectors();
    for rule in RULES {
        assert!(
            !matches!(dispatch(rule, Value::Null), Err(Failure::UnknownRule)),
            "{rule} is listed but not dispatched"
        );
        assert!(
            vectors.iter().any(|v| v["rule"] == rule),
            "no vector for {rule}"
        );
    }
    for vector in &vectors {
        assert!(
            RULES.contains(&vector["rule"].as_str().unwrap_or_default()),
            "unlisted rule in {vector}"
        );
    }
}

#[test]
fn numbers_compare_by_value_only() {
    assert!(same(&json!(5), &json!(5.0)));
    assert!(!same(&json!(5), &json!(5.5)));
    assert!(!same(&json!({"a": 1}), &json!({"a": 1, "b": 2})));
    assert!(!same(&json!([1]), &json!(["1"])));
}
