// /downloads and /premium/downloads: the chapters kept for offline listening, book by book, with
// their sizes, the storage they take and the browser's quota, transfers under way, offline play
// through the app's player, removal, and why nothing plays once the membership lapsed.
import { useTranslation } from 'react-i18next';
import { EmptyState, Skeleton } from '@/components/async-state/async-state';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { downloads } from '@/lib/downloads/download-manager';
import { pathTo } from '@/lib/paths';
import { BookDownloads } from './book-downloads';
import { keptBytes } from './group-downloads';
import { LapsedNotice } from './lapsed-notice';
import { StorageUsage } from './storage-usage';
import { useKeptDownloads } from './use-kept-downloads';
import '@/components/catalog/catalog-page.css';
import './downloads-page.css';

export function DownloadsPage() {
  const { t } = useTranslation('pages');
  const { records, supported, loaded, storage, lapsed, member, canPlay, expired, groups, timezone } =
    useKeptDownloads();

  return (
    <div className="catalog-page downloads-page">
      <div className="shelf__head">
        <h1>{t('pages.downloads.title')}</h1>
        {groups.length > 0 && (
          <ConfirmButton
            label={t('pages.downloads.removeAll')}
            title={t('pages.downloads.confirmRemoveAll')}
            onConfirm={() => downloads.removeAll()}
          />
        )}
      </div>
      <p className="downloads-page__intro">{t('pages.downloads.intro')}</p>
      {(lapsed || !member) && <LapsedNotice lapsed={lapsed} />}
      {!supported ? (
        <EmptyState>{t('pages.downloads.unsupported')}</EmptyState>
      ) : !loaded ? (
        <Skeleton count={3} variant="row" />
      ) : (
        <>
          <StorageUsage bytes={keptBytes(records)} storage={storage} />
          {canPlay && expired && <p className="downloads-page__hint">{t('pages.downloads.renewHint')}</p>}
          {groups.length === 0 ? (
            <EmptyState
              action={
                <LocalizedLink className="button button--primary" to={pathTo('books')}>
                  {t('pages.downloads.browse')}
                </LocalizedLink>
              }
            >
              {t('pages.downloads.empty')}
            </EmptyState>
          ) : (
            groups.map((group) => (
              <BookDownloads key={group.bookId} group={group} canPlay={canPlay} timezone={timezone} />
            ))
          )}
        </>
      )}
    </div>
  );
}
