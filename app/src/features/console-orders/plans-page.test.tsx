// The plans page: each plan's card with its name, length, prices and sale state; a save sends
// whole minor units and the switch; core's price rule stops a bad price before anything is sent,
// in the page's language; the server's field errors show under their inputs.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { planView } from './fixtures';

const monthly = planView(1, 'monthly');
const lifetime = planView(4, 'lifetime', {
  months: null,
  prices: { cny: 29900, usd: null, jpy: 0 },
  price: 29900,
  active: false,
});

async function card(code: string) {
  return within(await screen.findByTestId(`plan-${code}`, undefined, { timeout: 5000 }));
}

describe('console membership plans', () => {
  it('shows each plan with its length, prices in yuan, dollars and yen and their previews, and its sale state', async () => {
    mockFetch({ 'GET /api/admin/plans': ok({ items: [monthly, lifetime] }) });
    renderApp('/admin/plans', { user: users.admin });
    const month = await card('monthly');
    expect(month.getByRole('heading', { name: '月度会员' })).toBeInTheDocument();
    expect(month.getByText('1 个月')).toBeInTheDocument();
    expect(month.getByLabelText('人民币价格（元）')).toHaveValue('19.90');
    expect(month.getByText('显示为 ¥19.90')).toBeInTheDocument();
    expect(month.getByText('显示为 $4.99')).toBeInTheDocument();
    expect(month.getByText('显示为 ¥600')).toBeInTheDocument();
    expect(month.getByRole('switch', { name: '在售' })).toBeChecked();

    const life = await card('lifetime');
    expect(life.getByRole('heading', { name: '永久会员' })).toBeInTheDocument();
    expect(life.getByText('永久')).toBeInTheDocument();
    expect(life.getByText('未上架')).toBeInTheDocument();
    expect(life.getByLabelText('美元价格（美元）')).toHaveValue('');
    expect(life.getAllByText('不以该货币销售')).toHaveLength(2);
    expect(life.getByRole('switch', { name: '在售' })).not.toBeChecked();
  });

  it('saves the typed yuan as minor units with the sale switch, and says so', async () => {
    const saved = planView(1, 'monthly', { prices: { cny: 2990, usd: null, jpy: 600 }, price: 2990, active: false });
    const { callsTo } = mockFetch({
      'GET /api/admin/plans': ok({ items: [monthly, lifetime] }),
      'PUT /api/admin/plans/1': ok(saved),
    });
    const user = userEvent.setup();
    renderApp('/admin/plans', { user: users.admin });
    const month = await card('monthly');
    await user.clear(month.getByLabelText('人民币价格（元）'));
    await user.type(month.getByLabelText('人民币价格（元）'), '29.9');
    expect(month.getByText('显示为 ¥29.90')).toBeInTheDocument();
    await user.clear(month.getByLabelText('美元价格（美元）'));
    await user.click(month.getByRole('switch', { name: '在售' }));
    await user.click(screen.getByTestId('save-plan-monthly'));

    expect(await screen.findByText('已保存月度会员', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/plans/1')[0].body).toEqual({
      priceCny: 2990,
      priceUsd: null,
      priceJpy: 600,
      active: false,
    });
    await waitFor(() => expect(month.getByText('未上架')).toBeInTheDocument());
    expect(callsTo('PUT', '/api/admin/plans/4')).toHaveLength(0);
  });

  it('stops a price core refuses with core’s message, before sending anything', async () => {
    const { callsTo } = mockFetch({ 'GET /api/admin/plans': ok({ items: [monthly] }) });
    const user = userEvent.setup();
    renderApp('/admin/plans', { user: users.admin });
    const month = await card('monthly');
    const cny = month.getByLabelText('人民币价格（元）');
    await user.clear(cny);
    await user.type(cny, '19.999');
    await user.click(month.getByRole('button', { name: '保存月度会员' }));

    expect(
      await month.findByText('请输入 0 到 1000000 之间的金额，最多 2 位小数。', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(cny).toHaveAttribute('aria-invalid', 'true');
    expect(cny).toHaveFocus();
    expect(callsTo('PUT', '/api/admin/plans/1')).toHaveLength(0);
  });

  it('shows the server’s field errors under their inputs', async () => {
    mockFetch({
      'GET /api/admin/plans': ok({ items: [monthly] }),
      'PUT /api/admin/plans/1': apiError(400, 'invalid_form', '请检查填写的内容。', { priceUsd: '美元价格过高。' }),
    });
    const user = userEvent.setup();
    renderApp('/admin/plans', { user: users.admin });
    const month = await card('monthly');
    await user.click(screen.getByTestId('save-plan-monthly'));
    const usd = month.getByLabelText('美元价格（美元）');
    await waitFor(() => expect(usd).toHaveAccessibleDescription(/美元价格过高。/));
    expect(usd).toHaveAttribute('aria-invalid', 'true');
    expect(month.getByLabelText('人民币价格（元）')).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows the server’s message when the plans cannot be loaded', async () => {
    mockFetch({ 'GET /api/admin/plans': apiError(403, 'forbidden', '没有管理订单的权限') });
    renderApp('/admin/plans', { user: users.admin });
    expect(await screen.findByText('没有管理订单的权限', undefined, { timeout: 5000 })).toBeInTheDocument();
  });
});
