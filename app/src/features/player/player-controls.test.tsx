// The player's controls: drawn as hidden SVG icons (never font glyphs), each named so that its name
// holds what it shows (WCAG 2.5.3 label in name) in zh, en and ja, shortcut hints only where there is
// a keyboard, and a seek bar whose touch target is 44 px tall around a thin track.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { chapters, controller, mockMediaElement, stubMatchMedia } from './player-test-kit';

// Read from disk beside this file: the test run does not process stylesheets (`css: false`), not
// even `?raw`, and Vite rewrites `new URL('./x', import.meta.url)`.
const playerCss = readFileSync(fileURLToPath(import.meta.url).replace(/[^/\\]+$/, 'player.css'), 'utf8');

beforeEach(mockMediaElement);

/** Chapter 2 (it has a previous and a next one) playing, and the full player open. */
async function openFullPlayer(path = '/', lang = 'zh') {
  const user = userEvent.setup();
  mockFetch(chapters);
  renderApp(path, { lang });
  await act(() => controller().load(2, { autoplay: true }));
  const player = await screen.findByTestId('player', undefined, { timeout: 5000 });
  await user.click(within(player).getByRole('button', { expanded: false }));
  return { user, player };
}

/** The declarations of one rule of a stylesheet (comments aside), by its exact selector. */
function declarations(css: string, selector: string): Record<string, string> {
  const rules = css.replace(/\/\*[\s\S]*?\*\//g, '').split('}');
  const rule = rules.find((chunk) => chunk.split('{')[0].trim() === selector);
  if (!rule) return {};
  return Object.fromEntries(
    rule
      .split('{')[1]
      .split(';')
      .map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()])
      .filter(([name, value]) => name && value),
  );
}

describe('player controls', () => {
  it('draws every control as a hidden SVG icon, without glyphs, each button keeping its name', async () => {
    const { player } = await openFullPlayer();
    const names = ['暂停', '收起播放器', '关闭播放器', '上一章', '后退 15 秒', '前进 15 秒', '下一章'];
    for (const name of names) {
      const button = within(player).getByRole('button', { name });
      const icon = button.querySelector('svg');
      expect(icon, name).not.toBeNull();
      expect(icon).toHaveAttribute('aria-hidden', 'true');
      expect(icon).toHaveAttribute('focusable', 'false');
    }
    expect(player.textContent).not.toMatch(/[▶❚⏮⏭▴▾]/u);
  });

  it('shows each icon button’s name as its tooltip on hover', async () => {
    // jsdom has no ResizeObserver, which placing a tooltip needs (without it the buttons show alone).
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const { user, player } = await openFullPlayer();
    for (const name of ['暂停', '收起播放器', '关闭播放器', '上一章', '后退 15 秒', '前进 15 秒', '下一章']) {
      await user.hover(within(player).getByRole('button', { name }));
      const tooltips = () => screen.queryAllByRole('tooltip').map((tooltip) => tooltip.textContent);
      await waitFor(() => expect(tooltips()).toContain(name), { timeout: 2000 });
      await user.keyboard('{Escape}');
      await user.unhover(within(player).getByRole('button', { name }));
    }
  });

  it.each([
    ['zh', '/'],
    ['en', '/en'],
    ['ja', '/ja'],
  ])('names the ±15 s buttons with the text they show (label in name, %s)', async (lang, path) => {
    const { player } = await openFullPlayer(path, lang);
    for (const testId of ['player-skip-back', 'player-skip-forward']) {
      const button = within(player).getByTestId(testId);
      const visible = button.textContent?.trim() ?? '';
      expect(visible).toBe('15');
      expect(button).toHaveAccessibleName(expect.stringContaining(visible));
    }
    expect(within(player).getByTestId('player-skip-back')).not.toHaveAccessibleName(
      within(player).getByTestId('player-skip-forward').getAttribute('aria-label')!,
    );
  });

  it('shows the shortcut hints only on a device with hover and a fine pointer, following changes', async () => {
    const device = stubMatchMedia(true);
    try {
      await openFullPlayer();
      expect(device.queries).toContain('(hover: hover) and (pointer: fine)');
      expect(screen.getByTestId('player-shortcuts')).toHaveTextContent('快捷键：空格 播放/暂停');
      act(() => device.set(false));
      expect(screen.queryByTestId('player-shortcuts')).not.toBeInTheDocument();
      act(() => device.set(true));
      expect(screen.getByTestId('player-shortcuts')).toBeInTheDocument();
    } finally {
      device.remove();
    }
  });

  it('never shows the shortcut hints on a touch screen', async () => {
    const device = stubMatchMedia(false);
    try {
      const { player } = await openFullPlayer();
      expect(within(player).getByRole('button', { name: '后退 15 秒' })).toBeInTheDocument();
      expect(screen.queryByTestId('player-shortcuts')).not.toBeInTheDocument();
      expect(screen.queryByText(/^快捷键：空格/)).not.toBeInTheDocument();
    } finally {
      device.remove();
    }
  });

  it('gives the seek bar a touch target at least 44 px tall while its track stays thin', async () => {
    const { player } = await openFullPlayer();
    expect(within(player).getByRole('slider', { name: '播放进度' })).toHaveClass('player-seek');

    const seek = declarations(playerCss, '.player-seek');
    const px = (value: string | undefined) => Number(/^(\d+(?:\.\d+)?)px$/.exec(value ?? '')?.[1] ?? 0);
    expect(px(seek.height)).toBeGreaterThanOrEqual(44);
    expect(px(seek['min-height'])).toBeGreaterThanOrEqual(44);
    expect(seek.background).toBe('transparent');
    for (const track of ['.player-seek::-webkit-slider-runnable-track', '.player-seek::-moz-range-track']) {
      expect(px(declarations(playerCss, track).height), track).toBeLessThanOrEqual(8);
    }
  });
});

