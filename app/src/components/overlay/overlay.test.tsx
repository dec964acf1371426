// The overlay system (spec §4): created → opened → closed with a result → unmounted (after its close
// animation) → destroyed or kept; confirm and dismissal results, focus trapped and given back,
// reopening a kept overlay, and two stacked overlays where Escape closes the top one.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@/testing/i18n';
import { overlayLifecycle, type OverlayRecord } from './overlay-lifecycle';
import type { ConfirmContent, OverlayHandle, OverlayManager } from './overlay-manager';
import { OverlayProvider } from './overlay-provider';
import { useOverlays } from './use-overlays';

const question: ConfirmContent = { kind: 'confirm', title: 'Delete the draft?', confirmLabel: 'Delete' };

/** Renders the provider with an opener button; gives the test the manager the app would use. */
function renderOverlays() {
  const seen: { manager?: OverlayManager } = {};
  function Probe() {
    seen.manager = useOverlays();
    return (
      <>
        <button type="button">before</button>
        <button type="button">opener</button>
      </>
    );
  }
  render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <OverlayProvider>
        <Probe />
      </OverlayProvider>
    </I18nextProvider>,
  );
  // Open dialogs hide the page from assistive technology: the opener is found once, up front.
  return { manager: seen.manager!, opener: screen.getByRole('button', { name: 'opener' }) };
}

/** jsdom has no CSS animations: the dialog reports a close animation that runs until `animationend`. */
function animateDialogs() {
  const original = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    if (!(element instanceof HTMLElement) || !element.classList.contains('overlay-dialog')) {
      return original(element, pseudo);
    }
    const styles = original(element, pseudo);
    return new Proxy(styles, {
      get: (target, key) =>
        key === 'animationName'
          ? element.dataset.state === 'closed'
            ? 'overlay-rise-out'
            : 'overlay-rise-in'
          : Reflect.get(target, key),
    });
  });
  if (typeof CSS === 'undefined' || typeof CSS.escape !== 'function') {
    vi.stubGlobal('CSS', { escape: (value: string) => value });
  }
  return (dialog: HTMLElement) => {
    const end = new Event('animationend', { bubbles: true });
    Object.defineProperty(end, 'animationName', { value: 'overlay-rise-out' });
    act(() => {
      dialog.dispatchEvent(end);
    });
  };
}

describe('the overlay lifecycle (reducer)', () => {
  const step = overlayLifecycle<string>;
  const phases = (list: readonly OverlayRecord<string>[]) => list.map((overlay) => overlay.phase);

  it('goes created → opened → closed with a result → unmounted, then is destroyed or kept', () => {
    for (const destroyOnClose of [true, false]) {
      let list = step([], { type: 'create', id: 'a', content: 'x', destroyOnClose });
      expect(phases(list)).toEqual(['created']);
      list = step(list, { type: 'open', id: 'a' });
      expect(phases(list)).toEqual(['opened']);
      list = step(list, { type: 'close', id: 'a', result: 42 });
      expect(list[0]).toMatchObject({ phase: 'closed', result: 42 });
      list = step(list, { type: 'unmounted', id: 'a' });
      expect(phases(list)).toEqual(destroyOnClose ? [] : ['unmounted']);
    }
  });

  it('refuses steps out of order and puts each opening on top', () => {
    let list = step([], { type: 'create', id: 'a', content: 'x', destroyOnClose: false });
    expect(step(list, { type: 'close', id: 'a', result: 1 })).toBe(list);
    expect(step(list, { type: 'unmounted', id: 'a' })).toBe(list);
    list = step(list, { type: 'create', id: 'b', content: 'y', destroyOnClose: false });
    list = step(list, { type: 'open', id: 'a' });
    list = step(list, { type: 'open', id: 'b' });
    expect(step(list, { type: 'open', id: 'a' })).toBe(list);
    const [a, b] = list;
    expect(b.layer).toBeGreaterThan(a.layer);
  });
});

