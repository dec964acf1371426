// Where offline downloads live in Cache Storage, shared by the app (which writes them), the player
// (which reads them to play without the server) and the service worker (which serves the audio):
// one cache holding, per chapter, the full audio file and a small JSON record of what was granted.
import type { DownloadGrant, DownloadItem } from '@/lib/api/types';

/** The cache of kept audio. Versioned, and never deleted when the service worker updates. */
export const downloadsCacheName = 'tingshu-downloads-v1';

const audioPrefix = '/offline/audio/';
const recordPrefix = '/offline/record/';

/** The cache key of a chapter's stored audio. */
export const audioKey = (chapterId: number) => `${audioPrefix}${chapterId}`;
/** The cache key of a chapter's record. */
export const recordKey = (chapterId: number) => `${recordPrefix}${chapterId}`;

/** What is kept with a downloaded chapter: the item as granted, and until when it may play offline. */
export type DownloadRecord = Pick<
  DownloadItem,
  'chapterId' | 'bookId' | 'index' | 'title' | 'durationSecs' | 'bytes' | 'mime'
> &
  Pick<DownloadGrant, 'bookTitle' | 'grantExpiresAt'> & {
    /** When the audio was stored (ms since the epoch). */
    savedAt: number;
    /** A renewal was refused because the membership lapsed: no longer played, until renewed. */
    lapsed: boolean;
  };

/** Whether a kept chapter may be played offline now: its grant has not run out nor been refused since. */
export function downloadPlayable(record: Pick<DownloadRecord, 'grantExpiresAt' | 'lapsed'>, nowMs: number): boolean {
  return !record.lapsed && record.grantExpiresAt > nowMs;
}

/** Whether this browser has Cache Storage (not in every private mode, nor on plain http). */
export function downloadsSupported(): boolean {
  return typeof caches !== 'undefined';
}

export function openDownloads(): Promise<Cache> {
  return caches.open(downloadsCacheName);
}

function isRecord(value: unknown): value is DownloadRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.chapterId === 'number' &&
    typeof record.bookId === 'number' &&
    typeof record.grantExpiresAt === 'number' &&
    typeof record.title === 'string'
  );
}

async function readJson(response: Response | undefined): Promise<DownloadRecord | null> {
  if (!response) return null;
  try {
    const value: unknown = await response.json();
    return isRecord(value) ? { ...value, lapsed: value.lapsed === true } : null;
  } catch {
    return null;
  }
}

/** A chapter's record, or null when it is not downloaded. */
export async function readRecord(chapterId: number, cache?: Cache): Promise<DownloadRecord | null> {
  return readJson(await (cache ?? (await openDownloads())).match(recordKey(chapterId)));
}

/** Book by book (by title), then in chapter order. */
export function compareRecords(a: DownloadRecord, b: DownloadRecord): number {
  return a.bookTitle.localeCompare(b.bookTitle) || a.bookId - b.bookId || a.index - b.index;
}

/** Every kept record, book by book and in chapter order. */
export async function listRecords(cache?: Cache): Promise<DownloadRecord[]> {
  const store = cache ?? (await openDownloads());
  const keys = (await store.keys()).filter((request) => new URL(request.url).pathname.startsWith(recordPrefix));
  const records = await Promise.all(keys.map(async (request) => readJson(await store.match(request))));
  return records.filter((record): record is DownloadRecord => record !== null).sort(compareRecords);
}

/** Rewrites records (a renewed or refused grant); the audio stays as it is. */
export async function writeRecords(records: DownloadRecord[], cache?: Cache): Promise<void> {
  const store = cache ?? (await openDownloads());
  await Promise.all(
    records.map((record) =>
      store.put(
        recordKey(record.chapterId),
        new Response(JSON.stringify(record), { headers: { 'Content-Type': 'application/json' } }),
      ),
    ),
  );
}

/**
 * Keeps a chapter: the audio first, then its record, so a record always has its audio (the
 * service worker serves a chapter only when both are there).
 */
export async function storeDownload(record: DownloadRecord, audio: Response, cache?: Cache): Promise<void> {
  const store = cache ?? (await openDownloads());
  await store.put(audioKey(record.chapterId), audio);
  await writeRecords([record], store);
}

/** Forgets chapters: the records first, so nothing points at audio that is being deleted. */
export async function deleteDownloads(chapterIds: number[], cache?: Cache): Promise<void> {
  const store = cache ?? (await openDownloads());
  await Promise.all(chapterIds.map((id) => store.delete(recordKey(id))));
  await Promise.all(chapterIds.map((id) => store.delete(audioKey(id))));
}
