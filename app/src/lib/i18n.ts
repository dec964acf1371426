// The browser's i18next: catalogues from `/_i18n/{lang}/messages.json` (one top-level key per locales file).
import i18next, { type i18n } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { fallbackLanguage, languageOptions } from '@/config/languages';

export const i18nBaseOptions = {
  fallbackLng: fallbackLanguage,
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
