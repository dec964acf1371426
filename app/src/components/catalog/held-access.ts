// The access a listener holds to a book as the server answers it with the book (`viewerAccess`, core's
// `chapterAccess`, never re-decided here): a member on a VIP book or the buyer of the whole book is
// shown that, not the book's price.
import type { ChapterAccessKind } from '@/lib/api/types';

/** The kinds of access a listener holds for good (a campaign or a free book is the book's own). */
export type HeldAccess = Extract<ChapterAccessKind, 'member' | 'purchased'>;

export function heldAccess(kind: ChapterAccessKind): HeldAccess | null {
  return kind === 'member' || kind === 'purchased' ? kind : null;
}
