// The ad of one slot, if one runs now and the listener is not a member (core's `adVisible` and
// `isPremium`): its image or words in a box of fixed height, its link opened in a new tab
// (checked by the external-link rule when the ad was saved, and again here).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth/use-auth';
import type { AdSlot } from '@/lib/api/types';
import { adVisible, isPremium, safeExternalUrl } from '@/lib/core-pages';
import { siteQuery } from '@/lib/site';
import './ads.css';

export function AdBox({ slot }: { slot: AdSlot }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const site = useQuery(siteQuery());
  const nowMs = Date.now();
  const member = isPremium({ user, nowMs });
  const ad = site.data?.ads.find(
    (candidate) =>
      candidate.slot === slot &&
      adVisible({ enabled: true, startsAt: candidate.startsAt, endsAt: candidate.endsAt, nowMs, member }),
  );
  const link = ad ? safeExternalUrl({ value: ad.link }) : null;
  if (!ad || !link) return null;
  return (
    <aside className="ad-box" aria-label={t('app.ads.label')} data-testid={`ad-${slot}`}>
      <a href={link} target="_blank" rel="noopener noreferrer sponsored" className="ad-box__link">
        {ad.imageUrl ? <img className="ad-box__image" src={ad.imageUrl} alt={ad.text ?? ''} loading="lazy" /> : null}
        {ad.text ? <span className="ad-box__text">{ad.text}</span> : null}
      </a>
      <span className="ad-box__mark">{t('app.ads.mark')}</span>
    </aside>
  );
}
