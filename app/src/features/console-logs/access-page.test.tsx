// The access log page: requests with their route template, status, time taken, size and user; the
// method and status filters sent to the server and kept in the address; "Older" follows the
// cursor; the daily totals below; and the empty state.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { page } from '@/testing/catalog-fixtures';
import { mockFetch, ok, type Call } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { accessEntry, dailyEntry } from './fixtures';

const accessCalls = (calls: Call[]) =>
  calls
    .filter((call) => call.method === 'GET' && new URL(call.url, 'http://x').pathname === '/api/admin/access-logs')
    .map((call) => new URL(call.url, 'http://x').searchParams);

describe('console access log', () => {
  it('lists requests by route template with status, time taken, size and user, and the daily totals', async () => {
    const guestPage = accessEntry(4, { userId: null, username: null, route: '(page)', status: 503, bytes: 512 });
    mockFetch({
      'GET /api/admin/access-logs': ok({ items: [accessEntry(5), guestPage], nextCursor: null }),
      'GET /api/admin/access-logs/daily': ok(page([dailyEntry()], 1, 50)),
    });
    renderApp('/en/admin/access-logs', { user: users.admin, lang: 'en' });
    const row = await screen.findByTestId('access-row-5', undefined, { timeout: 5000 });
    expect(within(row).getByText('/api/books/{id}')).toBeInTheDocument();
    expect(within(row).getByText('200')).toBeInTheDocument();
    expect(within(row).getByText('7 ms')).toBeInTheDocument();
    expect(within(row).getByText('2 KB')).toBeInTheDocument();
    expect(within(row).getByText('alice')).toBeInTheDocument();
    const guest = screen.getByTestId('access-row-4');
    expect(within(guest).getByText('a page')).toBeInTheDocument();
    expect(within(guest).getByText('guest')).toBeInTheDocument();
    const daily = await screen.findByRole('region', { name: 'Requests per day and route' });
    expect(within(daily).getByText('1.2K')).toBeInTheDocument();
    expect(within(daily).getByText('4')).toBeInTheDocument();
  });

  it('sends the method and status filters and follows the cursor, all kept in the address', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/access-logs': (call) =>
        new URL(call.url, 'http://x').searchParams.get('cursor')
          ? ok({ items: [accessEntry(2)], nextCursor: null })
          : ok({ items: [accessEntry(5)], nextCursor: '1716177600000_5' }),
      'GET /api/admin/access-logs/daily': ok(page([], 0, 50)),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/en/admin/access-logs', { user: users.admin, lang: 'en' });
    await screen.findByTestId('access-row-5', undefined, { timeout: 5000 });

    await user.selectOptions(screen.getByLabelText('Method'), 'POST');
    await user.type(screen.getByLabelText('Status'), '5xx');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(accessCalls(calls).at(-1)?.get('method')).toBe('POST'));
    expect(accessCalls(calls).at(-1)?.get('status')).toBe('5xx');
    expect(router.state.location.search).toContain('status=5xx');

    await user.click(await screen.findByRole('button', { name: 'Older' }));
    await screen.findByTestId('access-row-2');
    expect(accessCalls(calls).at(-1)?.get('cursor')).toBe('1716177600000_5');
    expect(accessCalls(calls).at(-1)?.get('method')).toBe('POST');
    expect(screen.getByText('No day has been rolled up yet.')).toBeInTheDocument();
  });

  it('says when no request matches the filters', async () => {
    mockFetch({
      'GET /api/admin/access-logs': ok({ items: [], nextCursor: null }),
      'GET /api/admin/access-logs/daily': ok(page([], 0, 50)),
    });
    renderApp('/en/admin/access-logs?status=404', { user: users.admin, lang: 'en' });
    expect(
      await screen.findByText('No request matches these filters.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('404');
  });
});
