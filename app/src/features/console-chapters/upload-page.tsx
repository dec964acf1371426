// /admin/upload: the generic upload page. Choose audio or image, drop or pick files (three send at
// once, each with its progress), and see what each became: its name, type, size, the probed length
// of an audio file and the stored file's id (what a chapter or a cover refers to).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadList } from '@/components/upload/upload-progress';
import { UploadZone } from '@/components/upload/upload-zone';
import { useUploads, type UploadItem } from '@/components/upload/use-uploads';
import type { UploadKind } from '@/lib/api/types';
import { formatDuration } from '@/lib/core';
import { formatFileSize } from '@/lib/core-pages';
import type { Label } from '@/lib/i18n';
import { useLang } from '@/lib/lang';
import '@/components/console/console.css';
import './console-chapters.css';

const KIND_LABEL = {
  audio: (t) => t('console.uploadPage.kinds.audio'),
  image: (t) => t('console.uploadPage.kinds.image'),
} satisfies Record<UploadKind, Label>;

/** What a stored file is, as a short description list under its row. */
function StoredFile({ item }: { item: UploadItem }) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const asset = item.view?.asset;
  if (!asset) return null;
  return (
    <dl className="chapter-asset">
      <div>
        <dt>{t('console.uploadPage.fileName')}</dt>
        <dd>{asset.originalName ?? item.file.name}</dd>
      </div>
      <div>
        <dt>{t('console.uploadPage.type')}</dt>
        <dd>{asset.mime}</dd>
      </div>
      <div>
        <dt>{t('console.uploadPage.size')}</dt>
        <dd>{formatFileSize({ bytes: asset.bytes, lang })}</dd>
      </div>
      {asset.kind === 'audio' ? (
        <div>
          <dt>{t('console.uploadPage.duration')}</dt>
          <dd>{formatDuration({ seconds: asset.durationSecs })}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('console.uploadPage.assetId')}</dt>
        <dd>{asset.id}</dd>
      </div>
    </dl>
  );
}

export function AdminUploadPage() {
  const { t } = useTranslation('console');
  const id = useId();
  const [kind, setKind] = useState<UploadKind>('audio');
  const uploads = useUploads();
  return (
    <div className="console-page">
      <h1>{t('console.uploadPage.title')}</h1>
      <p className="field__hint">{t('console.uploadPage.lead')}</p>
      <fieldset className="console-fieldset upload-kind">
        <legend>{t('console.uploadPage.kind')}</legend>
        {(Object.keys(KIND_LABEL) as UploadKind[]).map((value) => (
          <label key={value} className="upload-kind__choice" htmlFor={`${id}-${value}`}>
            <input
              id={`${id}-${value}`}
              type="radio"
              name={`${id}-kind`}
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
            />
            {KIND_LABEL[value](t)}
          </label>
        ))}
      </fieldset>
      <UploadZone
        kind={kind}
        multiple
        label={t('console.uploadPage.choose')}
        hint={kind === 'audio' ? t('console.uploadPage.hintAudio') : t('console.uploadPage.hintImage')}
        onFiles={(files) => uploads.add(files, kind)}
      />
      <UploadList
        items={uploads.items}
        onCancel={uploads.cancel}
        onRetry={uploads.retry}
        details={(item) => <StoredFile item={item} />}
      />
    </div>
  );
}
