// The app's only door to the shared product rules: the wasm build of `core/` (never a TypeScript copy).
import * as wasm from 'tingshu-wasm';

export {
  allowedTimezones,
  authorize,
  avatarInitials,
  campaignActive,
  chapterAccess,
  checkQueryParam,
  clampPlaybackRate,
  clampProgress,
  clampRating,
  currencyForLang,
  decideRoute,
  errorScreen,
  formatCurrency,
  formatDate,
  formatDuration,
  formatFileSize,
  formatNumber,
  formatRelativeTime,
  formatSmartTime,
  isBot,
  isLocalisable,
  isPremium,
  isRecordId,
  languageTag,
  localizePath,
  loginThrottle,
  signInDelay,
  premiumStatus,
  progressWins,
  refreshBeforeRequest,
  refreshOnNavigation,
  refreshSchedule,
  resolveLanguage,
  rootRedirect,
  rotatedRefresh,
  signAudioUrl,
  sleepTimerRemaining,
  splitLocale,
  validateLanguage,
  validatePasswordChange,
  validateProfileUpdate,
  validateRegistration,
  validateStoredAuth,
  validateTimezone,
  verifyAudioUrl,
} from 'tingshu-wasm';

/** The generated module itself, for code that calls a rule by its name (the shared vectors). */
export const rules = wasm as unknown as Record<string, unknown>;

/** A supported language code, as the generated types of `languageTag` declare it. */
export type Lang = Parameters<typeof wasm.languageTag>[0]['lang'];
export type RouteDecision = ReturnType<typeof wasm.decideRoute>;
export type GuardUser = NonNullable<Parameters<typeof wasm.decideRoute>[0]['user']>;
export type ErrorScreenContent = ReturnType<typeof wasm.errorScreen>;
export type PremiumUser = NonNullable<Parameters<typeof wasm.premiumStatus>[0]['user']>;
export type StoredAuth = Extract<ReturnType<typeof wasm.validateStoredAuth>, { kind: 'valid' }>['auth'];
/** One field's broken rule, with its message in the requested language (validate… rules). */
export type FieldError = Extract<ReturnType<typeof wasm.validateRegistration>, { kind: 'invalid' }>['errors'][number];
