// The languages the switcher offers, each named in itself; whether a code is valid is decided by core.
export const languageOptions = [
  { code: 'zh', nativeName: '中文' },
  { code: 'en', nativeName: 'English' },
  { code: 'ja', nativeName: '日本語' },
] as const;

/** Local storage key and cookie name holding the chosen language (spec §3, §9). */
export const languageStorageKey = 'user-language';
export const languageCookieName = 'lang';
export const languageCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

/** Local storage key of the chosen time zone (spec §3). */
export const timezoneStorageKey = 'user-timezone';
