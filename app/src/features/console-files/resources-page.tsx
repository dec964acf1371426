// /admin/resources: the media library. An upload zone at the top (audio or images, through the
// console's uploader, each file with its progress) and the stored files as a grid of cards, newest
// first, so a new file appears as soon as it is stored: images as pictures, audio with a play
// button, each with its size, length, date and use. Filtered by kind, paged, both in the address.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { Pagination } from '@/components/catalog/pagination';
import { PreviewPlayer, useAudioPreview } from '@/components/console/audio-preview';
import { UploadList } from '@/components/upload/upload-progress';
import { UploadZone } from '@/components/upload/upload-zone';
import { useUploads } from '@/components/upload/use-uploads';
import { useCurrentUser } from '@/features/auth/use-auth';
import type { AdminFile, UploadKind } from '@/lib/api/types';
import { formatDuration, formatNumber } from '@/lib/core';
import { formatDate, formatFileSize } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { consoleQueries, useFilesChanged } from '@/lib/queries/console';
import { useUrlFilters } from '@/lib/use-url-filters';
import { fileName, FileUses } from './file-uses';
import { KIND_LABEL } from './labels';
import { useContentUrl } from './use-content-url';
import '@/components/catalog/catalog-page.css';
import '@/components/console/console.css';
import './console-files.css';

const keys = ['kind'] as const;
export const pageSize = 24;

function ResourceCard({
  file,
  contentUrl,
  onPlay,
}: {
  file: AdminFile;
  contentUrl: ((fileId: number) => string) | null;
  onPlay: () => void;
}) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const timezone = useCurrentUser()?.preferences.timezone;
  const name = fileName(file);
  const facts = [
    KIND_LABEL[file.kind](t),
    formatFileSize({ bytes: file.bytes, lang }),
    ...(file.kind === 'audio' ? [formatDuration({ seconds: file.durationSecs })] : []),
    formatDate({ timestampMs: file.createdAt, lang, timezone }),
  ];
  return (
    <li className="resource-card">
      <div className={`resource-card__media resource-card__media--${file.kind}`}>
        {file.kind === 'image' ? (
          contentUrl ? (
            <img src={contentUrl(file.id)} alt={t('console.resources.imageOf', { name })} loading="lazy" />
          ) : null
        ) : (
          <button
            type="button"
            className="button button--primary"
            aria-label={t('console.files.playNamed', { name })}
            onClick={onPlay}
          >
            <span aria-hidden="true">▶</span> {t('console.files.play')}
          </button>
        )}
      </div>
      <div className="resource-card__body">
        <p className="resource-card__name">{name}</p>
        <p className="resource-card__facts">{facts.join(' · ')}</p>
        <FileUses file={file} />
      </div>
    </li>
  );
}

export function AdminResourcesPage() {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const id = useId();
  const { values, page, update } = useUrlFilters(pathTo('adminResources'), keys);
  const files = useQuery(consoleQueries.files({ kind: values.kind, page, pageSize }));
  const contentUrl = useContentUrl();
  const { preview, playStored, close } = useAudioPreview();
  const filesChanged = useFilesChanged();
  const uploads = useUploads({ onDone: filesChanged });
  const [uploadKind, setUploadKind] = useState<UploadKind>(values.kind === 'image' ? 'image' : 'audio');
  const num = (value: number) => formatNumber({ value, lang });

  return (
    <div className="console-page">
      <header className="console-head">
        <h1>{t('console.resources.title')}</h1>
      </header>
      <section className="resource-upload" aria-labelledby={`${id}-upload`}>
        <h2 id={`${id}-upload`} className="resource-section-title">
          {t('console.resources.upload')}
        </h2>
        <fieldset className="console-fieldset resource-kind">
          <legend>{t('console.resources.uploadKind')}</legend>
          {(Object.keys(KIND_LABEL) as UploadKind[]).map((value) => (
            <label key={value} className="resource-kind__choice" htmlFor={`${id}-${value}`}>
              <input
                id={`${id}-${value}`}
                type="radio"
                name={`${id}-kind`}
                value={value}
                checked={uploadKind === value}
                onChange={() => setUploadKind(value)}
              />
              {KIND_LABEL[value](t)}
            </label>
          ))}
        </fieldset>
        <UploadZone
          kind={uploadKind}
          multiple
          label={t('console.resources.choose')}
          hint={t('console.resources.uploadHint')}
          onFiles={(chosen) => uploads.add(chosen, uploadKind)}
        />
        <UploadList items={uploads.items} onCancel={uploads.cancel} onRetry={uploads.retry} />
      </section>

      <section className="resource-library" aria-labelledby={`${id}-library`}>
        <div className="console-head">
          <h2 id={`${id}-library`} className="resource-section-title">
            {t('console.resources.library')}
          </h2>
          <div className="filter resource-filter">
            <label htmlFor={`${id}-filter`}>{t('console.files.filters.kind')}</label>
            <select id={`${id}-filter`} value={values.kind} onChange={(event) => update({ kind: event.target.value })}>
              <option value="">{t('console.files.filters.all')}</option>
              {Object.entries(KIND_LABEL).map(([value, label]) => (
                <option key={value} value={value}>
                  {label(t)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <PreviewPlayer preview={preview} onClose={close} />
        {files.isPending && <Skeleton count={8} variant="card" />}
        {files.isError && <ErrorState error={files.error} onRetry={() => void files.refetch()} />}
        {files.isSuccess && files.data.total === 0 && (
          <EmptyState>{values.kind ? t('console.files.emptyFiltered') : t('console.resources.empty')}</EmptyState>
        )}
        {files.isSuccess && files.data.items.length > 0 && (
          <>
            <p className="result-count">
              {t('console.files.count', { count: files.data.total, formatted: num(files.data.total) })}
            </p>
            <ul className="resource-grid" aria-label={t('console.resources.grid')}>
              {files.data.items.map((file) => (
                <ResourceCard
                  key={file.id}
                  file={file}
                  contentUrl={contentUrl}
                  onPlay={() => void playStored(file.id, fileName(file))}
                />
              ))}
            </ul>
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
      </section>
    </div>
  );
}
