// One chapter of a downloaded book: its number, title, length and size; while it arrives, its
// progress (and "try again" once failed); once kept, play it offline (when it may play) or read
// why not; and remove it, after a confirmation.
import { useTranslation } from 'react-i18next';
import { DownloadProgress } from '@/components/downloads/download-progress';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { useToast } from '@/components/toast/use-toast';
import { usePlayerController } from '@/features/player';
import { clampProgress, formatDuration } from '@/lib/core';
import { formatFileSize } from '@/lib/core-pages';
import { downloadPlayable } from '@/lib/downloads/download-cache';
import { downloads } from '@/lib/downloads/download-manager';
import { useLang } from '@/lib/lang';
import type { ChapterEntry } from './group-downloads';

function Arriving({ entry }: { entry: ChapterEntry & { transfer: NonNullable<ChapterEntry['transfer']> } }) {
  const { t } = useTranslation('pages');
  const { lang } = useLang();
  const { toast } = useToast();
  const { transfer } = entry;
  if (transfer.status === 'failed') {
    const retry = async () => {
      try {
        await downloads.retry(entry.chapterId);
      } catch {
        toast({ color: 'error', icon: 'error', title: t('pages.downloads.button.error') });
      }
    };
    return (
      <p className="download-row__failed" role="alert">
        {t('pages.downloads.failed')}{' '}
        <button
          type="button"
          className="button button--small"
          onClick={() => void retry()}
          aria-label={t('pages.downloads.retryNamed', { title: entry.title })}
        >
          {t('pages.downloads.retry')}
        </button>
      </p>
    );
  }
  const percent = Math.floor(
    clampProgress({ value: transfer.total > 0 ? (transfer.received / transfer.total) * 100 : 0 }),
  );
  const size = (bytes: number) => formatFileSize({ bytes, lang });
  return (
    <>
      <DownloadProgress
        label={t('pages.downloads.progressLabel', { title: entry.title })}
        received={transfer.received}
        total={transfer.total}
        testId={`download-progress-${entry.chapterId}`}
      />
      <span className="download-row__meta" aria-live="off">
        {transfer.status === 'queued'
          ? t('pages.downloads.queued')
          : t('pages.downloads.percent', {
              percent,
              received: size(transfer.received),
              total: size(transfer.total),
            })}
      </span>
    </>
  );
}

export function DownloadRow({ entry, canPlay }: { entry: ChapterEntry; canPlay: boolean }) {
  const { t } = useTranslation('pages');
  const { lang } = useLang();
  const player = usePlayerController();
  const { record, transfer, chapterId, title } = entry;
  const playable = record !== undefined && downloadPlayable(record, Date.now());
  return (
    <li className="download-row" data-testid={`download-chapter-${chapterId}`}>
      <span className="download-row__index">{entry.index}</span>
      <div className="download-row__text">
        <span className="download-row__title">{title}</span>
        {record && (
          <span className="download-row__meta">
            {formatDuration({ seconds: record.durationSecs })} · {formatFileSize({ bytes: record.bytes, lang })}
            {!playable && !record.lapsed && ` · ${t('pages.downloads.expired')}`}
          </span>
        )}
        {transfer && <Arriving entry={{ ...entry, transfer }} />}
      </div>
      <div className="download-row__actions">
        {playable && canPlay && (
          <button
            type="button"
            className="button button--small button--primary"
            data-testid={`play-offline-${chapterId}`}
            onClick={() => void player.playDownload(chapterId, { autoplay: true })}
            aria-label={t('pages.downloads.playNamed', { title })}
          >
            <span aria-hidden="true">▶</span> {t('pages.downloads.play')}
          </button>
        )}
        <ConfirmButton
          className="button button--small"
          testId={`remove-download-${chapterId}`}
          label={t('pages.downloads.remove')}
          ariaLabel={t('pages.downloads.removeNamed', { title })}
          title={t('pages.downloads.confirmRemove', { title })}
          onConfirm={() => downloads.remove([chapterId])}
        />
      </div>
    </li>
  );
}
