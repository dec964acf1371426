// How the analytics pages write numbers, hours, shares and money: core's formatters in the page's
// language (money in its own currency, from minor units).
import { useTranslation } from 'react-i18next';
import type { Currency } from '@/lib/api/types';
import { formatCurrency, formatNumber } from '@/lib/core';
import { useLang } from '@/lib/lang';

export function useAnalyticsFormat() {
  const { lang } = useLang();
  const { t } = useTranslation('console');
  const num = (value: number) => formatNumber({ value, lang });
  return {
    num,
    money: (amountMinor: number, currency: Currency) => formatCurrency({ amountMinor, lang, currency }),
    /** A share from 0 to 1 as a percentage. */
    share: (value: number) => t('console.analytics.percent', { value: num(Math.round(value * 1000) / 10) }),
    /** A change against the previous period, with its sign. */
    change: (now: number, before: number) =>
      now === before
        ? t('console.analytics.same')
        : now > before
          ? t('console.analytics.up', { value: num(now - before) })
          : t('console.analytics.down', { value: num(before - now) }),
  };
}
