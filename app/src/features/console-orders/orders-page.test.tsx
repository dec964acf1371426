// The orders page: amounts in each order's own currency and translated states, the state filter in
// the address and sent to the server, an order's detail with its history, and a refund posted with
// its reason once confirmed (the row then shows it refunded) or refused in the server's words.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { page } from '@/testing/catalog-fixtures';
import { apiError, mockFetch, ok, type Call } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { created } from '@/testing/order-fixtures';
import { adminOrder, paidEvents } from './fixtures';

const listCalls = (calls: Call[]) =>
  calls
    .filter((call) => call.method === 'GET' && new URL(call.url, 'http://x').pathname === '/api/admin/orders')
    .map((call) => new URL(call.url, 'http://x').searchParams);

const monthly = adminOrder(7);
const book = adminOrder(8, {
  kind: 'book',
  title: '三体',
  planId: null,
  bookId: 5,
  currency: 'USD',
  amount: 499,
  state: 'refunded',
  provider: 'stripe',
  grantAddedMs: null,
  username: 'alice',
  userId: 12,
});
const chapter = adminOrder(9, {
  kind: 'chapter',
  title: '三体 · 第3章',
  planId: null,
  chapterId: 31,
  currency: 'JPY',
  amount: 120,
  state: 'pending',
  paidAt: null,
  grantAddedMs: null,
});
const row = (id: number) => screen.getByTestId(`order-row-${id}`);

