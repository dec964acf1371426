// The browser's i18next: catalogues from `/_i18n/{lang}/messages.json` (one top-level key per locales file).
import i18next, { type i18n, type TFunction } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { languageOptions } from '@/config/languages';

/**
 * A text read through one literal key. Maps and tables of domain values hold these rather than
 * keys, so every key stays a static literal that tools can find (`(t) => t('app.catalog.access.free')`).
 */
export type Label = (t: TFunction) => string;

export const i18nBaseOptions = {
  // No fallback catalogue: every language has every key (locales.test.ts), so a visitor
  // downloads their own language only, never a second one just in case.
  fallbackLng: false as const,
  supportedLngs: languageOptions.map((option) => option.code),
  load: 'currentOnly' as const,
  interpolation: { escapeValue: false },
  returnNull: false,
};

/** Creates the app's instance, starting in the language the URL names. */
export function createHttpI18n(lng: string): i18n {
  const instance = i18next.createInstance();
  void instance
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      ...i18nBaseOptions,
      lng,
      backend: { loadPath: '/_i18n/{{lng}}/messages.json' },
      react: { useSuspense: true },
    });
  return instance;
}
