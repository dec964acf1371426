// The three states of a page section besides its data: loading skeleton (after 200 ms), empty and
// error (with retry).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pageNotFound } from '@/lib/app-error';
import { ApiError } from '@/lib/http';
import { useLang } from '@/lib/lang';
import { useShownAfterDelay } from './use-shown-after-delay';
import './async-state.css';

/**
 * For its first 200 ms the skeleton keeps its room but shows and announces nothing. `fillScreen`: a
 * page's whole list, which keeps at least the screen's height, so the footer is not drawn in view only
 * to be pushed away when the list arrives.
 */
export function Skeleton({
  count = 6,
  variant = 'card',
  fillScreen = false,
}: {
  count?: number;
  variant?: 'card' | 'row';
  fillScreen?: boolean;
}) {
  const { t } = useTranslation();
  const shown = useShownAfterDelay();
  const className = `skeleton skeleton--${variant}${fillScreen ? ' skeleton--screen' : ''}`;
  if (!shown) {
    return (
      <div className={`${className} skeleton--waiting`} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <div key={index} className="skeleton__item" />
        ))}
      </div>
    );
  }
  return (
    <div className={className} role="status" aria-busy="true" aria-label={t('app.common.loading')}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="skeleton__item" aria-hidden="true" />
      ))}
    </div>
  );
}

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state" role="status">
      <p>{children}</p>
      {action}
    </div>
  );
}

/** `quiet`: a failed part of a larger page (a polite status), not the page's own failure (an alert). */
export function ErrorState({
  error,
  onRetry,
  quiet = false,
}: {
  error: unknown;
  onRetry?: () => void;
  quiet?: boolean;
}) {
  const { t } = useTranslation();
  const message = error instanceof ApiError && error.statusCode !== 0 ? error.message : t('app.common.loadFailed');
  return (
    <div className="error-state" role={quiet ? 'status' : 'alert'}>
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('app.common.retry')}
        </button>
      )}
    </div>
  );
}

/**
 * The page's own record (the book of /books/{id}, the chapter of a chapter page) failed to load:
 * when the server has no such record, the fatal 'Page Not Found' screen of spec §2/§8 (thrown to
 * the page's error boundary); any other failure stays on the page with a retry.
 */
export function RecordErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { fullPath } = useLang();
  if (error instanceof ApiError && error.statusCode === 404) throw pageNotFound(fullPath);
  return <ErrorState error={error} onRetry={onRetry} />;
}
