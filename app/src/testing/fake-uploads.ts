// A stand-in for the tus transport in page tests (the test file mocks `@/lib/uploads`): every
// started upload is recorded, and the test moves it on (progress), finishes or fails it.
import { act } from '@testing-library/react';
import type { UploadKind, UploadView } from '@/lib/api/types';
import { startUpload } from '@/lib/uploads';

export interface FakeUpload {
  file: File;
  kind: UploadKind;
  progress: (sent: number) => void;
  finish: (view: UploadView) => Promise<void>;
  fail: (error: unknown) => Promise<void>;
  abort: ReturnType<typeof vi.fn>;
}

/** Makes the mocked `startUpload` record its uploads; answers the list it fills. */
export function fakeUploads(): FakeUpload[] {
  const started: FakeUpload[] = [];
  vi.mocked(startUpload).mockImplementation((file, kind, { onProgress } = {}) => {
    let resolve!: (view: UploadView) => void;
    let reject!: (error: unknown) => void;
    const done = new Promise<UploadView>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    const stop = () => reject(new DOMException('Upload stopped', 'AbortError'));
    const abort = vi.fn(stop);
    started.push({
      file,
      kind,
      progress: (sent) => act(() => onProgress?.(sent, file.size)),
      finish: (view) =>
        act(async () => {
          resolve(view);
          await done;
        }),
      fail: (error) =>
        act(async () => {
          reject(error);
          await done.catch(() => undefined);
        }),
      abort,
    });
    return { done, abort, pause: stop };
  });
  return started;
}

/** An audio file of `bytes` bytes named `name`. */
export const audioFile = (name: string, bytes = 3_500_000) =>
  new File([new Uint8Array(bytes)], name, { type: 'audio/mpeg', lastModified: 1 });
