// The chapter on the player when the page was left, per listener (a guest is one too), kept in local
// storage so a reload shows the mini player again, paused where it was. Enough to show the bar at
// once; what plays is asked again (signed audio addresses expire), from the server or the download.
import type { PlayerChapter } from './player-controller';

export const lastChapterKey = 'player.lastChapter';

/** Where the chapter came from: `download` plays again from the downloads without the server. */
export type ChapterSource = 'server' | 'download';

/**
 * What the mini player shows of a remembered chapter (never its audio address nor its access); the
 * contract's optional neighbours and cover are stored as null, since JSON drops what is undefined.
 */
export type RememberedChapter = Pick<PlayerChapter, 'id' | 'bookId' | 'title' | 'durationSecs'> & {
  prevId: number | null;
  nextId: number | null;
  book: Pick<PlayerChapter['book'], 'title'> & { coverUrl: string | null };
};

/** One listener's last chapter; `userId` null is the guest. */
export interface LastChapter {
  userId: number | null;
  chapter: RememberedChapter;
  positionSecs: number;
  source: ChapterSource;
}

const isId = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value > 0;
const isIdOrNull = (value: unknown) => value === null || isId(value);

function isLast(value: unknown): value is LastChapter {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<LastChapter>;
  const chapter = entry.chapter as Partial<RememberedChapter> | undefined;
  return (
    isIdOrNull(entry.userId) &&
    (entry.source === 'server' || entry.source === 'download') &&
    typeof entry.positionSecs === 'number' &&
    Number.isFinite(entry.positionSecs) &&
    typeof chapter === 'object' &&
    chapter !== null &&
    isId(chapter.id) &&
    isId(chapter.bookId) &&
    typeof chapter.title === 'string' &&
    typeof chapter.durationSecs === 'number' &&
    isIdOrNull(chapter.prevId) &&
    isIdOrNull(chapter.nextId) &&
    typeof chapter.book?.title === 'string' &&
    (chapter.book.coverUrl === null || typeof chapter.book.coverUrl === 'string')
  );
}

function readAll(): LastChapter[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(lastChapterKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isLast) : [];
  } catch {
    return [];
  }
}

function write(entries: LastChapter[]): void {
  try {
    if (entries.length > 0) window.localStorage.setItem(lastChapterKey, JSON.stringify(entries));
    else window.localStorage.removeItem(lastChapterKey);
  } catch {
    // Not remembered: the next start shows no player, nothing else is lost.
  }
}

/** The listener's last chapter, or null. */
export function lastChapter(userId: number | null): LastChapter | null {
  return readAll().find((entry) => entry.userId === userId) ?? null;
}

/** Remembers what the listener has on the player now (only the fields the bar shows). */
export function rememberChapter(
  userId: number | null,
  chapter: PlayerChapter,
  positionSecs: number,
  source: ChapterSource,
) {
  const { id, bookId, title, durationSecs, prevId, nextId } = chapter;
  const entry: LastChapter = {
    userId,
    chapter: {
      id,
      bookId,
      title,
      durationSecs,
      prevId: prevId ?? null,
      nextId: nextId ?? null,
      book: { title: chapter.book.title, coverUrl: chapter.book.coverUrl ?? null },
    },
    positionSecs: Math.max(0, positionSecs),
    source,
  };
  write([...readAll().filter((other) => other.userId !== userId), entry]);
}

/** The player was closed: nothing comes back on the listener's next start. */
export function forgetChapter(userId: number | null): void {
  write(readAll().filter((entry) => entry.userId !== userId));
}

/** A guest became `userId` (signed up or in): the guest's last chapter is now theirs. */
export function handOverChapter(userId: number): LastChapter | null {
  const guest = lastChapter(null);
  if (!guest) return null;
  const taken: LastChapter = { ...guest, userId };
  write([...readAll().filter((entry) => entry.userId !== null && entry.userId !== userId), taken]);
  return taken;
}
