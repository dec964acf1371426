// The browser's i18next: one namespace per locales file, from `/_i18n/{lang}/{file}.json`.
import i18next, { type i18n, type ReadCallback, type TFunction } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
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
  // Every page reads `app`; the static pages' long texts (`pages`) are fetched by those pages
  // (`useTranslation('pages')`), so the first load carries only `app`. Each file's texts sit
  // under its own name, so a key reads the same in any namespace (`app.nav.home`).
  ns: ['app'],
  defaultNS: 'app',
  fallbackNS: 'app',
};

/**
 * Reads one catalogue file. A network failure or a 5xx answers "retry" (`true`), and i18next
 * tries again with its growing delay; a 404 does not.
 */
export function readCatalogue(lng: string, ns: string, done: ReadCallback): void {
  const path = `/_i18n/${lng}/${ns}.json`;
  fetch(path)
    .then(async (response) => {
      if (response.ok) done(null, (await response.json()) as Record<string, unknown>);
      else done(new Error(`${path}: ${response.status}`), response.status >= 500);
    })
    .catch((error: unknown) => done(error instanceof Error ? error : new Error(String(error)), true));
}

/** Creates the app's instance, starting in the language the URL names. */
export function createHttpI18n(lng: string): i18n {
  const instance = i18next.createInstance();
  void instance
    .use(resourcesToBackend(readCatalogue))
    .use(initReactI18next)
    .init({
      ...i18nBaseOptions,
      lng,
      react: { useSuspense: true },
    });
  return instance;
}

/**
 * Resolves once `instance` has started (its catalogue loaded, or given up on), or after `limitMs`
 * at the latest, so a slow network still gets the loading state rather than a blank page.
 */
export function translationsReady(instance: i18n, limitMs: number): Promise<void> {
  if (instance.isInitialized) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, limitMs);
    function done() {
      clearTimeout(timer);
      instance.off('initialized', done);
      resolve();
    }
    instance.on('initialized', done);
  });
}
