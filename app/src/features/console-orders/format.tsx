// How the order pages write amounts (in the order's own currency), times and counts: core's
// formatters in the page's language and the operator's time zone.
import { useCurrentUser } from '@/features/auth/use-auth';
import type { Currency } from '@/lib/api/types';
import { formatCurrency, formatNumber } from '@/lib/core';
import { formatSmartTime } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';

export function useOrderFormat() {
  const { lang } = useLang();
  const timezone = useCurrentUser()?.preferences.timezone;
  return {
    lang,
    money: (amountMinor: number, currency: Currency) => formatCurrency({ amountMinor, lang, currency }),
    num: (value: number) => formatNumber({ value, lang }),
    time: (timestampMs: number) => formatSmartTime({ timestampMs, nowMs: Date.now(), lang, timezone }),
  };
}

const dayMs = 86_400_000;

/** The membership time an order added (`grantAddedMs`) in whole days; null when it added none. */
export function grantedDays(grantAddedMs: number | null | undefined): number | null {
  return grantAddedMs == null ? null : Math.round(grantAddedMs / dayMs);
}

/** An amount in its own currency, with the currency's code: core writes both yuan and yen as ¥. */
export function Amount({ amountMinor, currency }: { amountMinor: number; currency: Currency }) {
  const { money } = useOrderFormat();
  return (
    <>
      {money(amountMinor, currency)} <span className="order-currency">{currency}</span>
    </>
  );
}

/** A moment as core writes it, with the exact instant for machines (and a hover). */
export function Time({ ms }: { ms: number | null | undefined }) {
  const { time } = useOrderFormat();
  if (ms == null) return <>—</>;
  const instant = new Date(ms).toISOString();
  return (
    <time dateTime={instant} title={instant}>
      {time(ms)}
    </time>
  );
}
