// The dashboard's words for the audit log's actions and records, one literal key each; an action or
// a record kind the app does not know yet is shown as the server wrote it.
import type { TFunction } from 'i18next';
import type { RecentChange } from '@/lib/api/types';
import type { Label } from '@/lib/i18n';
import { isRecordId } from '@/lib/core';
import { pathTo } from '@/lib/paths';

/** The audit log's actions (`<entity>.<verb>`, server `console/*.rs`) in words. */
const ACTION_LABEL: Record<string, Label> = {
  'book.create': (t) => t('console.dashboard.actions.bookCreate'),
  'book.update': (t) => t('console.dashboard.actions.bookUpdate'),
  'book.delete': (t) => t('console.dashboard.actions.bookDelete'),
  'book.publish': (t) => t('console.dashboard.actions.bookPublish'),
  'book.unpublish': (t) => t('console.dashboard.actions.bookUnpublish'),
  'book.cover': (t) => t('console.dashboard.actions.bookCover'),
  'book.reorderChapters': (t) => t('console.dashboard.actions.bookReorderChapters'),
  'chapter.create': (t) => t('console.dashboard.actions.chapterCreate'),
  'chapter.update': (t) => t('console.dashboard.actions.chapterUpdate'),
  'chapter.delete': (t) => t('console.dashboard.actions.chapterDelete'),
  'chapter.publish': (t) => t('console.dashboard.actions.chapterPublish'),
  'chapter.unpublish': (t) => t('console.dashboard.actions.chapterUnpublish'),
  'chapter.free': (t) => t('console.dashboard.actions.chapterFree'),
  'chapter.vip': (t) => t('console.dashboard.actions.chapterVip'),
  'chapter.price': (t) => t('console.dashboard.actions.chapterPrice'),
  'category.create': (t) => t('console.dashboard.actions.categoryCreate'),
  'category.update': (t) => t('console.dashboard.actions.categoryUpdate'),
  'category.delete': (t) => t('console.dashboard.actions.categoryDelete'),
  'category.moveBooks': (t) => t('console.dashboard.actions.categoryMoveBooks'),
  'asset.create': (t) => t('console.dashboard.actions.assetCreate'),
  'asset.delete': (t) => t('console.dashboard.actions.assetDelete'),
  'storage.clean': (t) => t('console.dashboard.actions.storageClean'),
};

export function actionText(action: string, t: TFunction): string {
  return Object.hasOwn(ACTION_LABEL, action) ? ACTION_LABEL[action](t) : action;
}

/** A changed record by its id, e.g. "Book #12". */
const RECORD_LABEL: Record<string, (t: TFunction, id: string) => string> = {
  book: (t, id) => t('console.dashboard.records.book', { id }),
  chapter: (t, id) => t('console.dashboard.records.chapter', { id }),
  category: (t, id) => t('console.dashboard.records.category', { id }),
  asset: (t, id) => t('console.dashboard.records.asset', { id }),
  storage: (t) => t('console.dashboard.records.storage'),
};

/** The changed record in words: a book that still exists by its title (the server's, localized), else by its id. */
export function recordText({ entity, entityId, bookTitle }: RecentChange, t: TFunction): string {
  if (entity === 'book' && bookTitle) return t('console.dashboard.records.bookTitled', { title: bookTitle });
  return Object.hasOwn(RECORD_LABEL, entity)
    ? RECORD_LABEL[entity](t, entityId)
    : t('console.dashboard.records.other', { entity, id: entityId });
}

/** The console page of the changed record, where it has one and still exists. */
const RECORD_PAGE: Record<string, (id: number) => string> = {
  book: (id) => pathTo('adminBookEdit', { id }),
  chapter: (id) => pathTo('adminChapterEdit', { id }),
  category: (id) => pathTo('adminCategoryEdit', { id }),
  // The file list finds a file by its id.
  asset: (id) => `${pathTo('adminFiles')}?q=${id}`,
};

export function recordPage({ action, entity, entityId }: RecentChange): string | null {
  if (!Object.hasOwn(RECORD_PAGE, entity) || action.endsWith('.delete')) return null;
  if (!isRecordId({ value: entityId })) return null;
  return RECORD_PAGE[entity](Number(entityId));
}
