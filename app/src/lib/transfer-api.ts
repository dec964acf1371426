// The console's import and export (books and chapters: manage:books; users: manage:users). An
// import sends the file's own bytes, not JSON, and is followed as a job; an export is read as a
// stream so its page can show how many rows have arrived.
import type { ApiData } from '@/lib/api/types';
import { ApiError, apiUrl, authRequest, bearerToken, isErrorBody, pageLanguageHeaders } from '@/lib/http';

export type ImportJob = ApiData<'/api/admin/import/{id}', 'get'>;
export type ExportKind = 'books' | 'chapters' | 'users';
export type ExportFormat = 'csv' | 'json';

/** The JSON error of a failed answer as an `ApiError` (the bare status when there is none). */
async function failure(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isErrorBody(body)) return new ApiError(body);
  const message = response.statusText || String(response.status);
  return new ApiError({ statusCode: response.status, statusMessage: message, message, code: 'http' });
}

async function authorized(): Promise<Record<string, string>> {
  const token = await bearerToken();
  return {
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...pageLanguageHeaders(),
  };
}

/** Starts importing `file` (a dry run when `dryRun`); answers the job as it starts. */
export async function startImport(file: File, dryRun: boolean): Promise<ImportJob> {
  const response = await fetch(apiUrl(`/api/admin/import?dryRun=${dryRun}`), {
    method: 'POST',
    headers: { ...(await authorized()), 'Content-Type': file.type || 'text/csv' },
    body: file,
  });
  if (!response.ok) throw await failure(response);
  const envelope = (await response.json()) as { data: ImportJob };
  return envelope.data;
}

/** The job as it stands. */
export const importJob = (id: string) => authRequest<ImportJob>('GET', `/api/admin/import/${encodeURIComponent(id)}`);

/**
 * Downloads an export, calling `onRows(received, total)` as rows arrive (each row is one line
 * in both formats); answers the file as a Blob with its name.
 */
export async function downloadExport(
  kind: ExportKind,
  format: ExportFormat,
  onRows: (received: number, total: number) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; name: string }> {
  const response = await fetch(apiUrl(`/api/admin/export/${kind}?format=${format}`), {
    headers: await authorized(),
    signal,
  });
  if (!response.ok) throw await failure(response);
  const total = Number(response.headers.get('x-total-count') ?? 0);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${kind}.${format}`;
  const parts: Uint8Array[] = [];
  let lines = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    for (const byte of value) if (byte === 10) lines += 1;
    // The CSV header and the JSON brackets are lines too.
    onRows(Math.min(Math.max(lines - 1, 0), total), total);
  }
  onRows(total, total);
  const type = format === 'csv' ? 'text/csv' : 'application/json';
  return { blob: new Blob(parts as BlobPart[], { type }), name };
}
