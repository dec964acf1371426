// /demo/timezone-format: pick an allowed time zone; core formats times in it, and durations.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, formatRelativeTime } from '@/lib/core';
import { allowedTimezones, formatDate, formatSmartTime, validateTimezone } from '@/lib/core-pages';
import type { Label } from '@/lib/i18n';
import { useLang } from '@/lib/lang';
import { preferredTimezone, storeTimezone } from '@/lib/language-preference';
import './demo.css';

const durationSamples = [0, 5, 65, 3599, 3600, 3661, 36000, -1];
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const timeSamples = [
  { label: (t) => t('app.demo.timezone.samples.justNow'), offset: -20_000 },
  { label: (t) => t('app.demo.timezone.samples.minutesAgo'), offset: -12 * minute },
  { label: (t) => t('app.demo.timezone.samples.hoursAgo'), offset: -5 * hour },
  { label: (t) => t('app.demo.timezone.samples.daysAgo'), offset: -3 * day },
  { label: (t) => t('app.demo.timezone.samples.monthsAgo'), offset: -75 * day },
  { label: (t) => t('app.demo.timezone.samples.inHours'), offset: 3 * hour },
] satisfies { label: Label; offset: number }[];

export function TimezoneFormatDemoPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const zones = allowedTimezones({}) as string[];
  const [timezone, setTimezone] = useState(() => {
    const preferred = preferredTimezone();
    return zones.includes(preferred) ? preferred : zones[0];
  });
  const [nowMs] = useState(() => Date.now());
  const selectId = useId();

  const choose = (value: string) => {
    if (!validateTimezone({ timezone: value })) return;
    storeTimezone(value);
    setTimezone(value);
  };

  return (
    <article className="page page--wide">
      <h1 className="page__title">{t('app.demo.timezone.title')}</h1>
      <p className="page__lead">{t('app.demo.timezone.intro')}</p>
      <div className="demo-controls">
        <div className="field">
          <label className="field__label" htmlFor={selectId}>
            {t('app.demo.timezone.select')}
          </label>
          <select id={selectId} className="field__input" value={timezone} onChange={(e) => choose(e.target.value)}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="demo-grid">
        <section className="card" aria-labelledby={`${selectId}-times`}>
          <h2 id={`${selectId}-times`}>{t('app.demo.timezone.timesHeading')}</h2>
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('app.demo.timezone.moment')}</th>
                  <th scope="col">{t('app.demo.timezone.smart')}</th>
                  <th scope="col">{t('app.demo.timezone.relative')}</th>
                  <th scope="col">{t('app.demo.timezone.date')}</th>
                </tr>
              </thead>
              <tbody>
                {timeSamples.map((sample) => {
                  const timestampMs = nowMs + sample.offset;
                  return (
                    <tr key={sample.offset}>
                      <th scope="row">{sample.label(t)}</th>
                      <td>{formatSmartTime({ timestampMs, nowMs, lang, timezone })}</td>
                      <td>{formatRelativeTime({ timestampMs, nowMs, lang })}</td>
                      <td>{formatDate({ timestampMs, lang, timezone })}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
        <section className="card" aria-labelledby={`${selectId}-durations`}>
          <h2 id={`${selectId}-durations`}>{t('app.demo.timezone.durationsHeading')}</h2>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('app.demo.timezone.seconds')}</th>
                <th scope="col">{t('app.demo.timezone.formatted')}</th>
              </tr>
            </thead>
            <tbody>
              {durationSamples.map((seconds) => (
                <tr key={seconds}>
                  <th scope="row">{seconds}</th>
                  <td data-testid={`duration-${seconds}`}>{formatDuration({ seconds })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </article>
  );
}
