// Console answers for the tests of the file pages: stored files with their uses, the storage
// summary and a consistency check, typed by the contract.
import type { AdminFile, StorageCheck, StorageSummary } from '@/lib/api/types';
import { asset } from '@/testing/upload-fixtures';

/** A stored file; unused unless `patch` gives it chapters or covers (then `inUse` follows). */
export function adminFile(id: number, patch: Partial<AdminFile> = {}): AdminFile {
  const file: AdminFile = {
    ...asset(id, { createdAt: Date.UTC(2024, 4, 20, 4) }),
    storageKey: `audio/${id}.mp3`,
    chapterCount: 0,
    chapters: [],
    covers: [],
    inUse: false,
    ...patch,
  };
  return { ...file, inUse: patch.inUse ?? (file.chapterCount > 0 || file.covers.length > 0) };
}

/** An image file. */
export const imageFile = (id: number, patch: Partial<AdminFile> = {}) =>
  adminFile(id, {
    kind: 'image',
    mime: 'image/jpeg',
    bytes: 120_000,
    durationSecs: 0,
    originalName: `cover-${id}.jpg`,
    storageKey: `image/${id}.jpg`,
    ...patch,
  });

export function storageSummary(patch: Partial<StorageSummary> = {}): StorageSummary {
  return {
    kind: 'local',
    location: '/var/lib/tingshu/files',
    files: [
      { kind: 'audio', count: 120, bytes: 2_500_000_000 },
      { kind: 'image', count: 8, bytes: 960_000 },
    ],
    receivingUploads: 2,
    partBytes: 4_000_000,
    failedUploads: 1,
    diskFreeBytes: 40_000_000_000,
    diskTotalBytes: 100_000_000_000,
    ...patch,
  };
}

export function storageCheck(patch: Partial<StorageCheck> = {}): StorageCheck {
  return {
    objects: 131,
    objectBytes: 2_501_500_000,
    orphanCount: 2,
    orphanBytes: 1_500_000,
    orphans: [
      { key: 'audio/old-orphan.mp3', bytes: 1_000_000, lastModified: Date.now() - 3 * 86_400_000 },
      { key: 'image/stray.jpg', bytes: 500_000, lastModified: Date.now() - 2 * 86_400_000 },
    ],
    missingCount: 1,
    missing: [{ assetId: 44, key: 'audio/44.mp3', kind: 'audio', originalName: '第44章.mp3' }],
    checkedAt: Date.now(),
    ...patch,
  };
}
