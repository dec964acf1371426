// Route table behaviour: guards, locale prefixes, 404s and the error screen, rendered through the real router.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorScreen } from '@/lib/core';
import { apiError, mockFetch } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';

const botAgent = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

// Spec §2's two lists (the rule itself is core's `localeRedirect`), with a sub-path of each kind.
const localisable = [
  '/',
  '/books',
  '/books/12',
  '/categories',
  '/search',
  '/recommendations',
  '/about',
  '/help',
  '/contact',
  '/privacy',
  '/terms',
  '/copyright',
];
const neverPrefixed = [
  '/admin',
  '/api',
  '/test',
  '/demo',
  '/payment',
  '/user',
  '/premium',
  '/premium/downloads',
  '/profile',
  '/settings',
  '/subscription',
  '/favorites',
  '/history',
];

describe('guards', () => {
  it('sends a signed-out visitor of /admin to login with a redirect back', async () => {
    const { location } = renderApp('/admin');
    await waitFor(() => expect(location().pathname).toBe('/auth/login'));
    expect(new URLSearchParams(location().search).get('redirect')).toBe('/admin');
  });

  it('shows a free user on /admin the 403 screen with 需要管理员权限', async () => {
    renderApp('/admin', { user: users.free });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('403');
    expect(screen.getByRole('alert')).toHaveTextContent('需要管理员权限');
  });

  it('lets an admin through /admin to the dashboard', async () => {
    mockFetch({ 'GET /api/admin/dashboard': apiError(503, 'unavailable', '稍后再试') });
    renderApp('/admin', { user: users.admin });
    expect(await screen.findByRole('heading', { level: 1, name: '概览' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('403')).not.toBeInTheDocument();
  });

  it('refuses /admin/storage to an editor (manage:system)', async () => {
    renderApp('/admin/storage', { user: users.editor });
    expect(await screen.findByRole('alert')).toHaveTextContent('403');
  });

  it('redirects a free user on /premium/downloads to /premium with reason premium_required', async () => {
    const { location } = renderApp('/premium/downloads', { user: users.free });
    await waitFor(() => expect(location().pathname).toBe('/premium'));
    expect(new URLSearchParams(location().search).get('reason')).toBe('premium_required');
  });

  it('treats an expired premium member as not premium', async () => {
    const { location } = renderApp('/premium/downloads', { user: users.expiredPremium });
    await waitFor(() => expect(location().pathname).toBe('/premium'));
  });

  it('lets a premium member reach /premium/downloads', async () => {
    const { location } = renderApp('/premium/downloads', { user: users.premium });
    expect(await screen.findByRole('heading', { level: 1, name: '离线下载' }, { timeout: 5000 })).toBeInTheDocument();
    expect(location().pathname).toBe('/premium/downloads');
  });

  it('refuses /admin/files to an editor without manage:books', async () => {
    renderApp('/admin/files', { user: users.editorWithoutBooks });
    expect(await screen.findByRole('alert')).toHaveTextContent('403');
  });

  it('sends a signed-in user away from the guest-only login page', async () => {
    const { location } = renderApp('/auth/login', { user: users.free });
    await waitFor(() => expect(location().pathname).not.toBe('/auth/login'));
  });
});

describe('locale prefixes', () => {
  it('strips an unsupported two-letter prefix: /xx/books → /books', async () => {
    const { location } = renderApp('/xx/books');
    await waitFor(() => expect(location().pathname).toBe('/books'));
  });

  it('renders English help under /en/help, with <html lang="en-US"> and an English title', async () => {
    renderApp('/en/help');
    expect(await screen.findByRole('heading', { level: 1, name: /help/i })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('en-US'));
    await waitFor(() => expect(document.title).toMatch(/ - Tingshu$/));
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/en/about');
  });

  it('sends an English browser from / to /en', async () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
    const { location } = renderApp('/');
    await waitFor(() => expect(location().pathname).toBe('/en'));
  });

  it.each(localisable)('sends %s to its Japanese address when ja is stored', async (path) => {
    window.localStorage.setItem('user-language', 'ja');
    const { location } = renderApp(path);
    await waitFor(() => expect(location().pathname).toBe(path === '/' ? '/ja' : `/ja${path}`));
  });

  it.each(neverPrefixed)('never prefixes %s, whatever the stored language', async (path) => {
    window.localStorage.setItem('user-language', 'en');
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['en-US']);
    const { location } = renderApp(path);
    // Found and checked in one step: a guard may replace the first page's <main> (a guest's
    // /history goes to sign-in) between a find and a later check.
    await waitFor(() => expect(screen.getByRole('main')).toBeInTheDocument());
    expect(location().pathname).not.toMatch(/^\/(en|ja)(\/|$)/);
  });

  it('keeps the query and hash of a redirected sub-path, and follows only the stored choice beyond /', async () => {
    window.localStorage.setItem('user-language', 'en');
    const { location } = renderApp('/books/12?from=share#chapters');
    await waitFor(() => expect(location().pathname).toBe('/en/books/12'));
    expect(location().search).toBe('?from=share');
    expect(location().hash).toBe('#chapters');
  });

  it('leaves /books in Chinese for an English browser with nothing stored, and a prefixed address as it is', async () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['en-US']);
    const first = renderApp('/books');
    expect(await screen.findByRole('main')).toBeInTheDocument();
    expect(first.location().pathname).toBe('/books');
    first.unmount();

    window.localStorage.setItem('user-language', 'ja');
    const second = renderApp('/en/help');
    expect(await screen.findByRole('heading', { level: 1, name: /help/i })).toBeInTheDocument();
    expect(second.location().pathname).toBe('/en/help');
  });

  it('keeps / in Chinese when the stored language is zh', async () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['en-US']);
    window.localStorage.setItem('user-language', 'zh');
    const { location } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(location().pathname).toBe('/');
  });
});

describe('error screen', () => {
  it('shows the 404 screen for an unknown route with the title Error 404 - 听书', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('alert')).toHaveTextContent('404');
    await waitFor(() => expect(document.title).toBe('Error 404 - 听书'));
  });

  it('titles the English 404 Error 404 - Tingshu', async () => {
    renderApp('/en/no-such-page');
    await screen.findByRole('alert');
    await waitFor(() => expect(document.title).toBe('Error 404 - Tingshu'));
  });

  it('fails route validation with Page Not Found: {path}', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/books/not-an-id');
    expect(await screen.findByRole('alert')).toHaveTextContent('Page Not Found: /books/not-an-id');
  });

  it('goes home and clears the error on "back to home"', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/no/such/page');
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: '返回首页' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('retries to the home page of the current language, clearing the error', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/en/no/such/page');
    await screen.findByRole('alert');
    const retry = errorScreen({ statusCode: 404, statusMessage: null, lang: 'en' }).action;
    await user.click(await screen.findByRole('button', { name: retry.label }));
    await waitFor(() => expect(location().pathname).toBe('/en'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('renders nothing for a search-engine bot and only logs', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(botAgent);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/no/such/page');
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
