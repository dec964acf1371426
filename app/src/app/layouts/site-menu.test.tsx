// The narrow screen's header menu: a named button with aria-expanded that shows the main
// navigation and the language picker, closed again by Escape (focus back on the button), a click
// outside or choosing a page. (Vitest measures no layout: which header shows at which width is
// the stylesheet's, checked in a browser.)
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';

async function menuButton(name = '菜单') {
  const header = await screen.findByRole('banner', undefined, { timeout: 5000 });
  return within(header).getByRole('button', { name });
}

const panelOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls')!)!;

describe('header menu', () => {
  it('opens the main navigation and the language picker, and Escape closes it with focus on the button', async () => {
    const user = userEvent.setup();
    renderApp('/help');
    const button = await menuButton();
    const panel = panelOf(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    const nav = within(panel).getByRole('navigation', { name: '主导航' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['首页', '/'],
      ['书库', '/books'],
      ['分类', '/categories'],
      ['搜索', '/search'],
      ['限时免费', '/limited-free'],
      ['推荐', '/recommendations'],
    ]);
    expect(within(panel).getByRole('combobox', { name: '语言' })).toBeInTheDocument();

    await user.tab();
    expect(within(panel).getByRole('link', { name: '首页' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    expect(button).toHaveFocus();
  });

  it('opens and closes from the keyboard alone', async () => {
    const user = userEvent.setup();
    renderApp('/help');
    const button = await menuButton();
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when a page is chosen, and on a click outside', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/help');
    const button = await menuButton();

    await user.click(button);
    await user.click(within(panelOf(button)).getByRole('link', { name: '书库' }));
    await waitFor(() => expect(location().pathname).toBe('/books'));
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('main'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('dims the page behind a backdrop whose tap closes the menu without reaching the page', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/help');
    const button = await menuButton();
    expect(screen.queryByTestId('site-menu-backdrop')).not.toBeInTheDocument();

    await user.click(button);
    const backdrop = screen.getByTestId('site-menu-backdrop');
    expect(backdrop).toHaveClass('site-menu__backdrop');
    await user.click(backdrop);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('site-menu-backdrop')).not.toBeInTheDocument();
    expect(location().pathname).toBe('/help');

    await user.click(button);
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('site-menu-backdrop')).not.toBeInTheDocument();
  });

  it('marks 分类, not 书库, on a category’s list', async () => {
    const user = userEvent.setup();
    renderApp('/books?category=wuxia');
    const button = await menuButton();
    await user.click(button);
    const nav = within(panelOf(button)).getByRole('navigation', { name: '主导航' });
    expect(within(nav).getByRole('link', { name: '分类' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: '书库' })).not.toHaveAttribute('aria-current');
  });

  it.each([
    ['en', '/en/help', 'Menu', 'Main navigation', 'Home'],
    ['ja', '/ja/help', 'メニュー', 'メインナビゲーション', 'ホーム'],
  ])('is named in %s, for a signed-in listener too', async (lang, path, name, navName, home) => {
    const user = userEvent.setup();
    renderApp(path, { lang, user: users.free });
    const button = await menuButton(name);
    await user.click(button);
    const nav = within(panelOf(button)).getByRole('navigation', { name: navName });
    expect(within(nav).getByRole('link', { name: home })).toHaveAttribute('href', `/${lang}`);
  });
});
