// The console's book list: a debounced search and filters kept in the address, a table of every
// book (published or not) with row selection, and bulk publish / unpublish / delete.
import { useCallback, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { ACCESS_LABEL, STATUS_LABEL } from '@/components/catalog/labels';
import { Pagination } from '@/components/catalog/pagination';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import { SearchBox } from '@/components/console/search-box';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useToast } from '@/components/toast/use-toast';
import type { AdminBookRow, BulkAction } from '@/lib/api/types';
import { formatNumber, formatRelativeTime } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { consoleQueries, useBulkBooks } from '@/lib/queries/console';
import { useUrlFilters } from '@/lib/use-url-filters';
import { categoryName, categoryOptions } from './categories';
import { PUBLISHED_LABEL, SORT_LABEL } from './labels';
import { FilterSelect } from '@/components/console/filter-select';

const keys = ['q', 'category', 'access', 'status', 'published', 'sort'] as const;
type Key = (typeof keys)[number];
export const pageSize = 20;
export function BookList({ categoryId }: { categoryId?: number }) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const { toast } = useToast();
  const id = useId();
  const basePath = categoryId === undefined ? pathTo('adminBooks') : pathTo('adminCategoryBooks', { id: categoryId });
  const { values, page, update } = useUrlFilters(basePath, keys);
  const categories = useQuery(consoleQueries.categories());
  const books = useQuery(
    consoleQueries.books({
      q: values.q,
      category: categoryId ?? values.category,
      access: values.access,
      status: values.status,
      published: values.published,
      sort: values.sort,
      page,
      pageSize,
    }),
  );
  const search = useCallback((q: string) => update({ q }), [update]);
  const bulk = useBulkBooks();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  const rows = books.data?.items ?? [];
  const chosen = rows.filter((row) => selected.has(row.id)).map((row) => row.id);
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const names = new Map((categories.data?.items ?? []).map((c) => [c.id, categoryName(c, lang)]));
  const now = Date.now();
  const num = (value: number) => formatNumber({ value, lang });

  const toggle = (bookId: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(bookId);
      else next.delete(bookId);
      return next;
    });
  const toggleAll = (on: boolean) => setSelected(on ? new Set(rows.map((row) => row.id)) : new Set());

  const runBulk = async (action: BulkAction) => {
    try {
      const { changed } = await bulk.mutateAsync({ action, ids: chosen });
      setSelected(new Set());
      toast({
        color: 'success',
        icon: 'success',
        title: t('console.books.bulk.done', { count: changed, formatted: num(changed) }),
      });
    } catch {
      toast({ color: 'error', icon: 'error', title: t('app.common.actionFailed') });
    }
  };

  const select = (key: Exclude<Key, 'q'>, label: string, options: [string, string][]) => (
    <FilterSelect
      id={`${id}-${key}`}
      label={label}
      value={values[key]}
      options={options}
      onChange={(value) => update({ [key]: value })}
    />
  );
  const all: [string, string] = ['', t('console.books.filters.all')];
  const count = chosen.length;
  const columns: Column[] = [
    {
      key: 'select',
      heading: (
        <input
          type="checkbox"
          checked={allChosen}
          onChange={(event) => toggleAll(event.target.checked)}
          aria-label={t('console.books.selectAll')}
        />
      ),
    },
    { key: 'title', heading: t('console.books.columns.title') },
    { key: 'author', heading: t('console.books.columns.author') },
    { key: 'category', heading: t('console.books.columns.category') },
    { key: 'status', heading: t('console.books.columns.status') },
    { key: 'access', heading: t('console.books.columns.access') },
    { key: 'published', heading: t('console.books.columns.published') },
    { key: 'chapters', heading: t('console.books.columns.chapters'), numeric: true },
    { key: 'plays', heading: t('console.books.columns.plays'), numeric: true },
    { key: 'updated', heading: t('console.books.columns.updated') },
  ];

  return (
    <>
      <div className="console-toolbar">
        <SearchBox
          label={t('console.books.search')}
          placeholder={t('console.books.searchPlaceholder')}
          value={values.q}
          onSearch={search}
        />
        <div className="filters" role="group" aria-label={t('console.books.filters.label')}>
          {categoryId === undefined &&
            select('category', t('console.books.filters.category'), [
              all,
              ...categoryOptions(categories.data?.items ?? [], lang),
            ])}
          {select('access', t('console.books.filters.access'), [
            all,
            ...Object.entries(ACCESS_LABEL).map(([value, label]): [string, string] => [value, label(t)]),
          ])}
          {select('status', t('console.books.filters.status'), [
            all,
            ...Object.entries(STATUS_LABEL).map(([value, label]): [string, string] => [value, label(t)]),
          ])}
          {select('published', t('console.books.filters.published'), [
            all,
            ['true', PUBLISHED_LABEL.true(t)],
            ['false', PUBLISHED_LABEL.false(t)],
          ])}
          {select(
            'sort',
            t('console.books.filters.sort'),
            Object.entries(SORT_LABEL).map(([value, label]): [string, string] => [
              value === 'updated' ? '' : value,
              label(t),
            ]),
          )}
        </div>
      </div>

      {books.isPending && <Skeleton count={6} variant="row" />}
      {books.isError && <ErrorState error={books.error} onRetry={() => void books.refetch()} />}
      {books.isSuccess && books.data.total === 0 && !hasFilters(values) && (
        <EmptyState
          action={
            <LocalizedLink className="button button--primary" to={pathTo('adminBookCreate')}>
              {t('console.books.create')}
            </LocalizedLink>
          }
        >
          {t('console.books.emptyAll')}
        </EmptyState>
      )}
      {books.isSuccess && books.data.total === 0 && hasFilters(values) && (
        <EmptyState>{t('console.books.emptyFiltered')}</EmptyState>
      )}
      {books.isSuccess && books.data.items.length > 0 && (
        <>
          <div className="console-bulk" role="group" aria-label={t('console.books.bulk.label')}>
            <span aria-live="polite">{t('console.books.bulk.selected', { count, formatted: num(count) })}</span>
            <button
              type="button"
              className="button button--small"
              disabled={count === 0 || bulk.isPending}
              onClick={() => void runBulk('publish')}
            >
              {t('console.books.bulk.publish')}
            </button>
            <ConfirmButton
              label={t('console.books.bulk.unpublish')}
              className="button button--small"
              disabled={count === 0 || bulk.isPending}
              title={t('console.books.bulk.unpublishTitle', { count, formatted: num(count) })}
              description={t('console.books.bulk.unpublishDescription')}
              onConfirm={() => void runBulk('unpublish')}
            />
            <ConfirmButton
              label={t('console.books.bulk.delete')}
              className="button button--small console-danger"
              disabled={count === 0 || bulk.isPending}
              title={t('console.books.bulk.deleteTitle', { count, formatted: num(count) })}
              onConfirm={() => void runBulk('delete')}
            />
          </div>
          <p className="result-count">
            {t('console.books.count', { count: books.data.total, formatted: num(books.data.total) })}
          </p>
          <ConsoleTable label={t('console.books.table')} columns={columns}>
            {books.data.items.map((row: AdminBookRow) => (
              <tr key={row.id} aria-selected={selected.has(row.id)}>
                <td>
                  <input
                    type="checkbox"
                    checked={selected.has(row.id)}
                    onChange={(event) => toggle(row.id, event.target.checked)}
                    aria-label={t('console.books.select', { title: row.titleZh })}
                  />
                </td>
                <th scope="row">
                  <LocalizedLink to={pathTo('adminBookEdit', { id: row.id })}>{row.titleZh}</LocalizedLink>
                  {row.titleEn ? <span className="console-sub">{row.titleEn}</span> : null}
                </th>
                <td>{row.author}</td>
                <td>{names.get(row.categoryId) ?? '—'}</td>
                <td>{STATUS_LABEL[row.status](t)}</td>
                <td>{ACCESS_LABEL[row.access](t)}</td>
                <td>
                  <span className={`console-badge console-badge--${row.published ? 'on' : 'off'}`}>
                    {PUBLISHED_LABEL[row.published ? 'true' : 'false'](t)}
                  </span>
                </td>
                <td className="console-num">
                  <LocalizedLink
                    to={pathTo('adminBookChapters', { id: row.id })}
                    aria-label={t('console.books.chaptersLink', {
                      title: row.titleZh,
                      count: row.chapterCount,
                      formatted: num(row.chapterCount),
                    })}
                  >
                    {num(row.chapterCount)}
                  </LocalizedLink>
                </td>
                <td className="console-num">{num(row.playCount)}</td>
                <td>{formatRelativeTime({ timestampMs: row.updatedAt, nowMs: now, lang })}</td>
              </tr>
            ))}
          </ConsoleTable>
        </>
      )}
      {books.isSuccess && (
        <Pagination
          page={page}
          pageSize={books.data.pageSize}
          total={books.data.total}
          onPage={(next) => update({ page: next })}
        />
      )}
    </>
  );
}

function hasFilters(values: Record<Key, string>): boolean {
  return keys.some((key) => key !== 'sort' && values[key] !== '');
}
