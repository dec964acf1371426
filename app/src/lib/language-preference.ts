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
