// The downloads as the app manages them (one store for the whole visit, so the book page and the
// downloads page show the same transfers): asks the server for a grant, fetches the granted audio
// two chapters at a time into Cache Storage with per-chapter progress, removes downloads, renews
// grants while online (a lapsed membership marks them lapsed) and reports the storage used.
import type { DownloadGrant, DownloadItem, DownloadRequest } from '@/lib/api/types';
import { ApiError, retryableStatuses } from '@/lib/http';
import { keepAppOffline } from '@/sw/register';
import {
  compareRecords,
  deleteDownloads,
  downloadsSupported,
  listRecords,
  storeDownload,
  writeRecords,
  type DownloadRecord,
} from './download-cache';
import { downloadsApi, isPremiumRequired } from './downloads-api';
import { fetchAudio } from './fetch-audio';

/** Chapters fetched at the same time. */
export const parallelDownloads = 2;
/** The most chapters one request may name (the server's limit). */
const chaptersPerRequest = 500;

/** The pauses before fetching a chapter again after a passing failure (the network dropped, 5xx). */
export const transientRetryDelaysMs = [500, 2000];

/** Whether fetching again may succeed: the network failed, or the server answered a passing status. */
function isTransient(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return error instanceof ApiError && retryableStatuses.has(error.statusCode);
}

