// /offline (simple layout): the network is unavailable; what is downloaded plays here all the same
// (the player reads it from the downloads, the service worker answers its audio), the downloads
// page is one step away, and the way home opens again once the browser says it is back online.
import { useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Skeleton } from '@/components/async-state/async-state';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useLocalize } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { BookDownloads } from './book-downloads';
import { LapsedNotice } from './lapsed-notice';
import { useKeptDownloads } from './use-kept-downloads';
import '@/components/catalog/catalog-page.css';
import './downloads-page.css';

function subscribeToConnection(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;

export function OfflinePage() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const localize = useLocalize();
  const online = useSyncExternalStore(subscribeToConnection, isOnline, () => false);
  // Set when "try again" found the browser still offline (said only while it stays offline).
  const [stillOffline, setStillOffline] = useState(false);
  const { records, supported, loaded, lapsed, canPlay, groups, timezone } = useKeptDownloads();

  const retry = () => {
    if (navigator.onLine) navigate(localize(pathTo('home')));
    else setStillOffline(true);
  };
  const status = online
    ? t('pages.offline.backOnline.body')
    : stillOffline
      ? t('pages.offline.stillOffline')
      : t('pages.offline.body');

  return (
    <div className="catalog-page downloads-page offline-page">
      <h1>{online ? t('pages.offline.backOnline.title') : t('pages.offline.title')}</h1>
      <p className="offline-page__status" role="status">
        {status}
      </p>
      <div className="offline-page__actions">
        <button type="button" className="button button--primary" onClick={retry}>
          {online ? t('pages.offline.home') : t('pages.offline.retry')}
        </button>
        <LocalizedLink className="button button--ghost" to={pathTo('premiumDownloads')}>
          {t('pages.offline.manage')}
        </LocalizedLink>
      </div>
      {!supported ? (
        <EmptyState>{t('pages.downloads.unsupported')}</EmptyState>
      ) : !loaded ? (
        <Skeleton count={3} variant="row" />
      ) : records.length === 0 ? (
        <EmptyState>{t('pages.offline.empty')}</EmptyState>
      ) : (
        <>
          {!canPlay && <LapsedNotice lapsed={lapsed} />}
          <p className="downloads-page__intro">{t('pages.offline.listIntro')}</p>
          {groups.map((group) => (
            <BookDownloads key={group.bookId} group={group} canPlay={canPlay} timezone={timezone} />
          ))}
        </>
      )}
    </div>
  );
}
