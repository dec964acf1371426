// How the user pages write times, counts and amounts: core's formatters in the page's language and
// the operator's time zone.
import { useCurrentUser } from '@/features/auth/use-auth';
import type { Currency } from '@/lib/api/types';
import { formatCurrency, formatNumber } from '@/lib/core';
import { formatSmartTime } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';

export function useUserFormat() {
  const { lang } = useLang();
  const timezone = useCurrentUser()?.preferences.timezone;
  return {
    lang,
    timezone,
    money: (amountMinor: number, currency: Currency) => formatCurrency({ amountMinor, lang, currency }),
    num: (value: number) => formatNumber({ value, lang }),
    time: (timestampMs: number) => formatSmartTime({ timestampMs, nowMs: Date.now(), lang, timezone }),
  };
}

/** A moment as core writes it, with the exact instant for machines (and a hover); "—" when absent. */
export function Time({ ms }: { ms: number | null | undefined }) {
  const { time } = useUserFormat();
  if (ms == null) return <>—</>;
  const instant = new Date(ms).toISOString();
  return (
    <time dateTime={instant} title={instant}>
      {time(ms)}
    </time>
  );
}
