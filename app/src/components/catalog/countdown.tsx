// Time left until a campaign ends ("Free for another 2 d 03:04:05", core's `formatCountdown`), ticking every second.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '@/lib/core';
import { useLang } from '@/lib/lang';

export function Countdown({ until }: { until: number }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, until - now);
  if (left === 0) return <span className="countdown">{t('app.catalog.campaignEnded')}</span>;
  return (
    <span className="countdown" role="timer">
      {t('app.catalog.freeFor', { time: formatCountdown({ leftMs: left, lang }) })}
    </span>
  );
}
