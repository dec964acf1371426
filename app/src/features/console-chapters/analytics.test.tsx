// A book's listening figures: a bar per figure and chapter, the same numbers in a table, and the
// empty state of a book nobody has listened to yet.
import { screen, within } from '@testing-library/react';
import { mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { chapter, chapterList, figures } from './fixtures';

const list = ok(chapterList([chapter(1, 1, '科学边界'), chapter(2, 2, '台球')]));

describe('console chapter figures', () => {
  it('draws each chapter’s listeners, finished and dropped, and lists the numbers in a table', async () => {
    mockFetch({
      'GET /api/admin/books/5/chapters': list,
      'GET /api/admin/books/5/chapters/analytics': ok([
        figures(1, 1, { titleZh: '科学边界', listeners: 40, completed: 30, dropped: 4, current: 6 }),
        figures(2, 2, { titleZh: '台球', listeners: 20, completed: 5, dropped: 12345, current: 3 }),
      ]),
    });
    renderApp('/admin/books/5/chapters/analytics', { user: users.editor });
    expect(await screen.findByRole('heading', { name: '《三体》的收听数据' }, { timeout: 5000 })).toBeInTheDocument();

    const chart = await screen.findByRole('img', { name: /柱状图/ }, { timeout: 5000 });
    const bars = (place: number) =>
      Array.from(chart.querySelectorAll('svg')[place].querySelectorAll('rect')).map((rect) =>
        Number(rect.getAttribute('width')),
      );
    // Scaled to the largest figure (12,345 dropped from chapter 2).
    expect(bars(1)[2]).toBe(100);
    expect(bars(0)[0]).toBeCloseTo((40 / 12345) * 100);
    expect(bars(0)).toHaveLength(3);

    const table = screen.getByRole('region', { name: '每章收听数据' });
    const second = within(table)
      .getByRole('rowheader', { name: /第 2 章/ })
      .closest('tr')!;
    expect(
      within(second)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['20', '5', '1.2万', '3']);
    expect(within(table).getByRole('columnheader', { name: '流失' })).toBeInTheDocument();
  });

  it('says nobody has listened yet instead of drawing empty bars', async () => {
    mockFetch({
      'GET /api/admin/books/5/chapters': list,
      'GET /api/admin/books/5/chapters/analytics': ok([figures(1, 1), figures(2, 2)]),
    });
    renderApp('/admin/books/5/chapters/analytics', { user: users.editor });
    expect(
      await screen.findByText('还没有人收听这本书——有听众后再来看吧', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /柱状图/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
