// The console's endpoints of what listeners are offered: site settings and ads (manage:system),
// limited-free campaigns (manage:promotions); one function each, answering what the contract says.
import type { AdInput, ApiData, CampaignInput, SiteSettingsInput } from '@/lib/api/types';
import { query, type Params } from '@/lib/catalog-api';
import { authRequest } from '@/lib/http';

type Signal = { signal?: AbortSignal };

export const offersApi = {
  settings: ({ signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/settings', 'get'>>('GET', '/api/admin/settings', { signal }),
  saveSettings: (body: SiteSettingsInput) =>
    authRequest<ApiData<'/api/admin/settings', 'put'>>('PUT', '/api/admin/settings', { body }),
  /** Campaigns, latest end first: `status` (upcoming, running, ended), paging. */
  campaigns: (params: Params, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/promotions', 'get'>>('GET', `/api/admin/promotions${query(params)}`, {
      signal,
    }),
  createCampaign: (body: CampaignInput) =>
    authRequest<ApiData<'/api/admin/promotions', 'post'>>('POST', '/api/admin/promotions', { body }),
  updateCampaign: (id: number, body: CampaignInput) =>
    authRequest<ApiData<'/api/admin/promotions/{id}', 'put'>>('PUT', `/api/admin/promotions/${id}`, { body }),
  endCampaign: (id: number) =>
    authRequest<ApiData<'/api/admin/promotions/{id}/end', 'post'>>('POST', `/api/admin/promotions/${id}/end`),
  deleteCampaign: (id: number) =>
    authRequest<ApiData<'/api/admin/promotions/{id}', 'delete'>>('DELETE', `/api/admin/promotions/${id}`),
  /** The cards listeners will see for a campaign (its first listed books, as at its start). */
  preview: (id: number, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/promotions/{id}/preview', 'get'>>('GET', `/api/admin/promotions/${id}/preview`, {
      signal,
    }),
  ads: ({ signal }: Signal = {}) => authRequest<ApiData<'/api/admin/ads', 'get'>>('GET', '/api/admin/ads', { signal }),
  createAd: (body: AdInput) => authRequest<ApiData<'/api/admin/ads', 'post'>>('POST', '/api/admin/ads', { body }),
  updateAd: (id: number, body: AdInput) =>
    authRequest<ApiData<'/api/admin/ads/{id}', 'put'>>('PUT', `/api/admin/ads/${id}`, { body }),
  deleteAd: (id: number) => authRequest<ApiData<'/api/admin/ads/{id}', 'delete'>>('DELETE', `/api/admin/ads/${id}`),
};
