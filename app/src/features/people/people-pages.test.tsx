// The authors' and narrators' pages through the real router with a mocked server: name, role, bio
// and books, untranslated text marked with its language, the empty list, and the 404 screen.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PersonPage } from '@/lib/api/types';
import { book, bookDetail, page } from '@/testing/catalog-fixtures';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';

function person(id: number, patch: Partial<PersonPage> = {}): PersonPage {
  return {
    id,
    name: '金庸',
    nameLang: 'zh',
    bio: '武侠小说作家。\n代表作《射雕英雄传》。',
    bioLang: 'zh',
    books: [book(1, { title: '射雕英雄传' }), book(2, { title: '天龙八部' })],
    ...patch,
  };
}

describe('/authors/{id}', () => {
  it('shows the name, role, bio and books, marking untranslated Chinese on an English page', async () => {
    mockFetch({ 'GET /api/authors/3': ok(person(3)) });
    renderApp('/en/authors/3');
    const heading = await screen.findByRole('heading', { level: 1, name: '金庸' }, { timeout: 5000 });
    expect(within(heading).getByText('金庸')).toHaveAttribute('lang', 'zh');
    expect(screen.getByText('Author')).toBeInTheDocument();
    expect(screen.getByText('武侠小说作家。')).toHaveAttribute('lang', 'zh');
    expect(screen.getByText('代表作《射雕英雄传》。')).toHaveAttribute('lang', 'zh');
    const books = screen.getByRole('list', { name: 'Books' });
    expect(within(books).getByRole('link', { name: '射雕英雄传' })).toHaveAttribute('href', '/en/books/1');
    expect(within(books).getByRole('link', { name: '天龙八部' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('金庸 - Tingshu'));
  });

  it('marks nothing when the page is in the language the texts are written in', async () => {
    mockFetch({ 'GET /api/authors/3': ok(person(3)) });
    renderApp('/authors/3');
    const heading = await screen.findByRole('heading', { level: 1, name: '金庸' }, { timeout: 5000 });
    expect(heading.querySelector('[lang]')).toBeNull();
    expect(screen.getByText('作者')).toBeInTheDocument();
  });

  it('says when the person has no published books', async () => {
    mockFetch({ 'GET /api/authors/3': ok(person(3, { books: [], bio: null })) });
    renderApp('/authors/3');
    expect(await screen.findByText('暂时还没有上架的作品', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '作品' })).not.toBeInTheDocument();
  });

  it('shows the 404 screen for an unknown author', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/authors/99': apiError(404, 'not_found', '找不到编号为 99 的作者。') });
    renderApp('/authors/99');
    const screenAlert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(screenAlert).toHaveTextContent('404');
    expect(screenAlert).toHaveTextContent('Page Not Found: /authors/99');
    await waitFor(() => expect(document.title).toBe('Error 404 - 听书'));
  });
});

describe('/narrators/{id}', () => {
  it('is reached from the book page and shows the narrator as such', async () => {
    mockFetch({
      'GET /api/books/7': ok(bookDetail(7, { narrator: { id: 4, name: '演播乙', lang: 'zh' } })),
      'GET /api/books/7/chapters': ok(page([])),
      'GET /api/books/7/reviews': ok(page([], 0, 10)),
      'GET /api/narrators/4': ok(person(4, { name: '演播乙', bio: null, books: [book(7)] })),
    });
    const user = userEvent.setup();
    const { location } = renderApp('/ja/books/7');
    await user.click(await screen.findByRole('link', { name: '演播乙' }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { level: 1, name: '演播乙' }, { timeout: 5000 })).toBeInTheDocument();
    expect(location().pathname).toBe('/ja/narrators/4');
    expect(screen.getByText('朗読')).toBeInTheDocument();
  });
});
