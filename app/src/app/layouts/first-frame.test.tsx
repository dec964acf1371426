// The default layout's frame in `index.html` (the first paint, before any script) is the header the
// app draws: the same menu button and logo, in the same order, so the first render replaces it
// without a visible change at the top of the page.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { screen } from '@testing-library/react';
import { mockFetch } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';

const never = () => new Promise<Response>(() => {});
/** `app/index.html`, read from disk (three folders up from this file; Vite would rewrite a `new URL`). */
const shellHtml = readFileSync(fileURLToPath(import.meta.url).replace(/[^/\\]+$/, '../../../index.html'), 'utf8');

/** The frame as the browser parses it from the page shell. */
function frame(): Element {
  const page = new DOMParser().parseFromString(shellHtml, 'text/html');
  const root = page.getElementById('root');
  if (!root?.firstElementChild) throw new Error('index.html has no frame in #root');
  return root.firstElementChild;
}

/** An element's tag and classes, and the same of its element children, in order. */
function shape(element: Element): string[] {
  return [element, ...Array.from(element.children)].map((node) => `${node.tagName.toLowerCase()}.${node.className}`);
}

describe("the page shell's first frame", () => {
  it('is the default layout with its header and the room of a pending page', () => {
    const drawn = frame();
    expect(drawn.className).toBe('layout layout--default');
    expect(drawn.querySelector(':scope > header.site-header > .site-header__inner')).not.toBeNull();
    expect(drawn.querySelector(':scope > main.site-main > .page-pending')).not.toBeNull();
    // Nothing in it can be used before the app has started but the link home.
    expect(Array.from(drawn.querySelectorAll('a, button, input')).map((node) => node.tagName)).toEqual(['A']);
  });

  it("starts its header with the app's menu button and logo, drawn alike", async () => {
    mockFetch({ 'GET /api/categories': never });
    const { container } = renderApp('/categories');
    await screen.findByRole('link', { name: '听书首页' });
    const inner = container.querySelector('header.site-header > .site-header__inner');
    const drawnInner = frame().querySelector('.site-header__inner');
    if (!inner || !drawnInner) throw new Error('no header');
    const [appMenu, appLogo] = Array.from(inner.children);
    const [frameMenu, frameLogo] = Array.from(drawnInner.children);
    expect(frameMenu.className).toBe(appMenu.className);
    expect(frameMenu.querySelector('svg')?.outerHTML).toBe(appMenu.querySelector('button svg')?.outerHTML);
    expect(frameMenu.firstElementChild?.className).toBe(appMenu.querySelector('button')?.className);
    expect(shape(frameLogo)).toEqual(shape(appLogo));
    expect(frameLogo.querySelector('svg')?.outerHTML).toBe(appLogo.querySelector('svg')?.outerHTML);
    expect(frameLogo.getAttribute('aria-label')).toBe(appLogo.getAttribute('aria-label'));
    expect(frameLogo.getAttribute('href')).toBe(appLogo.getAttribute('href'));
    expect(frameLogo.textContent).toBe(appLogo.textContent);
  });
});
