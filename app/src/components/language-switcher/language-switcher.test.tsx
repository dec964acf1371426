// Switching language stores the choice, moves to the localised address and confirms with a toast.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/testing/render-app';

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
    expect(await within(region).findByText('语言已切换为 English')).toBeInTheDocument();
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
