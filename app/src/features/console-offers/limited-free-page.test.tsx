// The console's limited-free page: the books free now as listeners see them, and the campaigns
// running or about to start with what each frees.
import { screen, within } from '@testing-library/react';
import { book, page } from '@/testing/catalog-fixtures';
import { mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { campaign, hour } from './fixtures';

describe('console limited free', () => {
  it('shows the free books with their countdown and the campaigns with what they free', async () => {
    mockFetch({
      'GET /api/limited-free': ok(page([book(3, { title: '三体', freeUntil: Date.now() + 5 * hour })])),
      'GET /api/admin/promotions': ok(
        page([campaign(1, { categories: [{ id: 2, nameZh: '科幻', nameEn: 'Sci-fi', nameJa: 'SF' }] })]),
      ),
    });
    renderApp('/admin/limited-free', { user: users.admin });
    expect(await screen.findByRole('heading', { name: '三体' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/限免剩余/)).toBeInTheDocument();
    const running = (await screen.findAllByTestId('free-campaign-1'))[0];
    expect(within(running).getByText('三体 · 科幻 分类的所有书')).toBeInTheDocument();
  });

  it('says when nothing is free', async () => {
    mockFetch({ 'GET /api/limited-free': ok(page([])), 'GET /api/admin/promotions': ok(page([])) });
    renderApp('/admin/limited-free', { user: users.admin });
    expect(await screen.findByText('目前没有免费的书。', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('没有进行中的活动。')).toBeInTheDocument();
  });
});
