// The sign-in page's first frame (`sign-in-frame.html`, which the server fills with the page's texts
// and paints before any script: `server/src/routes/page_frame.rs`) is the head the page draws: the
// same elements with the same attributes, so the first render replaces it without a visible change.
import { screen } from '@testing-library/react';
import { createTestI18n } from '@/testing/i18n';
import { renderApp } from '@/testing/render-app';
import template from './sign-in-frame.html?raw';

/** `text` escaped as the server writes it into the frame. */
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The frame as the server sends it in `lang`, parsed as the browser parses the page shell. */
function frame(lang: 'zh' | 'en', home: string): Element {
  const t = createTestI18n(lang).t;
  const html = template
    .trim()
    .replace('{{home}}', home)
    .replace('{{homeText}}', escaped(t('app.auth.home')))
    .replace('{{title}}', escaped(t('app.auth.login.title')))
    .replace('{{intro}}', escaped(t('app.auth.login.intro')));
  const root = new DOMParser().parseFromString(`<div id="root">${html}</div>`, 'text/html').getElementById('root');
  if (!root?.firstElementChild || root.children.length !== 1) throw new Error('the frame is not one element');
  return root.firstElementChild;
}

/** Attributes of `element` as name=value pairs, sorted. */
const attributes = (element: Element) =>
  Array.from(element.attributes)
    .map((attribute) => `${attribute.name}=${attribute.value}`)
    .sort();

describe("the sign-in page's first frame", () => {
  it.each([
    ['zh', '/auth/login', '/'],
    ['en', '/en/auth/login', '/en'],
  ] as const)(
    'is the head the page draws in %s: the way home, the title and the introduction',
    async (lang, path, home) => {
      const { container } = renderApp(path, { lang });
      await screen.findByRole('heading', { level: 1 });
      const drawn = container.querySelector('main.layout--none');
      const framed = frame(lang, home);
      if (!drawn) throw new Error('the page has no layout-less main');
      expect(attributes(framed)).toEqual(attributes(drawn));
      const [article] = Array.from(framed.children);
      const page = drawn.querySelector(':scope > article.auth-page');
      expect(article.className).toBe(page?.className);
      const head = Array.from(article.children);
      // The page's first elements, markup for markup; the form follows below them.
      expect(head.map((element) => element.outerHTML)).toEqual(
        Array.from(page?.children ?? [])
          .slice(0, head.length)
          .map((element) => element.outerHTML),
      );
      expect(head.map((element) => element.tagName)).toEqual(['A', 'H1', 'P']);
    },
  );
});
