// The console's book form: core's rules before anything is sent, the server's field errors, create
// then edit, and publishing from the edit page.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { adminBook, category } from './fixtures';

const categories = ok({ items: [category(3, '科幻'), category(4, '武侠', { parentId: 3 })] });
const required = '此项为必填项。';

async function fillValidBook(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^中文书名/), '  新书  ');
  await user.type(screen.getByLabelText(/^中文简介/), '一本新书');
  await user.type(screen.getByLabelText(/^作者/), '作者甲');
  await user.selectOptions(screen.getByLabelText(/^分类/), '4');
  await user.type(screen.getByLabelText(/^标签/), '武侠，经典、武侠, 新');
  await user.type(screen.getByLabelText(/^英文作者名/), 'Author A');
  await user.type(screen.getByLabelText(/^英文标签/), 'Wuxia, Classic, , New');
}

// Typing a whole book form key by key takes about 3 s alone; a loaded 2-core runner needs room.
describe('console book form', { timeout: 15_000 }, () => {
  it('shows core’s errors without asking the server, then creates the book and opens its edit page', async () => {
    const { callsTo } = mockFetch({
      'GET /api/admin/categories': categories,
      'POST /api/admin/books': ok(adminBook(9, { titleZh: '新书' })),
      'GET /api/admin/books/9': ok(adminBook(9, { titleZh: '新书', access: 'paid', priceCny: 1250 })),
    });
    const user = userEvent.setup();
    const { location } = renderApp('/admin/books/create', { user: users.admin });
    await screen.findByRole('heading', { name: '新建作品' }, { timeout: 5000 });
    await screen.findByRole('option', { name: /武侠/ });

    await user.click(screen.getByRole('button', { name: '创建作品' }));
    const title = screen.getByLabelText(/^中文书名/);
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(required);
    expect(title).toHaveFocus();
    expect(screen.getByLabelText(/^作者/)).toHaveAccessibleDescription(required);
    expect(screen.getByLabelText(/^英文书名/)).toHaveAttribute('aria-invalid', 'false');

    // A paid book needs its three prices; the preview is core's formatting in each currency.
    await fillValidBook(user);
    await user.selectOptions(screen.getByLabelText(/^收听方式/), 'paid');
    // Typed in yuan, dollars and yen; sent in fen, cents and yen (core's minorUnits).
    await user.type(screen.getByLabelText(/^人民币价格/), '12.5');
    expect(screen.getByLabelText(/^人民币价格/)).toHaveAccessibleDescription('显示为 ¥12.50');
    await user.click(screen.getByRole('button', { name: '创建作品' }));
    expect(screen.getByLabelText(/^中文书名/)).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText(/^人民币价格/)).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText(/^美元价格/)).toHaveAccessibleDescription(required);
    expect(screen.getByLabelText(/^日元价格/)).toHaveAccessibleDescription(required);
    expect(callsTo('POST', '/api/admin/books')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^美元价格/), '1.999');
    await user.type(screen.getByLabelText(/^日元价格/), '1500.5');
    await user.click(screen.getByRole('button', { name: '创建作品' }));
    // More decimals than the currency has: refused by core before anything is sent.
    expect(screen.getByLabelText(/^美元价格/)).toHaveAccessibleDescription(
      '请输入 0 到 1000000 之间的金额，最多 2 位小数。',
    );
    expect(screen.getByLabelText(/^日元价格/)).toHaveAccessibleDescription('请输入 0 到 100000000 之间的整数金额。');
    expect(callsTo('POST', '/api/admin/books')).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^美元价格/));
    await user.clear(screen.getByLabelText(/^日元价格/));
    await user.type(screen.getByLabelText(/^美元价格/), '1.99');
    await user.type(screen.getByLabelText(/^日元价格/), '1500');
    expect(screen.getByLabelText(/^美元价格/)).toHaveAccessibleDescription('显示为 $1.99');
    expect(screen.getByLabelText(/^日元价格/)).toHaveAccessibleDescription('显示为 ¥1,500');
    await user.click(screen.getByRole('button', { name: '创建作品' }));

    await waitFor(() => expect(location().pathname).toBe('/admin/books/9/edit'));
    expect(await screen.findByText('已创建《新书》（未上架）')).toBeInTheDocument();
    const [created] = callsTo('POST', '/api/admin/books');
    expect(created.body).toMatchObject({
      titleZh: '新书',
      titleEn: null,
      descriptionZh: '一本新书',
      author: '作者甲',
      authorEn: 'Author A',
      authorJa: null,
      categoryId: 4,
      tags: ['武侠', '经典', '新'],
      // By position among the tags as typed (the repeated 武侠 took the blank one away).
      tagsEn: ['Wuxia', 'Classic', 'New'],
      tagsJa: ['', '', ''],
      status: 'serialising',
      access: 'paid',
      priceCny: 1250,
      priceUsd: 199,
      priceJpy: 1500,
    });
    expect(await screen.findByRole('heading', { name: '编辑《新书》' })).toBeInTheDocument();
  });

  it('shows the server’s field errors next to their fields', async () => {
    mockFetch({
      'GET /api/admin/categories': categories,
      'POST /api/admin/books': apiError(400, 'validation_failed', '请检查填写的内容', {
        author: '作者名包含不允许的字符',
        categoryId: '没有这个分类',
      }),
    });
    const user = userEvent.setup();
    const { location } = renderApp('/admin/books/create', { user: users.admin });
    await screen.findByRole('option', { name: /武侠/ }, { timeout: 5000 });
    await fillValidBook(user);
    await user.click(screen.getByRole('button', { name: '创建作品' }));

    await waitFor(() => expect(screen.getByLabelText(/^作者/)).toHaveAccessibleDescription('作者名包含不允许的字符'));
    expect(screen.getByLabelText(/^分类/)).toHaveAccessibleDescription('没有这个分类');
    expect(screen.getByLabelText(/^中文书名/)).toHaveAttribute('aria-invalid', 'false');
    expect(location().pathname).toBe('/admin/books/create');
  });

  it('edits a book, publishes it with the bulk endpoint and saves changes with PUT', async () => {
    const { callsTo } = mockFetch({
      'GET /api/admin/categories': categories,
      'GET /api/admin/books/5': [
        ok(adminBook(5, { titleZh: '旧书', tags: ['甲', '乙'], tagsEn: ['A', null], priceUsd: 199 })),
        ok(adminBook(5, { titleZh: '旧书', tags: ['甲', '乙'], tagsEn: ['A', null], priceUsd: 199, published: true })),
      ],
      'POST /api/admin/books/bulk': ok({ changed: 1 }),
      'PUT /api/admin/books/5': ok(adminBook(5, { titleZh: '旧书（修订）' })),
    });
    const user = userEvent.setup();
    renderApp('/admin/books/5/edit', { user: users.admin });
    expect(await screen.findByLabelText(/^中文书名/, undefined, { timeout: 5000 })).toHaveValue('旧书');
    expect(screen.getByLabelText(/^标签/)).toHaveValue('甲, 乙');
    expect(screen.getByLabelText(/^英文标签/)).toHaveValue('A, ');
    // A stored price in cents is shown in dollars (core's majorUnits).
    expect(screen.getByLabelText(/^美元价格/)).toHaveValue('1.99');
    expect(screen.getByText('未上架')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '上架' }));
    expect(await screen.findByText('已上架《旧书》')).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo('POST', '/api/admin/books/bulk').map((c) => c.body)).toEqual([{ action: 'publish', ids: [5] }]),
    );
    expect(await screen.findByRole('button', { name: '下架' })).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^中文书名/), '（修订）');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/books/5')[0].body).toMatchObject({
      titleZh: '旧书（修订）',
      tags: ['甲', '乙'],
      tagsEn: ['A', ''],
      priceUsd: 199,
    });
  });
});
