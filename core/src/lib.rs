//! Pure product rules of Tingshu, written once and shared by the server and (through `wasm/`) the browser.
//!
//! Every rule is a small typed function taking one input struct (camelCase serde, so the
//! same JSON object works from Rust, from the vectors file and from JavaScript) and
//! returning a plain value or a tagged enum (`{"kind": "...", ...}`). The crate does no I/O;
//! the TypeScript declarations of every input and output come from the optional `ts`
//! feature (tsify), never from hand-written types.
//!
//! Rule names (camelCase, as exported to JS) and their Rust functions:
//!
//! | rule | function |
//! |---|---|
//! | formatDuration | [`format::duration::format_duration`] |
//! | formatCountdown | [`format::countdown::format_countdown`] |
//! | formatNumber | [`format::number::format_number`] |
//! | formatFileSize | [`format::filesize::format_file_size`] |
//! | formatRelativeTime | [`format::relative::format_relative_time`] |
//! | formatSmartTime | [`format::smart::format_smart_time`] |
//! | formatDate | [`format::smart::format_date`] |
//! | formatCurrency | [`format::currency::format_currency`] |
//! | currencyForLang | [`format::currency::currency_for_lang`] |
//! | minorUnits | [`format::money::minor_units`] |
//! | majorUnits | [`format::money::major_units`] |
//! | clampRating | [`format::clamp::clamp_rating`] |
//! | clampProgress | [`format::clamp::clamp_progress`] |
//! | avatarInitials | [`format::initials::avatar_initials`] |
//! | validateStoredAuth | [`auth::stored::validate_stored_auth`] |
//! | refreshSchedule | [`auth::refresh::refresh_schedule`] |
//! | refreshOnNavigation | [`auth::refresh::refresh_on_navigation`] |
//! | refreshBeforeRequest | [`auth::refresh::refresh_before_request`] |
//! | validateRegistration | [`auth::account::validate_registration`] |
//! | validateProfileUpdate | [`auth::account::validate_profile_update`] |
//! | validatePasswordChange | [`auth::account::validate_password_change`] |
//! | validateRole | [`auth::roles::validate_role`] |
//! | dateTimeInputText | [`time::input::date_time_input_text`] |
//! | dateTimeInputInstant | [`time::input::date_time_input_instant`] |
//! | usernameSkeleton | [`auth::account::username_skeleton`] (server only: not exported to JS) |
//! | authorize | [`auth::access::authorize`] |
//! | rotatedRefresh | [`auth::refresh::rotated_refresh`] |
//! | loginThrottle | [`auth::throttle::login_throttle`] |
//! | signInDelay | [`auth::throttle::sign_in_delay`] |
//! | signDeviceCookie | [`auth::device::sign_device_cookie`] |
//! | verifyDeviceCookie | [`auth::device::verify_device_cookie`] |
//! | validateLanguage | [`i18n::lang::validate_language`] |
//! | languageTag | [`i18n::lang::language_tag`] |
//! | resolveLanguage | [`i18n::lang::resolve_language`] |
//! | allowedTimezones | [`time::timezone::allowed_timezones`] |
//! | validateTimezone | [`time::timezone::validate_timezone`] |
//! | browsingReportEligible | [`tracking::browsing_report_eligible`] |
//! | trackingAllowed | [`tracking::tracking_allowed`] |
//! | devtoolsOpen | [`anti_crawler::detection::devtools_open`] |
//! | debuggerPaused | [`anti_crawler::detection::debugger_paused`] |
//! | extensionSources | [`anti_crawler::detection::extension_sources`] |
//! | hookedFunctions | [`anti_crawler::detection::hooked_functions`] |
//! | validateBehaviorEvent | [`tracking::event::validate_behavior_event`] |
//! | validatePreference | [`tracking::preference::validate_preference`] |
//! | challengeDifficulty | [`anti_crawler::difficulty::challenge_difficulty`] |
//! | validateAntiCrawlerReport | [`anti_crawler::report::validate_anti_crawler_report`] |
//! | isBot | [`bots::is_bot`] |
//! | isPremium | [`premium::is_premium`] |
//! | premiumStatus | [`premium::premium_status`] |
//! | splitLocale | [`routing::locale::split_locale`] |
//! | localizePath | [`routing::locale::localize_path`] |
//! | isLocalisable | [`routing::locale::is_localisable`] |
//! | pageLayout | [`routing::layout::page_layout`] |
//! | isRecordId | [`routing::record_id::is_record_id`] |
//! | safeRedirect | [`routing::redirect::safe_redirect`] |
//! | localeRedirect | [`routing::locale::locale_redirect`] |
//! | decideRoute | [`routing::guard::decide_route`] |
//! | errorScreen | [`error_screen::error_screen`] |
//! | powDigest | [`pow::pow_digest`] |
//! | solvePow | [`pow::solve_pow`] |
//! | verifyPow | [`pow::verify_pow`] |
//! | chapterAccess | [`catalog::access::chapter_access`] |
//! | signAudioUrl | [`catalog::signed_url::sign_audio_url`] |
//! | verifyAudioUrl | [`catalog::signed_url::verify_audio_url`] |
//! | progressWins | [`catalog::progress::progress_wins`] |
//! | clampPlaybackRate | [`catalog::progress::clamp_playback_rate`] |
//! | sleepTimerRemaining | [`catalog::progress::sleep_timer_remaining`] |
//! | checkQueryParam | [`catalog::query::check_query_param`] |
//! | validateMembershipChange | [`people::membership_change::validate_membership_change`] |
//! | validateReportRange | [`analytics::validate_report_range`] |
//! | validateFeedbackReply | [`analytics::validate_feedback_reply`] |
//! | recentPeriod | [`analytics::recent_period`] |
//! | neutralizeCsvCell | [`spreadsheet::neutralize_csv_cell`] |
//! | restoreCsvCell | [`spreadsheet::restore_csv_cell`] |
//! | exportKinds | [`transfer::export_kinds`] |
//! | acceptedUploadTypes | [`upload::formats::accepted_upload_types`] |
//! | checkUploadFile | [`upload::formats::check_upload_file`] |
//! | uploadRetryable | [`upload::retry::upload_retryable`] |
//! | validateSiteSettings | [`offers::site_settings::validate_site_settings`] |
//! | supportHref | [`offers::site_settings::support_href`] |
//! | validateCampaign | [`offers::campaign_form::validate_campaign`] |
//! | validateAd | [`offers::ads::validate_ad`] |
//! | adVisible | [`offers::ads::ad_visible`] |
//! | accountState | [`auth::account_state::account_state`] |
//! | campaignActive | [`catalog::campaign::campaign_active`] |
//! | campaignEnd | [`catalog::campaign::campaign_end`] |
//! | chapterFromFileName | [`catalog::chapter_form::chapter_from_file_name`] |
//! | detourPath | [`routing::guard::detour_path`] |
//! | purchaseCovers | [`catalog::purchase::purchase_covers`] |
//! | ratingScale | [`catalog::review::rating_scale`] |
//! | reviewLength | [`catalog::review::review_length`] |
//! | safeExternalUrl | [`routing::redirect::safe_external_url`] |
//! | validateBook | [`catalog::edit::validate_book`] |
//! | validateCategory | [`catalog::edit::validate_category`] |
//! | validateChapter | [`catalog::chapter_form::validate_chapter`] |
//! | validatePrices | [`catalog::chapter_form::validate_prices`] |
//! | validateReview | [`catalog::review::validate_review`] |

pub mod analytics;
pub mod anti_crawler;
pub mod auth;
pub mod bots;
pub mod catalog;
pub mod contract;
pub mod error_screen;
pub mod feedback;
pub mod format;
pub mod i18n;
pub mod offers;
pub mod payments;
pub mod people;
pub mod pow;
pub mod premium;
pub mod routing;
pub mod spelling;
pub mod spreadsheet;
pub mod time;
pub mod tracking;
pub mod transfer;
pub mod upload;
pub mod validation;

pub use i18n::lang::Lang;

/// The examples of `README.md`, run as doctests: the guide for other developers compiles.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExamples;
