// Offline-download answers and kept downloads for tests, typed by the contract (`lib/api/types`).
import type { DownloadGrant, DownloadItem } from '@/lib/api/types';
import { audioKey, downloadsCacheName, recordKey, type DownloadRecord } from '@/lib/downloads/download-cache';
import type { FakeCacheStorage } from './fake-caches';

const day = 24 * 60 * 60 * 1000;

export function downloadItem(chapterId: number, patch: Partial<DownloadItem> = {}): DownloadItem {
  return {
    chapterId,
    bookId: 7,
    index: chapterId,
    title: `第${chapterId}章`,
    titleLang: 'zh',
    durationSecs: 125,
    bytes: 1000,
    mime: 'audio/mpeg',
    url: `/api/chapters/${chapterId}/audio?exp=1&uid=2&sig=abc`,
    ...patch,
  };
}

export function downloadGrant(items: DownloadItem[], patch: Partial<DownloadGrant> = {}): DownloadGrant {
  return {
    bookId: 7,
    bookTitle: '书7',
    bookTitleLang: 'zh',
    grantExpiresAt: Date.now() + 7 * day,
    items,
    refused: [],
    ...patch,
  };
}

export function downloadRecord(chapterId: number, patch: Partial<DownloadRecord> = {}): DownloadRecord {
  const { url: _url, ...item } = downloadItem(chapterId);
  return {
    ...item,
    bookTitle: '书7',
    grantExpiresAt: Date.now() + 7 * day,
    savedAt: Date.now(),
    lapsed: false,
    ...patch,
  };
}

/** `size` bytes of fake audio (0, 1, 2, … 255, 0, …). */
export const audioBytes = (size: number) => Uint8Array.from({ length: size }, (_, index) => index % 256);

/** Puts a downloaded chapter (record and `record.bytes` of audio) into the fake Cache Storage. */
export async function keepDownload(storage: FakeCacheStorage, record: DownloadRecord): Promise<void> {
  const cache = await storage.open(downloadsCacheName);
  await cache.put(
    audioKey(record.chapterId),
    new Response(audioBytes(record.bytes), { headers: { 'Content-Type': record.mime } }),
  );
  await cache.put(recordKey(record.chapterId), new Response(JSON.stringify(record)));
}