describe('Space in the player', () => {
  it('toggles play/pause even when a player button has focus, instead of pressing that button again', async () => {
    const { user, player } = await openFullPlayer();
    await act(() => controller().load(1, { autoplay: true }));
    // Chapter 1 → 2: chapter 2 has a next one, so the focused button stays enabled.
    const next = within(player).getByRole('button', { name: '下一章' });
    await user.click(next);
    await waitFor(() => expect(controller().getSnapshot()).toMatchObject({ playing: true, chapter: { id: 2 } }));
    expect(next).toHaveFocus();
    expect(next).toBeEnabled();

    await user.keyboard(' ');
    expect(controller().getSnapshot()).toMatchObject({ playing: false, chapter: { id: 2 } });
    await user.keyboard(' ');
    expect(controller().getSnapshot()).toMatchObject({ playing: true, chapter: { id: 2 } });
  });

  it('still types a space in a text field', async () => {
    const user = userEvent.setup();
    mockFetch({ ...chapters, 'GET /api/categories': ok([]) });
    renderApp('/search');
    await act(() => controller().load(2, { autoplay: true }));
    const input = await screen.findByRole('searchbox', { name: '关键词' });
    await user.type(input, 'a b');
    expect(input).toHaveValue('a b');
    expect(controller().getSnapshot().playing).toBe(true);
  });
});

describe('the bar and the toasts', () => {
  const toastCss = readFileSync(
    fileURLToPath(import.meta.url).replace(/features[/\\]player[/\\][^/\\]+$/, 'components/toast/toast.css'),
    'utf8',
  );

  it('publishes its height while shown, and the toasts sit above it', async () => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(72);
    await openFullPlayer();
    expect(document.documentElement.style.getPropertyValue('--player-bar-height')).toBe('72px');
    expect(declarations(toastCss, '.toast-viewport').bottom).toBe('var(--player-bar-height, 0px)');
    await act(() => controller().close());
    expect(document.documentElement.style.getPropertyValue('--player-bar-height')).toBe('');
  });
});
