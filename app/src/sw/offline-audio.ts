// A kept chapter's audio as the service worker answers it: from the downloads cache, in the byte
// range the audio element asks for, and only while the chapter's grant holds.
import { audioKey, downloadsSupported, openDownloads, readRecord } from '@/lib/downloads/download-cache';
import { rangedResponse } from './byte-range';
import { audioSource } from './fetch-routes';

/** The stored answer to `request` for `chapterId`'s audio, or null when the network should answer. */
export async function answerFromDownloads(
  request: Request,
  chapterId: number,
  nowMs: number,
): Promise<Response | null> {
  if (!downloadsSupported()) return null;
  const cache = await openDownloads();
  const record = await readRecord(chapterId, cache);
  const audio = record ? await cache.match(audioKey(chapterId)) : undefined;
  if (!audio || audioSource(record, true, nowMs) !== 'downloads') return null;
  return rangedResponse(audio, request.headers.get('Range'));
}
