// The security page: who the throttle holds back, unlocked only once confirmed (the row then
// leaves), sessions closed for a replayed token, the events with a kind filter in the address, and
// each section's empty state.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { revokedSession, securityEvent, throttle } from './fixtures';

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
});
