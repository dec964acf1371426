// Console answers for the tests of the offers pages, typed by the contract.
import type { AdminAd, AdminCampaign, SiteSettings } from '@/lib/api/types';

export const hour = 3_600_000;

export const settings: SiteSettings = {
  siteName: '听书',
  defaultLanguage: 'zh',
  registrationOpen: true,
  maxAudioMb: 500,
  maxImageMb: 10,
  accessLogRetentionDays: 30,
  supportContact: null,
};

export function campaign(id: number, patch: Partial<AdminCampaign> = {}): AdminCampaign {
  const now = Date.now();
  return {
    id,
    name: `活动${id}`,
    startsAt: now - hour,
    endsAt: now + 48 * hour,
    endedAt: null,
    status: 'running',
    books: [{ id: 3, title: '三体', published: true }],
    categories: [],
    createdAt: now - 2 * hour,
    updatedAt: now - 2 * hour,
    ...patch,
  };
}

export function ad(id: number, patch: Partial<AdminAd> = {}): AdminAd {
  const now = Date.now();
  return {
    id,
    slot: 'book_detail',
    enabled: true,
    imageUrl: null,
    text: '会员八折',
    link: 'https://shop.example/offer',
    startsAt: now - hour,
    endsAt: now + hour,
    hiddenForMembers: true,
    showing: true,
    createdAt: now - hour,
    updatedAt: now - hour,
    ...patch,
  };
}
