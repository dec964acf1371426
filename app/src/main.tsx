// Entry point: start i18next in the language of the URL (or of the address `/` is about to be
// sent to), fetch the page's module and its first data meanwhile, render the app once they are in,
// and register the service worker (production builds only).
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { firstRenderWait, renderWhenReady } from '@/app/first-render';
import { preloadPage } from '@/app/preload-page';
import { startupViewer } from '@/app/startup-viewer';
import { languageTag, localeRedirect, splitLocale } from '@/lib/core';
import { createHttpI18n, translationsReady } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queries/client';
import { browserLanguages, readStoredLanguage, siteDefaultLanguage } from '@/lib/language-preference';
import { registerServiceWorker } from '@/sw/register';

// The locale gate sends an unprefixed localisable address on to the visitor's language (core
// `localeRedirect`): starting in that language spares an English visitor the Chinese catalogue.
const { pathname, search, hash } = window.location;
const localeTarget = localeRedirect({
  path: pathname + search + hash,
  stored: readStoredLanguage(),
  browser: browserLanguages(),
  fallback: siteDefaultLanguage(),
});
const { lang, path } = splitLocale({ path: localeTarget ?? pathname });
document.documentElement.lang = languageTag({ lang });
const i18n = createHttpI18n(lang);
const queryClient = createQueryClient();
// The page's module (then the data its page asks for first) downloads beside the catalogue rather
// than after it.
const pageModule = preloadPage(path, { queryClient, lang, search, viewer: startupViewer(lang) });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const reactRoot = createRoot(root);
// The first render waits for both (a second at most): rendered without them, the app would draw
// its loading state, which React then holds for 300 ms before it lets the page replace it. Never
// with a top-level `await`: the page's module imports this module's chunk and cannot arrive
// before this module has run to its end (`renderWhenReady`).
renderWhenReady([pageModule, translationsReady(i18n, firstRenderWait)], () => {
  // Rendered as a transition, the first page is drawn in slices that let the browser answer input
  // in between, instead of in one long task that blocks the main thread. Rendered at once it paints
  // a little sooner, but Lighthouse's blocking time triples (BENCHMARKS.md, "First paint").
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App i18n={i18n} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
  registerServiceWorker();
});
