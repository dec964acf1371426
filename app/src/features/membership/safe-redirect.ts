// Which `redirect` values the payment pages follow: core's `safeRedirect` (a path of this
// site, as the server accepts for an order's `redirect`).
import { safeRedirect as coreSafeRedirect } from '@/lib/core-pages';

export function safeRedirect(value: string | null | undefined): string | null {
  return coreSafeRedirect({ value: value ?? null }) ?? null;
}
