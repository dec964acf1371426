// The payment result pages: the success page reads the order until it is final (paid: the user and
// the catalogue are read again, then the buyer goes back), a failed order is no success, and the
// failed page offers to pay again or cancel while the order waits.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@/features/auth/auth-store';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { order, paidOrder } from '@/testing/order-fixtures';
import { membership, stubCheckoutNavigation } from './fixtures';

const status = () => screen.findByTestId('payment-status', undefined, { timeout: 5000 });

describe('payment success page', () => {
  it('waits while the order is pending, then refreshes the user and returns the buyer', async () => {
    const upgraded = { ...users.free, subscriptionType: 'premium' as const, subscriptionExpiresAt: Date.now() + 3e9 };
    const { callsTo } = mockFetch({
      'GET /api/orders/5': [ok(order(5)), ok(paidOrder(5))],
      'GET /api/auth/me': ok(upgraded),
      'GET /api/me/membership': ok(membership({ isPremium: true })),
    });
    const { location } = renderApp('/payment/success?order=5', { user: users.free });

    const region = await status();
    expect(region).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'pending'));
    expect(region).toHaveTextContent('正在等待支付结果');
    expect(region).not.toHaveTextContent('支付成功');

    // The next read, a second later, finds it paid.
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'paid'), { timeout: 3000 });
    expect(region).toHaveTextContent('支付成功');
    expect(within(region).getByTestId('order-summary')).toHaveTextContent('月度会员');
    expect(within(region).getByTestId('order-amount')).toHaveTextContent('¥18.00');
    expect(within(region).getByTestId('payment-continue')).toBeEnabled();
    await waitFor(() => expect(callsTo('GET', '/api/auth/me')).toHaveLength(1));
    await waitFor(() => expect(authStore.currentUser?.subscriptionType).toBe('premium'));

    // About two seconds later the buyer is on their membership page.
    await waitFor(() => expect(location().pathname).toBe('/profile/membership'), { timeout: 4000 });
  });

  it('goes back to the order’s redirect at once with "continue"', async () => {
    mockFetch({
      'GET /api/orders/8': ok(paidOrder(8, { kind: 'book', title: '三体', bookId: 7, redirect: '/books/7' })),
      'GET /api/auth/me': ok(users.free),
    });
    const user = userEvent.setup();
    const { location } = renderApp('/en/payment/success?order=8', { user: users.free, lang: 'en' });
    const region = await status();
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'paid'));
    expect(region).toHaveTextContent('Purchase complete');
    expect(region).toHaveTextContent('三体');
    await user.click(within(region).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location().pathname).toBe('/en/books/7'));
  });

  it('shows a failed order as a failure, grants nothing and stays', async () => {
    const { callsTo } = mockFetch({
      'GET /api/orders/6': ok(order(6, { state: 'failed', checkoutUrl: null })),
    });
    const { location } = renderApp('/payment/success?order=6', { user: users.free });
    const region = await status();
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'failed'));
    expect(region).toHaveTextContent('这笔订单支付失败');
    expect(region).not.toHaveTextContent('支付成功');
    expect(within(region).getByRole('link', { name: '查看详情' })).toHaveAttribute('href', '/payment/failed?order=6');
    expect(within(region).getByRole('link', { name: '重新购买' })).toHaveAttribute('href', '/subscription');
    // A final order is not asked for again.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1200)));
    expect(callsTo('GET', '/api/auth/me')).toHaveLength(0);
    expect(callsTo('GET', '/api/orders/6')).toHaveLength(1);
    expect(location().pathname).toBe('/payment/success');
  });

  it('says when the payment is still being confirmed after a minute, and asks again on refresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { callsTo } = mockFetch({ 'GET /api/orders/9': ok(order(9)) });
    renderApp('/payment/success?order=9', { user: users.free });
    const region = await status();
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'pending'));
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(region).toHaveTextContent('支付结果仍在确认中');
    const asked = callsTo('GET', '/api/orders/9').length;
    expect(asked).toBeGreaterThan(30);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(callsTo('GET', '/api/orders/9')).toHaveLength(asked);

    await act(async () => within(region).getByRole('button', { name: '刷新' }).click());
    await waitFor(() => expect(callsTo('GET', '/api/orders/9').length).toBeGreaterThan(asked));
    expect(region).toHaveTextContent('正在等待支付结果');
  });

  it('says a payment the provider took is being confirmed, and keeps reading it until it lands', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const confirming = ok(order(11, { confirming: true }));
    const { callsTo } = mockFetch({
      'GET /api/orders/11': [...Array.from({ length: 20 }, () => confirming), ok(paidOrder(11))],
      'GET /api/auth/me': ok(users.free),
    });
    renderApp('/payment/success?order=11', { user: users.free });
    const region = await status();
    expect(await within(region).findByTestId('payment-confirming-paid')).toHaveTextContent('付款已完成，正在等待确认');
    // Past the minute an unconfirmed payment waits for a refresh, this one is still read.
    await act(() => vi.advanceTimersByTimeAsync(70_000));
    expect(region).not.toHaveTextContent('支付结果仍在确认中');
    const asked = callsTo('GET', '/api/orders/11').length;
    expect(asked).toBeGreaterThanOrEqual(12);
    expect(asked).toBeLessThan(20);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'paid'));
  });

  it('explains a missing or bad order number, and an order that is not the user’s', async () => {
    mockFetch({ 'GET /api/orders/404': apiError(404, 'not_found', '订单不存在') });
    const first = renderApp('/payment/success?order=abc', { user: users.free });
    expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toHaveTextContent('链接中的订单号无效');
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    first.unmount();

    renderApp('/payment/success?order=404', { user: users.free });
    expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toHaveTextContent('订单不存在');
    expect(screen.getByTestId('payment-status')).toHaveAttribute('data-state', 'error');
  });
});

