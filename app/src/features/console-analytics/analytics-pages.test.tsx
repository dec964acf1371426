// The analytics pages: the period from the address sent to the server and compared with the one
// before; a bad period refused by core before anything is asked; every chart with its table of
// numbers; the period's visitors (direct visits worded, an empty period, a failure retried); search lines with the forms counted together; the report with its CSV download and
// print button; the feedback inbox answered in place, a blank answer refused in the page's language.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { page } from '@/testing/catalog-fixtures';
import { apiError, mockAnyFetch, mockFetch, ok, type Call } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { feedback, overview, quietOverview, quietVisitors, report, searches, visitors } from './fixtures';

// jsdom draws no canvas: the chart library is a stand-in that records what it was asked to draw.
const drawn = vi.hoisted(() => [] as unknown[][]);
vi.mock('./load-uplot', () => ({
  loadUPlot: () =>
    Promise.resolve(
      class {
        constructor(_options: unknown, data: unknown[]) {
          drawn.push(data);
        }
        destroy() {}
        setSize() {}
      },
    ),
}));

const params = (calls: Call[], path: string) =>
  calls
    .filter((call) => call.method === 'GET' && new URL(call.url, 'http://x').pathname === path)
    .map((call) => new URL(call.url, 'http://x').searchParams);