describe('console orders', () => {
  it('lists each order’s amount in its own currency, its state, item and buyer', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/orders': ok(page([monthly, book, chapter], 3, 20)) });
    renderApp('/admin/orders', { user: users.admin });
    await screen.findByTestId('order-row-7', undefined, { timeout: 5000 });

    expect(within(row(7)).getByText('¥19.90')).toBeInTheDocument();
    expect(within(row(7)).getByText('月度会员')).toBeInTheDocument();
    expect(within(row(7)).getByText('已支付')).toBeInTheDocument();
    expect(within(row(7)).getByText('reader')).toBeInTheDocument();
    expect(within(row(7)).getByText('2024/05/20 12:00')).toBeInTheDocument();
    expect(within(row(8)).getByText('$4.99')).toBeInTheDocument();
    expect(within(row(8)).getByText('已退款')).toBeInTheDocument();
    expect(within(row(8)).getByText('整本购买')).toBeInTheDocument();
    // Core writes yuan and yen alike (¥): the currency's code follows each amount.
    expect(within(row(9)).getByText('¥120')).toBeInTheDocument();
    expect(within(row(9)).getByText('JPY')).toBeInTheDocument();
    expect(within(row(7)).getByText('CNY')).toBeInTheDocument();
    expect(within(row(9)).getByText('待支付')).toBeInTheDocument();
    expect(within(row(9)).getByText('三体 · 第3章')).toBeInTheDocument();
    expect(screen.getByText('共 3 个订单')).toBeInTheDocument();
    expect(listCalls(calls)[0].get('pageSize')).toBe('20');
  });

  it('names what an order bought by the titles the server answers in the page’s language', async () => {
    const named = adminOrder(11, {
      ...chapter,
      id: 11,
      book: { title: 'The Three-Body Problem', titleLang: 'en' },
      chapter: { title: 'Chapter 3', titleLang: 'en' },
    });
    mockFetch({ 'GET /api/admin/orders': ok(page([named], 1, 20)) });
    renderApp('/en/admin/orders', { user: users.admin });
    await screen.findByTestId('order-row-11', undefined, { timeout: 5000 });
    expect(within(row(11)).getByText('The Three-Body Problem · Chapter 3')).toBeInTheDocument();
  });

  it('shows a pending order paid at the provider as being confirmed', async () => {
    const confirming = adminOrder(10, { state: 'pending', paidAt: null, confirming: true });
    mockFetch({ 'GET /api/admin/orders': ok(page([confirming, chapter], 2, 20)) });
    renderApp('/admin/orders', { user: users.admin });
    await screen.findByTestId('order-row-10', undefined, { timeout: 5000 });
    expect(within(row(10)).getByText('支付确认中')).toBeInTheDocument();
    expect(within(row(10)).queryByText('待支付')).not.toBeInTheDocument();
    expect(within(row(9)).getByText('待支付')).toBeInTheDocument();
  });

  it('keeps the state filter and the page in the address and sends them', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/orders': ok(page([monthly], 45, 20)) });
    const user = userEvent.setup();
    const { location } = renderApp('/admin/orders', { user: users.admin });
    await screen.findByTestId('order-row-7', undefined, { timeout: 5000 });
    expect(listCalls(calls)[0].get('state')).toBeNull();

    await user.selectOptions(screen.getByLabelText('状态'), 'refunded');
    await waitFor(() => expect(new URLSearchParams(location().search).get('state')).toBe('refunded'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('state')).toBe('refunded'));

    await user.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('page')).toBe('2'));
    expect(listCalls(calls).at(-1)?.get('state')).toBe('refunded');
  });

  it('opens an order’s detail with its history, by click or by keyboard', async () => {
    mockFetch({
      'GET /api/admin/orders': ok(page([monthly, book])),
      'GET /api/admin/orders/7': ok({ ...monthly, events: paidEvents }),
      'GET /api/admin/orders/8': ok({ ...book, events: [] }),
    });
    const user = userEvent.setup();
    const { location } = renderApp('/admin/orders', { user: users.admin });
    await user.click(
      within(await screen.findByTestId('order-row-7', undefined, { timeout: 5000 })).getByText('reader'),
    );

    const panel = await screen.findByRole('region', { name: '订单 #7' });
    expect(new URLSearchParams(location().search).get('order')).toBe('7');
    expect(screen.getByRole('heading', { name: '订单 #7' })).toHaveFocus();
    const events = await within(panel).findByTestId('order-events');
    const items = within(events).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/^2024\/05\/20 12:00新建 → 变为 待支付created$/);
    expect(items[1]).toHaveTextContent(/待支付 → 变为 已支付/);
    expect(items[1]).toHaveTextContent('paid: notified by the provider');
    expect(within(items[1]).getByText('2024/05/20 12:01')).toBeInTheDocument();
    expect(within(panel).getByText('ALI-7')).toBeInTheDocument();
    expect(within(panel).getByText('30 天')).toBeInTheDocument();
    expect(within(panel).getByTestId('refund-order-7')).toBeInTheDocument();

    // Closing gives the focus back to the row's button; a refunded order offers no refund.
    await user.click(within(panel).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('region', { name: '订单 #7' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '查看订单 #7' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: '查看订单 #8' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const other = await screen.findByRole('region', { name: '订单 #8' });
    expect(await within(other).findByText('暂无记录')).toBeInTheDocument();
    expect(screen.queryByTestId('refund-order-8')).not.toBeInTheDocument();
  });

  it('refunds a paid order with its reason once confirmed, and the row shows it refunded', async () => {
    const refunded = {
      ...monthly,
      state: 'refunded' as const,
      events: [
        ...paidEvents,
        { from: 'paid' as const, to: 'refunded' as const, cause: 'refunded by admin: 重复购买', at: created + 120_000 },
      ],
    };
    const { callsTo } = mockFetch({
      'GET /api/admin/orders': [ok(page([monthly])), ok(page([{ ...refunded, events: [] }]))],
      'GET /api/admin/orders/7': ok({ ...monthly, events: paidEvents }),
      'POST /api/admin/orders/7/refund': ok(refunded),
    });
    const user = userEvent.setup();
    renderApp('/admin/orders?order=7', { user: users.admin });
    await user.type(await screen.findByLabelText('退款原因（选填）', undefined, { timeout: 5000 }), '重复购买');
    await user.click(screen.getByTestId('refund-order-7'));

    const dialog = await screen.findByRole('alertdialog', { name: '为订单 #7 退款 ¥19.90？' });
    expect(dialog).toHaveTextContent('¥19.90 将通过 alipay 退还给 reader');
    expect(dialog).toHaveTextContent('它增加的 30 天会员时长');
    expect(callsTo('POST', '/api/admin/orders/7/refund')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '退款' }));

    expect(await screen.findByText('订单 #7 已退款 ¥19.90', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/orders/7/refund')[0].body).toEqual({ reason: '重复购买' });
    await waitFor(() => expect(within(row(7)).getByText('已退款')).toBeInTheDocument());
    const events = within(screen.getByTestId('order-events')).getAllByRole('listitem');
    expect(events.at(-1)).toHaveTextContent('refunded by admin: 重复购买');
    expect(screen.queryByTestId('refund-order-7')).not.toBeInTheDocument();
  });

  it('says what a book refund takes back, and shows the server’s refusal', async () => {
    const bought = { ...book, state: 'paid' as const };
    mockFetch({
      'GET /api/admin/orders': ok(page([bought])),
      'GET /api/admin/orders/8': ok({ ...bought, events: paidEvents }),
      'POST /api/admin/orders/8/refund': apiError(409, 'invalid_transition', '只有已支付的订单才能退款。'),
    });
    const user = userEvent.setup();
    renderApp('/admin/orders?order=8', { user: users.admin });
    await user.click(await screen.findByTestId('refund-order-8', undefined, { timeout: 5000 }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('作品《三体》');
    expect(dialog).toHaveTextContent('$4.99');
    await user.click(within(dialog).getByRole('button', { name: '退款' }));
    expect(await screen.findByText('只有已支付的订单才能退款。', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('tells no orders from a filter that empties the list, and shows a failed load', async () => {
    mockFetch({ 'GET /api/admin/orders': ok(page([])) });
    renderApp('/admin/orders?state=failed', { user: users.admin });
    expect(
      await screen.findByText('没有符合条件的订单，换个筛选试试', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('状态')).toHaveValue('failed');
  });

  it('shows the server’s message when the list cannot be loaded', async () => {
    mockFetch({ 'GET /api/admin/orders': apiError(500, 'internal', '服务器出错了') });
    renderApp('/admin/orders', { user: users.admin });
    expect(await screen.findByText('服务器出错了', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});
