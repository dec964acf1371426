// Upload answers for tests, typed by the contract: a stored file and a finished upload.
import type { AssetView, UploadKind, UploadView } from '@/lib/api/types';

export function asset(id: number, patch: Partial<AssetView> = {}): AssetView {
  return {
    id,
    kind: 'audio',
    mime: 'audio/mpeg',
    bytes: 3_500_000,
    sha256: 'ab'.repeat(32),
    durationSecs: 754,
    originalName: `第${id}章.mp3`,
    tags: {},
    createdAt: Date.now() - 60_000,
    ...patch,
  };
}

/** A finished upload of `fileName` whose stored file is `stored`. */
export function uploadView(id: string, fileName: string, stored: AssetView, kind: UploadKind = 'audio'): UploadView {
  return {
    id,
    kind,
    fileName,
    size: stored.bytes,
    received: stored.bytes,
    status: 'complete',
    error: null,
    asset: stored,
    createdAt: Date.now() - 60_000,
    updatedAt: Date.now(),
  };
}
