// The downloads store: the grant asked for, the audio fetched two at a time with per-chapter
// progress and kept with its record, failures and retries, removal, and renewal (a new expiry, or
// everything lapsed when the membership ended).
import { waitFor } from '@testing-library/react';
import type { DownloadItem } from '@/lib/api/types';
import { audioBytes, downloadGrant, downloadItem, downloadRecord, keepDownload } from '@/testing/download-fixtures';
import { installFakeCaches, type FakeCacheStorage } from '@/testing/fake-caches';
import { apiError, mockFetch, ok, type Call } from '@/testing/fetch';
import { audioKey, downloadsCacheName, readRecord, recordKey } from './download-cache';
import { downloads } from './download-manager';

const day = 24 * 60 * 60 * 1000;

/** An audio answer whose body arrives in `pieces` equal chunks, each when the test says so. */
function trickle(bytes: number, pieces: number) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const data = audioBytes(bytes);
  const size = Math.ceil(bytes / pieces);
  let sent = 0;
  return {
    response: new Response(body, { headers: { 'Content-Type': 'audio/mpeg' } }),
    next() {
      controller.enqueue(data.slice(sent, sent + size));
      sent += size;
      if (sent >= bytes) controller.close();
    },
  };
}

const audioOf = (item: DownloadItem) => () =>
  new Response(audioBytes(item.bytes), { headers: { 'Content-Type': item.mime } });

let storage: FakeCacheStorage;

beforeEach(() => {
  storage = installFakeCaches();
  downloads.reset();
});

afterEach(() => downloads.reset());

async function kept(): Promise<string[]> {
  return (await storage.open(downloadsCacheName)).paths();
}

