// Ratings and reviews on the book page, through the real router with a mocked server and the real
// wasm rules: rating by keyboard, core's check before sending, the server's field errors, removal,
// the guest's way in, and the reviews list (newest first, more, empty, failure).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyRating, Review } from '@/lib/api/types';
import { formatRelativeTime } from '@/lib/core';
import { bookDetail, page } from '@/testing/catalog-fixtures';
import { fakeIntersectionObserver, reportAllNear } from '@/testing/fake-intersection-observer';
import { apiError, json, mockFetch, ok, type ContractRoutes } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';

const day = 24 * 60 * 60 * 1000;

function myRating(patch: Partial<MyRating> = {}): MyRating {
  return {
    score: 3,
    review: '还行',
    hidden: false,
    createdAt: Date.now() - day,
    updatedAt: Date.now() - day,
    ...patch,
  };
}

function review(id: number, patch: Partial<Review> = {}): Review {
  return {
    id,
    score: 5,
    review: `书评${id}`,
    reviewer: { name: `listener ${id}`, avatarUrl: null },
    createdAt: Date.now() - id * day,
    updatedAt: Date.now() - id * day,
    ...patch,
  };
}

/** The book page of book 7 (rated 4.5 by 10), with no chapters and the given rating routes. */
function bookPage(routes: ContractRoutes = {}) {
  return mockFetch({
    'GET /api/books/7': ok(bookDetail(7, { rating: 4.5, ratingCount: 10 })),
    'GET /api/books/7/chapters': ok(page([])),
    'GET /api/books/7/reviews': ok(page<Review>([], 0, 10)),
    'GET /api/books/7/rating': ok({ mine: null }),
    ...routes,
  });
}

const ratingsSection = async () => screen.findByRole('region', { name: '评分与书评' }, { timeout: 5000 });

