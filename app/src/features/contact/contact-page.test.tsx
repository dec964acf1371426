// The contact page: the support contact of the site's settings, linked where it leads.
import { screen, within } from '@testing-library/react';
import { mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';

describe('contact page', () => {
  it('shows the support contact the site settings name, linked where it leads', async () => {
    mockFetch({
      'GET /api/site': ok({
        siteName: '听书',
        defaultLanguage: 'zh',
        registrationOpen: true,
        supportContact: 'help@tingshu.example',
        supportHref: 'mailto:help@tingshu.example',
        ads: [],
      }),
    });
    renderApp('/contact');
    const support = await screen.findByTestId('support-contact', undefined, { timeout: 5000 });
    expect(within(support).getByText('客服')).toBeInTheDocument();
    expect(within(support).getByRole('link', { name: 'help@tingshu.example' })).toHaveAttribute(
      'href',
      'mailto:help@tingshu.example',
    );
    // The catalogue's channels lead where the catalogue says, in every language.
    expect(screen.getByRole('link', { name: 'copyright@tingshu.app' })).toHaveAttribute(
      'href',
      'mailto:copyright@tingshu.app',
    );
  });
});
