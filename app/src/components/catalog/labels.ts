// Translation keys of the catalogue's domain values, one literal key per value (so every key
// can be found and checked), shared by cards, details, filters and recommendations.
import type { BookAccess, BookStatus, Recommendation } from '@/lib/catalog-api';

export const ACCESS_LABEL = {
  free: 'app.catalog.access.free',
  vip: 'app.catalog.access.vip',
  paid: 'app.catalog.access.paid',
} as const satisfies Record<BookAccess, string>;

export const STATUS_LABEL = {
  serialising: 'app.catalog.status.serialising',
  finished: 'app.catalog.status.finished',
} as const satisfies Record<BookStatus, string>;

export const REASON_LABEL = {
  category: 'app.catalog.reason.category',
  author: 'app.catalog.reason.author',
  narrator: 'app.catalog.reason.narrator',
  popular: 'app.catalog.reason.popular',
} as const satisfies Record<Recommendation['reason']['kind'], string>;

/** The access marker a chapter shows (see `accessMarker`). */
export const MARKER_LABEL = {
  free: 'app.catalog.marker.free',
  campaign: 'app.catalog.marker.campaign',
  vip: 'app.catalog.marker.vip',
  purchased: 'app.catalog.marker.purchased',
  paid: 'app.catalog.marker.paid',
  locked: 'app.catalog.marker.locked',
} as const;

export type ChapterMarker = keyof typeof MARKER_LABEL;
