// Which catalogue page the upgrade notice's `redirect` names (a chapter or a book, any language
// prefix), so the notice can say its name rather than quote the address.
import { matchPath } from 'react-router';
import { splitLocale } from '@/lib/core';
import { patterns } from '@/lib/paths';

export type WantedPage = { kind: 'chapter'; chapterId: number } | { kind: 'book'; bookId: number } | null;

const id = (value: string | undefined) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
};

export function wantedPage(redirect: string | null): WantedPage {
  if (!redirect) return null;
  const path = splitLocale({ path: redirect }).path.split(/[?#]/)[0];
  const chapterId = id(matchPath(patterns.chapter, path)?.params.chapterId);
  if (chapterId) return { kind: 'chapter', chapterId };
  const bookId = id(matchPath(patterns.bookDetail, path)?.params.id);
  return bookId ? { kind: 'book', bookId } : null;
}