describe('rating a book', () => {
  it('rates by keyboard with a review, sends the checked form, and shows the answer at once', async () => {
    const saved = myRating({ score: 4, review: '好听' });
    const { calls, callsTo } = bookPage({
      'PUT /api/books/7/rating': ok({ mine: saved, book: { rating: 4.4, ratingCount: 11 } }),
    });
    const reviewReads = () => calls.filter((call) => call.url.includes('/api/books/7/reviews'));
    const user = userEvent.setup();
    renderApp('/books/7', { user: users.free });
    const section = await ratingsSection();
    expect(within(section).getByText('4.5 分（10 人评价）')).toBeInTheDocument();

    const stars = await within(section).findByRole('radiogroup', { name: '给这本书打分' }, { timeout: 5000 });
    within(stars).getByRole('radio', { name: '1 星' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(within(stars).getByRole('radio', { name: '4 星' })).toBeChecked();
    expect(within(stars).getByRole('radio', { name: '4 星' })).toHaveFocus();

    await user.type(within(section).getByRole('textbox', { name: '书评（选填）' }), '  好听  ');
    // Counted as core's rule counts it (trimmed), against core's limit.
    expect(within(section).getByText('已输入 2 / 500 个字符')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: '保存评分' }));

    expect(await screen.findByText('评分已保存')).toBeInTheDocument();
    // Core trims the review before it is sent.
    expect(callsTo('PUT', '/api/books/7/rating').map((call) => call.body)).toEqual([{ score: 4, review: '好听' }]);
    // The page's average and count come from the answer, not from asking for the book again.
    expect(within(section).getByText('4.4 分（11 人评价）')).toBeInTheDocument();
    expect(screen.getAllByText('4.4 分（11 人评价）')).toHaveLength(2);
    expect(callsTo('GET', '/api/books/7')).toHaveLength(1);
    expect(await within(section).findByText('你的评分：4 星')).toBeInTheDocument();
    expect(within(section).getByRole('radio', { name: '4 星' })).toBeChecked();
    expect(within(section).getByRole('textbox', { name: '书评（选填）' })).toHaveValue('好听');
    // The new review may now be in the list: it is asked again.
    await waitFor(() => expect(reviewReads()).toHaveLength(2));
  });

  it('shows core’s rule next to an over-long review and sends nothing', async () => {
    const { callsTo } = bookPage();
    const user = userEvent.setup();
    renderApp('/books/7', { user: users.free });
    const section = await ratingsSection();
    await user.click(await within(section).findByRole('radio', { name: '5 星' }, { timeout: 5000 }));
    const text = within(section).getByRole('textbox', { name: '书评（选填）' });
    await user.click(text);
    await user.paste('长'.repeat(501));
    expect(within(section).getByText('已输入 501 / 500 个字符')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: '保存评分' }));

    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription(expect.stringContaining('最多 500 个字符。'));
    expect(callsTo('PUT', '/api/books/7/rating')).toHaveLength(0);
  });

  it('asks for a score before sending, by the star group', async () => {
    const { callsTo } = bookPage();
    const user = userEvent.setup();
    renderApp('/books/7', { user: users.free });
    const section = await ratingsSection();
    await user.click(await within(section).findByRole('button', { name: '保存评分' }, { timeout: 5000 }));
    const stars = within(section).getByRole('radiogroup', { name: '给这本书打分' });
    expect(stars).toHaveAttribute('aria-invalid', 'true');
    expect(stars).toHaveAccessibleDescription('此项为必填项。');
    expect(callsTo('PUT', '/api/books/7/rating')).toHaveLength(0);
  });

  it('shows the server’s field error next to its field', async () => {
    bookPage({
      'PUT /api/books/7/rating': apiError(400, 'validation_failed', '表单有误', { review: '书评过长。' }),
    });
    const user = userEvent.setup();
    renderApp('/books/7', { user: users.free });
    const section = await ratingsSection();
    await user.click(await within(section).findByRole('radio', { name: '2 星' }, { timeout: 5000 }));
    await user.click(within(section).getByRole('button', { name: '保存评分' }));
    const text = within(section).getByRole('textbox', { name: '书评（选填）' });
    await waitFor(() => expect(text).toHaveAccessibleDescription(expect.stringContaining('书评过长。')));
  });

  it('shows the own rating and removes it after a confirmation', async () => {
    const { callsTo } = bookPage({
      'GET /api/books/7/rating': ok({ mine: myRating() }),
      'DELETE /api/books/7/rating': ok({ mine: null, book: { rating: 4.7, ratingCount: 9 } }),
    });
    const user = userEvent.setup();
    renderApp('/books/7', { user: users.free });
    const section = await ratingsSection();
    expect(await within(section).findByText('你的评分：3 星', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(within(section).getByRole('radio', { name: '3 星' })).toBeChecked();
    expect(within(section).getByRole('textbox', { name: '书评（选填）' })).toHaveValue('还行');
    expect(within(section).queryByRole('note')).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: '删除我的评分' }));
    const dialog = await screen.findByRole('alertdialog', { name: '删除你对这本书的评分和书评？' });
    await user.click(within(dialog).getByRole('button', { name: '删除我的评分' }));

    expect(await screen.findByText('已删除你的评分')).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/books/7/rating')).toHaveLength(1);
    expect(within(section).getByText('4.7 分（9 人评价）')).toBeInTheDocument();
    expect(within(section).queryByText('你的评分：3 星')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: '删除我的评分' })).not.toBeInTheDocument();
    expect(within(section).getByRole('radio', { name: '3 星' })).not.toBeChecked();
  });

  it('tells the writer of a hidden review that the public list leaves it out', async () => {
    bookPage({ 'GET /api/books/7/rating': ok({ mine: myRating({ hidden: true }) }) });
    renderApp('/books/7', { user: users.free });
    const section = await ratingsSection();
    expect(await within(section).findByRole('note', undefined, { timeout: 5000 })).toHaveTextContent(
      '你的书评已被管理员隐藏，不会出现在公开的书评列表中',
    );
  });

  it('offers a guest the average and a way to sign in that comes back to the book', async () => {
    const { callsTo } = bookPage();
    renderApp('/en/books/7');
    const section = await screen.findByRole('region', { name: 'Ratings and reviews' }, { timeout: 5000 });
    expect(within(section).getByText('4.5 (10 ratings)')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Sign in to rate this book and write a review' })).toHaveAttribute(
      'href',
      `/en/auth/login?redirect=${encodeURIComponent('/en/books/7')}`,
    );
    expect(within(section).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/books/7/rating')).toHaveLength(0);
  });

  it('names each star in English and Japanese too', async () => {
    bookPage();
    const { i18n } = renderApp('/en/books/7', { user: users.free });
    const section = await screen.findByRole('region', { name: 'Ratings and reviews' }, { timeout: 5000 });
    expect(await within(section).findByRole('radio', { name: '1 star' }, { timeout: 5000 })).toBeInTheDocument();
    expect(within(section).getByRole('radio', { name: '5 stars' })).toBeInTheDocument();
    expect(i18n.t('app.reviews.stars', { count: 4, lng: 'ja' })).toBe('星4つ');
  });
});

