// /admin/books/:id/chapters/analytics: for each chapter, how many listeners it had, how many of
// them finished it and how many stopped there, as a bar chart (SVG, one row of bars per chapter)
// and as a table of the same numbers for screen readers and exact reading. A book nobody has
// listened to yet says so instead.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import type { ChapterFigures } from '@/lib/api/types';
import { formatNumber } from '@/lib/core';
import type { Label } from '@/lib/i18n';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { consoleQueries } from '@/lib/queries/console';
import '@/components/console/console.css';
import './console-chapters.css';

type Series = 'listeners' | 'completed' | 'dropped';

const SERIES: { key: Series; label: Label }[] = [
  { key: 'listeners', label: (t) => t('console.figures.listeners') },
  { key: 'completed', label: (t) => t('console.figures.completed') },
  { key: 'dropped', label: (t) => t('console.figures.dropped') },
];

/** Bar height and spacing in the chart's own units (each row's SVG is 100 wide). */
const BAR = 8;
const STEP = 10;

function FiguresChart({ figures }: { figures: ChapterFigures[] }) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const most = Math.max(1, ...figures.flatMap((row) => SERIES.map(({ key }) => row[key])));
  return (
    <figure className="figures-chart card">
      <figcaption className="figures-chart__caption">{t('console.figures.chart')}</figcaption>
      <ul className="figures-legend" aria-hidden="true">
        {SERIES.map(({ key, label }) => (
          <li key={key}>
            <span className={`figures-swatch figures--${key}`} />
            {label(t)}
          </li>
        ))}
      </ul>
      <div className="figures-chart__rows" role="img" aria-label={t('console.figures.chartImage')}>
        {figures.map((row) => (
          <div key={row.chapterId} className="figures-chart__row">
            <span className="figures-chart__label">
              {t('console.figures.place', { place: formatNumber({ value: row.idx, lang }) })}
            </span>
            <svg
              className="figures-chart__bars"
              viewBox={`0 0 100 ${SERIES.length * STEP}`}
              preserveAspectRatio="none"
              focusable="false"
            >
              {SERIES.map(({ key }, index) => (
                <rect
                  key={key}
                  className={`figures--${key}`}
                  x={0}
                  y={index * STEP + (STEP - BAR) / 2}
                  height={BAR}
                  width={(row[key] / most) * 100}
                />
              ))}
            </svg>
          </div>
        ))}
      </div>
    </figure>
  );
}

function FiguresTable({ figures }: { figures: ChapterFigures[] }) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const num = (value: number) => formatNumber({ value, lang });
  const columns: Column[] = [
    { key: 'chapter', heading: t('console.figures.chapter') },
    ...SERIES.map(({ key, label }): Column => ({ key, heading: label(t), numeric: true })),
    { key: 'current', heading: t('console.figures.current'), numeric: true },
  ];
  return (
    <ConsoleTable label={t('console.figures.table')} columns={columns} narrow>
      {figures.map((row) => (
        <tr key={row.chapterId}>
          <th scope="row">
            {t('console.figures.place', { place: num(row.idx) })}
            <span className="console-sub">{row.titleZh}</span>
          </th>
          <td className="console-num">{num(row.listeners)}</td>
          <td className="console-num">{num(row.completed)}</td>
          <td className="console-num">{num(row.dropped)}</td>
          <td className="console-num">{num(row.current)}</td>
        </tr>
      ))}
    </ConsoleTable>
  );
}

export function AdminBookChapterAnalyticsPage() {
  const { t } = useTranslation('console');
  const bookId = Number(useParams().id);
  const list = useQuery(consoleQueries.bookChapters(bookId));
  const figures = useQuery(consoleQueries.chapterFigures(bookId));
  const rows = figures.data ?? [];
  const heard = rows.some((row) => row.listeners > 0);
  return (
    <div className="console-page">
      <p className="console-back">
        <LocalizedLink to={pathTo('adminBookChapters', { id: bookId })}>{t('console.chapterForm.back')}</LocalizedLink>
      </p>
      <h1>
        {list.data
          ? t('console.figures.title', { title: list.data.book.titleZh })
          : t('console.routes.adminChapterAnalytics')}
      </h1>
      <p className="field__hint">{t('console.figures.about')}</p>
      {figures.isPending && <Skeleton count={6} variant="row" />}
      {figures.isError && <ErrorState error={figures.error} onRetry={() => void figures.refetch()} />}
      {figures.isSuccess && rows.length === 0 && <EmptyState>{t('console.figures.noChapters')}</EmptyState>}
      {figures.isSuccess && rows.length > 0 && !heard && <EmptyState>{t('console.figures.empty')}</EmptyState>}
      {figures.isSuccess && heard && (
        <>
          <FiguresChart figures={rows} />
          <FiguresTable figures={rows} />
        </>
      )}
    </div>
  );
}
