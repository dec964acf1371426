// The app's own files kept for offline use, each kind in a cache named with the build's version:
// the page (network first, the kept copy offline), hashed build files (cache first, filled as
// they are fetched) and translations (the kept copy at once, refreshed behind it).

export interface ShellCacheNames {
  page: string;
  assets: string;
  translations: string;
}

export const shellCacheNames = (version: string): ShellCacheNames => ({
  page: `tingshu-page-${version}`,
  assets: `tingshu-assets-${version}`,
  translations: `tingshu-i18n-${version}`,
});

/** Every page path answers the same `index.html`, kept under this one key. */
export const pageKey = '/index.html';

/** The caches of this app a new version no longer uses (`keep`: the current ones and the downloads). */
export function staleCaches(existing: string[], keep: string[]): string[] {
  return existing.filter((name) => name.startsWith('tingshu-') && !keep.includes(name));
}

/** The hashed build files a page's HTML loads (`/assets/…` in `src` and `href`). */
export function assetUrlsIn(html: string): string[] {
  const urls = [...html.matchAll(/(?:src|href)="(\/assets\/[^"?#]+)"/g)].map((match) => match[1]);
  return [...new Set(urls)];
}

/** Whether an answer may be kept: a whole, successful one from this site. */
function keepable(response: Response): boolean {
  return response.status === 200 && (response.type === 'basic' || response.type === 'default');
}

/** Hands a background task to the event, so the worker lives until it is done. */
export type WaitUntil = (task: Promise<unknown>) => void;

async function put(cacheName: string, key: Request | string, response: Response): Promise<void> {
  const cache = await caches.open(cacheName);
  await cache.put(key, response);
}

/** A page: from the network (keeping a copy), else the kept page, so the app starts offline. */
export async function networkFirstPage(request: Request, cacheName: string, waitUntil: WaitUntil): Promise<Response> {
  try {
    const response = await fetch(request);
    const isPage = response.headers.get('Content-Type')?.startsWith('text/html') ?? false;
    if (keepable(response) && isPage) waitUntil(put(cacheName, pageKey, response.clone()));
    return response;
  } catch (error) {
    const kept = await (await caches.open(cacheName)).match(pageKey);
    if (kept) return kept;
    throw error;
  }
}

/** A hashed build file: the kept copy, else the network's (kept for next time). */
export async function cacheFirst(request: Request, cacheName: string, waitUntil: WaitUntil): Promise<Response> {
  const kept = await (await caches.open(cacheName)).match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (keepable(response)) waitUntil(put(cacheName, request, response.clone()));
  return response;
}

/** A translation file: the kept copy at once while a fresh one is fetched for next time. */
export async function staleWhileRevalidate(
  request: Request,
  cacheName: string,
  waitUntil: WaitUntil,
): Promise<Response> {
  const kept = await (await caches.open(cacheName)).match(request);
  const fresh = fetch(request).then(async (response) => {
    if (keepable(response)) await put(cacheName, request, response.clone());
    return response;
  });
  if (!kept) return fresh;
  waitUntil(fresh.catch(() => undefined));
  return kept;
}

/** Adds files to a cache unless already there; one failing file does not stop the others. */
export async function keepFiles(cacheName: string, urls: string[]): Promise<void> {
  const cache = await caches.open(cacheName);
  await Promise.all(
    urls.map(async (url) => {
      try {
        if (await cache.match(url)) return;
        const response = await fetch(url);
        if (keepable(response)) await cache.put(url, response);
      } catch {
        // Fetched again when the app next asks for it.
      }
    }),
  );
}

/** At install: the page and the build files it loads, so the app starts offline from the first visit. */
export async function keepShell(names: ShellCacheNames): Promise<void> {
  try {
    const response = await fetch(pageKey, { cache: 'no-cache' });
    if (!keepable(response)) return;
    const html = await response.clone().text();
    await put(names.page, pageKey, response);
    await keepFiles(names.assets, assetUrlsIn(html));
  } catch {
    // Offline at install: the page is kept at the next visit instead.
  }
}
