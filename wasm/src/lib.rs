//! JavaScript face of `tingshu-core`: one export per rule, each deserialize → one core call → serialize.
//! Built twice (features `shell` and `pages`): the first load fetches only the shell's rules.
//!
//! Every export has the shape `ruleName(input: RuleNameInput): Output`; the TypeScript
//! types are the tsify declarations generated from core. Outputs are plain JSON values
//! (`Serializer::json_compatible`: objects, not Maps; `None` → `null`); a core error or a
//! malformed input throws a JS `Error` carrying its Display text.

#![cfg_attr(
    not(all(feature = "shell", feature = "pages")),
    allow(unused_imports, dead_code)
)]

use std::convert::Infallible;
use std::fmt::Display;

use serde::de::DeserializeOwned;
use serde::Serialize;
use tingshu_core::{
    analytics, anti_crawler, auth, bots, catalog, error_screen, format, i18n, offers, people, pow,
    premium, routing, spreadsheet, time, tracking, transfer, upload,
};
use wasm_bindgen::prelude::*;

/// The whole glue: JS object → input struct → rule → plain JS value. serde-wasm-bindgen
/// errors already are JS `Error`s and pass through; a core error becomes one.
fn call<I, O, E>(input: JsValue, rule: impl FnOnce(I) -> Result<O, E>) -> Result<JsValue, JsValue>
where
    I: DeserializeOwned,
    O: Serialize,
    E: Display,
{
    let input = serde_wasm_bindgen::from_value(input)?;
    let output = rule(input).map_err(|error| JsError::new(&error.to_string()))?;
    Ok(output.serialize(&serde_wasm_bindgen::Serializer::json_compatible())?)
}

/// Adapts a rule that cannot fail to the fallible shape of [`call`].
fn ok<I, O>(rule: fn(I) -> O) -> impl FnOnce(I) -> Result<O, Infallible> {
    move |input| Ok(rule(input))
}

macro_rules! export_rules {
    ($($name:ident($input:ty = $input_ts:literal) -> $output_ts:literal = $rule:expr;)*) => {$(
        #[allow(non_snake_case)]
        #[wasm_bindgen(js_name = $name, unchecked_return_type = $output_ts)]
        pub fn $name(#[wasm_bindgen(unchecked_param_type = $input_ts)] input: JsValue) -> Result<JsValue, JsValue> {
            call::<$input, _, _>(input, $rule)
        }
    )*};
}

/// What every page of the listening path needs (routing, guards, the session, the numbers
/// and prices on cards, the player): the module the first load fetches.
#[cfg(feature = "shell")]
mod shell {
    use super::*;

