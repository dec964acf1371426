// Previous / next page links with "page x of y".
import { useTranslation } from 'react-i18next';

export function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('app.common.pagination')}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('app.common.prevPage')}
      </button>
      <span aria-live="polite">{t('app.common.pageOf', { page, pages })}</span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('app.common.nextPage')}
      </button>
    </nav>
  );
}
