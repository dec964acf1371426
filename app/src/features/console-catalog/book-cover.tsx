// The edit page's cover: the current cover (the server's medium size) or an empty frame; an image
// uploaded with its progress becomes the cover at once (`PUT …/cover` with the stored file's id,
// the server makes the sizes), and the cover can be removed once confirmed (the image stays among
// the files). A refused image or a failed change says why.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { UploadProgress } from '@/components/upload/upload-progress';
import { UploadZone } from '@/components/upload/upload-zone';
import { useUploads } from '@/components/upload/use-uploads';
import { useToast } from '@/components/toast/use-toast';
import type { AdminBook } from '@/lib/api/types';
import { consoleApi } from '@/lib/console-api';
import { useDescribeFailure } from '@/lib/form-errors';
import { useSetBookCover } from '@/lib/queries/console';

export function BookCover({ book }: { book: AdminBook }) {
  const { t } = useTranslation('console');
  const { toast } = useToast();
  const describeFailure = useDescribeFailure();
  const setCover = useSetBookCover();
  const [failure, setFailure] = useState<string | null>(null);
  const apply = async (assetId: number | null) => {
    setFailure(null);
    try {
      await setCover.mutateAsync({ id: book.id, assetId });
      toast({
        color: 'success',
        icon: 'success',
        title: assetId === null ? t('console.bookCover.removed') : t('console.bookCover.saved'),
      });
    } catch (error) {
      setFailure(describeFailure(error) ?? t('app.common.actionFailed'));
    }
  };
  const uploads = useUploads({
    concurrency: 1,
    onDone: ({ view }) => {
      if (view?.asset) void apply(view.asset.id);
    },
  });
  const upload = uploads.items.at(-1);
  const uploading = upload?.status === 'queued' || upload?.status === 'sending';
  const busy = uploading || setCover.isPending;
  const cover = book.coverAssetId ?? null;
  const choose = (files: File[]) => {
    setFailure(null);
    for (const item of uploads.items) uploads.cancel(item.key);
    uploads.add(files, 'image');
  };

  return (
    <section className="console-fieldset book-cover" aria-labelledby="book-cover-title" aria-busy={busy}>
      <h2 id="book-cover-title" className="book-cover__title">
        {t('console.bookCover.title')}
      </h2>
      <div className="book-cover__body">
        {cover !== null ? (
          <img
            className="book-cover__image"
            src={consoleApi.coverUrl(cover, 'medium')}
            width={300}
            height={400}
            alt={t('console.bookCover.alt', { title: book.titleZh })}
          />
        ) : (
          <div
            className="book-cover__image book-cover__image--empty"
            role="img"
            aria-label={t('console.bookCover.none')}
          >
            <span aria-hidden="true">{t('console.bookCover.none')}</span>
          </div>
        )}
        <div className="book-cover__actions">
          <UploadZone
            kind="image"
            label={cover !== null ? t('console.bookCover.replace') : t('console.bookCover.upload')}
            hint={t('console.bookCover.hint')}
            disabled={busy}
            onFiles={choose}
          />
          {upload ? (
            <div className="upload-row">
              <p className="upload-row__name">
                <strong>{upload.file.name}</strong>
              </p>
              <UploadProgress
                item={upload}
                onCancel={() => uploads.cancel(upload.key)}
                onRetry={() => uploads.retry(upload.key)}
              />
            </div>
          ) : null}
          {setCover.isPending ? (
            <p className="field__hint" role="status">
              {t('console.bookCover.saving')}
            </p>
          ) : null}
          {failure ? (
            <p className="form-alert console-alert" role="alert">
              {failure}
            </p>
          ) : null}
          {cover !== null ? (
            <div className="console-actions">
              <ConfirmButton
                label={t('console.bookCover.remove')}
                className="button console-danger"
                disabled={busy}
                title={t('console.bookCover.removeTitle', { title: book.titleZh })}
                description={t('console.bookCover.removeDescription')}
                onConfirm={() => void apply(null)}
              />
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
