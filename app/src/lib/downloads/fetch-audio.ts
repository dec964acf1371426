// A granted chapter's audio fetched from its signed address, as a body that counts the bytes
// passing through: storing it in Cache Storage drives a progress bar without holding the file
// in memory. Through the anti-crawler's inspection: audio is one of the budgeted endpoints.
import type { DownloadItem } from '@/lib/api/types';
import { ApiError, apiUrl, challengeFetch } from '@/lib/http';

function counted(body: ReadableStream<Uint8Array>, onBytes: (received: number) => void): ReadableStream<Uint8Array> {
  let received = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        onBytes(received);
        controller.enqueue(chunk);
      },
    }),
  );
}

/** The audio as a response to store; `onBytes` hears the bytes received so far as they are read. */
export async function fetchAudio(
  item: Pick<DownloadItem, 'url' | 'mime'>,
  onBytes: (received: number) => void,
  signal?: AbortSignal,
): Promise<Response> {
  const response = await challengeFetch(apiUrl(item.url), { signal });
  if (response.status !== 200) {
    const statusMessage = response.statusText || 'Download failed';
    throw new ApiError({ statusCode: response.status, statusMessage, message: statusMessage, code: 'download_failed' });
  }
  const headers = { 'Content-Type': response.headers.get('Content-Type') || item.mime };
  if (response.body) return new Response(counted(response.body, onBytes), { headers });
  const blob = await response.blob();
  onBytes(blob.size);
  return new Response(blob, { headers });
}
