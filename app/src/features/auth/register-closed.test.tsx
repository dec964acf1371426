// The register page while the site's settings close registration: a notice instead of the form.
import { screen } from '@testing-library/react';
import { mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';

const site = (registrationOpen: boolean) => ({
  siteName: '听书',
  defaultLanguage: 'zh' as const,
  registrationOpen,
  supportContact: null,
  supportHref: null,
  ads: [],
});

describe('register page and the site settings', () => {
  it('shows a notice instead of the form while registration is closed', async () => {
    mockFetch({ 'GET /api/site': ok(site(false)) });
    renderApp('/auth/register');
    expect(await screen.findByText(/暂不开放注册/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '注册' })).not.toBeInTheDocument();
  });

  it('shows the form while registration is open', async () => {
    mockFetch({ 'GET /api/site': ok(site(true)) });
    renderApp('/auth/register');
    expect(await screen.findByRole('button', { name: '注册' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/暂不开放注册/)).not.toBeInTheDocument();
  });
});
