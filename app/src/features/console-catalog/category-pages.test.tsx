// The console's categories: the tree, deleting one that holds books (409, then `moveTo`), the form.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { category } from './fixtures';

const tree = [
  category(3, '科幻', { sortOrder: 2, bookCount: 5 }),
  category(5, '太空歌剧', { parentId: 3, sortOrder: 0 }),
  category(4, '武侠', { sortOrder: 1, bookCount: 2, slug: 'wuxia' }),
];

describe('console categories', () => {
  it('shows the tree, and asks where the books go when the category to delete holds some', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/categories': ok({ items: tree }),
      'DELETE /api/admin/categories/4': [
        apiError(409, 'category_not_empty', '分类下还有作品', {
          moveTo: '该分类下还有 2 本作品，请选择接收它们的分类。',
        }),
        ok(null),
      ],
    });
    const user = userEvent.setup();
    renderApp('/admin/categories', { user: users.admin });
    const table = await screen.findByRole('table', undefined, { timeout: 5000 });
    // Roots by sortOrder (武侠 1, 科幻 2), each child under its parent.
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) =>
        cell.textContent
          ?.replace(/（.*）/, '')
          .replace('└', '')
          .trim(),
      );
    expect(names).toEqual(['武侠', '科幻', '太空歌剧']);
    expect(screen.getByRole('link', { name: '武侠：2 本作品' })).toHaveAttribute('href', '/admin/categories/4/books');
    expect(screen.getByRole('link', { name: '编辑分类「武侠」' })).toHaveAttribute('href', '/admin/categories/4/edit');

    await user.click(screen.getByRole('button', { name: '删除分类「武侠」' }));
    const confirm = await screen.findByRole('alertdialog', { name: '删除分类「武侠」？' });
    await user.click(within(confirm).getByRole('button', { name: '删除' }));

    const move = await screen.findByRole('alertdialog', { name: '「武侠」下还有作品' });
    expect(within(move).getByText('该分类下还有 2 本作品，请选择接收它们的分类。')).toBeInTheDocument();
    const target = within(move).getByLabelText('把作品移到');
    expect(within(target).queryByRole('option', { name: /武侠/ })).not.toBeInTheDocument();
    await user.selectOptions(target, '5');
    await user.click(within(move).getByRole('button', { name: '移动作品并删除' }));

    expect(await screen.findByText('已删除分类「武侠」')).toBeInTheDocument();
    const deletes = calls.filter((call) => call.method === 'DELETE').map((call) => new URL(call.url, 'http://x'));
    expect(deletes.map((url) => url.pathname)).toEqual(['/api/admin/categories/4', '/api/admin/categories/4']);
    expect(deletes.map((url) => url.searchParams.get('moveTo'))).toEqual([null, '5']);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('checks the form with core, then shows a taken slug next to the slug', async () => {
    const { callsTo } = mockFetch({
      'GET /api/admin/categories': ok({ items: tree }),
      'POST /api/admin/categories': apiError(409, 'already_taken', '已被占用', { slug: '这个标识已被使用' }),
    });
    const user = userEvent.setup();
    renderApp('/admin/categories/create', { user: users.admin });
    const slug = await screen.findByLabelText(/^标识/, undefined, { timeout: 5000 });
    await user.type(slug, 'Wu Xia');
    await user.click(screen.getByRole('button', { name: '创建分类' }));
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^英文名/)).toHaveAccessibleDescription('此项为必填项。');
    expect(callsTo('POST', '/api/admin/categories')).toHaveLength(0);

    await user.clear(slug);
    await user.type(slug, 'wuxia');
    await user.type(screen.getByLabelText(/^中文名/), '武侠');
    await user.type(screen.getByLabelText(/^英文名/), 'Wuxia');
    await user.type(screen.getByLabelText(/^日文名/), '武侠');
    await user.selectOptions(screen.getByLabelText('上级分类'), '3');
    await user.click(screen.getByRole('button', { name: '创建分类' }));

    await waitFor(() => expect(slug).toHaveAccessibleDescription(/这个标识已被使用/));
    expect(callsTo('POST', '/api/admin/categories')[0].body).toEqual({
      slug: 'wuxia',
      nameZh: '武侠',
      nameEn: 'Wuxia',
      nameJa: '武侠',
      parentId: 3,
      sortOrder: 0,
    });
  });

  it('leaves the category itself and its subcategories out of its parent choices', async () => {
    mockFetch({ 'GET /api/admin/categories': ok({ items: tree }) });
    renderApp('/admin/categories/3/edit', { user: users.admin });
    const parent = await screen.findByLabelText('上级分类', undefined, { timeout: 5000 });
    expect(screen.getByLabelText(/^标识/)).toHaveValue('c3');
    expect(
      within(parent)
        .getAllByRole('option')
        .map((option) => option.textContent?.trim()),
    ).toEqual(['无（顶级分类）', '武侠']);
  });
});
