// Keyset paging of a log: "older" follows the page's `nextCursor` (kept in the address as
// `?cursor=`, so the browser's back button returns to the newer page); "newest" drops it.
import { useTranslation } from 'react-i18next';

export function CursorNav({
  cursor,
  nextCursor,
  onCursor,
}: {
  cursor: string;
  nextCursor: string | null | undefined;
  onCursor: (cursor: string) => void;
}) {
  const { t } = useTranslation('console');
  if (!cursor && !nextCursor) return null;
  return (
    <nav className="log-cursor" aria-label={t('console.logs.paging.label')}>
      <button type="button" className="button button--ghost" disabled={!cursor} onClick={() => onCursor('')}>
        {t('console.logs.paging.newest')}
      </button>
      <button
        type="button"
        className="button"
        disabled={!nextCursor}
        onClick={() => nextCursor && onCursor(nextCursor)}
      >
        {t('console.logs.paging.older')}
      </button>
    </nav>
  );
}
