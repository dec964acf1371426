// Reads and stores the listener's chosen language and time zone (local storage and a cookie).
import {
  languageCookieMaxAgeSeconds,
  languageCookieName,
  languageStorageKey,
  timezoneStorageKey,
} from '@/config/languages';

function safeGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the choice still applies to this visit through the URL.
  }
}

export function readStoredLanguage(): string | null {
  return safeGet(languageStorageKey);
}

/** The window event announcing that the listener chose a language (detail: the code). */
export const languageChosenEvent = 'tingshu:language-chosen';

/** Stores an already validated language code and announces the choice. */
export function storeLanguage(code: string): void {
  safeSet(languageStorageKey, code);
  document.cookie = `${languageCookieName}=${encodeURIComponent(code)}; max-age=${languageCookieMaxAgeSeconds}; path=/; SameSite=Lax`;
  window.dispatchEvent(new CustomEvent<string>(languageChosenEvent, { detail: code }));
}

/** The site's default language code (the console's settings), as last told; null until told. */
let siteDefault: string | null = null;

/** Keeps the site's default language code, as `/api/site` states it. */
export function rememberSiteDefaultLanguage(code: string): void {
  siteDefault = code;
}

/**
 * The site's default language code, for `localeRedirect`'s `fallback` (which ignores a code not
 * ours): what `/api/site` last said, else what the server wrote on the bare `/` page
 * (`<html data-default-lang>`), else null (zh).
 */
export function siteDefaultLanguage(): string | null {
  return siteDefault ?? document.documentElement.dataset.defaultLang ?? null;
}

export function browserLanguages(): string[] {
  const list = navigator.languages?.length ? navigator.languages : [navigator.language];
  return list.filter(Boolean);
}

export function readStoredTimezone(): string | null {
  return safeGet(timezoneStorageKey);
}

/** Stores an already validated time zone name. */
export function storeTimezone(timezone: string): void {
  safeSet(timezoneStorageKey, timezone);
}

/** The zone to format times in: the stored choice, else the browser's (core falls back when not allowed). */
export function preferredTimezone(): string {
  return readStoredTimezone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
}