describe('payment failed page', () => {
  it('tells a guest the checkout was left, and offers the plans and home', async () => {
    const { calls } = mockFetch({});
    renderApp('/payment/failed?order=3&reason=abandoned');
    const page = await screen.findByTestId('payment-failed', undefined, { timeout: 5000 });
    expect(page).toHaveAttribute('data-reason', 'abandoned');
    expect(page).toHaveTextContent('你离开了支付页面');
    expect(within(page).getByTestId('choose-plan')).toHaveAttribute('href', '/subscription');
    expect(within(page).getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    expect(calls.filter((call) => call.url.includes('/api/orders'))).toHaveLength(0);
  });

  it('lets the buyer pay a declined order again or cancel it once confirmed', async () => {
    const assign = stubCheckoutNavigation();
    const { callsTo } = mockFetch({
      'GET /api/orders/4': [ok(order(4)), ok(order(4, { state: 'cancelled', checkoutUrl: null }))],
      'POST /api/orders/4/cancel': ok(order(4, { state: 'cancelled', checkoutUrl: null })),
    });
    const user = userEvent.setup();
    renderApp('/payment/failed?order=4', { user: users.free });
    const page = await screen.findByTestId('payment-failed', undefined, { timeout: 5000 });
    expect(page).toHaveTextContent('支付被拒绝');

    await user.click(await within(page).findByTestId('pay-again'));
    expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/session-4');

    await user.click(within(page).getByTestId('cancel-order'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('确定取消这笔订单吗？');
    await user.click(within(dialog).getByRole('button', { name: '取消订单' }));
    await waitFor(() => expect(callsTo('POST', '/api/orders/4/cancel')).toHaveLength(1));
    expect(await within(page).findByText('这笔订单已结束，如需购买请重新下单。')).toBeInTheDocument();
    expect(within(page).queryByTestId('pay-again')).not.toBeInTheDocument();
  });
});
