// The upgrade page: why the visitor is here (`reason=premium_required` and the page they wanted),
// that page carried into the order, only local paths trusted, and a member sent on.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { book, bookDetail, chapterDetail } from '@/testing/catalog-fixtures';
import { mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { order } from '@/testing/order-fixtures';
import { allPlans, membership, stubCheckoutNavigation } from './fixtures';
import { safeRedirect } from './safe-redirect';

describe('premium page', () => {
  it('explains that the page needs membership and brings the buyer back there after paying', async () => {
    const assign = stubCheckoutNavigation();
    const { callsTo } = mockFetch({
      'GET /api/plans': ok({ items: allPlans() }),
      'GET /api/me/membership': ok(membership()),
      'POST /api/orders': ok(order(7, { redirect: '/premium/downloads' })),
    });
    const user = userEvent.setup();
    renderApp('/premium?redirect=%2Fpremium%2Fdownloads&reason=premium_required', { user: users.free });

    expect(await screen.findByTestId('premium-reason')).toHaveTextContent(
      '你要打开的页面（/premium/downloads）仅限会员访问',
    );
    const card = await screen.findByTestId('plan-card-monthly', undefined, { timeout: 5000 });
    await user.click(within(card).getByTestId('buy-plan-monthly'));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/session-7'));
    expect(callsTo('POST', '/api/orders')[0].body).toEqual({
      kind: 'plan',
      planCode: 'monthly',
      currency: 'CNY',
      redirect: '/premium/downloads',
      autoRenew: false,
    });
  });

  it('is reached by the guard from a premium page, prefix kept', async () => {
    mockFetch({ 'GET /api/plans': ok({ items: allPlans('USD') }), 'GET /api/me/membership': ok(membership()) });
    const { location } = renderApp('/en/premium/downloads', { user: users.free, lang: 'en' });
    await waitFor(() => expect(location().pathname).toBe('/en/premium'));
    expect(await screen.findByTestId('premium-reason')).toHaveTextContent(
      'The page you tried to open (/en/premium/downloads) is for members only.',
    );
    expect(await screen.findByTestId('plan-price-monthly', undefined, { timeout: 5000 })).toHaveTextContent('$2.99');
  });

  it('names the chapter and book the visitor wanted rather than quoting their address', async () => {
    mockFetch({
      'GET /api/plans': ok({ items: allPlans() }),
      'GET /api/me/membership': ok(membership()),
      'GET /api/chapters/9': ok(chapterDetail(9, { bookId: 2, title: '第九章', book: book(2, { title: '三体' }) })),
    });
    renderApp('/premium?redirect=%2Fbooks%2F2%2Fchapters%2F9&reason=premium_required', { user: users.free });
    const reason = await screen.findByTestId('premium-reason');
    await waitFor(() =>
      expect(reason).toHaveTextContent('《三体》的「第九章」仅限会员收听。开通会员后会自动带你回到那里。'),
    );
    expect(reason).not.toHaveTextContent('/books/2/chapters/9');
  });

  it('names the book in the page’s language, whatever the prefix of its address', async () => {
    mockFetch({
      'GET /api/plans': ok({ items: allPlans('USD') }),
      'GET /api/me/membership': ok(membership()),
      'GET /api/books/3': ok(bookDetail(3, { title: 'The Three-Body Problem' })),
    });
    renderApp('/en/premium?redirect=%2Fen%2Fbooks%2F3&reason=premium_required', { user: users.free, lang: 'en' });
    const reason = await screen.findByTestId('premium-reason');
    await waitFor(() => expect(reason).toHaveTextContent('The Three-Body Problem is for members only.'));
    expect(reason).not.toHaveTextContent('/en/books/3');
  });

  it('ignores a redirect that leaves the site', async () => {
    mockFetch({ 'GET /api/plans': ok({ items: allPlans() }) });
    renderApp('/premium?redirect=%2F%2Fevil.example%2Fx&reason=premium_required');
    expect(await screen.findByTestId('premium-reason')).toHaveTextContent('你要打开的页面仅限会员访问。');
    expect(screen.getByTestId('premium-reason')).not.toHaveTextContent('evil');
    // A guest signs in first, and comes back to this page.
    expect(await screen.findByTestId('buy-plan-monthly', undefined, { timeout: 5000 })).toHaveAttribute(
      'href',
      `/auth/login?redirect=${encodeURIComponent('/premium?redirect=%2F%2Fevil.example%2Fx&reason=premium_required')}`,
    );
  });

  it('tells a member they already are one and links on to the page they wanted', async () => {
    mockFetch({
      'GET /api/me/membership': ok(
        membership({
          status: { kind: 'member', text: '会员至 2030年1月1日' },
          subscriptionType: 'premium',
          isPremium: true,
        }),
      ),
    });
    renderApp('/premium?redirect=%2Fbooks%2F3&reason=premium_required', { user: users.premium });
    const member = await screen.findByTestId('premium-member');
    expect(member).toHaveTextContent('你已经是会员了');
    expect(within(member).getByRole('link', { name: '继续前往' })).toHaveAttribute('href', '/books/3');
    expect(screen.queryByTestId('plan-card-monthly')).not.toBeInTheDocument();
  });

  it('accepts only paths of this site', () => {
    expect(safeRedirect('/books/3?x=1#a')).toBe('/books/3?x=1#a');
    for (const bad of [null, '', 'books/3', '//evil.example', '/\\evil.example', 'https://evil.example', '/a\nb']) {
      expect(safeRedirect(bad)).toBeNull();
    }
  });
});
