// Entry point: start i18next in the language of the URL (or of the address `/` is about to be
// sent to), render the app, and register the service worker (production builds only).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { languageTag, rootRedirect, splitLocale } from '@/lib/core';
import { createHttpI18n } from '@/lib/i18n';
import { browserLanguages, readStoredLanguage } from '@/lib/language-preference';
import { registerServiceWorker } from '@/sw/register';
import './styles/tokens.css';
import './styles/base.css';

// The locale gate sends `/` on to the visitor's language (core `rootRedirect`): starting in
// that language spares an English visitor the Chinese catalogue.
const { pathname, search, hash } = window.location;
const rootTarget = rootRedirect({
  path: pathname + search + hash,
  stored: readStoredLanguage(),
  browser: browserLanguages(),
});
const { lang } = splitLocale({ path: rootTarget ?? pathname });
document.documentElement.lang = languageTag({ lang });
const i18n = createHttpI18n(lang);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
);
registerServiceWorker();
