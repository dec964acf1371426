// Entry point: start i18next in the language of the URL (or of the address `/` is about to be
// sent to), fetch the page's module and its first data meanwhile, render the app, and register the
// service worker (production builds only).
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { preloadPage } from '@/app/preload-page';
import { startupViewer } from '@/app/startup-viewer';
import { languageTag, rootRedirect, splitLocale } from '@/lib/core';
import { createHttpI18n, translationsReady } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queries/client';
import { browserLanguages, readStoredLanguage } from '@/lib/language-preference';
import { registerServiceWorker } from '@/sw/register';

/** The longest the first render waits for the page's translations and module. */
const firstRenderWait = 1000;

// The locale gate sends `/` on to the visitor's language (core `rootRedirect`): starting in
// that language spares an English visitor the Chinese catalogue.
const { pathname, search, hash } = window.location;
const rootTarget = rootRedirect({
  path: pathname + search + hash,
  stored: readStoredLanguage(),
  browser: browserLanguages(),
});
const { lang, path } = splitLocale({ path: rootTarget ?? pathname });
document.documentElement.lang = languageTag({ lang });
const i18n = createHttpI18n(lang);
const queryClient = createQueryClient();
// The page's module (then the data its page asks for first) downloads beside the catalogue rather
// than after it.
const pageModule = preloadPage(path, { queryClient, lang, viewer: startupViewer(lang) });
// The first render waits for both (a second at most): rendered without them, the app would draw
// its loading state, which React then holds for 300 ms before it lets the page replace it.
await Promise.race([
  Promise.all([pageModule, translationsReady(i18n, firstRenderWait)]),
  new Promise((resolve) => setTimeout(resolve, firstRenderWait)),
]);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const reactRoot = createRoot(root);
// Rendered as a transition, the first page is drawn in slices that let the browser answer input
// in between, instead of in one long task that blocks the main thread.
startTransition(() =>
  reactRoot.render(
    <StrictMode>
      <App i18n={i18n} queryClient={queryClient} />
    </StrictMode>,
  ),
);
registerServiceWorker();
