// What listeners will see of a campaign: its books' cards as `/limited-free` draws them, with the
// countdown to the campaign's end.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { BookGrid } from '@/components/catalog/book-card';
import { offerQueries } from './queries';

export function CampaignPreview({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation('console');
  const preview = useQuery(offerQueries.preview(id));
  return (
    <section className="offers-preview" aria-label={t('console.offers.campaigns.previewOf', { name })}>
      <h2>{t('console.offers.campaigns.previewOf', { name })}</h2>
      {preview.isPending && <Skeleton count={3} />}
      {preview.isError && <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />}
      {preview.isSuccess &&
        (preview.data.items.length ? (
          <BookGrid books={preview.data.items} headingLevel={3} />
        ) : (
          <EmptyState>{t('console.offers.campaigns.previewEmpty')}</EmptyState>
        ))}
    </section>
  );
}
