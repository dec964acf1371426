// The offers queries (under `['console', …]`) and their writes. A saved campaign also marks stale
// every listener-side answer (limited-free lists, book pages: their free state changed); saved
// settings or ads mark the site's public answer stale.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdInput, CampaignInput, SiteSettingsInput } from '@/lib/api/types';
import { definedParams, type Params } from '@/lib/catalog-api';
import { siteKey } from '@/lib/site';
import { offersApi } from './offers-api';

const campaignsKey = ['console', 'promotions'] as const;
const adsKey = ['console', 'ads'] as const;
const settingsKey = ['console', 'settings'] as const;

export const offerQueries = {
  settings: () => queryOptions({ queryKey: settingsKey, queryFn: ({ signal }) => offersApi.settings({ signal }) }),
  campaigns: (params: Params) =>
    queryOptions({
      queryKey: [...campaignsKey, definedParams(params)],
      queryFn: ({ signal }) => offersApi.campaigns(params, { signal }),
    }),
  preview: (id: number) =>
    queryOptions({
      queryKey: ['console', 'promotion-preview', id],
      queryFn: ({ signal }) => offersApi.preview(id, { signal }),
    }),
  ads: () => queryOptions({ queryKey: adsKey, queryFn: ({ signal }) => offersApi.ads({ signal }) }),
};

/** After a campaign change: the console's lists and previews, and every listener-side answer. */
function campaignsChanged(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: campaignsKey });
  void queryClient.invalidateQueries({ queryKey: ['console', 'promotion-preview'] });
  void queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] !== 'console' });
}

export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CampaignInput }) =>
      id === undefined ? offersApi.createCampaign(body) : offersApi.updateCampaign(id, body),
    onSuccess: () => campaignsChanged(queryClient),
  });
}

export function useEndCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: offersApi.endCampaign, onSuccess: () => campaignsChanged(queryClient) });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: offersApi.deleteCampaign, onSuccess: () => campaignsChanged(queryClient) });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteSettingsInput) => offersApi.saveSettings(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      void queryClient.invalidateQueries({ queryKey: siteKey });
    },
  });
}

export function useSaveAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: AdInput }) =>
      id === undefined ? offersApi.createAd(body) : offersApi.updateAd(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adsKey });
      void queryClient.invalidateQueries({ queryKey: siteKey });
    },
  });
}

export function useDeleteAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: offersApi.deleteAd,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adsKey });
      void queryClient.invalidateQueries({ queryKey: siteKey });
    },
  });
}
