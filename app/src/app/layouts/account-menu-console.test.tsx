// The account menu leads those the console's route guard lets in (an administrator, an editor)
// to the console, and shows no such link to a listener.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';

async function menuLinks(user: (typeof users)[keyof typeof users], path = '/about') {
  renderApp(path, { user });
  const button = await screen.findByRole('button', { name: /账户菜单|Account menu/ }, { timeout: 5000 });
  await userEvent.setup().click(button);
  const menu = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
  return within(menu).getAllByRole('link');
}

describe('the account menu’s console link', () => {
  it.each([
    ['an administrator', users.admin],
    ['an editor', users.editor],
  ])('leads %s to the console first', async (_who, user) => {
    const [first] = await menuLinks(user);
    expect(first).toHaveTextContent('管理后台');
    expect(first).toHaveAttribute('href', '/admin');
  });

  it('speaks the page language under its prefix', async () => {
    const [first] = await menuLinks(users.editor, '/en/about');
    expect(first).toHaveTextContent('Admin console');
    expect(first).toHaveAttribute('href', '/en/admin');
  });

  it('shows no console link to a listener', async () => {
    const links = await menuLinks(users.free);
    expect(links.map((link) => link.getAttribute('href'))).not.toContain('/admin');
    expect(screen.queryByRole('link', { name: '管理后台' })).not.toBeInTheDocument();
  });
});
