// What the downloads take, and what the browser reports of this site's storage and its quota.
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/core-pages';
import type { StorageUse } from '@/lib/downloads/download-manager';
import { useLang } from '@/lib/lang';

export function StorageUsage({ bytes, storage }: { bytes: number; storage: StorageUse | null }) {
  const { t } = useTranslation('pages');
  const { lang } = useLang();
  const size = (value: number) => formatFileSize({ bytes: value, lang });
  return (
    <div className="downloads-usage">
      <p data-testid="downloads-total">{t('pages.downloads.total', { size: size(bytes) })}</p>
      <p data-testid="downloads-quota">
        {storage
          ? t('pages.downloads.quota', { usage: size(storage.usage), quota: size(storage.quota) })
          : t('pages.downloads.quotaUnknown')}
      </p>
    </div>
  );
}
