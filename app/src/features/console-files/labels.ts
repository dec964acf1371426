// The texts of the files' own values (kind, in use, list sorts, storage backends), one literal key each.
import type { TFunction } from 'i18next';
import type { StorageKind, UploadKind } from '@/lib/api/types';
import type { Label } from '@/lib/i18n';

export const KIND_LABEL = {
  audio: (t) => t('console.files.kinds.audio'),
  image: (t) => t('console.files.kinds.image'),
} satisfies Record<UploadKind, Label>;

/** A kind the server names as text (storage totals, missing objects); an unknown one as written. */
export function kindText(kind: string, t: TFunction): string {
  return kind === 'audio' || kind === 'image' ? KIND_LABEL[kind](t) : kind;
}

export const USED_LABEL = {
  true: (t) => t('console.files.used.true'),
  false: (t) => t('console.files.used.false'),
} satisfies Record<'true' | 'false', Label>;

/** The list's sorts; `newest` is the server's default, so the address leaves it out. */
export const SORT_LABEL = {
  newest: (t) => t('console.files.sort.newest'),
  largest: (t) => t('console.files.sort.largest'),
  name: (t) => t('console.files.sort.name'),
} satisfies Record<string, Label>;

export const STORAGE_KIND_LABEL = {
  local: (t) => t('console.storage.kinds.local'),
  s3: (t) => t('console.storage.kinds.s3'),
  memory: (t) => t('console.storage.kinds.memory'),
} satisfies Record<StorageKind, Label>;