describe('downloads store', () => {
  it('asks for the book, fetches the audio with progress and keeps it with its record', async () => {
    const item = downloadItem(5, { bytes: 400 });
    const grant = downloadGrant([item]);
    const audio = trickle(400, 4);
    const { callsTo } = mockFetch({
      'POST /api/me/downloads': ok(grant),
      'GET /api/chapters/5/audio': () => audio.response,
    });
    const seen: number[] = [];
    const unsubscribe = downloads.subscribe(() => {
      const transfer = downloads.getSnapshot().transfers.find((entry) => entry.chapterId === 5);
      if (transfer && seen.at(-1) !== transfer.received) seen.push(transfer.received);
    });

    await downloads.download({ bookId: 7 });
    expect(callsTo('POST', '/api/me/downloads')[0].body).toEqual({ bookId: 7 });
    await waitFor(() => expect(downloads.getSnapshot().transfers[0]?.status).toBe('downloading'));
    expect(callsTo('GET', '/api/chapters/5/audio?exp=1&uid=2&sig=abc')).toHaveLength(1);
    for (let piece = 0; piece < 4; piece += 1) {
      audio.next();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await waitFor(() => expect(downloads.getSnapshot().records).toHaveLength(1));
    unsubscribe();

    expect(seen).toEqual([0, 100, 200, 300, 400]);
    expect(downloads.getSnapshot().transfers).toEqual([]);
    expect(await kept()).toEqual([audioKey(5), recordKey(5)]);
    const record = await readRecord(5);
    expect(record).toMatchObject({
      chapterId: 5,
      bookId: 7,
      bookTitle: '书7',
      title: '第5章',
      index: 5,
      durationSecs: 125,
      bytes: 400,
      mime: 'audio/mpeg',
      grantExpiresAt: grant.grantExpiresAt,
      lapsed: false,
    });
    expect(record?.savedAt).toEqual(expect.any(Number));
    const stored = await (await storage.open(downloadsCacheName)).match(audioKey(5));
    expect((await stored!.arrayBuffer()).byteLength).toBe(400);
  });

  it('fetches two chapters at a time and asks once for the browser to keep them', async () => {
    const items = [1, 2, 3].map((id) => downloadItem(id));
    const persist = vi.fn(() => Promise.resolve(true));
    Object.defineProperty(navigator, 'storage', { value: { persist }, configurable: true });
    let open = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const slow = (item: DownloadItem) => () =>
      new Promise<Response>((resolve) => {
        open += 1;
        most = Math.max(most, open);
        releases.push(() => {
          open -= 1;
          resolve(audioOf(item)());
        });
      });
    mockFetch({
      'POST /api/me/downloads': ok(downloadGrant(items)),
      'GET /api/chapters/1/audio': slow(items[0]),
      'GET /api/chapters/2/audio': slow(items[1]),
      'GET /api/chapters/3/audio': slow(items[2]),
    });

    await downloads.download({ bookId: 7, chapterIds: [1, 2, 3] });
    await downloads.download({ bookId: 7, chapterIds: [1, 2, 3] });
    await waitFor(() => expect(releases).toHaveLength(2));
    expect(downloads.getSnapshot().transfers.map((transfer) => transfer.status)).toEqual([
      'downloading',
      'downloading',
      'queued',
    ]);
    releases.shift()!();
    await waitFor(() => expect(releases).toHaveLength(2));
    releases.splice(0).forEach((release) => release());
    await waitFor(() => expect(downloads.getSnapshot().records).toHaveLength(3));
    expect(most).toBe(2);
    expect(persist).toHaveBeenCalledTimes(1);
    Reflect.deleteProperty(navigator, 'storage');
  });

  it('fetches a chapter again by itself after the network dropped once', async () => {
    const item = downloadItem(5);
    const { callsTo } = mockFetch({
      'POST /api/me/downloads': ok(downloadGrant([item])),
      'GET /api/chapters/5/audio': [() => Promise.reject(new TypeError('Failed to fetch')), audioOf(item)],
    });
    await downloads.download({ bookId: 7 });
    await waitFor(() => expect(downloads.getSnapshot().records).toHaveLength(1), { timeout: 3000 });
    expect(callsTo('GET', '/api/chapters/5/audio?exp=1&uid=2&sig=abc')).toHaveLength(2);
    expect(downloads.getSnapshot().transfers).toEqual([]);
  });

  it('keeps a failed chapter as failed, and downloads it again on retry', async () => {
    const item = downloadItem(5);
    const dropped = () => Promise.reject(new TypeError('Failed to fetch'));
    const { callsTo } = mockFetch({
      'POST /api/me/downloads': ok(downloadGrant([item])),
      'GET /api/chapters/5/audio': [dropped, dropped, dropped, audioOf(item)],
    });
    await downloads.download({ bookId: 7 });
    await waitFor(() => expect(downloads.getSnapshot().transfers[0]?.status).toBe('failed'), { timeout: 5000 });
    expect(await kept()).toEqual([]);

    await downloads.retry(5);
    await waitFor(() => expect(downloads.getSnapshot().records).toHaveLength(1));
    expect(callsTo('POST', '/api/me/downloads')[1].body).toEqual({ bookId: 7, chapterIds: [5] });
    expect(downloads.getSnapshot().transfers).toEqual([]);
  });

  it('does not fetch a chapter it keeps again, but renews its grant', async () => {
    await keepDownload(storage, downloadRecord(5, { grantExpiresAt: Date.now() + day }));
    const later = Date.now() + 7 * day;
    const { callsTo } = mockFetch({
      'POST /api/me/downloads': ok(downloadGrant([downloadItem(5)], { grantExpiresAt: later })),
    });
    await downloads.download({ bookId: 7 });
    expect(callsTo('GET', '/api/chapters/5/audio?exp=1&uid=2&sig=abc')).toHaveLength(0);
    expect((await readRecord(5))?.grantExpiresAt).toBe(later);
  });

  it('removes a chapter, a book, and everything', async () => {
    await keepDownload(storage, downloadRecord(1));
    await keepDownload(storage, downloadRecord(2));
    await keepDownload(storage, downloadRecord(31, { bookId: 8, bookTitle: '书8' }));
    await keepDownload(storage, downloadRecord(32, { bookId: 8, bookTitle: '书8' }));
    await downloads.load();
    expect(downloads.getSnapshot().records).toHaveLength(4);

    await downloads.remove([1]);
    expect(await kept()).not.toContain(audioKey(1));
    expect(await kept()).not.toContain(recordKey(1));
    await downloads.removeBook(8);
    expect(await kept()).toEqual([audioKey(2), recordKey(2)]);
    expect(downloads.getSnapshot().records.map((record) => record.chapterId)).toEqual([2]);
    await downloads.removeAll();
    expect(await kept()).toEqual([]);
    expect(downloads.getSnapshot().records).toEqual([]);
  });

  it('renews every kept book with its chapters', async () => {
    await keepDownload(storage, downloadRecord(1, { grantExpiresAt: Date.now() + day }));
    await keepDownload(storage, downloadRecord(2, { grantExpiresAt: Date.now() + day }));
    await keepDownload(storage, downloadRecord(31, { bookId: 8, bookTitle: '书8' }));
    const later = Date.now() + 7 * day;
    const { callsTo } = mockFetch({
      'POST /api/me/downloads': (call: Call) => {
        const { bookId, chapterIds } = call.body as { bookId: number; chapterIds: number[] };
        return ok(
          downloadGrant(
            chapterIds.map((id) => downloadItem(id, { bookId })),
            { bookId, grantExpiresAt: later },
          ),
        );
      },
    });
    expect(await downloads.renew()).toBe('renewed');
    expect(callsTo('POST', '/api/me/downloads').map((call) => call.body)).toEqual([
      { bookId: 7, chapterIds: [1, 2] },
      { bookId: 8, chapterIds: [31] },
    ]);
    expect((await readRecord(2))?.grantExpiresAt).toBe(later);
    expect(downloads.getSnapshot().records.every((record) => record.grantExpiresAt === later)).toBe(true);
  });

  it('marks everything lapsed when a renewal answers premium_required', async () => {
    await keepDownload(storage, downloadRecord(1));
    await keepDownload(storage, downloadRecord(31, { bookId: 8, bookTitle: '书8' }));
    mockFetch({ 'POST /api/me/downloads': apiError(403, 'premium_required', '需要会员') });
    expect(await downloads.renew()).toBe('lapsed');
    expect(downloads.getSnapshot().records.map((record) => record.lapsed)).toEqual([true, true]);
    // The service worker reads the mark from the cache.
    expect((await readRecord(1))?.lapsed).toBe(true);
    expect((await readRecord(31))?.lapsed).toBe(true);
  });

  it('changes nothing when a renewal cannot reach the server or the browser is offline', async () => {
    await keepDownload(storage, downloadRecord(1));
    const { callsTo } = mockFetch({ 'POST /api/me/downloads': () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await downloads.renew()).toBe('skipped');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await downloads.renew()).toBe('skipped');
    expect(callsTo('POST', '/api/me/downloads')).toHaveLength(1);
    expect((await readRecord(1))?.lapsed).toBe(false);
  });

  it('rejects a download the server refuses, marking what is kept lapsed', async () => {
    await keepDownload(storage, downloadRecord(1));
    mockFetch({ 'POST /api/me/downloads': apiError(403, 'premium_required', '需要会员') });
    await expect(downloads.download({ bookId: 7 })).rejects.toMatchObject({ code: 'premium_required' });
    expect((await readRecord(1))?.lapsed).toBe(true);
  });
});
