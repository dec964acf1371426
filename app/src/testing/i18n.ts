// An i18next instance for tests with every catalogue loaded up front (no HTTP, no suspense).
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { i18nBaseOptions } from '@/lib/i18n';
import { catalogues } from './catalogues';

export function createTestI18n(lng = 'zh'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...i18nBaseOptions,
    lng,
    initAsync: false,
    ns: Object.keys(catalogues.zh),
    resources: Object.fromEntries(
      Object.entries(catalogues).map(([lang, files]) => [
        lang,
        Object.fromEntries(Object.entries(files).map(([stem, texts]) => [stem, { [stem]: texts }])),
      ]),
    ),
    react: { useSuspense: false },
  });
  return instance;
}
