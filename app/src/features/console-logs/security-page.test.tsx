// The security page: who the throttle holds back, unlocked only once confirmed (the row then
// leaves), sessions closed for a replayed token, the events with a kind filter in the address, and
// each section's empty state; the anti-crawler's difficulty and reports, filtered by type.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { antiCrawlerOverview, crawlerReport, revokedSession, securityEvent, throttle } from './fixtures';

const eventPage = (items: ReturnType<typeof securityEvent>[]) => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 50,
});
const revokedPage = (items: ReturnType<typeof revokedSession>[]) => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 50,
});

describe('console security', () => {
  it('unlocks a held-back account once confirmed, and the row leaves', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/security/throttles': [ok({ items: [throttle()] }), ok({ items: [] })],
      'GET /api/admin/security/revoked-sessions': ok(revokedPage([revokedSession()])),
      'GET /api/admin/security/events': ok(eventPage([securityEvent(1)])),
      ['DELETE /api/admin/security/throttles/user%3A12' as 'DELETE /api/admin/security/throttles/1']: ok(null),
    });
    const user = userEvent.setup();
    renderApp('/en/admin/security', { user: users.admin, lang: 'en' });
    const row = await screen.findByTestId('throttle-user:12', undefined, { timeout: 5000 });
    expect(within(row).getByText('alice')).toBeInTheDocument();
    expect(within(row).getByText('Locked')).toBeInTheDocument();
    expect(screen.getByTestId('revoked-sess-1')).toHaveTextContent('Firefox 128 · Linux');
    expect(screen.getByTestId('event-1')).toHaveTextContent('login_failed');

    await user.click(within(row).getByRole('button', { name: 'Unlock alice' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlock alice?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(screen.queryByTestId('throttle-user:12')).not.toBeInTheDocument());
    const deleted = calls.filter((call) => call.method === 'DELETE');
    expect(deleted.map((call) => new URL(call.url, 'http://x').pathname)).toEqual([
      '/api/admin/security/throttles/user%3A12',
    ]);
    expect(await screen.findByText('No account is held back right now.')).toBeInTheDocument();
  });

  it('filters the events by kind, kept in the address, and says when a section is empty', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/security/throttles': ok({ items: [] }),
      'GET /api/admin/security/revoked-sessions': ok(revokedPage([])),
      'GET /api/admin/security/events': ok(eventPage([])),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/en/admin/security', { user: users.admin, lang: 'en' });
    expect(
      await screen.findByText('No account is held back right now.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('No session has been closed for a replayed token.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Event'), 'refresh_reused');
    await waitFor(() => expect(router.state.location.search).toContain('kind=refresh_reused'));
    const last = calls.filter((call) => new URL(call.url, 'http://x').pathname === '/api/admin/security/events').at(-1);
    expect(new URL(last!.url, 'http://x').searchParams.get('kind')).toBe('refresh_reused');
    expect(screen.getByText('No event matches.')).toBeInTheDocument();
  });

  it("shows the anti-crawler's difficulty, refusals, dropped reports and the latest reports", async () => {
    const { calls } = mockFetch({
      'GET /api/admin/security/throttles': ok({ items: [] }),
      'GET /api/admin/security/revoked-sessions': ok(revokedPage([])),
      'GET /api/admin/security/events': ok(eventPage([])),
      'GET /api/admin/anti-crawler': ok(
        antiCrawlerOverview(
          [
            crawlerReport(2, { type: 'hooks', visitorId: 'visitor-2', details: { functions: ['fetch'] } as never }),
            crawlerReport(1),
          ],
          { reportsDropped: 3 },
        ),
      ),
    });
    renderApp('/en/admin/security', { user: users.admin, lang: 'en' });
    const figures = await screen.findByTestId('crawler-figures', undefined, { timeout: 5000 });
    const figure = (term: string) => within(figures).getByText(term).nextElementSibling;
    expect(figure('Difficulty now')).toHaveTextContent('7');
    expect(
      within(figures).getByRole('meter', { name: 'Difficulty now, between the base and the ceiling' }),
    ).toHaveAttribute('value', '7');
    expect(figure('Base')).toHaveTextContent('4');
    expect(figure('Ceiling')).toHaveTextContent('12');
    expect(figure('Refused in the last minute')).toHaveTextContent('38');
    expect(figure('Reports dropped')).toHaveTextContent('3');

    const table = screen.getByRole('region', { name: 'Detection reports, latest received first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.dataset.testid)).toEqual(['crawler-report-2', 'crawler-report-1']);
    expect(rows[0]).toHaveTextContent('Browser functions replaced');
    expect(rows[0]).toHaveTextContent('visitor-2');
    expect(rows[0]).toHaveTextContent('{"functions":["fetch"]}');
    expect(rows[1]).toHaveTextContent('Developer tools open');
    expect(rows[1]).toHaveTextContent('{"outerWidth":1600,"innerWidth":1200}');
    const asked = new URL(calls.find((call) => call.url.includes('/api/admin/anti-crawler'))!.url, 'http://x')
      .searchParams;
    expect(asked.get('type')).toBeNull();
    expect(asked.get('limit')).toBe('50');
  });

  it('asks for one type of report when filtered, kept in the address, and says when none is of that type', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/security/throttles': ok({ items: [] }),
      'GET /api/admin/security/revoked-sessions': ok(revokedPage([])),
      'GET /api/admin/security/events': ok(eventPage([])),
      'GET /api/admin/anti-crawler': [ok(antiCrawlerOverview([crawlerReport(1)])), ok(antiCrawlerOverview([]))],
    });
    const user = userEvent.setup();
    const { router } = renderApp('/en/admin/security?page=2', { user: users.admin, lang: 'en' });
    await screen.findByTestId('crawler-report-1', undefined, { timeout: 5000 });
    await user.selectOptions(screen.getByLabelText('Detection'), 'hooks');
    await waitFor(() => expect(router.state.location.search).toContain('report=hooks'));
    // The events' page is theirs: the reports' filter leaves it.
    expect(router.state.location.search).toContain('page=2');
    const last = calls.filter((call) => new URL(call.url, 'http://x').pathname === '/api/admin/anti-crawler').at(-1);
    expect(new URL(last!.url, 'http://x').searchParams.get('type')).toBe('hooks');
    expect(await screen.findByText('No report of this kind.')).toBeInTheDocument();
    expect(screen.queryByTestId('crawler-report-1')).not.toBeInTheDocument();
  });

  it('says when no detection has been reported, and shows no dropped count when none was dropped', async () => {
    mockFetch({
      'GET /api/admin/security/throttles': ok({ items: [] }),
      'GET /api/admin/security/revoked-sessions': ok(revokedPage([])),
      'GET /api/admin/security/events': ok(eventPage([])),
      'GET /api/admin/anti-crawler': ok(antiCrawlerOverview([])),
    });
    renderApp('/en/admin/security', { user: users.admin, lang: 'en' });
    expect(
      await screen.findByText('No detection has been reported.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('crawler-figures')).toHaveTextContent('38');
    expect(screen.queryByText('Reports dropped')).not.toBeInTheDocument();
  });

  it('says when the anti-crawler could not be read, and reads it again on retry', async () => {
    mockFetch({
      'GET /api/admin/security/throttles': ok({ items: [] }),
      'GET /api/admin/security/revoked-sessions': ok(revokedPage([])),
      'GET /api/admin/security/events': ok(eventPage([])),
      'GET /api/admin/anti-crawler': [
        apiError(400, 'validation_error', 'Not a report type'),
        ok(antiCrawlerOverview([crawlerReport(1)])),
      ],
    });
    const user = userEvent.setup();
    renderApp('/en/admin/security', { user: users.admin, lang: 'en' });
    const section = (await screen.findByRole('heading', { name: 'Anti-crawler' }, { timeout: 5000 })).closest(
      'section',
    )!;
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('Not a report type');
    await user.click(within(alert).getByRole('button'));
    expect(await screen.findByTestId('crawler-report-1')).toBeInTheDocument();
  });
});
