// A book's chapter list in the console: the rows and their states, the empty book, reordering by
// keyboard and by dragging (and the old order back when the server refuses), the preview's token
// address, and the bulk actions with the price form.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { chapter, chapterList } from './fixtures';

const chapters = [
  chapter(1, 1, '科学边界', { isFree: true, priceCny: 120, titleEn: 'The Frontier' }),
  chapter(2, 2, '台球', { published: false }),
  chapter(3, 3, '射手与农场主', { asset: null, durationSecs: 0 }),
];
const list = chapterList(chapters);
const inOrder = (ids: number[]) => chapterList(ids.map((id) => chapters.find((c) => c.id === id)!));

/** The titles of the table's rows, top to bottom. */
const titles = () =>
  within(screen.getByRole('region', { name: '章节列表' }))
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getByRole('link').textContent);

const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('tr')!;

async function open(path = '/admin/books/5/chapters') {
  const view = renderApp(path, { user: users.editor });
  await screen.findByRole('heading', { name: '《三体》的章节' }, { timeout: 5000 });
  return view;
}

describe('console chapter list', { timeout: 15_000 }, () => {
  it('shows every chapter in order with its length, audio, access, price and state', async () => {
    mockFetch({ 'GET /api/admin/books/5/chapters': ok(list) });
    await open();
    const actions = screen.getByRole('navigation', { name: '章节操作' });
    expect(within(actions).getByRole('link', { name: '编辑作品' })).toHaveAttribute('href', '/admin/books/5/edit');
    expect(within(actions).getByRole('link', { name: '新建章节' })).toHaveAttribute(
      'href',
      '/admin/books/5/chapters/create',
    );
    expect(within(actions).getByRole('link', { name: '批量上传' })).toHaveAttribute(
      'href',
      '/admin/books/5/chapters/batch-create',
    );
    expect(within(actions).getByRole('link', { name: '收听数据' })).toHaveAttribute(
      'href',
      '/admin/books/5/chapters/analytics',
    );
    expect(titles()).toEqual(['科学边界', '台球', '射手与农场主']);

    const first = rowOf('科学边界');
    expect(within(first).getByText('The Frontier')).toBeInTheDocument();
    expect(within(first).getByText('12:34')).toBeInTheDocument();
    expect(within(first).getByText('科学边界.mp3')).toBeInTheDocument();
    expect(within(first).getByText('免费')).toBeInTheDocument();
    expect(within(first).getByText('¥1.20')).toBeInTheDocument();
    expect(within(first).getByText('已发布')).toBeInTheDocument();
    expect(within(rowOf('台球')).getByText('VIP')).toBeInTheDocument();
    expect(within(rowOf('台球')).getByText('未发布')).toBeInTheDocument();
    const silent = rowOf('射手与农场主');
    expect(within(silent).getByText('无音频')).toBeInTheDocument();
    expect(within(silent).queryByRole('button', { name: /试听/ })).not.toBeInTheDocument();
    expect(within(silent).getByRole('link', { name: '编辑《射手与农场主》' })).toHaveAttribute(
      'href',
      '/admin/books/5/chapters/3/edit',
    );
  });

  it.each([
    ['free', ['免费', '免费', '免费']],
    ['vip', ['免费', 'VIP', 'VIP']],
    ['paid', ['免费', '付费', '付费']],
  ] as const)('labels the chapters of a %s book as listeners meet them', async (access, labels) => {
    mockFetch({ 'GET /api/admin/books/5/chapters': ok(chapterList(chapters, { access })) });
    await open();
    const shown = ['科学边界', '台球', '射手与农场主'].map(
      (title) => within(rowOf(title)).getByText(/^(免费|VIP|付费)$/).textContent,
    );
    expect(shown).toEqual(labels);
  });

  it.each([
    ['en', 'Chapters of “三体”', 'No audio', '$0.99', 'Move “台球” up'],
    ['ja', '『三体』の章', '音声なし', '¥50', '『台球』を上へ'],
  ])('speaks %s under its prefix, prices in its currency', async (lang, heading, noAudio, price, moveUp) => {
    mockFetch({
      'GET /api/admin/books/5/chapters': ok(
        chapterList([chapter(1, 1, '台球', { priceCny: 120, priceUsd: 99, priceJpy: 50 }), chapters[2]]),
      ),
    });
    renderApp(`/${lang}/admin/books/5/chapters`, { user: users.editor });
    await screen.findByRole('heading', { name: heading }, { timeout: 5000 });
    expect(screen.getByText(noAudio)).toBeInTheDocument();
    expect(within(rowOf('台球')).getByText(price)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: moveUp })).toBeDisabled();
    expect(document.body.textContent).not.toMatch(/console\.|app\./);
  });

  it('invites a batch upload when the book has no chapter', async () => {
    mockFetch({ 'GET /api/admin/books/5/chapters': ok(chapterList([], { chapterCount: 0 })) });
    await open();
    const empty = screen.getByText('这本书还没有章节——批量上传音频，一次添加多章吧');
    expect(within(empty.parentElement!).getByRole('link', { name: '批量上传' })).toHaveAttribute(
      'href',
      '/admin/books/5/chapters/batch-create',
    );
    expect(screen.queryByRole('region', { name: '章节列表' })).not.toBeInTheDocument();
  });

  it('moves a chapter down by keyboard, saves the whole order and keeps the focus on the button', async () => {
    const { callsTo } = mockFetch({
      'GET /api/admin/books/5/chapters': [ok(list), ok(inOrder([2, 1, 3]))],
      'PUT /api/admin/books/5/chapters/order': ok(inOrder([2, 1, 3])),
    });
    const user = userEvent.setup();
    await open();
    const down = screen.getByRole('button', { name: '下移《科学边界》' });
    down.focus();
    await user.keyboard('{Enter}');

    expect(titles()).toEqual(['台球', '科学边界', '射手与农场主']);
    await waitFor(() =>
      expect(callsTo('PUT', '/api/admin/books/5/chapters/order').map((c) => c.body)).toEqual([
        { chapterIds: [2, 1, 3] },
      ]),
    );
    expect(screen.getByRole('button', { name: '下移《科学边界》' })).toHaveFocus();
    expect(screen.getByText('《科学边界》已移到第 2 位')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '上移《台球》' })).toBeDisabled();
  });

  it('puts the old order back and says why when the server refuses the new one', async () => {
    const { callsTo } = mockFetch({
      'GET /api/admin/books/5/chapters': ok(list),
      'PUT /api/admin/books/5/chapters/order': apiError(409, 'conflict', '章节已被其他人改动，请刷新后重试。'),
    });
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: '上移《射手与农场主》' }));
    expect(
      await screen.findByText('顺序没有保存，已恢复原来的顺序。章节已被其他人改动，请刷新后重试。'),
    ).toBeInTheDocument();
    expect(titles()).toEqual(['科学边界', '台球', '射手与农场主']);
    expect(callsTo('PUT', '/api/admin/books/5/chapters/order').map((c) => c.body)).toEqual([{ chapterIds: [1, 3, 2] }]);
  });

  it('reorders by dragging a row onto another', async () => {
    const { callsTo } = mockFetch({
      'GET /api/admin/books/5/chapters': [ok(list), ok(inOrder([3, 1, 2]))],
      'PUT /api/admin/books/5/chapters/order': ok(inOrder([3, 1, 2])),
    });
    await open();
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(rowOf('射手与农场主'), { dataTransfer });
    fireEvent.dragOver(rowOf('科学边界'), { dataTransfer });
    fireEvent.drop(rowOf('科学边界'), { dataTransfer });

    await waitFor(() => expect(titles()).toEqual(['射手与农场主', '科学边界', '台球']));
    await waitFor(() =>
      expect(callsTo('PUT', '/api/admin/books/5/chapters/order').map((c) => c.body)).toEqual([
        { chapterIds: [3, 1, 2] },
      ]),
    );
  });

  it('plays a chapter from the console’s audio address with the access token', async () => {
    mockFetch({ 'GET /api/admin/books/5/chapters': ok(list) });
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: '试听《台球》' }));
    const audio = await screen.findByLabelText('《台球》的音频');
    expect(audio).toHaveAttribute('src', '/api/admin/chapters/2/audio?token=test-access-token');
    expect(screen.getByText('正在试听：台球')).toBeInTheDocument();
  });

  it('makes the chosen chapters free at once and says how many changed', async () => {
    const { callsTo } = mockFetch({
      'GET /api/admin/books/5/chapters': ok(list),
      'POST /api/admin/books/5/chapters/bulk': ok({ changed: 2 }),
    });
    const user = userEvent.setup();
    await open();
    const free = screen.getByRole('button', { name: '设为免费' });
    expect(free).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(screen.getByText('已选 3 章')).toBeInTheDocument();
    await user.click(free);

    expect(await screen.findByText('已更改 2 章')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/books/5/chapters/bulk').map((c) => c.body)).toEqual([
      { action: 'free', chapterIds: [1, 2, 3] },
    ]);
    expect(screen.getByRole('checkbox', { name: '选择《台球》' })).not.toBeChecked();
  });

  it('prices the chosen chapters after core’s check, and deletes them only once confirmed', async () => {
    const { callsTo } = mockFetch({
      'GET /api/admin/books/5/chapters': ok(list),
      'POST /api/admin/books/5/chapters/bulk': ok({ changed: 1 }),
    });
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('checkbox', { name: '选择《台球》' }));
    await user.click(screen.getByRole('button', { name: '设置价格' }));
    // Typed in yuan: a third decimal is more than the currency has.
    const cny = screen.getByLabelText('人民币价格（元）');
    await user.type(cny, '1.505');
    await user.click(screen.getByRole('button', { name: '应用价格' }));
    expect(cny).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST', '/api/admin/books/5/chapters/bulk')).toHaveLength(0);

    expect(cny).toHaveAccessibleDescription('请输入 0 到 1000000 之间的金额，最多 2 位小数。');
    await user.clear(cny);
    await user.type(cny, '3');
    expect(cny).toHaveAccessibleDescription('显示为 ¥3.00');
    await user.click(screen.getByRole('button', { name: '应用价格' }));
    expect(await screen.findByText('已更改 1 章')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/books/5/chapters/bulk')[0].body).toEqual({
      action: 'price',
      chapterIds: [2],
      priceCny: 300,
      priceUsd: null,
      priceJpy: null,
    });

    await user.click(screen.getByRole('checkbox', { name: '选择《射手与农场主》' }));
    await user.click(within(screen.getByRole('group', { name: '批量操作' })).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('alertdialog', { name: '删除所选的 1 章？' });
    expect(callsTo('POST', '/api/admin/books/5/chapters/bulk')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(callsTo('POST', '/api/admin/books/5/chapters/bulk')).toHaveLength(2));
    expect(callsTo('POST', '/api/admin/books/5/chapters/bulk')[1].body).toEqual({ action: 'delete', chapterIds: [3] });
  });
});
