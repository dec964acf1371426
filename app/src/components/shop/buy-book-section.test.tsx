// Buying from a book's page: the price in the language's currency, the book order (with the page
// as its redirect) and its checkout, a guest sent to sign in, nothing offered once bought, and the
// small "buy chapter" action of a chapter sold on its own.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderView } from '@/lib/api/types';
import { bookDetail, chapter, page } from '@/testing/catalog-fixtures';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';

const paidBook = bookDetail(7, { title: '三体', access: 'paid', price: { cny: 2990, usd: 499, jpy: 600 } });
const locked = chapter(2, { isFree: false, access: { kind: 'purchase', allowed: false } });

function order(patch: Partial<OrderView>): OrderView {
  return {
    id: 30,
    kind: 'book',
    title: '三体',
    bookId: 7,
    currency: 'CNY',
    amount: 2990,
    state: 'pending',
    provider: 'sandbox',
    checkoutUrl: '/api/payments/sandbox/checkout/s-30',
    redirect: '/books/7',
    autoRenew: false,
    createdAt: 0,
    expiresAt: 0,
    updatedAt: 0,
    confirming: false,
    ...patch,
  };
}

function stubCheckoutNavigation() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

describe('buying from a book page', () => {
  it('shows the price in the language’s currency and opens a book order, then its checkout', async () => {
    const assign = stubCheckoutNavigation();
    const { callsTo } = mockFetch({
      'GET /api/books/7': ok(paidBook),
      'GET /api/books/7/chapters': ok(page([chapter(1), locked])),
      'POST /api/orders': ok(order({})),
    });
    const user = userEvent.setup();
    renderApp('/en/books/7', { user: users.free, lang: 'en' });
    const section = (await screen.findByTestId('buy-book', undefined, { timeout: 5000 })).closest('section')!;
    expect(section).toHaveAttribute('id', 'buy');
    expect(within(section).getByTestId('book-price')).toHaveTextContent('$4.99');

    await user.click(within(section).getByRole('button', { name: 'Buy this book' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/s-30'));
    expect(callsTo('POST', '/api/orders')[0].body).toEqual({
      kind: 'book',
      bookId: 7,
      currency: 'USD',
      redirect: '/books/7',
    });
  });

  it('shows the server’s refusal (already bought)', async () => {
    mockFetch({
      'GET /api/books/7': ok(paidBook),
      'GET /api/books/7/chapters': ok(page([locked])),
      'POST /api/orders': apiError(409, 'already_purchased', '你已经购买过这本书'),
    });
    const user = userEvent.setup();
    renderApp('/books/7', { user: users.free });
    await user.click(await screen.findByTestId('buy-book', undefined, { timeout: 5000 }));
    expect(await screen.findByTestId('checkout-error')).toHaveTextContent('你已经购买过这本书');
  });

  it('sends a guest to sign in and back', async () => {
    mockFetch({ 'GET /api/books/7': ok(paidBook), 'GET /api/books/7/chapters': ok(page([locked])) });
    renderApp('/books/7');
    expect(await screen.findByTestId('buy-book', undefined, { timeout: 5000 })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fbooks%2F7',
    );
    expect(screen.getByTestId('book-price')).toHaveTextContent('¥29.90');
  });

  it('offers nothing for a bought book or a free one', async () => {
    // The server says the listener holds the bought book (`viewerAccess`, core's decision).
    mockFetch({
      'GET /api/books/7': ok({ ...paidBook, viewerAccess: { kind: 'purchased', allowed: true } }),
      'GET /api/books/7/chapters': ok(page([chapter(1, { access: { kind: 'purchased', allowed: true } })])),
      'GET /api/books/8': ok(bookDetail(8)),
      'GET /api/books/8/chapters': ok(page([chapter(1)])),
    });
    const bought = renderApp('/books/7', { user: users.free });
    expect(await screen.findByRole('link', { name: '第1章' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('buy-book')).not.toBeInTheDocument();
    bought.unmount();

    renderApp('/books/8');
    expect(await screen.findByRole('link', { name: '第1章' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('buy-book')).not.toBeInTheDocument();
  });

  it('buys one chapter sold on its own', async () => {
    const assign = stubCheckoutNavigation();
    const single = chapter(2, { ...locked, price: { cny: 100, usd: 15, jpy: 20 } });
    const { callsTo } = mockFetch({
      'GET /api/books/7': ok(bookDetail(7, { access: 'paid', price: null })),
      'GET /api/books/7/chapters': ok(page([chapter(1), single])),
      'POST /api/orders': ok(
        order({ kind: 'chapter', chapterId: 2, amount: 100, checkoutUrl: '/api/payments/sandbox/checkout/s-31' }),
      ),
    });
    const user = userEvent.setup();
    renderApp('/books/7', { user: users.free });
    await user.click(await screen.findByRole('button', { name: '购买本章：第2章，¥1.00' }, { timeout: 5000 }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/s-31'));
    expect(callsTo('POST', '/api/orders')[0].body).toEqual({
      kind: 'chapter',
      chapterId: 2,
      currency: 'CNY',
      redirect: '/books/7',
    });
    // Only the chapter with a price has the action; a book without its own price has no buy section.
    expect(screen.queryByTestId('buy-chapter-1')).not.toBeInTheDocument();
    expect(screen.queryByTestId('buy-book')).not.toBeInTheDocument();
  });
});
