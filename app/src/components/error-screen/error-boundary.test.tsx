// A page that throws shows the error screen; retry goes home and clears the error.
import { render, screen, waitFor } from '@testing-library/react';
import { onTestFinished } from 'vitest';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { AppError } from '@/lib/app-error';
import { errorScreen } from '@/lib/core';
import { createTestI18n } from '@/testing/i18n';
import { ErrorBoundary } from './error-boundary';

function Boom(): never {
  throw new AppError(500, 'Database unavailable');
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
  it('shows the 500 screen for a page that throws, and retry goes home clearing the error', async () => {
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

    const retry = errorScreen({ statusCode: 500, statusMessage: null, lang: 'zh' }).action.label;
    await userEvent.click(screen.getByRole('button', { name: retry }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });
});
