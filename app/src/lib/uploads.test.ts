// The uploader hands tus-js-client the console's options (endpoint, 2 MiB requests, retries,
// metadata, resuming, the bearer token), answers the stored file once the last byte is in, and
// turns the server's refusal into its own words.
import { authStore } from '@/features/auth/auth-store';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { asset, uploadView } from '@/testing/upload-fixtures';
import { users } from '@/testing/users';
import { ApiError } from '@/lib/http';
import type { HttpRequest, HttpResponse, PreviousUpload, UploadOptions } from 'tus-js-client';
import { RefusedFile, startUpload } from './uploads';

/** The uploads tus-js-client was asked to make, with the options each was given. */
const made: FakeUpload[] = [];
let previous: PreviousUpload[] = [];

class FakeUpload {
  url: string | null = null;
  readonly start = vi.fn();
  readonly abort = vi.fn(async (_terminate?: boolean) => undefined);
  readonly resumeFromPreviousUpload = vi.fn();
  readonly findPreviousUploads = vi.fn(async () => previous);
  constructor(
    readonly file: File,
    readonly options: UploadOptions,
  ) {
    made.push(this);
  }
}

vi.mock('tus-js-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('tus-js-client')>()),
  Upload: vi.fn(function (this: unknown, file: File, options: UploadOptions) {
    return new FakeUpload(file, options);
  }),
}));

const { DetailedError } = await vi.importActual<typeof import('tus-js-client')>('tus-js-client');

function fakeRequest(): HttpRequest & { headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  return {
    headers,
    getMethod: () => 'PATCH',
    getURL: () => '/api/admin/uploads/up-1',
    setHeader: (name, value) => void (headers[name] = value),
    getHeader: (name) => headers[name],
    setProgressHandler: () => undefined,
    send: async () => fakeResponse(204, ''),
    abort: async () => undefined,
    getUnderlyingObject: () => null,
  };
}

/** tus-js-client's error of a request the server answered with `response`. */
function answered(response: HttpResponse): Error {
  return Object.assign(new DetailedError('tus: unexpected response'), {
    originalRequest: fakeRequest(),
    originalResponse: response,
  });
}

function fakeResponse(status: number, body: string): HttpResponse {
  return { getStatus: () => status, getHeader: () => undefined, getBody: () => body, getUnderlyingObject: () => null };
}

const file = () => new File(['ID3 not really audio'], '第1章 雨夜.mp3', { type: 'audio/mpeg', lastModified: 1 });

/** The one upload made, once it was started. */
async function started(): Promise<FakeUpload> {
  await vi.waitFor(() => expect(made.at(-1)?.start).toHaveBeenCalled());
  return made.at(-1)!;
}

