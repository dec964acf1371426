// The period a page shows, kept in the address (`?from=…&to=…`) so a view can be shared: the last
// 30 days (core `recentPeriod`) until another is chosen; a period core's `validateReportRange`
// refuses reads as that default, with the refusal shown by the picker.
import { useMemo } from 'react';
import { recentPeriod, validateReportRange } from '@/lib/core-pages';
import { fieldMessages, type FieldMessages } from '@/lib/form-errors';
import { useLang } from '@/lib/lang';
import { useUrlFilters } from '@/lib/use-url-filters';
import type { Period } from './analytics-api';

const keys = ['from', 'to'] as const;
/** Days of the default period, today included. */
export const DEFAULT_DAYS = 30;

const none: readonly string[] = [];

export function usePeriod(basePath: string, extraKeys: readonly string[] = none) {
  const { lang } = useLang();
  const allKeys = useMemo(() => [...keys, ...extraKeys], [extraKeys]);
  const { values, page, update } = useUrlFilters(basePath, allKeys);
  const fallback = useMemo(() => recentPeriod({ nowMs: Date.now(), days: DEFAULT_DAYS }), []);
  const asked: Period | null = values.from || values.to ? { from: values.from, to: values.to } : null;
  const checked = asked ? validateReportRange({ ...asked, lang }) : null;
  const period: Period = asked && checked?.kind === 'valid' ? asked : fallback;
  const errors: FieldMessages = checked?.kind === 'invalid' ? fieldMessages(checked.errors) : {};
  const choose = (next: Period) => update({ from: next.from, to: next.to });
  return { period, errors, choose, values, page, update };
}
