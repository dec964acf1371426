// /admin/chapters: chapters across books, last changed first: a title search and filters (audio
// missing or present, published) kept in the address with the page, as /admin/books does; each
// row links to the chapter's edit page and to its book's chapters.
import { useCallback, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { Pagination } from '@/components/catalog/pagination';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import { SearchBox } from '@/components/console/search-box';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import type { AdminChapterRow } from '@/lib/api/types';
import { formatDuration, formatNumber, formatRelativeTime } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { consoleQueries } from '@/lib/queries/console';
import { useUrlFilters } from '@/lib/use-url-filters';
import { PUBLISHED_LABEL } from './labels';
import '@/components/catalog/catalog-page.css';
import '@/components/console/console.css';
import './console-chapters.css';
import { FilterSelect } from '@/components/console/filter-select';

const keys = ['q', 'audio', 'published'] as const;
type Key = (typeof keys)[number];
export const pageSize = 20;

export function AdminChaptersPage() {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const id = useId();
  const { values, page, update } = useUrlFilters(pathTo('adminChapters'), keys);
  const chapters = useQuery(
    consoleQueries.chapters({ q: values.q, audio: values.audio, published: values.published, page, pageSize }),
  );
  const search = useCallback((q: string) => update({ q }), [update]);
  const num = (value: number) => formatNumber({ value, lang });
  const now = Date.now();
  const filtered = keys.some((key) => values[key] !== '');

  const select = (key: Exclude<Key, 'q'>, label: string, options: [string, string][]) => (
    <FilterSelect
      id={`${id}-${key}`}
      label={label}
      value={values[key]}
      options={options}
      onChange={(value) => update({ [key]: value })}
    />
  );
  const all: [string, string] = ['', t('console.allChapters.filters.all')];
  const columns: Column[] = [
    { key: 'title', heading: t('console.allChapters.columns.title') },
    { key: 'book', heading: t('console.allChapters.columns.book') },
    { key: 'place', heading: t('console.allChapters.columns.place'), numeric: true },
    { key: 'duration', heading: t('console.allChapters.columns.duration'), numeric: true },
    { key: 'audio', heading: t('console.allChapters.columns.audio') },
    { key: 'published', heading: t('console.allChapters.columns.published') },
    { key: 'updated', heading: t('console.allChapters.columns.updated') },
  ];

  return (
    <div className="console-page">
      <header className="console-head">
        <h1>{t('console.allChapters.title')}</h1>
      </header>
      <div className="console-toolbar">
        <SearchBox
          label={t('console.allChapters.search')}
          placeholder={t('console.allChapters.searchPlaceholder')}
          value={values.q}
          onSearch={search}
        />
        <div className="filters" role="group" aria-label={t('console.allChapters.filters.label')}>
          {select('audio', t('console.allChapters.filters.audio'), [
            all,
            ['missing', t('console.allChapters.audio.missing')],
            ['present', t('console.allChapters.audio.present')],
          ])}
          {select('published', t('console.allChapters.filters.published'), [
            all,
            ['true', PUBLISHED_LABEL.true(t)],
            ['false', PUBLISHED_LABEL.false(t)],
          ])}
        </div>
      </div>

      {chapters.isPending && <Skeleton count={6} variant="row" />}
      {chapters.isError && <ErrorState error={chapters.error} onRetry={() => void chapters.refetch()} />}
      {chapters.isSuccess && chapters.data.total === 0 && (
        <EmptyState>{filtered ? t('console.allChapters.emptyFiltered') : t('console.allChapters.empty')}</EmptyState>
      )}
      {chapters.isSuccess && chapters.data.items.length > 0 && (
        <>
          <p className="result-count">
            {t('console.allChapters.count', { count: chapters.data.total, formatted: num(chapters.data.total) })}
          </p>
          <ConsoleTable label={t('console.allChapters.table')} columns={columns}>
            {chapters.data.items.map((row: AdminChapterRow) => (
              <tr key={row.id}>
                <th scope="row">
                  <LocalizedLink to={pathTo('adminChapterEdit', { id: row.id })}>{row.titleZh}</LocalizedLink>
                  {row.titleEn ? <span className="console-sub">{row.titleEn}</span> : null}
                </th>
                <td>
                  <LocalizedLink
                    to={pathTo('adminBookChapters', { id: row.bookId })}
                    aria-label={t('console.allChapters.bookChapters', { title: row.bookTitle })}
                  >
                    {row.bookTitle}
                  </LocalizedLink>
                </td>
                <td className="console-num">{num(row.idx)}</td>
                <td className="console-num">{row.asset ? formatDuration({ seconds: row.durationSecs }) : '—'}</td>
                <td>
                  {row.asset ? (
                    <span className="chapter-file">{row.asset.originalName ?? row.asset.mime}</span>
                  ) : (
                    <span className="console-badge console-badge--warn">{t('console.chapters.noAudio')}</span>
                  )}
                </td>
                <td>
                  <span className={`console-badge console-badge--${row.published ? 'on' : 'off'}`}>
                    {PUBLISHED_LABEL[row.published ? 'true' : 'false'](t)}
                  </span>
                </td>
                <td>{formatRelativeTime({ timestampMs: row.updatedAt, nowMs: now, lang })}</td>
              </tr>
            ))}
          </ConsoleTable>
        </>
      )}
      {chapters.isSuccess && (
        <Pagination
          page={page}
          pageSize={chapters.data.pageSize}
          total={chapters.data.total}
          onPage={(next) => update({ page: next })}
        />
      )}
    </div>
  );
}
