// Navigation to an address the app does not control follows this site's paths only; another
// origin, a script or a backslash trick goes home with a warning, unless `{ external: true }`.
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { resolveNavigation, useNavigateTo, type NavigateToOptions } from './navigate-to';

const refusedAddresses = [
  ['another origin', 'https://evil.example/books'],
  ['plain http', 'http://evil.example'],
  ['a protocol-relative host', '//evil.example'],
  ['a protocol-relative host with a path', '//evil.example/en/books'],
  ['a script', 'javascript:alert(1)'],
  ['a script in mixed case', 'JaVaScRiPt:alert(1)'],
  ['a data URL', 'data:text/html,<script>alert(1)</script>'],
  ['a backslash host', '/\\evil.example'],
  ['two backslashes', '\\\\evil.example'],
  ['a scheme with backslashes', 'https:\\\\evil.example'],
  ['a tab inside the slashes', '/\t/evil.example'],
  ['a newline', '/books\n//evil.example'],
  ['a leading space', ' //evil.example'],
  ['a relative address', 'evil.example'],
  ['an empty address', ''],
] as const;

describe('resolveNavigation', () => {
  it.each([['/'], ['/books/2'], ['/en/premium?redirect=%2Fbooks&reason=premium_required#plans']])(
    'follows this site’s path %s',
    async (address) => {
      expect(await resolveNavigation(address)).toEqual({ kind: 'internal', to: address });
    },
  );

  it.each(refusedAddresses)('refuses %s (%s), going home with a warning', async (_, address) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await resolveNavigation(address)).toEqual({ kind: 'refused', to: '/' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('refused'));
  });

  it('leaves the site only when asked to with { external: true }', async () => {
    expect(await resolveNavigation('https://pay.example/checkout/7', { external: true })).toEqual({
      kind: 'external',
      href: 'https://pay.example/checkout/7',
    });
  });

  it('even when asked to leave, follows only web addresses (core safeExternalUrl)', async () => {
    for (const address of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'https://user:pw@evil.example/',
      '//evil.example',
    ]) {
      expect(await resolveNavigation(address, { external: true }), address).toEqual({ kind: 'refused', to: '/' });
    }
  });
});

/** A page that navigates once to `address` when its button is pressed, showing where it is. */
function Navigator({ address, options }: { address: string; options?: NavigateToOptions }) {
  const navigateTo = useNavigateTo();
  const { pathname, search } = useLocation();
  return (
    <>
      <button type="button" onClick={() => void navigateTo(address, options)}>
        go
      </button>
      <output>{pathname + search}</output>
    </>
  );
}

async function navigateFrom(start: string, address: string, options?: NavigateToOptions) {
  render(
    <MemoryRouter initialEntries={[start]}>
      <Navigator address={address} options={options} />
    </MemoryRouter>,
  );
  await act(async () => screen.getByRole('button', { name: 'go' }).click());
  return screen.getByRole('status');
}

describe('useNavigateTo', () => {
  it('follows a path of this site in the app', async () => {
    expect(await navigateFrom('/auth/login', '/books/2?from=login')).toHaveTextContent('/books/2?from=login');
  });

  it('goes home instead of to another origin, with a warning, never asking the browser', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    expect(await navigateFrom('/auth/login', '//evil.example/books')).toHaveTextContent(/^\/$/);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('//evil.example/books'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('hands an external address to the browser with { external: true }', async () => {
    const assign = vi.fn();
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, replace });
    const where = await navigateFrom('/premium', 'https://pay.example/checkout/7', { external: true });
    expect(assign).toHaveBeenCalledWith('https://pay.example/checkout/7');
    expect(replace).not.toHaveBeenCalled();
    expect(where).toHaveTextContent('/premium');
  });
});