    export_rules! {
        formatDuration(format::duration::FormatDurationInput = "FormatDurationInput") -> "string" = ok(format::duration::format_duration);
        formatCountdown(format::countdown::FormatCountdownInput = "FormatCountdownInput") -> "string" = ok(format::countdown::format_countdown);
        formatNumber(format::number::FormatNumberInput = "FormatNumberInput") -> "string" = ok(format::number::format_number);
        formatRelativeTime(format::relative::FormatRelativeTimeInput = "FormatRelativeTimeInput") -> "string" = ok(format::relative::format_relative_time);
        formatCurrency(format::currency::FormatCurrencyInput = "FormatCurrencyInput") -> "string" = ok(format::currency::format_currency);
        currencyForLang(format::currency::CurrencyForLangInput = "CurrencyForLangInput") -> "Currency" = ok(format::currency::currency_for_lang);
        clampRating(format::clamp::ClampRatingInput = "ClampRatingInput") -> "number" = ok(format::clamp::clamp_rating);
        clampProgress(format::clamp::ClampProgressInput = "ClampProgressInput") -> "number" = ok(format::clamp::clamp_progress);
        avatarInitials(format::initials::AvatarInitialsInput = "AvatarInitialsInput") -> "string" = ok(format::initials::avatar_initials);
        validateStoredAuth(auth::stored::ValidateStoredAuthInput = "ValidateStoredAuthInput") -> "StoredAuthValidation" = ok(auth::stored::validate_stored_auth);
        refreshSchedule(auth::refresh::RefreshScheduleInput = "RefreshScheduleInput") -> "RefreshSchedule" = ok(auth::refresh::refresh_schedule);
        refreshOnNavigation(auth::refresh::RefreshOnNavigationInput = "RefreshOnNavigationInput") -> "boolean" = ok(auth::refresh::refresh_on_navigation);
        refreshBeforeRequest(auth::refresh::RefreshBeforeRequestInput = "RefreshBeforeRequestInput") -> "boolean" = ok(auth::refresh::refresh_before_request);
        validateLanguage(i18n::lang::ValidateLanguageInput = "ValidateLanguageInput") -> "LanguageValidation" = ok(i18n::lang::validate_language);
        languageTag(i18n::lang::LanguageTagInput = "LanguageTagInput") -> "string" = ok(i18n::lang::language_tag);
        isBot(bots::IsBotInput = "IsBotInput") -> "boolean" = ok(bots::is_bot);
        splitLocale(routing::locale::SplitLocaleInput = "SplitLocaleInput") -> "SplitLocale" = ok(routing::locale::split_locale);
        localizePath(routing::locale::LocalizePathInput = "LocalizePathInput") -> "string" = ok(routing::locale::localize_path);
        isRecordId(routing::record_id::IsRecordIdInput = "IsRecordIdInput") -> "boolean" = ok(routing::record_id::is_record_id);
        localeRedirect(routing::locale::LocaleRedirectInput = "LocaleRedirectInput") -> "string | null" = ok(routing::locale::locale_redirect);
        decideRoute(routing::guard::DecideRouteInput = "DecideRouteInput") -> "RouteDecision" = routing::guard::decide_route;
        detourPath(routing::guard::DetourPathInput = "DetourPathInput") -> "string" = ok(routing::guard::detour_path);
        errorScreen(error_screen::ErrorScreenInput = "ErrorScreenInput") -> "ErrorScreen" = ok(error_screen::error_screen);
        progressWins(catalog::progress::ProgressWinsInput = "ProgressWinsInput") -> "boolean" = ok(catalog::progress::progress_wins);
        clampPlaybackRate(catalog::progress::ClampPlaybackRateInput = "ClampPlaybackRateInput") -> "number" = ok(catalog::progress::clamp_playback_rate);
        sleepTimerRemaining(catalog::progress::SleepTimerRemainingInput = "SleepTimerRemainingInput") -> "SleepTimer" = ok(catalog::progress::sleep_timer_remaining);
        checkQueryParam(catalog::query::CheckQueryParamInput = "CheckQueryParamInput") -> "QueryParamCheck" = ok(catalog::query::check_query_param);
        campaignActive(catalog::campaign::CampaignActiveInput = "CampaignActiveInput") -> "boolean" = ok(catalog::campaign::campaign_active);
        ratingScale(catalog::review::RatingScaleInput = "RatingScaleInput") -> "RatingScale" = ok(catalog::review::rating_scale);
        browsingReportEligible(tracking::BrowsingReportEligibleInput = "BrowsingReportEligibleInput") -> "boolean" = ok(tracking::browsing_report_eligible);
        trackingAllowed(tracking::TrackingAllowedInput = "TrackingAllowedInput") -> "boolean" = ok(tracking::tracking_allowed);
    }
}

/// Everything else: the account forms, profile and settings, the demo pages, and the small
/// rules only the server applies (exported so the shared vectors check this build too).
/// A server-only rule whose tables would weigh on the browser is not exported at all and
/// its vectors are checked natively only (core/tests/vectors.rs): `usernameSkeleton`, whose
/// NFKC and confusables tables would nearly double this module, and which nothing exported
/// may reach either (the account forms return trimmed values; the server normalizes them).
/// The app's vector test lists these rules and checks that neither module exports them.
/// Pages that need one of this module's rules fetch it with their own code.
#[cfg(feature = "pages")]
mod pages {
    use super::*;