describe('uploads', () => {
  beforeEach(() => {
    made.length = 0;
    previous = [];
  });

  it('hands tus-js-client the endpoint, 2 MiB requests, the retries, the metadata and the bearer token', async () => {
    authStore.seed(users.editor, { accessToken: 'editor-token' });
    const progress = vi.fn();
    startUpload(file(), 'audio', { onProgress: progress });
    const upload = await started();

    expect(upload.options).toMatchObject({
      endpoint: '/api/admin/uploads',
      chunkSize: 2 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      metadata: { filename: '第1章 雨夜.mp3', kind: 'audio', filetype: 'audio/mpeg' },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
    });
    expect(upload.resumeFromPreviousUpload).not.toHaveBeenCalled();

    const request = fakeRequest();
    await upload.options.onBeforeRequest!(request);
    expect(request.headers.Authorization).toBe('Bearer editor-token');

    // The same file sent as an image is another upload.
    const fingerprint = upload.options.fingerprint!;
    // (Started with a file that says nothing of its type: a named MP3 is no image.)
    startUpload(new File(['x'], 'scan', { lastModified: 1 }), 'image');
    const image = await started();
    expect(await fingerprint(file(), upload.options)).not.toBe(await image.options.fingerprint!(file(), image.options));

    upload.options.onProgress!(1024, 4096);
    expect(progress).toHaveBeenCalledWith(1024, 4096);
  });

  it('refuses a file whose name or declared type is of no accepted format before any request', async () => {
    for (const [name, type, found] of [
      ['notes.txt', 'text/plain', '.txt'],
      ['recording', 'video/mp4', 'video/mp4'],
    ]) {
      const handle = startUpload(new File(['words'], name, { type }), 'audio');
      const error = await handle.done.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RefusedFile);
      expect(error).toMatchObject({ found });
      expect((error as RefusedFile).accepted).toContain('opus');
    }
    expect(made).toHaveLength(0);

    // Ogg Opus and WebM, as browsers declare them, are sent.
    startUpload(new File(['OggS'], 'ch2.opus', { type: 'audio/ogg' }), 'audio');
    expect((await started()).options.metadata).toMatchObject({ filename: 'ch2.opus', filetype: 'audio/ogg' });
    startUpload(new File(['webm'], 'ch3.webm', { type: 'video/webm' }), 'audio');
    expect((await started()).file.name).toBe('ch3.webm');
  });

  it('resumes an earlier try of the same file before starting', async () => {
    previous = [
      {
        size: 20,
        metadata: {},
        creationTime: 'x',
        urlStorageKey: 'tus::k',
        uploadUrl: '/api/admin/uploads/up-0',
        parallelUploadUrls: null,
      },
    ];
    startUpload(file(), 'audio');
    const upload = await started();
    expect(upload.resumeFromPreviousUpload).toHaveBeenCalledWith(previous[0]);
    expect(upload.resumeFromPreviousUpload.mock.invocationCallOrder[0]).toBeLessThan(
      upload.start.mock.invocationCallOrder[0],
    );
  });

  it('answers the stored file from GET /api/admin/uploads/{id} once the last byte is in', async () => {
    authStore.seed(users.editor);
    const view = uploadView('7', '第1章 雨夜.mp3', asset(41));
    const { callsTo } = mockFetch({ 'GET /api/admin/uploads/7': ok(view) });
    const handle = startUpload(file(), 'audio');
    const upload = await started();
    upload.url = 'http://localhost:3000/api/admin/uploads/7';
    upload.options.onSuccess!({ lastResponse: fakeResponse(204, '') });

    await expect(handle.done).resolves.toEqual(view);
    expect(callsTo('GET', '/api/admin/uploads/7')[0].headers.Authorization).toBe('Bearer test-access-token');
  });

  it('turns a refused file (415) into the server’s message and its word on the file', async () => {
    const handle = startUpload(file(), 'audio');
    const upload = await started();
    const body = await apiError(415, 'unsupported_media_type', '文件类型不被此上传接受。', {
      file: '可接受：音频；文件实际为 纯文本。',
    }).text();
    upload.options.onError!(answered(fakeResponse(415, body)));

    const error = await handle.done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      statusCode: 415,
      message: '文件类型不被此上传接受。',
      fields: { file: '可接受：音频；文件实际为 纯文本。' },
    });
  });

  it('reads a bare `{message, fields}` refusal too, and no answer at all as a network failure', async () => {
    const first = startUpload(file(), 'audio');
    const refused = await started();
    const body = JSON.stringify({ message: '文件太大', fields: { size: '须在 1 字节到 500 MB 之间。' } });
    refused.options.onError!(answered(fakeResponse(400, body)));
    await expect(first.done).rejects.toMatchObject({
      statusCode: 400,
      fields: { size: '须在 1 字节到 500 MB 之间。' },
    });

    const second = startUpload(file(), 'audio');
    const offline = await started();
    offline.options.onError!(new Error('tus: failed to upload chunk'));
    await expect(second.done).rejects.toMatchObject({ statusCode: 0, code: 'network' });
  });

  it('cancels on the server, or pauses keeping what arrived; either way `done` stops waiting', async () => {
    const cancelled = startUpload(file(), 'audio');
    const first = await started();
    cancelled.abort();
    expect(first.abort).toHaveBeenCalledWith(true);
    await expect(cancelled.done).rejects.toMatchObject({ name: 'AbortError' });

    const paused = startUpload(file(), 'audio');
    const second = await started();
    paused.pause();
    expect(second.abort).toHaveBeenCalledWith(false);
    await expect(paused.done).rejects.toMatchObject({ name: 'AbortError' });
  });
});
