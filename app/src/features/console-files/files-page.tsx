// /admin/files: every stored file (audio and images). A search, kind and use filters and the sort
// kept in the address with the page, as /admin/books does; each row shows a preview (the image, or
// a play button for audio), name, kind, size, length, upload date and where the file is used, and an
// unused file can be deleted once confirmed (the server refuses one in use with its reason).
import { useCallback, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { Pagination } from '@/components/catalog/pagination';
import { PreviewPlayer, useAudioPreview } from '@/components/console/audio-preview';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import { SearchBox } from '@/components/console/search-box';
import { useToast } from '@/components/toast/use-toast';
import { useCurrentUser } from '@/features/auth/use-auth';
import type { AdminFile } from '@/lib/api/types';
import { formatDuration, formatNumber } from '@/lib/core';
import { formatDate, formatFileSize } from '@/lib/core-pages';
import { useDescribeFailure } from '@/lib/form-errors';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { consoleQueries, useDeleteFile } from '@/lib/queries/console';
import { useUrlFilters } from '@/lib/use-url-filters';
import { fileName, FileUses } from './file-uses';
import { KIND_LABEL, SORT_LABEL, USED_LABEL } from './labels';
import { useContentUrl } from './use-content-url';
import '@/components/catalog/catalog-page.css';
import '@/components/console/console.css';
import './console-files.css';
import { FilterSelect } from '@/components/console/filter-select';

const keys = ['q', 'kind', 'used', 'sort'] as const;
type Key = (typeof keys)[number];
/** The server's own page size for files. */
export const pageSize = 24;

export function AdminFilesPage() {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const { toast } = useToast();
  const describeFailure = useDescribeFailure();
  const timezone = useCurrentUser()?.preferences.timezone;
  const id = useId();
  const { values, page, update } = useUrlFilters(pathTo('adminFiles'), keys);
  const files = useQuery(
    consoleQueries.files({ q: values.q, kind: values.kind, used: values.used, sort: values.sort, page, pageSize }),
  );
  const search = useCallback((q: string) => update({ q }), [update]);
  const remove = useDeleteFile();
  const contentUrl = useContentUrl();
  const { preview, playStored, close } = useAudioPreview();
  const num = (value: number) => formatNumber({ value, lang });
  const filtered = keys.some((key) => key !== 'sort' && values[key] !== '');

  const deleteFile = async (file: AdminFile) => {
    try {
      await remove.mutateAsync(file.id);
      toast({ color: 'success', icon: 'success', title: t('console.files.deleted', { name: fileName(file) }) });
    } catch (error) {
      // A file in use (409 `file_in_use`): the server says what uses it.
      toast({ color: 'error', icon: 'error', title: describeFailure(error) ?? t('app.common.actionFailed') });
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
  const all: [string, string] = ['', t('console.files.filters.all')];
  const columns: Column[] = [
    { key: 'preview', heading: t('console.files.columns.preview') },
    { key: 'name', heading: t('console.files.columns.name') },
    { key: 'kind', heading: t('console.files.columns.kind') },
    { key: 'size', heading: t('console.files.columns.size'), numeric: true },
    { key: 'duration', heading: t('console.files.columns.duration'), numeric: true },
    { key: 'uploaded', heading: t('console.files.columns.uploaded') },
    { key: 'used', heading: t('console.files.columns.used') },
    { key: 'actions', heading: t('console.files.columns.actions') },
  ];

  return (
    <div className="console-page">
      <header className="console-head">
        <h1>{t('console.files.title')}</h1>
      </header>
      <div className="console-toolbar">
        <SearchBox
          label={t('console.files.search')}
          placeholder={t('console.files.searchPlaceholder')}
          value={values.q}
          onSearch={search}
        />
        <div className="filters" role="group" aria-label={t('console.files.filters.label')}>
          {select('kind', t('console.files.filters.kind'), [
            all,
            ...Object.entries(KIND_LABEL).map(([value, label]): [string, string] => [value, label(t)]),
          ])}
          {select('used', t('console.files.filters.used'), [
            all,
            ['true', USED_LABEL.true(t)],
            ['false', USED_LABEL.false(t)],
          ])}
          {select(
            'sort',
            t('console.files.filters.sort'),
            Object.entries(SORT_LABEL).map(([value, label]): [string, string] => [
              value === 'newest' ? '' : value,
              label(t),
            ]),
          )}
        </div>
      </div>
      <PreviewPlayer preview={preview} onClose={close} />

      {files.isPending && <Skeleton count={6} variant="row" />}
      {files.isError && <ErrorState error={files.error} onRetry={() => void files.refetch()} />}
      {files.isSuccess && files.data.total === 0 && (
        <EmptyState>{filtered ? t('console.files.emptyFiltered') : t('console.files.empty')}</EmptyState>
      )}
      {files.isSuccess && files.data.items.length > 0 && (
        <>
          <p className="result-count">
            {t('console.files.count', { count: files.data.total, formatted: num(files.data.total) })}
          </p>
          <ConsoleTable label={t('console.files.table')} columns={columns}>
            {files.data.items.map((file) => {
              const name = fileName(file);
              return (
                <tr key={file.id}>
                  <td>
                    {file.kind === 'image' ? (
                      contentUrl ? (
                        <img className="file-thumb" src={contentUrl(file.id)} alt="" loading="lazy" />
                      ) : (
                        <span className="file-thumb" aria-hidden="true" />
                      )
                    ) : (
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={t('console.files.playNamed', { name })}
                        onClick={() => void playStored(file.id, name)}
                      >
                        {t('console.files.play')}
                      </button>
                    )}
                  </td>
                  <th scope="row">
                    <span className="file-name" title={name}>
                      {name}
                    </span>
                    <span className="console-sub">{file.mime}</span>
                  </th>
                  <td>{KIND_LABEL[file.kind](t)}</td>
                  <td className="console-num">{formatFileSize({ bytes: file.bytes, lang })}</td>
                  <td className="console-num">
                    {file.kind === 'audio' ? formatDuration({ seconds: file.durationSecs }) : '—'}
                  </td>
                  <td>{formatDate({ timestampMs: file.createdAt, lang, timezone })}</td>
                  <td>
                    <FileUses file={file} />
                  </td>
                  <td>
                    {file.inUse ? null : (
                      <ConfirmButton
                        label={t('console.files.delete')}
                        ariaLabel={t('console.files.deleteNamed', { name })}
                        className="button button--small console-danger"
                        disabled={remove.isPending}
                        title={t('console.files.deleteTitle', { name })}
                        onConfirm={() => void deleteFile(file)}
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </ConsoleTable>
        </>
      )}
      {files.isSuccess && (
        <Pagination
          page={page}
          pageSize={files.data.pageSize}
          total={files.data.total}
          onPage={(next) => update({ page: next })}
        />
      )}
    </div>
  );
}
