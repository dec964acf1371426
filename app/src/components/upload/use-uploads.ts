// The files a console page is uploading: each added file waits its turn (at most `concurrency`
// send at once), reports its progress, and ends stored or failed; one can be cancelled (and
// is dropped from the list) or, once failed, tried again. Leaving the page pauses what is still
// sending, so the same file resumes where it stood when added again.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadKind, UploadView } from '@/lib/api/types';
import { isCancelled, startUpload, type UploadHandle } from '@/lib/uploads';

export type UploadStatus = 'queued' | 'sending' | 'done' | 'failed';

export interface UploadItem {
  key: string;
  file: File;
  kind: UploadKind;
  status: UploadStatus;
  sent: number;
  total: number;
  /** The finished upload with its stored file (`done`). */
  view?: UploadView;
  /** Why it failed (`failed`): an `ApiError`. */
  error?: unknown;
}

let nextKey = 0;

export function useUploads({
  concurrency = 3,
  onDone,
}: {
  concurrency?: number;
  /** A file was stored (its item carries the `view`). */
  onDone?: (item: UploadItem) => void;
} = {}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const handles = useRef(new Map<string, UploadHandle>());
  const doneRef = useRef(onDone);
  useEffect(() => {
    doneRef.current = onDone;
  });

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  // Starts waiting files while fewer than `concurrency` are sending.
  useEffect(() => {
    const waiting = items.filter((item) => item.status === 'queued' && !handles.current.has(item.key));
    for (const item of waiting.slice(0, Math.max(0, concurrency - handles.current.size))) {
      const { key } = item;
      const handle = startUpload(item.file, item.kind, {
        onProgress: (sent, total) => patch(key, { sent, total }),
      });
      handles.current.set(key, handle);
      patch(key, { status: 'sending', error: undefined });
      handle.done.then(
        (view) => {
          handles.current.delete(key);
          const change = { status: 'done', view, sent: item.total } as const;
          patch(key, change);
          doneRef.current?.({ ...item, ...change });
        },
        (error: unknown) => {
          if (handles.current.get(key) === handle) handles.current.delete(key);
          if (!isCancelled(error)) patch(key, { status: 'failed', error });
        },
      );
    }
  }, [items, concurrency, patch]);

  // Leaving the page: what still sends stops, keeping what arrived for a later resume.
  useEffect(() => {
    const open = handles.current;
    return () => {
      for (const handle of open.values()) handle.pause();
      open.clear();
    };
  }, []);

  /** Adds files to the queue; answers their keys in the same order. */
  const add = useCallback((files: File[], kind: UploadKind): string[] => {
    const added = files.map((file): UploadItem => ({
      key: `upload-${(nextKey += 1)}`,
      file,
      kind,
      status: 'queued',
      sent: 0,
      total: file.size,
    }));
    setItems((current) => [...current, ...added]);
    return added.map((item) => item.key);
  }, []);

  /** Stops a file (the server throws away what arrived) and drops it from the list. */
  const cancel = useCallback((key: string) => {
    handles.current.get(key)?.abort();
    handles.current.delete(key);
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  /** Queues a failed file again; it resumes where it stood. */
  const retry = useCallback((key: string) => patch(key, { status: 'queued', error: undefined }), [patch]);

  return { items, add, cancel, retry };
}
