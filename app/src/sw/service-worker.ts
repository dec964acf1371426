/// <reference lib="webworker" />
// The service worker, built on its own into `/sw.js` (vite.config.ts): answers kept chapters' audio
// from the downloads (in the byte ranges asked for, while their grant holds), keeps the app's page,
// build files and translations for offline use, and takes control of open pages at once.
import { downloadsCacheName } from '@/lib/downloads/download-cache';
import { routeFetch } from './fetch-routes';
import { isKeepAppMessage, isKeepFilesMessage } from './messages';
import { answerFromDownloads } from './offline-audio';
import {
  cacheFirst,
  keepFiles,
  keepShell,
  networkFirstPage,
  shellCacheNames,
  staleCaches,
  staleWhileRevalidate,
} from './shell-cache';

declare const self: ServiceWorkerGlobalScope;
/** The build's version (vite.config.ts): each build keeps its files in caches of its own. */
declare const __SW_VERSION__: string;
/** Every file of the build (`/assets/…`, vite.config.ts), kept whole for members with downloads. */
declare const __SW_BUILD_FILES__: string[];

const names = shellCacheNames(__SW_VERSION__);

/** Whether anything is downloaded: then the whole build is kept, so every page opens offline. */
async function hasDownloads(): Promise<boolean> {
  if (!(await caches.has(downloadsCacheName))) return false;
  return (await (await caches.open(downloadsCacheName)).keys()).length > 0;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await keepShell(names);
      if (await hasDownloads()) await keepFiles(names.assets, __SW_BUILD_FILES__);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = [names.page, names.assets, names.translations, downloadsCacheName];
      await Promise.all(staleCaches(await caches.keys(), keep).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const waitUntil = (task: Promise<unknown>) => event.waitUntil(task);
  const route = routeFetch(request, self.location.origin);
  switch (route.kind) {
    case 'audio':
      event.respondWith(
        answerFromDownloads(request, route.chapterId, Date.now()).then((kept) => kept ?? fetch(request)),
      );
      return;
    case 'page':
      event.respondWith(networkFirstPage(request, names.page, waitUntil));
      return;
    case 'asset':
      event.respondWith(cacheFirst(request, names.assets, waitUntil));
      return;
    case 'translations':
      event.respondWith(staleWhileRevalidate(request, names.translations, waitUntil));
      return;
    case 'network':
      return;
  }
});

self.addEventListener('message', (event) => {
  if (isKeepAppMessage(event.data)) {
    event.waitUntil(keepFiles(names.assets, __SW_BUILD_FILES__));
    return;
  }
  if (!isKeepFilesMessage(event.data)) return;
  const kindOf = (url: string) =>
    routeFetch({ method: 'GET', url: new URL(url, self.location.origin).href, mode: 'no-cors' }, self.location.origin)
      .kind;
  const assets = event.data.urls.filter((url) => kindOf(url) === 'asset');
  const translations = event.data.urls.filter((url) => kindOf(url) === 'translations');
  event.waitUntil(Promise.all([keepFiles(names.assets, assets), keepFiles(names.translations, translations)]));
});
