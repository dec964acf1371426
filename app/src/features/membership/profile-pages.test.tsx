// The profile's shop pages: the orders with state and amount in each order's own currency (pay or
// cancel a pending one), the membership with its history, and the renewal switch with the server's refusal.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { page } from '@/testing/catalog-fixtures';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { order, paidOrder } from '@/testing/order-fixtures';
import { membership, plan, stubCheckoutNavigation } from './fixtures';

const member = (patch = {}) =>
  membership({
    status: { kind: 'member', text: '会员至 2024年6月19日' },
    subscriptionType: 'premium',
    subscriptionExpiresAt: Date.UTC(2024, 5, 19, 4),
    isPremium: true,
    plan: plan('monthly'),
    history: [paidOrder(11), paidOrder(12, { state: 'refunded', currency: 'USD', amount: 299 })],
    ...patch,
  });

describe('profile purchases', () => {
  it('lists the orders with state, kind, date and amount in each order’s currency', async () => {
    const { calls } = mockFetch({
      'GET /api/me/orders': ok(
        page([
          order(3, { kind: 'book', title: '三体', bookId: 7, currency: 'USD', amount: 1299 }),
          paidOrder(2, { title: 'yearly', amount: 16800 }),
          order(1, {
            kind: 'chapter',
            title: '三体 · 第1章',
            bookId: 7,
            chapterId: 1,
            state: 'failed',
            currency: 'JPY',
            amount: 120,
            checkoutUrl: null,
          }),
        ]),
      ),
    });
    renderApp('/profile/purchases', { user: users.free });

    const book = await screen.findByTestId('order-row-3', undefined, { timeout: 5000 });
    expect(within(book).getByRole('link', { name: '三体' })).toHaveAttribute('href', '/books/7');
    expect(within(book).getByTestId('order-state')).toHaveTextContent('待支付');
    expect(within(book).getByTestId('order-amount')).toHaveTextContent('$12.99');
    expect(book).toHaveTextContent('整本书 · 2024年5月20日');
    expect(within(book).getByTestId('pay-order-3')).toBeInTheDocument();

    const plan = screen.getByTestId('order-row-2');
    expect(plan).toHaveTextContent('年度会员');
    expect(within(plan).getByTestId('order-state')).toHaveTextContent('已支付');
    expect(within(plan).getByTestId('order-amount')).toHaveTextContent('¥168.00');
    expect(within(plan).queryByRole('button')).not.toBeInTheDocument();

    const chapter = screen.getByTestId('order-row-1');
    expect(within(chapter).getByTestId('order-state')).toHaveTextContent('支付失败');
    expect(within(chapter).getByTestId('order-amount')).toHaveTextContent('¥120');
    expect(new URL(calls[0].url, 'http://x').searchParams.get('pageSize')).toBe('20');
  });

  it('pays a pending order at its checkout, and cancels one after confirming', async () => {
    const assign = stubCheckoutNavigation();
    const { callsTo } = mockFetch({
      'GET /api/me/orders': [ok(page([order(3)])), ok(page([order(3, { state: 'cancelled', checkoutUrl: null })]))],
      'POST /api/orders/3/cancel': ok(order(3, { state: 'cancelled', checkoutUrl: null })),
    });
    const user = userEvent.setup();
    renderApp('/profile/purchases', { user: users.free });
    const row = await screen.findByTestId('order-row-3', undefined, { timeout: 5000 });

    await user.click(within(row).getByRole('button', { name: '支付订单：月度会员' }));
    expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/session-3');

    await user.click(within(row).getByRole('button', { name: '取消订单：月度会员' }));
    const dialog = await screen.findByRole('alertdialog');
    // Nothing is sent before the answer.
    expect(callsTo('POST', '/api/orders/3/cancel')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '取消订单' }));
    expect(await screen.findByText('订单已取消')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByTestId('order-row-3')).getByTestId('order-state')).toHaveTextContent('已取消'),
    );
    expect(callsTo('POST', '/api/orders/3/cancel')).toHaveLength(1);
  });

  it('shows an order paid at the provider as being confirmed, neither payable nor cancellable', async () => {
    mockFetch({ 'GET /api/me/orders': ok(page([order(4, { confirming: true })])) });
    renderApp('/profile/purchases', { user: users.free });
    const row = await screen.findByTestId('order-row-4', undefined, { timeout: 5000 });
    expect(within(row).getByTestId('order-state')).toHaveTextContent('支付确认中');
    expect(within(row).queryByRole('button', { name: '支付订单：月度会员' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '取消订单：月度会员' })).not.toBeInTheDocument();
  });

  it('names what the orders bought in the page’s language, marking untranslated titles as Chinese', async () => {
    mockFetch({
      'GET /api/me/orders': ok(
        page([
          order(3, {
            kind: 'book',
            title: '时间当铺',
            bookId: 7,
            book: { title: 'The Time Pawnshop', titleLang: 'en' },
          }),
          order(1, {
            kind: 'chapter',
            title: '时间当铺 · 第1章',
            bookId: 7,
            chapterId: 1,
            book: { title: 'The Time Pawnshop', titleLang: 'en' },
            chapter: { title: '第1章', titleLang: 'zh' },
          }),
        ]),
      ),
    });
    renderApp('/en/profile/purchases', { user: users.free, lang: 'en' });
    const book = await screen.findByTestId('order-row-3', undefined, { timeout: 5000 });
    expect(within(book).getByRole('link', { name: 'The Time Pawnshop' })).toHaveAttribute('href', '/en/books/7');
    expect(within(book).getByRole('button', { name: 'Pay the order: The Time Pawnshop' })).toBeInTheDocument();
    const chapter = screen.getByTestId('order-row-1');
    expect(within(chapter).getByRole('link', { name: 'The Time Pawnshop · 第1章' })).toBeInTheDocument();
    expect(within(chapter).getByText('第1章')).toHaveAttribute('lang', 'zh');
    expect(within(chapter).getByRole('link').querySelectorAll('[lang]')).toHaveLength(1);
  });

  it('shows the empty list with the way to the plans', async () => {
    mockFetch({ 'GET /api/me/orders': ok(page([])) });
    renderApp('/profile/purchases', { user: users.free });
    expect(await screen.findByText('还没有任何订单', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看会员方案' })).toHaveAttribute('href', '/subscription');
  });
});

