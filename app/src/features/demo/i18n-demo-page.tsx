// /demo/i18n: the same values formatted by core in zh, en and ja side by side.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOptions } from '@/config/languages';
import {
  formatCurrency,
  formatDuration,
  formatNumber,
  formatRelativeTime,
  type Lang,
  type PremiumUser,
} from '@/lib/core';
import { formatFileSize, formatSmartTime, premiumStatus } from '@/lib/core-pages';
import type { Label } from '@/lib/i18n';
import { preferredTimezone } from '@/lib/language-preference';
import './demo.css';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

interface Row {
  label: Label;
  sample: string;
  render: (lang: Lang) => string;
}

function buildRows(nowMs: number, timezone: string): Row[] {
  const member = (subscriptionType: string, subscriptionExpiresAt: number | null) =>
    ({ subscriptionType, subscriptionExpiresAt }) as PremiumUser;
  const status = (user: PremiumUser | null) => (lang: Lang) => premiumStatus({ user, nowMs, lang, timezone }).text;
  return [
    {
      label: (t) => t('app.demo.i18n.rows.number'),
      sample: '999',
      render: (lang) => formatNumber({ value: 999, lang }),
    },
    {
      label: (t) => t('app.demo.i18n.rows.number'),
      sample: '12,345',
      render: (lang) => formatNumber({ value: 12345, lang }),
    },
    {
      label: (t) => t('app.demo.i18n.rows.number'),
      sample: '123,456,789',
      render: (lang) => formatNumber({ value: 123456789, lang }),
    },
    {
      label: (t) => t('app.demo.i18n.rows.number'),
      sample: '2.5e12',
      render: (lang) => formatNumber({ value: 2.5e12, lang }),
    },
    {
      label: (t) => t('app.demo.i18n.rows.invalidNumber'),
      sample: 'null',
      render: (lang) => formatNumber({ value: null, lang }),
    },
    {
      label: (t) => t('app.demo.i18n.rows.fileSize'),
      sample: '1536 B',
      render: (lang) => formatFileSize({ bytes: 1536, lang }),
    },
    {
      label: (t) => t('app.demo.i18n.rows.fileSize'),
      sample: '1572864 B',
      render: (lang) => formatFileSize({ bytes: 1572864, lang }),
    },
    {
      label: (t) => t('app.demo.i18n.rows.fileSize'),
      sample: '5.4e9 B',
      render: (lang) => formatFileSize({ bytes: 5.4e9, lang }),
    },
    {
      label: (t) => t('app.demo.i18n.rows.relative'),
      sample: '−30 s',
      render: (lang) => formatRelativeTime({ timestampMs: nowMs - 30_000, nowMs, lang }),
    },
    {
      label: (t) => t('app.demo.i18n.rows.relative'),
      sample: '−3 min',
      render: (lang) => formatRelativeTime({ timestampMs: nowMs - 3 * minute, nowMs, lang }),
    },
    {
      label: (t) => t('app.demo.i18n.rows.relative'),
      sample: '−1 h',
      render: (lang) => formatRelativeTime({ timestampMs: nowMs - hour, nowMs, lang }),
    },
    {
      label: (t) => t('app.demo.i18n.rows.relative'),
      sample: '+2 d',
      render: (lang) => formatRelativeTime({ timestampMs: nowMs + 2 * day, nowMs, lang }),
    },
    {
      label: (t) => t('app.demo.i18n.rows.smart'),
      sample: '−5 h',
      render: (lang) => formatSmartTime({ timestampMs: nowMs - 5 * hour, nowMs, lang, timezone }),
    },
    {
      label: (t) => t('app.demo.i18n.rows.smart'),
      sample: '−3 d',
      render: (lang) => formatSmartTime({ timestampMs: nowMs - 3 * day, nowMs, lang, timezone }),
    },
    {
      label: (t) => t('app.demo.i18n.rows.smart'),
      sample: '−40 d',
      render: (lang) => formatSmartTime({ timestampMs: nowMs - 40 * day, nowMs, lang, timezone }),
    },
    {
      label: (t) => t('app.demo.i18n.rows.currency'),
      sample: '1250',
      render: (lang) => formatCurrency({ amountMinor: 1250, lang }),
    },
    {
      label: (t) => t('app.demo.i18n.rows.currency'),
      sample: '9999900',
      render: (lang) => formatCurrency({ amountMinor: 9999900, lang }),
    },
    {
      label: (t) => t('app.demo.i18n.rows.duration'),
      sample: '3661 s',
      render: () => formatDuration({ seconds: 3661 }),
    },
    { label: (t) => t('app.demo.i18n.rows.premiumGuest'), sample: '—', render: status(null) },
    { label: (t) => t('app.demo.i18n.rows.premiumFree'), sample: 'free', render: status(member('free', null)) },
    {
      label: (t) => t('app.demo.i18n.rows.premiumLifetime'),
      sample: 'premium',
      render: status(member('premium', null)),
    },
    {
      label: (t) => t('app.demo.i18n.rows.premiumMember'),
      sample: 'premium +30 d',
      render: status(member('premium', nowMs + 30 * day)),
    },
    {
      label: (t) => t('app.demo.i18n.rows.premiumExpired'),
      sample: 'premium −1 d',
      render: status(member('premium', nowMs - day)),
    },
  ];
}

export function I18nDemoPage() {
  const { t } = useTranslation();
  const [nowMs] = useState(() => Date.now());
  const timezone = preferredTimezone();
  const rows = buildRows(nowMs, timezone);

  return (
    <article className="page page--wide">
      <h1 className="page__title">{t('app.demo.i18n.title')}</h1>
      <p className="page__lead">{t('app.demo.i18n.intro')}</p>
      <p className="demo-note">{t('app.demo.i18n.timezone', { timezone })}</p>
      <div className="table-scroll">
        <table className="data-table">
          <caption className="visually-hidden">{t('app.demo.i18n.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('app.demo.i18n.rule')}</th>
              <th scope="col">{t('app.demo.i18n.input')}</th>
              {languageOptions.map((option) => (
                <th key={option.code} scope="col" lang={option.code}>
                  {option.nativeName}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                <th scope="row">{row.label(t)}</th>
                <td>
                  <code>{row.sample}</code>
                </td>
                {languageOptions.map((option) => (
                  <td key={option.code} lang={option.code}>
                    {row.render(option.code as Lang)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}
