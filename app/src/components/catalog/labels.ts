// The texts of the catalogue's domain values, one literal key per value (so every key can be
// found and checked), shared by cards, details, filters and recommendations.
import type { TFunction } from 'i18next';
import type { BookAccess, BookStatus, ReasonKind } from '@/lib/api/types';
import type { Label } from '@/lib/i18n';
import type { HeldAccess } from './held-access';

export const ACCESS_LABEL = {
  free: (t) => t('app.catalog.access.free'),
  vip: (t) => t('app.catalog.access.vip'),
  paid: (t) => t('app.catalog.access.paid'),
} satisfies Record<BookAccess, Label>;

/** The access a listener holds to a book (see `held-access.ts`). */
export const HELD_LABEL = {
  member: (t) => t('app.catalog.access.member'),
  purchased: (t) => t('app.catalog.access.purchased'),
} satisfies Record<HeldAccess, Label>;

export const STATUS_LABEL = {
  serialising: (t) => t('app.catalog.status.serialising'),
  finished: (t) => t('app.catalog.status.finished'),
} satisfies Record<BookStatus, Label>;

/** Why a book is recommended; `name` is the category, author or narrator it shares. */
export const REASON_LABEL = {
  category: (t, name) => t('app.catalog.reason.category', { name }),
  author: (t, name) => t('app.catalog.reason.author', { name }),
  narrator: (t, name) => t('app.catalog.reason.narrator', { name }),
  popular: (t, name) => t('app.catalog.reason.popular', { name }),
} satisfies Record<ReasonKind, (t: TFunction, name: string) => string>;

/** The access marker a chapter shows (see `accessMarker`). */
export const MARKER_LABEL = {
  free: (t) => t('app.catalog.marker.free'),
  campaign: (t) => t('app.catalog.marker.campaign'),
  vip: (t) => t('app.catalog.marker.vip'),
  purchased: (t) => t('app.catalog.marker.purchased'),
  paid: (t) => t('app.catalog.marker.paid'),
  locked: (t) => t('app.catalog.marker.locked'),
} satisfies Record<string, Label>;

export type ChapterMarker = keyof typeof MARKER_LABEL;
