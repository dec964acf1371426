// The campaigns page: the overlap rule stated, campaigns with their status, the status filter in
// the address and sent, "end now" posted, a preview of listeners' cards, and a new campaign's form
// refused by core's rule before anything is sent.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { book, page } from '@/testing/catalog-fixtures';
import { mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { campaign, hour } from './fixtures';

const listCalls = (calls: { method: string; url: string }[]) =>
  calls
    .filter((call) => call.method === 'GET' && new URL(call.url, 'http://x').pathname === '/api/admin/promotions')
    .map((call) => new URL(call.url, 'http://x').searchParams);

describe('console campaigns', () => {
  it('lists campaigns with the overlap rule, filters by status in the address and ends one now', async () => {
    const running = campaign(1);
    const upcoming = campaign(2, { status: 'upcoming', startsAt: Date.now() + hour, categories: [] });
    const { calls } = mockFetch({
      'GET /api/admin/promotions': ok(page([running, upcoming])),
      'POST /api/admin/promotions/1/end': ok({ ...running, status: 'ended', endedAt: Date.now() }),
    });
    const user = userEvent.setup();
    const { location } = renderApp('/admin/promotions', { user: users.admin });
    const row = await screen.findByTestId('campaign-row-1', undefined, { timeout: 5000 });
    expect(within(row).getByText('进行中')).toBeInTheDocument();
    expect(within(screen.getByTestId('campaign-row-2')).getByText('未开始')).toBeInTheDocument();
    expect(screen.getAllByText(/只要有任一覆盖该书的活动在进行/)[0]).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('状态'), 'running');
    await waitFor(() => expect(new URLSearchParams(location().search).get('status')).toBe('running'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('status')).toBe('running'));

    await user.click(within(screen.getByTestId('campaign-row-1')).getByRole('button', { name: '立即结束' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/api/admin/promotions/1/end'))).toBe(
        true,
      ),
    );
  });

  it('previews the cards listeners will see, with the countdown', async () => {
    const ends = Date.now() + 48 * hour;
    mockFetch({
      'GET /api/admin/promotions': ok(page([campaign(1)])),
      'GET /api/admin/promotions/1/preview': ok({ items: [book(3, { title: '三体', freeUntil: ends })] }),
    });
    const user = userEvent.setup();
    renderApp('/admin/promotions', { user: users.admin });
    const row = await screen.findByTestId('campaign-row-1', undefined, { timeout: 5000 });
    await user.click(within(row).getByRole('button', { name: '预览' }));
    const preview = await screen.findByRole('region', { name: '听众看到的样子：活动1' });
    expect(await within(preview).findByRole('heading', { name: '三体' })).toBeInTheDocument();
    expect(within(preview).getByText('限时免费')).toBeInTheDocument();
    expect(within(preview).getByText(/限免剩余/)).toBeInTheDocument();
  });

  it('refuses a new campaign without a name, an end or a book before sending', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/promotions': ok(page([])),
      'GET /api/admin/categories': ok({ items: [] }),
    });
    const user = userEvent.setup();
    renderApp('/admin/promotions', { user: users.admin });
    expect(await screen.findByText('还没有活动', undefined, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '新建活动' }));
    await user.click(await screen.findByRole('button', { name: '创建活动' }));
    expect((await screen.findAllByText('此项为必填项。')).length).toBeGreaterThanOrEqual(3);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
