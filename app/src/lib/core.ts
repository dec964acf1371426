// The app's door to the shared product rules the first load needs: the `shell` wasm build of
// `core/` (never a TypeScript copy). The other rules are in `./core-pages`.
import init from 'tingshu-wasm';
import type * as wasm from 'tingshu-wasm';
import type * as pagesWasm from 'tingshu-wasm-pages';

/**
 * The module as the page's head compiled it while it downloaded (`index.html`, written by the
 * build: `compileShellWasmEarly` in `vite.config.ts`); undefined without that script or when it
 * failed, and the module is then fetched and compiled here.
 */
const compiledEarly = (globalThis as { tingshuShellWasm?: Promise<WebAssembly.Module | undefined> }).tingshuShellWasm;
await init({ module_or_path: (await compiledEarly) ?? undefined });

export {
  avatarInitials,
  browsingReportEligible,
  campaignActive,
  checkQueryParam,
  clampPlaybackRate,
  clampProgress,
  clampRating,
  currencyForLang,
  decideRoute,
  detourPath,
  errorScreen,
  formatCountdown,
  formatCurrency,
  formatDuration,
  formatNumber,
  formatRelativeTime,
  isBot,
  isRecordId,
  languageTag,
  localeRedirect,
  localizePath,
  progressWins,
  ratingScale,
  refreshBeforeRequest,
  refreshOnNavigation,
  refreshSchedule,
  sleepTimerRemaining,
  splitLocale,
  trackingAllowed,
  validateLanguage,
  validateStoredAuth,
} from 'tingshu-wasm';

/** A supported language code, as the generated types of `languageTag` declare it. */
export type Lang = Parameters<typeof wasm.languageTag>[0]['lang'];
export type RouteDecision = ReturnType<typeof wasm.decideRoute>;
export type GuardUser = NonNullable<Parameters<typeof wasm.decideRoute>[0]['user']>;
export type ErrorScreenContent = ReturnType<typeof wasm.errorScreen>;
export type PremiumUser = NonNullable<Parameters<typeof pagesWasm.premiumStatus>[0]['user']>;
export type StoredAuth = Extract<ReturnType<typeof wasm.validateStoredAuth>, { kind: 'valid' }>['auth'];
/** One field's broken rule, with its message in the requested language (validate… rules). */
export type FieldError = Extract<
  ReturnType<typeof pagesWasm.validateRegistration>,
  { kind: 'invalid' }
>['errors'][number];
