// Switching language stores the choice, moves to the localised address and confirms with a toast
// in the new language, once that language's texts have arrived.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { MemoryRouter } from 'react-router';
import { initReactI18next } from 'react-i18next';
import { AppProvider } from '@/app/provider';
import { RootRoutes } from '@/app/routes';
import { i18nBaseOptions } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queries/client';
import { catalogues } from '@/testing/catalogues';
import { renderApp } from '@/testing/render-app';

/** An i18next that fetches like the browser's: zh at once, en only when the test lets it arrive. */
async function slowEnglishI18n() {
  let arrive: () => void = () => {};
  const english = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const instance = i18next.createInstance();
  await instance
    .use(
      resourcesToBackend(async (lng: string, ns: string) => {
        if (lng === 'en') await english;
        return { [ns]: catalogues[lng][ns] };
      }),
    )
    .use(initReactI18next)
    .init({ ...i18nBaseOptions, lng: 'zh', react: { useSuspense: true } });
  return { instance, arrive };
}

describe('language switcher', () => {
  it('switches /help to /en/help, stores the language and shows a toast', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/help?tab=faq');
    const header = await screen.findByRole('banner');
    await user.selectOptions(within(header).getByRole('combobox', { name: '语言' }), 'en');

    await waitFor(() => expect(location().pathname).toBe('/en/help'));
    expect(location().search).toBe('?tab=faq');
    expect(window.localStorage.getItem('user-language')).toBe('en');
    expect(document.cookie).toContain('lang=en');
    const region = await screen.findByRole('region', { name: /\(F8\)/ });
    expect(await within(region).findByText('Language switched to English')).toBeInTheDocument();
    expect(within(region).queryByText('语言已切换为 English')).not.toBeInTheDocument();
  });

  it("waits for the new language's texts before confirming, and confirms in it", async () => {
    const { instance, arrive } = await slowEnglishI18n();
    const user = userEvent.setup();
    render(
      <AppProvider i18n={instance} queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/help']}>
          <RootRoutes />
        </MemoryRouter>
      </AppProvider>,
    );
    const header = await screen.findByRole('banner', undefined, { timeout: 5000 });
    await user.selectOptions(within(header).getByRole('combobox', { name: '语言' }), 'en');
    await act(async () => {});
    // The English texts are still on their way: no confirmation yet, in either language.
    expect(instance.language).toBe('zh');
    expect(screen.queryByText(/语言已切换|Language switched/)).not.toBeInTheDocument();

    await act(async () => arrive());
    const region = await screen.findByRole('region', { name: /\(F8\)/ });
    expect(await within(region).findByText('Language switched to English')).toBeInTheDocument();
    expect(instance.language).toBe('en');
  });

  it('refuses an unsupported code with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    const { location } = renderApp('/demo/language-switcher');
    await user.type(await screen.findByRole('textbox', { name: '输入语言代码' }), 'fr');
    await user.click(screen.getByRole('button', { name: '切换' }));

    expect(warn).toHaveBeenCalled();
    expect(location().pathname).toBe('/demo/language-switcher');
    expect(window.localStorage.getItem('user-language')).toBeNull();
    expect(await screen.findByText('不支持的语言')).toBeInTheDocument();
  });
});
