// An ad box: the ad of its slot running now, with its link, for a guest or a listener who is not a
// member; nothing for a member, nor for an ad of another slot or one over.
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { authStore } from '@/features/auth/auth-store';
import type { PublicAd } from '@/lib/api/types';
import { mockFetch, ok } from '@/testing/fetch';
import { createTestI18n } from '@/testing/i18n';
import { users } from '@/testing/users';
import { AdBox } from './ad-box';

const hour = 3_600_000;

function publicAd(id: number, patch: Partial<PublicAd> = {}): PublicAd {
  return {
    id,
    slot: 'book_detail',
    imageUrl: null,
    text: '会员八折',
    link: 'https://shop.example/offer',
    startsAt: Date.now() - hour,
    endsAt: Date.now() + hour,
    ...patch,
  };
}

function site(ads: PublicAd[]) {
  return {
    siteName: '听书',
    defaultLanguage: 'zh' as const,
    registrationOpen: true,
    supportContact: null,
    supportHref: null,
    ads,
  };
}

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <I18nextProvider i18n={createTestI18n('zh')}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}

describe('ad box', () => {
  it('shows a guest the running ad of its slot, with its link', async () => {
    mockFetch({
      'GET /api/site': ok(site([publicAd(1, { slot: 'limited_free', text: '别处' }), publicAd(2)])),
    });
    render(wrap(<AdBox slot="book_detail" />));
    const link = await screen.findByRole('link', { name: '会员八折' });
    expect(link).toHaveAttribute('href', 'https://shop.example/offer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByText('别处')).not.toBeInTheDocument();
  });

  it('never shows a member an ad, nor an ad that is over', async () => {
    const { calls } = mockFetch({
      'GET /api/site': ok(site([publicAd(2), publicAd(3, { slot: 'search_results', endsAt: Date.now() - 1 })])),
    });
    authStore.seed(users.premium);
    render(wrap(<AdBox slot="book_detail" />));
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
