// /admin/limited-free (manage:promotions): the books free now, exactly as listeners see them on
// `/limited-free` (with their countdowns), and the campaigns running or about to start with what
// each frees. The overlap rule is stated.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { BookGrid } from '@/components/catalog/book-card';
import { catalogQueries } from '@/lib/queries/catalog';
import { useLang } from '@/lib/lang';
import { offerQueries } from './queries';
import { StatusBadge } from './promotions-page';
import { useWhen } from './time';
import '@/components/catalog/catalog-page.css';
import '@/components/console/console.css';
import './console-offers.css';

function CampaignList({ status, title, empty }: { status: 'running' | 'upcoming'; title: string; empty: string }) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const when = useWhen();
  const campaigns = useQuery(offerQueries.campaigns({ status, pageSize: 100 }));
  const nameOf = (c: { nameZh: string; nameEn: string; nameJa: string }) =>
    ({ zh: c.nameZh, en: c.nameEn, ja: c.nameJa })[lang] ?? c.nameZh;
  return (
    <section className="offers-section">
      <h2>{title}</h2>
      {campaigns.isPending && <Skeleton count={2} variant="row" />}
      {campaigns.isError && <ErrorState error={campaigns.error} onRetry={() => void campaigns.refetch()} />}
      {campaigns.isSuccess &&
        (campaigns.data.items.length ? (
          <ul className="offers-campaigns">
            {campaigns.data.items.map((campaign) => (
              <li key={campaign.id} className="offers-campaign" data-testid={`free-campaign-${campaign.id}`}>
                <h3>
                  {campaign.name} <StatusBadge status={campaign.status} />
                </h3>
                <p>
                  {when(campaign.startsAt)} – {when(campaign.endsAt)}
                </p>
                <p>
                  {[
                    ...campaign.books.map((book) => book.title),
                    ...campaign.categories.map((category) =>
                      t('console.offers.limitedFree.category', { name: nameOf(category) }),
                    ),
                  ].join(' · ')}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>{empty}</EmptyState>
        ))}
    </section>
  );
}

export function AdminLimitedFreePage() {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const free = useQuery(catalogQueries.limitedFree(lang));
  return (
    <div className="console-page">
      <header className="console-head">
        <h1>{t('console.offers.limitedFree.title')}</h1>
      </header>
      <p className="offers-note">{t('console.offers.campaigns.overlapRule')}</p>
      <section className="offers-section">
        <h2>{t('console.offers.limitedFree.freeNow')}</h2>
        {free.isPending && <Skeleton count={3} />}
        {free.isError && <ErrorState error={free.error} onRetry={() => void free.refetch()} />}
        {free.isSuccess &&
          (free.data.items.length ? (
            <BookGrid books={free.data.items} headingLevel={3} />
          ) : (
            <EmptyState>{t('console.offers.limitedFree.freeNowEmpty')}</EmptyState>
          ))}
      </section>
      <CampaignList
        status="running"
        title={t('console.offers.limitedFree.running')}
        empty={t('console.offers.limitedFree.runningEmpty')}
      />
      <CampaignList
        status="upcoming"
        title={t('console.offers.limitedFree.upcoming')}
        empty={t('console.offers.limitedFree.upcomingEmpty')}
      />
    </div>
  );
}
