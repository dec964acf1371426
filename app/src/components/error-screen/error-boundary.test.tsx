// A page that throws shows the error screen; retry and home both go home, clearing the error.
import { act, render, screen, waitFor } from '@testing-library/react';
import { onTestFinished } from 'vitest';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { AppError } from '@/lib/app-error';
import { errorScreen } from '@/lib/core';
import { createTestI18n } from '@/testing/i18n';
import { ErrorBoundary } from './error-boundary';

/** Throws while `failing.now` is set, then draws itself. */
const failing = { now: true };
function Boom() {
  if (failing.now) throw new AppError(500, 'Database unavailable');
  return <h1>Recovered page</h1>;
}

function renderWithBoundary(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <ErrorBoundary>
            <Outlet />
          </ErrorBoundary>
        ),
        children: [
          { path: '/', element: <h1>Home page</h1> },
          { path: '/boom', element: <Boom /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={createTestI18n('zh')}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

describe('ErrorBoundary', () => {
  it('shows the 500 screen for a page that throws; retry goes home and clears the error', async () => {
    failing.now = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // React reports the thrown error (recovered by the boundary) as a window error event too.
    const reported: unknown[] = [];
    const onWindowError = (event: ErrorEvent) => {
      event.preventDefault();
      reported.push(event.error);
    };
    window.addEventListener('error', onWindowError);
    onTestFinished(() => window.removeEventListener('error', onWindowError));
    const router = renderWithBoundary('/boom');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('500');
    expect(document.title).toBe('Error 500 - 听书');

    // Spec §2: retry, like "back to home", goes to / and clears the error.
    const retry = errorScreen({ statusCode: 500, statusMessage: null, lang: 'zh' }).action;
    expect(retry.to).toBe('/');
    await userEvent.click(screen.getByRole('button', { name: retry.label }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    // The error is gone for good: the page, recovered, draws at its own address.
    failing.now = false;
    await act(() => router.navigate('/boom'));
    expect(await screen.findByRole('heading', { name: 'Recovered page' })).toBeInTheDocument();
  });

  it('goes home from the error screen, clearing the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    failing.now = true;
    const swallow = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener('error', swallow);
    onTestFinished(() => window.removeEventListener('error', swallow));
    const router = renderWithBoundary('/boom');
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: '返回首页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });
});
