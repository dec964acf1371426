// The texts of a campaign's status and an ad's place, one literal key each.
import type { AdSlot, CampaignStatus } from '@/lib/api/types';
import type { Label } from '@/lib/i18n';

export const STATUS_LABEL = {
  running: (t) => t('console.offers.campaigns.status.running'),
  upcoming: (t) => t('console.offers.campaigns.status.upcoming'),
  ended: (t) => t('console.offers.campaigns.status.ended'),
} satisfies Record<CampaignStatus, Label>;

export const SLOT_LABEL = {
  book_detail: (t) => t('console.offers.ads.slots.book_detail'),
  limited_free: (t) => t('console.offers.ads.slots.limited_free'),
  search_results: (t) => t('console.offers.ads.slots.search_results'),
} satisfies Record<AdSlot, Label>;
