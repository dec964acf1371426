// The audit log page: changes newest first, a change opened to its before and after side by side
// with the changed field marked, the filters sent to the server and kept in the address, the
// keyset cursor followed by "Older", and its empty and error states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, mockFetch, ok, type Call } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { auditEntry } from './fixtures';

const auditCalls = (calls: Call[]) =>
  calls
    .filter((call) => call.method === 'GET' && new URL(call.url, 'http://x').pathname === '/api/admin/logs')
    .map((call) => new URL(call.url, 'http://x').searchParams);

describe('console audit log', () => {
  it('opens a change to its record before and after, the changed field marked', async () => {
    const created = auditEntry(8, {
      action: 'category.create',
      entity: 'category',
      before: null,
      after: { slug: 'x' },
      changed: ['slug'],
    });
    mockFetch({ 'GET /api/admin/logs': ok({ items: [auditEntry(9), created], nextCursor: null }) });
    const user = userEvent.setup();
    renderApp('/en/admin/logs', { user: users.admin, lang: 'en' });
    const row = await screen.findByTestId('audit-row-9', undefined, { timeout: 5000 });
    expect(within(row).getByText('ana')).toBeInTheDocument();
    expect(within(row).getByText('book.update')).toBeInTheDocument();
    expect(within(row).getByText('book #12')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: '1 field changed' }));
    const diff = screen.getByRole('table', { name: 'book.update on #12: before and after' });
    const title = within(diff).getByRole('row', { name: /title/ });
    expect(title).toHaveAttribute('data-changed', 'true');
    expect(within(title).getByText('changed')).toBeInTheDocument();
    expect(within(title).getByText('三体')).toBeInTheDocument();
    expect(within(title).getByText('三体 II')).toBeInTheDocument();
    const price = within(diff).getByRole('row', { name: /price/ });
    expect(price).toHaveAttribute('data-changed', 'false');
  });

  it('sends the filters and the cursor, kept in the address', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/logs': (call) =>
        new URL(call.url, 'http://x').searchParams.get('cursor')
          ? ok({ items: [auditEntry(3)], nextCursor: null })
          : ok({ items: [auditEntry(9)], nextCursor: '1716177600000_9' }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/en/admin/logs', { user: users.admin, lang: 'en' });
    await screen.findByTestId('audit-row-9', undefined, { timeout: 5000 });

    await user.type(screen.getByLabelText('Who'), 'ana');
    await user.type(screen.getByLabelText('Action'), 'book.update');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(auditCalls(calls).at(-1)?.get('actor')).toBe('ana'));
    expect(auditCalls(calls).at(-1)?.get('action')).toBe('book.update');
    expect(router.state.location.search).toContain('actor=ana');

    await user.click(await screen.findByRole('button', { name: 'Older' }));
    await screen.findByTestId('audit-row-3');
    expect(auditCalls(calls).at(-1)?.get('cursor')).toBe('1716177600000_9');
    expect(auditCalls(calls).at(-1)?.get('actor')).toBe('ana');
    expect(router.state.location.search).toContain('cursor=1716177600000_9');
  });

  it('says when nothing is recorded', async () => {
    mockFetch({ 'GET /api/admin/logs': [ok({ items: [], nextCursor: null })] });
    renderApp('/en/admin/logs', { user: users.admin, lang: 'en' });
    expect(
      await screen.findByText('No console change has been recorded yet.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('shows the server’s message with a retry when the log cannot be loaded', async () => {
    mockFetch({ 'GET /api/admin/logs': apiError(500, 'internal', 'boom') });
    renderApp('/en/admin/logs', { user: users.admin, lang: 'en' });
    expect(await screen.findByText('boom', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
