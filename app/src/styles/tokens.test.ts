// The colour tokens, light and dark: every text colour keeps WCAG AA (4.5:1) on every surface it
// is drawn on, the catalogue's badges included; the page's font stack follows its language.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Read from disk beside this file: the test run does not process stylesheets (`css: false`).
const read = (relative: string) => readFileSync(fileURLToPath(new URL(relative, import.meta.url)), 'utf8');
const tokensCss = read('./tokens.css').replace(/\/\*[\s\S]*?\*\//g, '');
const baseCss = read('./base.css').replace(/\/\*[\s\S]*?\*\//g, '');
const catalogCss = read('../components/catalog/catalog.css').replace(/\/\*[\s\S]*?\*\//g, '');

/** The `--name: value` declarations of the first rule whose selector is exactly `selector`, after `from`. */
function customProperties(css: string, selector: string, from = 0): Record<string, string> {
  const start = css.indexOf(`${selector} {`, from);
  if (start < 0) return {};
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return Object.fromEntries(
    [...body.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [name, value.trim()]),
  );
}

const light = customProperties(tokensCss, ':root');
const dark = {
  ...light,
  ...customProperties(tokensCss, ':root', tokensCss.indexOf('@media (prefers-color-scheme: dark)')),
};

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

const surfaces = ['--color-bg', '--color-surface', '--color-surface-warm', '--color-primary-soft'];
const texts = [
  '--color-text',
  '--color-text-muted',
  '--color-primary',
  '--color-primary-hover',
  '--color-accent',
  '--color-success',
  '--color-info',
  '--color-warning',
  '--color-danger',
  '--color-neutral-600',
];

describe.each([
  ['light', light],
  ['dark', dark],
])('the %s colours', (_, tokens) => {
  it('are all plain #rrggbb values', () => {
    for (const name of [...surfaces, ...texts, '--color-on-primary'])
      expect(tokens[name], name).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it.each(texts)('keep %s at 4.5:1 or more on every surface', (text) => {
    for (const surface of surfaces) {
      expect(contrast(tokens[text], tokens[surface]), `${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keep the text on filled buttons (primary, its hover, danger) at 4.5:1 or more', () => {
    for (const fill of ['--color-primary', '--color-primary-hover', '--color-danger']) {
      expect(contrast(tokens['--color-on-primary'], tokens[fill]), fill).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('the catalogue badges', () => {
  const badgeColours = [...catalogCss.matchAll(/\.badge--[\w-]+[^{]*\{\s*color:\s*var\((--[\w-]+)\)/g)].map(
    ([, token]) => token,
  );

  it('are drawn in text colours checked above, each variant of them', () => {
    expect(badgeColours.length).toBeGreaterThanOrEqual(5);
    for (const token of badgeColours) expect(texts).toContain(token);
  });
});

describe('fonts', () => {
  it('follow the page language: Chinese by default, Latin first for en, Japanese for ja', () => {
    expect(light['--font-sans']).toBe('var(--font-zh)');
    expect(light['--font-zh']).toMatch(/^'PingFang SC'/);
    expect(customProperties(tokensCss, ':root:lang(en)')['--font-sans']).toBe('var(--font-en)');
    expect(light['--font-en']).toMatch(/^-apple-system, BlinkMacSystemFont, 'Segoe UI'/);
    expect(customProperties(tokensCss, ':root:lang(ja)')['--font-sans']).toBe('var(--font-ja)');
    expect(light['--font-ja']).toMatch(/^'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Noto Sans JP'/);
  });

  it('give a passage marked lang="zh" the Chinese stack inside an en or ja page', () => {
    expect(baseCss).toMatch(/\[lang\]:lang\(zh\)\s*\{\s*font-family:\s*var\(--font-zh\);/);
  });
});