describe('overlays on the page', () => {
  beforeAll(async () => {
    // The layer is fetched with the first overlay; loaded once up front here.
    await import('./overlay-layer');
  });

  it('is registered but not shown when created, resolves with the confirm result, and is destroyed after its close animation', async () => {
    const endAnimation = animateDialogs();
    const user = userEvent.setup();
    const { manager, opener } = renderOverlays();
    let overlay!: OverlayHandle<boolean>;
    act(() => {
      overlay = manager.create(question, { destroyOnClose: true });
    });
    expect(overlay.phase()).toBe('created');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    let answer!: Promise<boolean>;
    await act(async () => {
      answer = overlay.open(opener);
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the draft?' });
    expect(overlay.phase()).toBe('opened');
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(answer).resolves.toBe(true);
    // Closed with its result, but still on the page while it animates out.
    expect(overlay.phase()).toBe('closed');
    expect(dialog).toBeInTheDocument();

    endAnimation(dialog);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(overlay.phase()).toBe('destroyed');
    expect(manager.getSnapshot()).toHaveLength(0);
  });

  it('resolves a dismissal by Escape as false, and gives the focus back to the opener', async () => {
    const user = userEvent.setup();
    const { manager, opener } = renderOverlays();
    await user.click(opener);
    let answer!: Promise<boolean>;
    await act(async () => {
      answer = manager.confirm({ title: 'Remove it?', confirmLabel: 'Remove' });
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove it?' });
    // The cancel button has the focus first.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());

    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('resolves the cancel button and a click on the backdrop as false', async () => {
    const user = userEvent.setup();
    const { manager, opener } = renderOverlays();
    let answer!: Promise<boolean>;
    await act(async () => {
      answer = manager.confirm({ title: 'Remove it?', confirmLabel: 'Remove', opener });
    });
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);

    await act(async () => {
      answer = manager.confirm({ title: 'Remove it?', confirmLabel: 'Remove', opener });
    });
    await screen.findByRole('alertdialog');
    fireEvent.click(document.querySelector('.overlay-backdrop')!);
    await expect(answer).resolves.toBe(false);
  });

  it('keeps the focus inside while open', async () => {
    const user = userEvent.setup();
    const { manager, opener } = renderOverlays();
    await act(async () => {
      void manager.confirm({ title: 'Remove it?', confirmLabel: 'Remove', opener });
    });
    const dialog = await screen.findByRole('alertdialog');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Remove' });
    await waitFor(() => expect(cancel).toHaveFocus());
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
    // Focus sent to the page behind comes back inside.
    act(() => opener.focus());
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('keeps an overlay created without destroyOnClose, and opens it again', async () => {
    const user = userEvent.setup();
    const { manager, opener } = renderOverlays();
    let overlay!: OverlayHandle<boolean>;
    act(() => {
      overlay = manager.create(question);
    });
    let answer!: Promise<boolean>;
    await act(async () => {
      answer = overlay.open(opener);
    });
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(overlay.phase()).toBe('unmounted'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(manager.getSnapshot()).toHaveLength(1);

    await act(async () => {
      answer = overlay.open(opener);
    });
    expect(await screen.findByRole('alertdialog', { name: 'Delete the draft?' })).toBeInTheDocument();
    expect(overlay.phase()).toBe('opened');
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(overlay.phase()).toBe('unmounted'));

    act(() => overlay.destroy());
    expect(overlay.phase()).toBe('destroyed');
  });

  it('stacks a second overlay on the first: Escape closes the top one, and focus goes back into the first', async () => {
    const user = userEvent.setup();
    const { manager, opener } = renderOverlays();
    let first!: Promise<boolean>;
    await act(async () => {
      first = manager.confirm({ title: 'First?', confirmLabel: 'Yes', opener });
    });
    const lower = await screen.findByRole('alertdialog', { name: 'First?' });
    const lowerConfirm = within(lower).getByRole('button', { name: 'Yes' });
    act(() => lowerConfirm.focus());

    let second!: Promise<boolean>;
    await act(async () => {
      second = manager.confirm({ title: 'Second?', confirmLabel: 'Sure' });
    });
    const upper = await screen.findByRole('alertdialog', { name: 'Second?' });
    await waitFor(() => expect(within(upper).getByRole('button', { name: 'Cancel' })).toHaveFocus());

    await user.keyboard('{Escape}');
    await expect(second).resolves.toBe(false);
    await waitFor(() => expect(upper).not.toBeInTheDocument());
    expect(lower).toBeInTheDocument();
    await waitFor(() => expect(lowerConfirm).toHaveFocus());

    await user.keyboard('{Escape}');
    await expect(first).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
