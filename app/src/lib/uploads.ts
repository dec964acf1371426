// The console's one uploader: a file goes to the server in the tus 1.0 protocol (tus-js-client)
// in 2 MiB requests, resumes after a reload or a dropped connection, and answers the stored file.
// Loaded with the console pages only (vite.config.ts keeps it out of the first load).
import { DetailedError, Upload } from 'tus-js-client';
import type { UploadKind, UploadView } from '@/lib/api/types';
import { consoleApi } from '@/lib/console-api';
import { checkUploadFile, uploadRetryable } from '@/lib/core-pages';
import { ApiError, apiUrl, bearerToken, isErrorBody, pageLanguageHeaders } from '@/lib/http';

export const uploadEndpoint = '/api/admin/uploads';
/** One request's worth: the server gives a request 30 s, which 2 MiB fits on a slow line. */
export const chunkSize = 2 * 1024 * 1024;
/** The waits (ms) before each new try of a failed request; tus-js-client resumes where it stood. */
export const retryDelays = [0, 1000, 3000, 5000, 10000];

export interface UploadHandle {
  /** The upload as the server holds it once complete (with its stored `asset`); rejects with an `ApiError`. */
  done: Promise<UploadView>;
  /** Stops the upload and has the server throw away what arrived; `done` rejects with an AbortError. */
  abort: () => void;
  /** Stops sending but keeps what arrived, so the same file resumes later; `done` rejects likewise. */
  pause: () => void;
}

export interface UploadCallbacks {
  onProgress?: (sent: number, total: number) => void;
}

/**
 * A file refused before any byte is sent: its name or declared type is of no format the upload
 * accepts (core's `checkUploadFile`, the rule the server applies when an upload opens).
 */
export class RefusedFile extends Error {
  constructor(
    /** What rules it out: its extension (`.txt`) or declared type (`video/mp4`). */
    readonly found: string,
    /** The accepted extensions (`mp3, m4a, …`). */
    readonly accepted: string,
  ) {
    super(`Refused file type ${found}`);
    this.name = 'RefusedFile';
  }
}

/** Why `file` cannot be an upload of `kind`, or null when its bytes may decide. */
export function refusalOf(file: File, kind: UploadKind): RefusedFile | null {
  const check = checkUploadFile({ kind, fileName: file.name, fileType: file.type });
  return check.kind === 'refused' ? new RefusedFile(check.found, check.accepted) : null;
}

/**
 * Whether trying a failed upload again can succeed (core's `uploadRetryable`): a refused file
 * (its type, its size, unreadable bytes) cannot; a dropped line or a busy server can.
 */
export function canRetryUpload(error: unknown): boolean {
  if (error instanceof RefusedFile) return uploadRetryable({ statusCode: 415, code: 'unsupported_media_type' });
  if (error instanceof ApiError) return uploadRetryable({ statusCode: error.statusCode, code: error.code });
  return true;
}

/** Whether an upload's failure is the person stopping it (nothing to show). */
export const isCancelled = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The server's refusal as an `ApiError`: its JSON error body (`message`, and `fields.file` or
 * `fields.size` on what is wrong with the file), else the bare status; no answer at all is a
 * status-0 network error, as the JSON client reports it.
 */
export function uploadFailure(error: Error): ApiError {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response) {
    return new ApiError({ statusCode: 0, statusMessage: 'Network error', message: 'Network error', code: 'network' });
  }
  const statusCode = response.getStatus();
  let body: unknown = null;
  try {
    body = JSON.parse(response.getBody());
  } catch {
    // Not JSON (a proxy's page): the status alone.
  }
  if (isErrorBody(body)) return new ApiError(body);
  const message = typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : '';
  const fields =
    typeof body === 'object' && body !== null && 'fields' in body ? (body.fields as Record<string, string>) : null;
  return new ApiError({ statusCode, statusMessage: message, message, code: 'upload_refused', fields });
}

/** The id at the end of the upload's address (`…/api/admin/uploads/{id}`). */
function uploadId(url: string | null): string {
  const id = url?.split('?')[0].split('/').filter(Boolean).pop();
  if (!id) throw new ApiError({ statusCode: 0, statusMessage: 'No upload', message: 'No upload', code: 'network' });
  return id;
}

/** The finished upload from the server; one it did not keep fails with its reason. */
async function storedFile(url: string | null): Promise<UploadView> {
  const view = await consoleApi.upload(uploadId(url));
  if (view.status === 'complete' && view.asset) return view;
  const message = view.error ?? '';
  throw new ApiError({ statusCode: 422, statusMessage: message, message, code: 'upload_failed' });
}

/**
 * Starts sending `file` as an upload of `kind`, resuming an earlier try of the same file. A file
 * its name or declared type rules out fails at once with a `RefusedFile`, before any request.
 */
export function startUpload(file: File, kind: UploadKind, { onProgress }: UploadCallbacks = {}): UploadHandle {
  const refused = refusalOf(file, kind);
  if (refused) return { done: Promise.reject(refused), abort: () => undefined, pause: () => undefined };
  let resolve!: (view: UploadView) => void;
  let reject!: (error: unknown) => void;
  const done = new Promise<UploadView>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  let stopped = false;

  const upload: Upload = new Upload(file, {
    endpoint: apiUrl(uploadEndpoint),
    chunkSize,
    retryDelays,
    // The server refuses a name or type of no accepted format as the upload opens (415).
    metadata: { filename: file.name, kind, filetype: file.type },
    // The same file sent as another kind is another upload.
    fingerprint: async (chosen) =>
      ['tingshu', kind, chosen.name, chosen.type, chosen.size, chosen.lastModified, uploadEndpoint].join('-'),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onBeforeRequest: async (request) => {
      const token = await bearerToken();
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
      // The server words its refusals in the page's language.
      for (const [name, value] of Object.entries(pageLanguageHeaders())) request.setHeader(name, value);
    },
    onProgress: (sent, total) => onProgress?.(sent, total),
    onSuccess: () => void storedFile(upload.url).then(resolve, reject),
    onError: (error) => reject(uploadFailure(error)),
  });

  const begin = async () => {
    // A file sent before (then the page reloaded or the line dropped) goes on where it stood.
    const previous = await upload.findPreviousUploads().catch(() => []);
    if (stopped) return;
    if (previous.length > 0) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  };
  void begin();

  const stop = (terminate: boolean) => {
    if (stopped) return;
    stopped = true;
    upload.abort(terminate).catch((error: unknown) => console.warn('Could not cancel the upload on the server', error));
    reject(new DOMException('Upload stopped', 'AbortError'));
  };
  return { done, abort: () => stop(true), pause: () => stop(false) };
}
