// The app's own files offline: which caches a new version deletes, the build files a page loads,
// and the page answered from the network first and from the kept copy when offline.
import { installFakeCaches } from '@/testing/fake-caches';
import { downloadsCacheName } from '@/lib/downloads/download-cache';
import { assetUrlsIn, networkFirstPage, pageKey, shellCacheNames, staleCaches } from './shell-cache';

const html = (body: string) => new Response(body, { headers: { 'Content-Type': 'text/html' } });

describe('shell caches', () => {
  it('deletes the previous versions of the app caches, never the downloads', () => {
    const current = shellCacheNames('2');
    const keep = [current.page, current.assets, current.translations, downloadsCacheName];
    const existing = [...Object.values(shellCacheNames('1')), ...keep, 'someone-else'];
    expect(staleCaches(existing, keep)).toEqual(Object.values(shellCacheNames('1')));
  });

  it('finds the build files a page loads', () => {
    const page =
      '<script type="module" src="/assets/index-1a.js"></script><link rel="stylesheet" href="/assets/shell-2b.css">' +
      '<link rel="modulepreload" href="/assets/index-1a.js"><link rel="icon" href="/favicon.svg">';
    expect(assetUrlsIn(page)).toEqual(['/assets/index-1a.js', '/assets/shell-2b.css']);
  });

  it('answers a page from the network and keeps it, then from the kept copy offline', async () => {
    const storage = installFakeCaches();
    const names = shellCacheNames('1');
    const tasks: Promise<unknown>[] = [];
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(html('<p>fresh</p>')).mockRejectedValueOnce(new TypeError()));
    const request = new Request('http://localhost:3000/books/7');

    expect(await (await networkFirstPage(request, names.page, (task) => tasks.push(task))).text()).toBe('<p>fresh</p>');
    await Promise.all(tasks);
    expect((await storage.open(names.page)).paths()).toEqual([pageKey]);

    expect(await (await networkFirstPage(request, names.page, (task) => tasks.push(task))).text()).toBe('<p>fresh</p>');
  });
});