describe('profile membership', () => {
  it('shows the status, expiry, plan and the history of membership orders', async () => {
    mockFetch({ 'GET /api/me/membership': ok(member()) });
    renderApp('/profile/membership', { user: users.premium });
    expect(await screen.findByTestId('membership-status', undefined, { timeout: 5000 })).toHaveTextContent(
      '会员至 2024年6月19日',
    );
    expect(screen.getByTestId('membership-expiry')).toHaveTextContent('2024年6月19日');
    expect(screen.getByTestId('membership-plan')).toHaveTextContent('月度会员');
    const refunded = screen.getByTestId('history-row-12');
    expect(refunded).toHaveTextContent('已退款');
    expect(refunded).toHaveTextContent('$2.99');
    expect(screen.getByTestId('history-row-11')).toHaveTextContent('¥18.00');
    expect(screen.getByTestId('membership-upgrade')).toHaveAttribute('href', '/subscription');
    expect(screen.getByRole('link', { name: '我的会员' })).toHaveAttribute('aria-current', 'page');
  });

  it('reads "permanent" for a lifetime member', async () => {
    mockFetch({
      'GET /api/me/membership': ok(
        member({ status: { kind: 'lifetime', text: '永久会员' }, subscriptionExpiresAt: null, plan: plan('lifetime') }),
      ),
    });
    renderApp('/profile/membership', { user: users.lifetime });
    expect(await screen.findByTestId('membership-expiry', undefined, { timeout: 5000 })).toHaveTextContent('永久有效');
    expect(screen.queryByTestId('membership-upgrade')).not.toBeInTheDocument();
  });
});

describe('profile subscription', () => {
  it('turns auto-renewal on, and shows the server’s refusal', async () => {
    const { callsTo } = mockFetch({
      'GET /api/me/membership': ok(member()),
      'PUT /api/me/subscription': [
        ok(member({ autoRenew: true })),
        apiError(409, 'no_subscription', '没有可以续费的会员方案'),
      ],
    });
    const user = userEvent.setup();
    renderApp('/profile/subscription', { user: users.premium });
    const toggle = await screen.findByRole('switch', { name: '自动续费' }, { timeout: 5000 });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(callsTo('PUT', '/api/me/subscription')[0].body).toEqual({ autoRenew: true });
    expect(await screen.findByText('已开启自动续费')).toBeInTheDocument();

    await user.click(toggle);
    expect(await screen.findByTestId('auto-renew-error')).toHaveTextContent('没有可以续费的会员方案');
    expect(callsTo('PUT', '/api/me/subscription')[1].body).toEqual({ autoRenew: false });
    expect(toggle).toBeChecked();
  });

  it('renews the same plan now at its checkout', async () => {
    const assign = stubCheckoutNavigation();
    const { callsTo } = mockFetch({
      'GET /api/me/membership': ok(member({ autoRenew: true })),
      'POST /api/orders': ok(order(20)),
    });
    const user = userEvent.setup();
    renderApp('/profile/subscription', { user: users.premium });
    await user.click(await screen.findByTestId('renew-now', undefined, { timeout: 5000 }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/session-20'));
    expect(callsTo('POST', '/api/orders')[0].body).toEqual({
      kind: 'plan',
      planCode: 'monthly',
      currency: 'CNY',
      autoRenew: true,
      redirect: '/profile/subscription',
    });
    expect(screen.getByTestId('change-plan')).toHaveAttribute('href', '/subscription');
  });

  it('explains that there is nothing to renew without a timed plan', async () => {
    mockFetch({ 'GET /api/me/membership': ok(membership()) });
    renderApp('/profile/subscription', { user: users.free });
    const notice = await screen.findByTestId('no-subscription', undefined, { timeout: 5000 });
    expect(notice).toHaveTextContent('你还没有开通按期会员方案');
    expect(within(notice).getByRole('link', { name: '选择会员方案' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});

describe('profile page', () => {
  it('links to the purchases, membership and subscription pages', async () => {
    renderApp('/profile', { user: users.free });
    const links = await screen.findByRole('navigation', { name: '会员与购买' }, { timeout: 5000 });
    expect(within(links).getByRole('link', { name: '已购内容' })).toHaveAttribute('href', '/profile/purchases');
    expect(within(links).getByRole('link', { name: '我的会员' })).toHaveAttribute('href', '/profile/membership');
    expect(within(links).getByRole('link', { name: '订阅管理' })).toHaveAttribute('href', '/profile/subscription');
  });
});
