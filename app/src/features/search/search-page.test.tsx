// /search: the form drives the address, highlighted snippets are rendered safely, facets and empty state;
// each search's results and the result opened are noted as search events.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchItem } from '@/lib/api/types';
import { takeEvents, type NotedEvent } from '@/lib/behavior-events';
import { book, page } from '@/testing/catalog-fixtures';
import { mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { highlightNodes } from './highlight';
import { render } from '@testing-library/react';

const result = (items: SearchItem[], total = items.length) =>
  ok({ ...page(items, total), facets: { categories: [{ id: 1, slug: 'classic', name: '古典', count: 3 }] } });

describe('highlight', () => {
  it('keeps only text and <mark>, never other markup', () => {
    const { container } = render(
      <p>
        {highlightNodes('西<mark>游记</mark><img src=x onerror="alert(1)"><script>alert(2)</script><b>粗</b>&amp;')}
      </p>,
    );
    expect(container.querySelectorAll('mark')).toHaveLength(1);
    expect(container.querySelector('mark')).toHaveTextContent('游记');
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(container).toHaveTextContent('西游记粗&');
  });
});

describe('/search', () => {
  it('searches from the form, puts the query in the address and shows highlighted results', async () => {
    const { calls } = mockFetch({
      'GET /api/categories': ok([]),
      'GET /api/search': result([
        {
          book: book(1, { title: '西游记' }),
          highlights: { title: '<mark>西游</mark>记', description: '师徒<mark>西行</mark>' },
        },
      ]),
    });
    const user = userEvent.setup();
    const { location } = renderApp('/search');
    expect(await screen.findByText(/开始搜索/)).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: '关键词' }), 'xyj');
    await user.selectOptions(screen.getByLabelText('状态'), 'finished');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(location().search).toBe('?q=xyj&status=finished'));
    const link = await screen.findByRole('link', { name: '西游记' });
    expect(link.querySelector('mark')).toHaveTextContent('西游');
    expect(screen.getByText('西行').tagName).toBe('MARK');
    expect(calls.find((c) => c.url.includes('/api/search'))!.url).toContain('q=xyj');
    expect(screen.getByText('“xyj”共 1 条结果')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /古典/ }));
    await waitFor(() => expect(new URLSearchParams(location().search).get('category')).toBe('classic'));
  });

  it('shows the empty state', async () => {
    mockFetch({ 'GET /api/categories': ok([]), 'GET /api/search': result([]) });
    renderApp('/search?q=zzz');
    expect(await screen.findByText('没有找到与“zzz”相关的书，换个关键词试试')).toBeInTheDocument();
  });

  it('notes each search when its results arrive (not each page of them), and the result the listener opens', async () => {
    // The searches of the tests before, queued with no tracking code to take them, are not this one's.
    takeEvents(() => {})();
    const taken: NotedEvent[] = [];
    const stop = takeEvents((event) => taken.push(event));
    const { calls } = mockFetch({
      'GET /api/categories': ok([]),
      'GET /api/search': result([{ book: book(3, { title: '西游记' }), highlights: {} }], 41),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/search?q=xyj');
    await screen.findByRole('link', { name: '西游记' }, { timeout: 5000 });
    expect(taken).toEqual([expect.objectContaining({ kind: 'search', query: 'xyj', resultCount: 41 })]);

    await act(() => router.navigate('/search?q=xyj&page=2'));
    await waitFor(() => expect(calls.some((call) => call.url.includes('page=2'))).toBe(true));
    await screen.findByRole('link', { name: '西游记' });
    expect(taken).toHaveLength(1);
    await act(() => router.navigate('/search?q=xyj&status=finished'));
    await waitFor(() => expect(taken).toHaveLength(2));
    expect(taken[1]).toMatchObject({ kind: 'search', query: 'xyj', resultCount: 41 });

    await user.click(await screen.findByRole('link', { name: '西游记' }));
    expect(taken).toHaveLength(3);
    expect(taken[2]).toMatchObject({ kind: 'search', query: 'xyj', resultCount: 41, bookId: 3 });
    stop();
  });
});
