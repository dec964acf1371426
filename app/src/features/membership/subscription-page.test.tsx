// The plan pages: prices in each language's currency by core, the order a buy click opens (then the
// checkout), a guest sent to sign in, the lifetime member, the server's refusal, empty and failed lists.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { order } from '@/testing/order-fixtures';
import { allPlans, membership, stubCheckoutNavigation } from './fixtures';

const findCard = (code: string) => screen.findByTestId(`plan-card-${code}`, undefined, { timeout: 5000 });

describe('subscription page', () => {
  it.each([
    {
      lang: 'zh',
      path: '/subscription',
      currency: 'CNY',
      monthly: '¥18.00',
      yearly: '¥168.00',
      perMonth: '折合每月 ¥14.00',
    },
    {
      lang: 'en',
      path: '/en/subscription',
      currency: 'USD',
      monthly: '$2.99',
      yearly: '$26.99',
      perMonth: '$2.25 per month',
    },
    {
      lang: 'ja',
      path: '/ja/subscription',
      currency: 'JPY',
      monthly: '¥380',
      yearly: '¥3,400',
      perMonth: '月あたり ¥283',
    },
  ] as const)(
    'prices the plans in $currency for $lang',
    async ({ lang, path, currency, monthly, yearly, perMonth }) => {
      mockFetch({ 'GET /api/plans': ok({ items: allPlans(currency) }) });
      renderApp(path, { lang });
      const card = await findCard('monthly');
      expect(within(card).getByTestId('plan-price-monthly')).toHaveTextContent(monthly);
      const yearlyCard = screen.getByTestId('plan-card-yearly');
      expect(within(yearlyCard).getByTestId('plan-price-yearly')).toHaveTextContent(yearly);
      expect(yearlyCard).toHaveTextContent(perMonth);
      // A monthly plan has no per-month line; the lifetime plan is marked and cannot renew.
      expect(card.querySelector('.plan-card__per-month')).toBeNull();
      const lifetime = screen.getByTestId('plan-card-lifetime');
      expect(lifetime.querySelector('.plan-card__badge')).not.toBeNull();
      expect(within(lifetime).queryByRole('checkbox')).not.toBeInTheDocument();
      expect(within(card).getByRole('checkbox')).not.toBeChecked();
    },
  );

  it('shows a guest their status and sends them to sign in before buying', async () => {
    mockFetch({ 'GET /api/plans': ok({ items: allPlans() }) });
    renderApp('/subscription');
    const card = await findCard('monthly');
    expect(screen.getByTestId('membership-status')).toHaveTextContent('未登录');
    expect(within(card).getByTestId('buy-plan-monthly')).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fsubscription',
    );
  });

  it('opens the order with auto-renewal and goes to its checkout', async () => {
    const assign = stubCheckoutNavigation();
    const { callsTo } = mockFetch({
      'GET /api/plans': ok({ items: allPlans() }),
      'GET /api/me/membership': ok(membership()),
      'POST /api/orders': ok(order(41, { title: 'quarterly', amount: 4800, autoRenew: true })),
    });
    const user = userEvent.setup();
    renderApp('/subscription', { user: users.free });
    const card = await findCard('quarterly');
    expect(await screen.findByTestId('membership-status')).toHaveTextContent('免费用户');

    await user.click(within(card).getByRole('checkbox', { name: '到期自动续费' }));
    await user.click(within(card).getByRole('button', { name: '开通季度会员' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/session-41'));
    expect(callsTo('POST', '/api/orders')[0].body).toEqual({
      kind: 'plan',
      planCode: 'quarterly',
      currency: 'CNY',
      autoRenew: true,
    });
  });

  it('passes a safe ?redirect= into the order and shows the server’s refusal', async () => {
    const assign = stubCheckoutNavigation();
    const { callsTo } = mockFetch({
      'GET /api/plans': ok({ items: allPlans() }),
      'GET /api/me/membership': ok(membership()),
      'POST /api/orders': apiError(409, 'not_for_sale', '该方案暂不支持以此币种购买'),
    });
    const user = userEvent.setup();
    renderApp('/subscription?redirect=%2Fbooks%2F7', { user: users.free });
    await user.click(within(await findCard('lifetime')).getByTestId('buy-plan-lifetime'));

    expect(await screen.findByTestId('checkout-error')).toHaveTextContent('该方案暂不支持以此币种购买');
    expect(callsTo('POST', '/api/orders')[0].body).toEqual({
      kind: 'plan',
      planCode: 'lifetime',
      currency: 'CNY',
      redirect: '/books/7',
    });
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByTestId('buy-plan-lifetime')).toBeEnabled();
  });

  it('tells a lifetime member that nothing needs buying', async () => {
    mockFetch({
      'GET /api/plans': ok({ items: allPlans() }),
      'GET /api/me/membership': ok(
        membership({ status: { kind: 'lifetime', text: '永久会员' }, subscriptionType: 'premium', isPremium: true }),
      ),
    });
    renderApp('/subscription', { user: users.lifetime });
    expect(await screen.findByTestId('lifetime-member')).toHaveTextContent('你已是永久会员');
    expect(screen.getByTestId('membership-status')).toHaveTextContent('永久会员');
    expect(screen.queryByTestId('plan-card-monthly')).not.toBeInTheDocument();
  });

  it('says when no plan is on sale, and offers a retry when the plans cannot be read', async () => {
    mockFetch({
      'GET /api/plans': [
        apiError(500, 'internal', '服务器出错了'),
        apiError(500, 'internal', '服务器出错了'),
        ok({ items: [] }),
      ],
    });
    const user = userEvent.setup();
    renderApp('/subscription');
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert).toHaveTextContent('服务器出错了');
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('暂时没有在售的会员方案')).toBeInTheDocument();
  });
});