/** The audio of `item`, fetched again after a passing failure while the download is still wanted. */
async function fetchAudioPatiently(
  item: DownloadItem,
  onBytes: (received: number) => void,
  signal: AbortSignal,
): Promise<Response> {
  for (const delay of [...transientRetryDelaysMs, null]) {
    try {
      return await fetchAudio(item, onBytes, signal);
    } catch (error) {
      if (delay === null || signal.aborted || !isTransient(error)) throw error;
      console.warn(`Fetching chapter ${item.chapterId} again in ${delay} ms`, error);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  throw new Error('unreachable');
}

export type TransferStatus = 'queued' | 'downloading' | 'failed';

/** A chapter on its way into the downloads. */
export interface Transfer extends Pick<DownloadRecord, 'chapterId' | 'bookId' | 'bookTitle' | 'title' | 'index'> {
  received: number;
  /** The file's size as granted. */
  total: number;
  status: TransferStatus;
}

export interface StorageUse {
  usage: number;
  quota: number;
}

export interface DownloadsState {
  /** Cache Storage is usable in this browser. */
  supported: boolean;
  /** The kept downloads have been read. */
  loaded: boolean;
  records: DownloadRecord[];
  transfers: Transfer[];
  /** What the browser reports of this site's storage, when it does. */
  storage: StorageUse | null;
}

/** What a renewal came to. */
export type RenewOutcome = 'renewed' | 'lapsed' | 'skipped';

interface Job {
  item: DownloadItem;
  grant: DownloadGrant;
  controller: AbortController;
}

const initialState = (): DownloadsState => ({
  supported: downloadsSupported(),
  loaded: false,
  records: [],
  transfers: [],
  storage: null,
});

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

const percentOf = (received: number, total: number) => (total > 0 ? Math.floor((received / total) * 100) : 0);

export class DownloadManager {
  private state: DownloadsState = initialState();
  private readonly listeners = new Set<() => void>();
  private queue: Job[] = [];
  private readonly running = new Map<number, Job>();
  private loading: Promise<void> | null = null;
  private renewing: Promise<RenewOutcome> | null = null;
  private persistenceAsked = false;

  getSnapshot = (): DownloadsState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<DownloadsState>): void {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((listener) => listener());
  }

  private patchTransfer(chapterId: number, patch: Partial<Transfer>): void {
    this.set({
      transfers: this.state.transfers.map((transfer) =>
        transfer.chapterId === chapterId ? { ...transfer, ...patch } : transfer,
      ),
    });
  }

  private keep(records: DownloadRecord[]): void {
    const changed = new Map(records.map((record) => [record.chapterId, record]));
    const others = this.state.records.filter((record) => !changed.has(record.chapterId));
    this.set({ records: [...others, ...changed.values()].sort(compareRecords) });
  }

  // --- reading ----------------------------------------------------------------------------

  /** Reads the kept downloads and the storage figures (once; `again` reads them anew). */
  load(again = false): Promise<void> {
    if (!this.state.supported) return Promise.resolve();
    if (this.loading && !again) return this.loading;
    this.loading = (async () => {
      try {
        this.set({ records: await listRecords(), loaded: true });
      } catch (error) {
        console.warn('Could not read the downloads', error);
        this.set({ loaded: true });
      }
      await this.refreshStorage();
    })();
    return this.loading;
  }

  async refreshStorage(): Promise<void> {
    try {
      const estimate = await navigator.storage?.estimate?.();
      if (estimate && typeof estimate.usage === 'number' && typeof estimate.quota === 'number')
        this.set({ storage: { usage: estimate.usage, quota: estimate.quota } });
    } catch {
      // The figures stay unknown.
    }
  }

  /** The first download of the visit asks the browser not to evict the downloads under pressure. */
  private askPersistence(): void {
    if (this.persistenceAsked) return;
    this.persistenceAsked = true;
    navigator.storage?.persist?.().catch(() => false);
  }

  // --- downloading ------------------------------------------------------------------------

  /**
   * Downloads a book (every published chapter with audio) or chosen chapters of it. Resolves with
   * the grant once the transfers are queued; rejects with the server's refusal (403
   * `premium_required` also marks what is kept as lapsed).
   */
  async download(request: DownloadRequest): Promise<DownloadGrant> {
    if (!this.state.supported) throw new Error('This browser has no Cache Storage to keep downloads in');
    this.askPersistence();
    let grant: DownloadGrant;
    try {
      grant = await downloadsApi.grant(request);
    } catch (error) {
      if (isPremiumRequired(error)) await this.markLapsed();
      throw error;
    }
    keepAppOffline();
    await this.load();
    const kept = new Set(this.state.records.map((record) => record.chapterId));
    await this.applyGrant(grant);
    const waiting = new Set(this.queue.map((job) => job.item.chapterId));
    const fresh = grant.items.filter(
      (item) => !kept.has(item.chapterId) && !this.running.has(item.chapterId) && !waiting.has(item.chapterId),
    );
    if (fresh.length === 0) return grant;
    const freshIds = new Set(fresh.map((item) => item.chapterId));
    const transfers: Transfer[] = fresh.map((item) => ({
      chapterId: item.chapterId,
      bookId: item.bookId,
      bookTitle: grant.bookTitle,
      title: item.title,
      index: item.index,
      received: 0,
      total: item.bytes,
      status: 'queued',
    }));
    this.set({
      transfers: [...this.state.transfers.filter((transfer) => !freshIds.has(transfer.chapterId)), ...transfers],
    });
    this.queue.push(...fresh.map((item) => ({ item, grant, controller: new AbortController() })));
    this.pump();
    return grant;
  }

  /** Downloads a failed chapter again (with a fresh grant). */
  retry(chapterId: number): Promise<DownloadGrant> | null {
    const transfer = this.state.transfers.find((entry) => entry.chapterId === chapterId);
    return transfer ? this.download({ bookId: transfer.bookId, chapterIds: [chapterId] }) : null;
  }

  private pump(): void {
    while (this.running.size < parallelDownloads && this.queue.length > 0) {
      const job = this.queue.shift()!;
      const chapterId = job.item.chapterId;
      this.running.set(chapterId, job);
      void this.transfer(job).finally(() => {
        this.running.delete(chapterId);
        this.pump();
      });
    }
  }

  private onBytes(chapterId: number, received: number): void {
    const transfer = this.state.transfers.find((entry) => entry.chapterId === chapterId);
    // One update per percent: a large file arrives in thousands of pieces.
    if (transfer && percentOf(received, transfer.total) !== percentOf(transfer.received, transfer.total))
      this.patchTransfer(chapterId, { received });
  }

  private async transfer({ item, grant, controller }: Job): Promise<void> {
    const { chapterId } = item;
    this.patchTransfer(chapterId, { status: 'downloading' });
    try {
      const audio = await fetchAudioPatiently(item, (received) => this.onBytes(chapterId, received), controller.signal);
      const record: DownloadRecord = {
        chapterId,
        bookId: item.bookId,
        index: item.index,
        title: item.title,
        durationSecs: item.durationSecs,
        bytes: item.bytes,
        mime: item.mime,
        bookTitle: grant.bookTitle,
        grantExpiresAt: grant.grantExpiresAt,
        savedAt: Date.now(),
        lapsed: false,
      };
      await storeDownload(record, audio);
      if (controller.signal.aborted) {
        // Removed while the last bytes were being stored.
        await deleteDownloads([chapterId]);
        return;
      }
      this.keep([record]);
      this.set({ transfers: this.state.transfers.filter((transfer) => transfer.chapterId !== chapterId) });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn(`Could not download chapter ${chapterId}`, error);
      this.patchTransfer(chapterId, { status: 'failed' });
    }
    void this.refreshStorage();
  }

  // --- removing ---------------------------------------------------------------------------

  /** Removes chapters from the downloads, stopping their transfers. */
  async remove(chapterIds: number[]): Promise<void> {
    const ids = new Set(chapterIds);
    this.queue = this.queue.filter((job) => !ids.has(job.item.chapterId));
    for (const id of ids) this.running.get(id)?.controller.abort();
    this.set({
      records: this.state.records.filter((record) => !ids.has(record.chapterId)),
      transfers: this.state.transfers.filter((transfer) => !ids.has(transfer.chapterId)),
    });
    if (this.state.supported) await deleteDownloads([...ids]);
    await this.refreshStorage();
  }

  removeBook(bookId: number): Promise<void> {
    const { records, transfers } = this.state;
    const ids = [...records, ...transfers].filter((entry) => entry.bookId === bookId).map((entry) => entry.chapterId);
    return this.remove(ids);
  }

  removeAll(): Promise<void> {
    const { records, transfers } = this.state;
    return this.remove([...records, ...transfers].map((entry) => entry.chapterId));
  }

  // --- grants -----------------------------------------------------------------------------

  /** A grant's new expiry for the chapters already kept (and no longer lapsed). */
  private async applyGrant(grant: DownloadGrant): Promise<void> {
    const items = new Map(grant.items.map((item) => [item.chapterId, item]));
    const renewed = this.state.records
      .filter((record) => items.has(record.chapterId))
      .map((record) => ({
        ...record,
        title: items.get(record.chapterId)!.title,
        bookTitle: grant.bookTitle,
        grantExpiresAt: grant.grantExpiresAt,
        lapsed: false,
      }));
    if (renewed.length === 0) return;
    await writeRecords(renewed);
    this.keep(renewed);
  }

  /** The membership lapsed: every kept chapter stops playing (the service worker reads the mark). */
  private async markLapsed(): Promise<void> {
    await this.load();
    const lapsed = this.state.records.filter((record) => !record.lapsed).map((record) => ({ ...record, lapsed: true }));
    if (lapsed.length === 0) return;
    await writeRecords(lapsed);
    this.keep(lapsed);
  }

  /**
   * Asks again for the grant of every kept chapter, book by book, while online: a new expiry, or,
   * when the server answers 403 `premium_required`, everything marked lapsed. Signed out or
   * offline, nothing changes. Chapters the server refuses keep their grant until it runs out.
   */
  renew(): Promise<RenewOutcome> {
    this.renewing ??= this.runRenewal().finally(() => {
      this.renewing = null;
    });
    return this.renewing;
  }

  private async runRenewal(): Promise<RenewOutcome> {
    if (!navigator.onLine) return 'skipped';
    await this.load();
    const byBook = new Map<number, number[]>();
    for (const record of this.state.records)
      byBook.set(record.bookId, [...(byBook.get(record.bookId) ?? []), record.chapterId]);
    for (const [bookId, chapterIds] of byBook) {
      for (const part of chunks(chapterIds, chaptersPerRequest)) {
        try {
          await this.applyGrant(await downloadsApi.grant({ bookId, chapterIds: part }));
        } catch (error) {
          if (isPremiumRequired(error)) {
            await this.markLapsed();
            return 'lapsed';
          }
          if (error instanceof ApiError && (error.statusCode === 0 || error.statusCode === 401)) return 'skipped';
          console.warn(`Could not renew the downloads of book ${bookId}`, error);
        }
      }
    }
    return 'renewed';
  }

  // --- tests ------------------------------------------------------------------------------

  /** Back to a fresh page load (tests). */
  reset(): void {
    for (const job of this.running.values()) job.controller.abort();
    this.running.clear();
    this.queue = [];
    this.loading = null;
    this.renewing = null;
    this.persistenceAsked = false;
    this.state = initialState();
    this.listeners.forEach((listener) => listener());
  }
}

/** The app's one downloads store. */
export const downloads = new DownloadManager();
