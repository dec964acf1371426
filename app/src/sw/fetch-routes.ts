// The service worker's decisions, kept pure so they can be tested without a worker: which
// strategy answers a request, and whether a chapter's audio comes from the downloads.
import { downloadPlayable, type DownloadRecord } from '@/lib/downloads/download-cache';

export type FetchRoute =
  /** A chapter's audio: from the downloads when kept and playable, else the network. */
  | { kind: 'audio'; chapterId: number }
  /** A page: the network first, the stored app page when offline. */
  | { kind: 'page' }
  /** A hashed build file (never changes): the cache first, filled as they are fetched. */
  | { kind: 'asset' }
  /** A translation file: the cached copy at once, refreshed from the network behind it. */
  | { kind: 'translations' }
  /** Anything else, every other API call included: left to the browser, never cached. */
  | { kind: 'network' };

/** What the decision reads of a request (a `Request` has all of it). */
export interface RequestFacts {
  method: string;
  url: string;
  mode: RequestMode;
}

const chapterAudio = /\/api\/chapters\/(\d+)\/audio$/;

/** The chapter whose audio `url` addresses (any query, any API host), or null. */
export function audioChapterId(url: string): number | null {
  const match = chapterAudio.exec(new URL(url).pathname);
  return match ? Number(match[1]) : null;
}

/** How the service worker at `origin` answers a request. */
export function routeFetch(request: RequestFacts, origin: string): FetchRoute {
  if (request.method !== 'GET') return { kind: 'network' };
  const chapterId = audioChapterId(request.url);
  if (chapterId !== null) return { kind: 'audio', chapterId };
  const url = new URL(request.url);
  if (url.origin !== origin || url.pathname.startsWith('/api/')) return { kind: 'network' };
  if (request.mode === 'navigate') return { kind: 'page' };
  if (url.pathname.startsWith('/assets/')) return { kind: 'asset' };
  if (url.pathname.startsWith('/_i18n/')) return { kind: 'translations' };
  return { kind: 'network' };
}

/**
 * Where a chapter's audio comes from: the downloads when it is kept (record and audio both
 * there) and its grant still holds; otherwise the network, which refuses once membership lapsed.
 */
export function audioSource(
  record: Pick<DownloadRecord, 'grantExpiresAt' | 'lapsed'> | null,
  hasAudio: boolean,
  nowMs: number,
): 'downloads' | 'network' {
  return record !== null && hasAudio && downloadPlayable(record, nowMs) ? 'downloads' : 'network';
}
