// Time left until a campaign ends ("free for 2 d 03:04:05 more"), ticking every second.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '@/lib/core';

export function Countdown({ until }: { until: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, until - now);
  if (left === 0) return <span className="countdown">{t('app.catalog.campaignEnded')}</span>;
  const days = Math.floor(left / 86_400_000);
  const rest = formatDuration({ seconds: (left % 86_400_000) / 1000 });
  return (
    <span className="countdown" role="timer">
      {t('app.catalog.freeFor', { time: days > 0 ? t('app.catalog.daysAnd', { count: days, rest }) : rest })}
    </span>
  );
}