describe('console analytics', () => {
  it('asks for the period in the address and shows it against the previous one, each chart with its table', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/analytics': ok(overview()) });
    renderApp('/admin/analytics?from=2026-11-01&to=2026-11-03', { user: users.admin });
    const plays = await screen.findByTestId('metric-plays', undefined, { timeout: 5000 });
    expect(within(plays).getByText('1,234')).toBeInTheDocument();
    expect(within(plays).getByText(/增加 234/)).toBeInTheDocument();
    expect(params(calls, '/api/admin/analytics')[0].get('from')).toBe('2026-11-01');
    expect(params(calls, '/api/admin/analytics')[0].get('to')).toBe('2026-11-03');
    expect(screen.getByText(/对比 2026-10-29 至 2026-10-31/)).toBeInTheDocument();
    // Every chart has the same numbers as a table.
    const tables = screen.getAllByText('以表格查看数据');
    expect(tables).toHaveLength(4);
    const playsChart = screen.getByRole('figure', { name: '每日播放次数' });
    expect(within(playsChart).getByRole('rowheader', { name: '2026-11-02' })).toBeInTheDocument();
    expect(within(playsChart).getByText('434')).toBeInTheDocument();
    expect(screen.getByText('¥54.00')).toBeInTheDocument();
    // The chart library drew this period's plays against the previous period's, day by day.
    await waitFor(() =>
      expect(drawn).toContainEqual([
        [0, 1, 2],
        [400, 434, 400],
        [300, 300, 400],
      ]),
    );
    expect(screen.getByRole('rowheader', { name: '西游记' })).toBeInTheDocument();
    expect(screen.getByText('25%')).toBeInTheDocument();
  });

  it('refuses a backwards period with core’s words and asks nothing for it', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ 'GET /api/admin/analytics': ok(overview()) });
    renderApp('/en/admin/analytics?from=2026-11-01&to=2026-11-03', { user: users.admin });
    await screen.findByTestId('metric-plays', undefined, { timeout: 5000 });
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(
      await screen.findByText('The end date must be on or after the start date and at most 366 days later.'),
    ).toBeInTheDocument();
    expect(params(calls, '/api/admin/analytics').every((p) => p.get('from') === '2026-11-01')).toBe(true);
  });

  it('says when nothing happened in the period', async () => {
    mockFetch({ 'GET /api/admin/analytics': ok(quietOverview()) });
    renderApp('/admin/analytics', { user: users.admin });
    expect(
      await screen.findByText('这段时间还没有任何收听、注册或订单。', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('shows the period’s visitors against the previous one, per day, with the top pages and sources', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/analytics': ok(overview()),
      'GET /api/admin/visitor-analytics': ok(visitors()),
    });
    renderApp('/admin/analytics?from=2026-11-01&to=2026-11-03', { user: users.admin });
    const section = await screen.findByRole('region', { name: '访客' }, { timeout: 5000 });
    const people = await within(section).findByTestId('visitor-metric-visitors');
    expect(within(people).getByText('1,500')).toBeInTheDocument();
    expect(within(people).getByText(/减少 100/)).toBeInTheDocument();
    expect(within(people).getByText(/上期：1,600/)).toBeInTheDocument();
    expect(within(within(section).getByTestId('visitor-metric-pageViews')).getByText(/持平/)).toBeInTheDocument();
    expect(within(within(section).getByTestId('visitor-metric-events')).getByText(/增加 500/)).toBeInTheDocument();
    expect(params(calls, '/api/admin/visitor-analytics')[0].get('from')).toBe('2026-11-01');
    expect(params(calls, '/api/admin/visitor-analytics')[0].get('to')).toBe('2026-11-03');
    expect(within(section).getByText(/按已结束的 UTC 日统计/)).toBeInTheDocument();
    // Visitors and page views per day, a day without visits at 0, drawn and as a table.
    const chart = within(section).getByRole('figure', { name: '每日访客与页面浏览量' });
    const quietDay = within(chart).getByRole('rowheader', { name: '2026-11-02' }).closest('tr')!;
    expect(within(quietDay).getAllByText('0')).toHaveLength(2);
    await waitFor(() =>
      expect(drawn).toContainEqual([
        [0, 1, 2],
        [1000, 0, 500],
        [3000, 0, 1200],
      ]),
    );
    const pages = within(section).getByRole('region', { name: '热门页面' });
    expect(
      within(pages)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['/books/7', '/']);
    expect(within(pages).getByText('1,400')).toBeInTheDocument();
    const sources = within(section).getByRole('region', { name: '主要来源' });
    expect(
      within(sources)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['www.google.com', '直接访问（无来源网站）']);
  });

  it('says when no visits were recorded in the period, and that only finished days count', async () => {
    mockFetch({
      'GET /api/admin/analytics': ok(overview()),
      'GET /api/admin/visitor-analytics': ok(quietVisitors()),
    });
    renderApp('/en/admin/analytics?from=2026-11-01&to=2026-11-03', { user: users.admin });
    const section = await screen.findByRole('region', { name: 'Visitors' }, { timeout: 5000 });
    expect(
      await within(section).findByText(
        'No visits recorded in this period. Only finished days are counted: today appears once it is over.',
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('figure')).not.toBeInTheDocument();
  });

  it('shows a failure of the visitors alone, and asks again on retry', async () => {
    const user = userEvent.setup();
    const failure = apiError(500, 'internal', '服务器出错了');
    // The HTTP client asks once more on a 5xx by itself: both fail, the retry button's ask succeeds.
    const { calls } = mockFetch({
      'GET /api/admin/analytics': ok(overview()),
      'GET /api/admin/visitor-analytics': [failure, failure, ok(visitors())],
    });
    renderApp('/admin/analytics?from=2026-11-01&to=2026-11-03', { user: users.admin });
    const section = await screen.findByRole('region', { name: '访客' }, { timeout: 5000 });
    expect(await within(section).findByText('服务器出错了')).toBeInTheDocument();
    const asked = params(calls, '/api/admin/visitor-analytics').length;
    await user.click(within(section).getByRole('button', { name: '重试' }));
    expect(await within(section).findByTestId('visitor-metric-visitors')).toBeInTheDocument();
    expect(params(calls, '/api/admin/visitor-analytics').length).toBeGreaterThan(asked);
    // The rest of the page was not touched by the failure.
    expect(screen.getByTestId('metric-plays')).toBeInTheDocument();
  });

  it('lists search queries with the forms counted together and those that found nothing', async () => {
    mockFetch({ 'GET /api/admin/search-analytics': ok(searches()) });
    renderApp('/admin/search-analytics?from=2026-11-01&to=2026-11-02', { user: users.admin });
    const top = await screen.findByRole('region', { name: '热门搜索词' }, { timeout: 5000 });
    expect(within(top).getByText('也搜索为：西游记、xiyouji')).toBeInTheDocument();
    expect(within(top).getByText('5')).toBeInTheDocument();
    const missing = screen.getByRole('region', { name: '无结果的搜索词' });
    expect(within(missing).getByRole('rowheader', { name: '金庸 全集' })).toBeInTheDocument();
    expect(screen.getByText('共 9 次搜索，其中 2 次没有结果。')).toBeInTheDocument();
  });

  it('shows the report with a CSV download and a print button, and answers feedback in place', async () => {
    const user = userEvent.setup();
    const print = vi.fn();
    window.print = print;
    const answered = feedback(5, {
      status: 'answered',
      reply: '已修复，谢谢！',
      repliedByName: 'boss',
      repliedAt: Date.UTC(2026, 10, 3),
    });
    const { calls } = mockFetch({
      'GET /api/admin/reports': ok(report()),
      // The list asked again after the answer holds it.
      'GET /api/admin/feedback': [ok(page([feedback(5)], 1, 20)), ok(page([answered], 1, 20))],
      'POST /api/admin/feedback/5/reply': ok(answered),
    });
    renderApp('/admin/reports?from=2026-11-01&to=2026-11-03&status=open', { user: users.admin });
    expect(
      await screen.findByRole('heading', { name: '2026-11-01 至 2026-11-03 报表' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: '新增书籍' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下载 CSV' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '打印' }));
    expect(print).toHaveBeenCalled();
    expect(params(calls, '/api/admin/feedback')[0].get('status')).toBe('open');

    const item = await screen.findByTestId('feedback-5');
    await user.click(within(item).getByRole('button', { name: '回复第 5 条反馈' }));
    expect(await within(item).findByText('此项为必填项。')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(item).getByLabelText('回复'), ' 已修复，谢谢！ ');
    await user.click(within(item).getByRole('button', { name: '回复第 5 条反馈' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ message: '已修复，谢谢！' });
    expect(await within(item).findByText('已回复')).toBeInTheDocument();
  });

  it('downloads the report as the server’s CSV file under the name it gives', async () => {
    const user = userEvent.setup();
    const created = vi.fn((_blob: Blob) => 'blob:report');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const { calls } = mockAnyFetch({
      'GET /api/admin/reports': (call) =>
        new URL(call.url, 'http://x').searchParams.get('format') === 'csv'
          ? new Response('section,item,value,previous\n', {
              status: 200,
              headers: {
                'Content-Type': 'text/csv; charset=utf-8',
                'Content-Disposition': 'attachment; filename="tingshu-report-2026-11-01-2026-11-03.csv"',
              },
            })
          : ok(report()),
      'GET /api/admin/feedback': ok(page([], 0, 20)),
    });
    renderApp('/admin/reports?from=2026-11-01&to=2026-11-03', { user: users.admin });
    await user.click(await screen.findByRole('button', { name: '下载 CSV' }, { timeout: 5000 }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const csv = calls.find((call) => call.url.includes('format=csv'));
    expect(csv?.url).toContain('from=2026-11-01');
    expect(await created.mock.calls[0][0].text()).toBe('section,item,value,previous\n');
    expect(screen.getByText('没有符合条件的反馈。')).toBeInTheDocument();
  });
});