describe('the reviews list', () => {
  it('lists reviews as the server orders them (newest first), with initials, stars and when', async () => {
    bookPage({
      'GET /api/books/7/reviews': ok(
        page([review(1, { reviewer: { name: 'john smith', avatarUrl: null } }), review(2, { score: 3 })], 2, 10),
      ),
    });
    renderApp('/books/7');
    const list = await screen.findByRole('region', { name: '书评' }, { timeout: 5000 });
    const items = await within(list).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^书评\d$/).textContent)).toEqual(['书评1', '书评2']);
    expect(items[0]).toHaveTextContent('john smith');
    expect(items[0]).toHaveTextContent('JS');
    expect(within(items[0]).getByRole('img', { name: '5 星' })).toBeInTheDocument();
    expect(within(items[1]).getByRole('img', { name: '3 星' })).toBeInTheDocument();
    const when = formatRelativeTime({ timestampMs: Date.now() - day, nowMs: Date.now(), lang: 'zh' });
    expect(within(items[0]).getByText(when).tagName).toBe('TIME');
    expect(within(items[0]).getByText('书评1')).not.toHaveAttribute('lang');
    expect(within(list).queryByRole('button', { name: '更多书评' })).not.toBeInTheDocument();
  });

  it('brings the next page on "more" and moves the focus to its first review', async () => {
    const first = Array.from({ length: 10 }, (_, index) => review(index + 1));
    const { callsTo } = bookPage({
      'GET /api/books/7/reviews': (call) =>
        call.url.includes('page=2')
          ? ok({ items: [review(11)], total: 11, page: 2, pageSize: 10 })
          : ok({ items: first, total: 11, page: 1, pageSize: 10 }),
    });
    const user = userEvent.setup();
    renderApp('/books/7');
    const list = await screen.findByRole('region', { name: '书评' }, { timeout: 5000 });
    expect(await within(list).findAllByRole('listitem')).toHaveLength(10);
    await user.click(within(list).getByRole('button', { name: '更多书评' }));

    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(11));
    expect(within(list).getAllByRole('listitem')[10]).toHaveFocus();
    expect(within(list).queryByRole('button', { name: '更多书评' })).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/books/7/reviews?page=2&pageSize=10')).toHaveLength(1);
  });

  it('is asked for only when the listener scrolls near it, below the book', async () => {
    const observers = fakeIntersectionObserver();
    const { callsTo } = bookPage({ 'GET /api/books/7/reviews': ok(page([review(1)], 1, 10)) });
    renderApp('/books/7');
    const list = await screen.findByRole('region', { name: '书评' }, { timeout: 5000 });
    await screen.findByRole('heading', { level: 1 });
    expect(callsTo('GET', '/api/books/7/reviews?page=1&pageSize=10')).toHaveLength(0);
    act(() => reportAllNear(observers));
    expect(await within(list).findByText('书评1')).toBeInTheDocument();
    expect(callsTo('GET', '/api/books/7/reviews?page=1&pageSize=10')).toHaveLength(1);
  });

  it('says when there are no reviews yet', async () => {
    bookPage();
    renderApp('/books/7');
    const list = await screen.findByRole('region', { name: '书评' }, { timeout: 5000 });
    expect(await within(list).findByText('还没有书评')).toBeInTheDocument();
  });

  it('keeps a failed list on the page, with a retry', async () => {
    bookPage({
      'GET /api/books/7/reviews': [json(503, null), json(503, null), ok(page([review(1)], 1, 10))],
    });
    const user = userEvent.setup();
    renderApp('/books/7');
    const list = await screen.findByRole('region', { name: '书评' }, { timeout: 5000 });
    await user.click(await within(list).findByRole('button', { name: '重试' }));
    expect(await within(list).findByText('书评1')).toBeInTheDocument();
    // The book itself stays shown.
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