    export_rules! {
        formatFileSize(format::filesize::FormatFileSizeInput = "FormatFileSizeInput") -> "string" = ok(format::filesize::format_file_size);
        pageLayout(routing::layout::PageLayoutInput = "PageLayoutInput") -> "PageLayout" = ok(routing::layout::page_layout);
        safeRedirect(routing::redirect::SafeRedirectInput = "SafeRedirectInput") -> "string | null" = ok(routing::redirect::safe_redirect);
        safeExternalUrl(routing::redirect::SafeExternalUrlInput = "SafeExternalUrlInput") -> "string | null" = ok(routing::redirect::safe_external_url);
        formatSmartTime(format::smart::FormatSmartTimeInput = "FormatSmartTimeInput") -> "string" = ok(format::smart::format_smart_time);
        formatDate(format::smart::FormatDateInput = "FormatDateInput") -> "string" = ok(format::smart::format_date);
        rotatedRefresh(auth::refresh::RotatedRefreshInput = "RotatedRefreshInput") -> "RotatedRefresh" = ok(auth::refresh::rotated_refresh);
        validateRegistration(auth::account::ValidateRegistrationInput = "ValidateRegistrationInput") -> "RegistrationValidation" = ok(auth::account::validate_registration);
        validateProfileUpdate(auth::account::ValidateProfileUpdateInput = "ValidateProfileUpdateInput") -> "ProfileUpdateValidation" = ok(auth::account::validate_profile_update);
        validatePasswordChange(auth::account::ValidatePasswordChangeInput = "ValidatePasswordChangeInput") -> "PasswordChangeValidation" = ok(auth::account::validate_password_change);
        authorize(auth::access::AuthorizeInput = "AuthorizeInput") -> "AccessDecision" = ok(auth::access::authorize);
        loginThrottle(auth::throttle::LoginThrottleInput = "LoginThrottleInput") -> "ThrottleDecision" = ok(auth::throttle::login_throttle);
        signInDelay(auth::throttle::SignInDelayInput = "SignInDelayInput") -> "SignInDelay" = ok(auth::throttle::sign_in_delay);
        signDeviceCookie(auth::device::SignDeviceCookieInput = "SignDeviceCookieInput") -> "string" = ok(auth::device::sign_device_cookie);
        verifyDeviceCookie(auth::device::VerifyDeviceCookieInput = "VerifyDeviceCookieInput") -> "DeviceCheck" = ok(auth::device::verify_device_cookie);
        resolveLanguage(i18n::lang::ResolveLanguageInput = "ResolveLanguageInput") -> "Lang" = ok(i18n::lang::resolve_language);
        allowedTimezones(time::timezone::AllowedTimezonesInput = "AllowedTimezonesInput") -> "string[]" = ok(time::timezone::allowed_timezones);
        validateTimezone(time::timezone::ValidateTimezoneInput = "ValidateTimezoneInput") -> "boolean" = ok(time::timezone::validate_timezone);
        validateBehaviorEvent(tracking::event::ValidateBehaviorEventInput = "ValidateBehaviorEventInput") -> "BehaviorEventValidation" = ok(tracking::event::validate_behavior_event);
        validatePreference(tracking::preference::ValidatePreferenceInput = "ValidatePreferenceInput") -> "PreferenceValidation" = ok(tracking::preference::validate_preference);
        challengeDifficulty(anti_crawler::difficulty::ChallengeDifficultyInput = "ChallengeDifficultyInput") -> "number" = ok(anti_crawler::difficulty::challenge_difficulty);
        validateAntiCrawlerReport(anti_crawler::report::ValidateAntiCrawlerReportInput = "ValidateAntiCrawlerReportInput") -> "ReportValidation" = ok(anti_crawler::report::validate_anti_crawler_report);
        isPremium(premium::IsPremiumInput = "IsPremiumInput") -> "boolean" = ok(premium::is_premium);
        premiumStatus(premium::PremiumStatusInput = "PremiumStatusInput") -> "PremiumStatus" = ok(premium::premium_status);
        isLocalisable(routing::locale::IsLocalisableInput = "IsLocalisableInput") -> "boolean" = ok(routing::locale::is_localisable);
        devtoolsOpen(anti_crawler::detection::DevtoolsOpenInput = "DevtoolsOpenInput") -> "boolean" = ok(anti_crawler::detection::devtools_open);
        debuggerPaused(anti_crawler::detection::DebuggerPausedInput = "DebuggerPausedInput") -> "boolean" = ok(anti_crawler::detection::debugger_paused);
        extensionSources(anti_crawler::detection::ExtensionSourcesInput = "ExtensionSourcesInput") -> "string[]" = ok(anti_crawler::detection::extension_sources);
        hookedFunctions(anti_crawler::detection::HookedFunctionsInput = "HookedFunctionsInput") -> "string[]" = ok(anti_crawler::detection::hooked_functions);
        chapterAccess(catalog::access::ChapterAccessInput = "ChapterAccessInput") -> "ChapterAccess" = ok(catalog::access::chapter_access);
        signAudioUrl(catalog::signed_url::SignAudioUrlInput = "SignAudioUrlInput") -> "string" = ok(catalog::signed_url::sign_audio_url);
        verifyAudioUrl(catalog::signed_url::VerifyAudioUrlInput = "VerifyAudioUrlInput") -> "SignatureCheck" = ok(catalog::signed_url::verify_audio_url);
        purchaseCovers(catalog::purchase::PurchaseCoversInput = "PurchaseCoversInput") -> "boolean" = ok(catalog::purchase::purchase_covers);
        campaignEnd(catalog::campaign::CampaignEndInput = "CampaignEndInput") -> "number | null" = ok(catalog::campaign::campaign_end);
        accountState(auth::account_state::AccountStateInput = "AccountStateInput") -> "AccessDecision" = ok(auth::account_state::account_state);
        validateBook(catalog::edit::ValidateBookInput = "ValidateBookInput") -> "BookValidation" = ok(catalog::edit::validate_book);
        validateCategory(catalog::edit::ValidateCategoryInput = "ValidateCategoryInput") -> "CategoryValidation" = ok(catalog::edit::validate_category);
        validateReportRange(analytics::ValidateReportRangeInput = "ValidateReportRangeInput") -> "ReportRangeValidation" = ok(analytics::validate_report_range);
        validateFeedbackReply(analytics::ValidateFeedbackReplyInput = "ValidateFeedbackReplyInput") -> "FeedbackReplyValidation" = ok(analytics::validate_feedback_reply);
        recentPeriod(analytics::RecentPeriodInput = "RecentPeriodInput") -> "Period" = ok(analytics::recent_period);
        validateMembershipChange(people::membership_change::ValidateMembershipChangeInput = "ValidateMembershipChangeInput") -> "MembershipChangeValidation" = ok(people::membership_change::validate_membership_change);
        validateSiteSettings(offers::site_settings::ValidateSiteSettingsInput = "ValidateSiteSettingsInput") -> "SiteSettingsValidation" = ok(offers::site_settings::validate_site_settings);
        supportHref(offers::site_settings::SupportHrefInput = "SupportHrefInput") -> "string | null" = ok(offers::site_settings::support_href);
        validateCampaign(offers::campaign_form::ValidateCampaignInput = "ValidateCampaignInput") -> "CampaignValidation" = ok(offers::campaign_form::validate_campaign);
        validateAd(offers::ads::ValidateAdInput = "ValidateAdInput") -> "AdValidation" = ok(offers::ads::validate_ad);
        adVisible(offers::ads::AdVisibleInput = "AdVisibleInput") -> "boolean" = ok(offers::ads::ad_visible);
        validateRole(auth::roles::ValidateRoleInput = "ValidateRoleInput") -> "RoleValidation" = ok(auth::roles::validate_role);
        dateTimeInputText(time::input::DateTimeInputTextInput = "DateTimeInputTextInput") -> "string" = ok(time::input::date_time_input_text);
        dateTimeInputInstant(time::input::DateTimeInputInstantInput = "DateTimeInputInstantInput") -> "number | null" = ok(time::input::date_time_input_instant);
        validateChapter(catalog::chapter_form::ValidateChapterInput = "ValidateChapterInput") -> "ChapterValidation" = ok(catalog::chapter_form::validate_chapter);
        chapterFromFileName(catalog::chapter_form::ChapterFromFileNameInput = "ChapterFromFileNameInput") -> "ChapterGuess" = ok(catalog::chapter_form::chapter_from_file_name);
        acceptedUploadTypes(upload::formats::AcceptedUploadTypesInput = "AcceptedUploadTypesInput") -> "AcceptedUploadTypes" = ok(upload::formats::accepted_upload_types);
        checkUploadFile(upload::formats::CheckUploadFileInput = "CheckUploadFileInput") -> "UploadFileCheck" = ok(upload::formats::check_upload_file);
        uploadRetryable(upload::retry::UploadRetryableInput = "UploadRetryableInput") -> "boolean" = ok(upload::retry::upload_retryable);
        validatePrices(catalog::chapter_form::ValidatePricesInput = "ValidatePricesInput") -> "PricesValidation" = ok(catalog::chapter_form::validate_prices);
        validateReview(catalog::review::ValidateReviewInput = "ValidateReviewInput") -> "ReviewValidation" = ok(catalog::review::validate_review);
        reviewLength(catalog::review::ReviewLengthInput = "ReviewLengthInput") -> "number" = ok(catalog::review::review_length);
        neutralizeCsvCell(spreadsheet::CsvCellInput = "CsvCellInput") -> "string" = ok(spreadsheet::neutralize_csv_cell);
        restoreCsvCell(spreadsheet::CsvCellInput = "CsvCellInput") -> "string" = ok(spreadsheet::restore_csv_cell);
        exportKinds(transfer::ExportKindsInput = "ExportKindsInput") -> "ExportKind[]" = ok(transfer::export_kinds);
        minorUnits(format::money::MinorUnitsInput = "MinorUnitsInput") -> "MinorUnits" = ok(format::money::minor_units);
        majorUnits(format::money::MajorUnitsInput = "MajorUnitsInput") -> "string" = ok(format::money::major_units);
    }
}

/// The proof of work alone, for the solver's worker (app/src/lib/anti-crawler): built for speed
/// (opt-level 3, wasm-opt -O3) rather than size, since a worker solving a challenge tries
/// thousands of nonces, and small (tens of kilobytes) since nothing else comes with it.
#[cfg(feature = "pow")]
mod proof_of_work {
    use super::*;

    export_rules! {
        powDigest(pow::PowDigestInput = "PowDigestInput") -> "string" = ok(pow::pow_digest);
        solvePow(pow::SolvePowInput = "SolvePowInput") -> "PowSolution | null" = ok(pow::solve_pow);
        verifyPow(pow::VerifyPowInput = "VerifyPowInput") -> "boolean" = ok(pow::verify_pow);
    }
}
