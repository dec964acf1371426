// What a book or chapter order bought, as its buyer and the console both name it: the titles the
// server answers in the page's language ("book · chapter"), else the title recorded when ordered.
import type { OrderView } from '@/lib/api/types';

/** The parts of an order that name what it buys. */
export type OrderItem = Pick<OrderView, 'kind' | 'title' | 'book' | 'chapter'>;

/** The book (and chapter) an order bought, by their titles in the page's language. */
export function boughtTitle(order: OrderItem): string {
  if (!order.book) return order.title;
  return order.chapter ? `${order.book.title} · ${order.chapter.title}` : order.book.title;
}
