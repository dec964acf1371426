// The ads page: each ad with its place and whether it shows now; a link that fails the
// external-link rule refused by core before anything is sent; a good ad saved.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { ad } from './fixtures';

describe('console ads', () => {
  it('lists ads by place with whether they show now', async () => {
    mockFetch({ 'GET /api/admin/ads': ok({ items: [ad(1), ad(2, { enabled: false, showing: false })] }) });
    renderApp('/admin/ads-settings', { user: users.admin });
    const row = await screen.findByTestId('ad-row-1', undefined, { timeout: 5000 });
    expect(within(row).getByText('书籍页，章节列表下方')).toBeInTheDocument();
    expect(within(row).getByText('展示中')).toBeInTheDocument();
    expect(within(screen.getByTestId('ad-row-2')).getByText('未展示')).toBeInTheDocument();
    expect(screen.getAllByText('会员永远看不到广告。')[0]).toBeInTheDocument();
  });

  it('refuses a javascript: link before sending, then saves a web address', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/ads': ok({ items: [] }),
      'POST /api/admin/ads': ok(ad(3)),
    });
    const user = userEvent.setup();
    renderApp('/admin/ads-settings', { user: users.admin });
    expect(await screen.findByText('还没有广告', undefined, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '新建广告' }));
    await user.type(await screen.findByLabelText(/^文字/), '会员八折');
    await user.type(screen.getByLabelText(/^链接/), 'javascript:alert(1)');
    await user.type(screen.getByLabelText(/^结束/), '2099-01-01T10:00');
    await user.click(screen.getByRole('button', { name: '创建广告' }));
    expect(await screen.findByLabelText(/^链接/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^链接/));
    await user.type(screen.getByLabelText(/^链接/), 'https://shop.example/offer');
    await user.click(screen.getByRole('button', { name: '创建广告' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const body = calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ slot: 'book_detail', link: 'https://shop.example/offer', text: '会员八折' });
  });
});
