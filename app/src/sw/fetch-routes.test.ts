// The service worker's decisions: which strategy answers a request, and whether a chapter's audio
// comes from the downloads (kept and valid) or the network (expired, lapsed, not kept, other API).
import { downloadRecord, keepDownload } from '@/testing/download-fixtures';
import { installFakeCaches } from '@/testing/fake-caches';
import { audioChapterId, audioSource, routeFetch } from './fetch-routes';
import { answerFromDownloads } from './offline-audio';

const origin = 'https://tingshu.example';
const get = (path: string, mode: RequestMode = 'cors') => ({ method: 'GET', url: `${origin}${path}`, mode });
const now = Date.now();

describe('routeFetch', () => {
  it('sends chapter audio, whatever its query, to the downloads', () => {
    expect(routeFetch(get('/api/chapters/12/audio?exp=1&uid=2&sig=ff', 'no-cors'), origin)).toEqual({
      kind: 'audio',
      chapterId: 12,
    });
    expect(routeFetch(get('/api/chapters/12/audio'), origin)).toEqual({ kind: 'audio', chapterId: 12 });
    expect(audioChapterId('https://api.elsewhere.example/api/chapters/3/audio')).toBe(3);
  });

  it('leaves every other API call, and anything not a GET, to the network', () => {
    expect(routeFetch(get('/api/chapters/12'), origin)).toEqual({ kind: 'network' });
    expect(routeFetch(get('/api/me/progress?bookId=7'), origin)).toEqual({ kind: 'network' });
    expect(routeFetch(get('/api/chapters/12/audio/extra'), origin)).toEqual({ kind: 'network' });
    expect(routeFetch({ ...get('/api/chapters/12/audio'), method: 'HEAD' }, origin)).toEqual({ kind: 'network' });
    expect(routeFetch({ ...get('/assets/app-1a2b.js'), method: 'POST' }, origin)).toEqual({ kind: 'network' });
  });

  it('answers pages, build files and translations each their way', () => {
    expect(routeFetch(get('/books/7', 'navigate'), origin)).toEqual({ kind: 'page' });
    // The offline page is the app's page too: the kept copy opens it, in every language, with no network.
    for (const path of ['/offline', '/en/offline', '/ja/offline']) {
      expect(routeFetch(get(path, 'navigate'), origin)).toEqual({ kind: 'page' });
    }
    expect(routeFetch(get('/assets/shell-1a2b.js', 'cors'), origin)).toEqual({ kind: 'asset' });
    expect(routeFetch(get('/_i18n/zh/app.json'), origin)).toEqual({ kind: 'translations' });
    expect(routeFetch(get('/favicon.svg', 'no-cors'), origin)).toEqual({ kind: 'network' });
    expect(routeFetch({ ...get('/assets/x.js'), url: 'https://cdn.example/assets/x.js' }, origin)).toEqual({
      kind: 'network',
    });
  });
});

describe('audioSource', () => {
  it('serves a kept chapter whose grant holds from the downloads', () => {
    expect(audioSource({ grantExpiresAt: now + 1000, lapsed: false }, true, now)).toBe('downloads');
  });

  it('sends an expired or lapsed grant to the network', () => {
    expect(audioSource({ grantExpiresAt: now - 1, lapsed: false }, true, now)).toBe('network');
    expect(audioSource({ grantExpiresAt: now + 1000, lapsed: true }, true, now)).toBe('network');
  });

  it('sends a chapter that is not kept (or whose audio is missing) to the network', () => {
    expect(audioSource(null, false, now)).toBe('network');
    expect(audioSource({ grantExpiresAt: now + 1000, lapsed: false }, false, now)).toBe('network');
  });
});

describe('answerFromDownloads', () => {
  const audioRequest = (chapterId: number, range?: string) =>
    new Request(`${origin}/api/chapters/${chapterId}/audio?exp=1`, { headers: range ? { Range: range } : {} });

  it('answers a kept, valid chapter from the cache in the range asked for', async () => {
    const storage = installFakeCaches();
    await keepDownload(storage, downloadRecord(5, { bytes: 400 }));
    const response = await answerFromDownloads(audioRequest(5, 'bytes=100-199'), 5, now);
    expect(response?.status).toBe(206);
    expect(response?.headers.get('Content-Range')).toBe('bytes 100-199/400');
    expect(response?.headers.get('Content-Type')).toBe('audio/mpeg');
    expect((await response!.arrayBuffer()).byteLength).toBe(100);
  });

  it('leaves an expired or lapsed chapter to the network', async () => {
    const storage = installFakeCaches();
    await keepDownload(storage, downloadRecord(5, { grantExpiresAt: now - 1 }));
    await keepDownload(storage, downloadRecord(6, { lapsed: true }));
    expect(await answerFromDownloads(audioRequest(5), 5, now)).toBeNull();
    expect(await answerFromDownloads(audioRequest(6), 6, now)).toBeNull();
  });

  it('leaves a chapter that is not downloaded to the network', async () => {
    installFakeCaches();
    expect(await answerFromDownloads(audioRequest(9), 9, now)).toBeNull();
  });

  it('leaves everything to the network where there is no Cache Storage', async () => {
    expect(await answerFromDownloads(audioRequest(5), 5, now)).toBeNull();
  });
});
