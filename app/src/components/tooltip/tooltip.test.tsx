// The tooltip of an icon button: shown after 700 ms of hover (not at 600), at once on keyboard
// focus, at once on the next button within the 300 ms skip delay, never after a touch. Events are
// fired directly: user-event's own waiting does not run under fake timers.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Tooltip, TooltipProvider } from './tooltip';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom has no ResizeObserver, which placing the tooltip needs (every browser has one).
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const button = (name: string) => screen.getByRole('button', { name });
const tooltip = () => screen.queryByRole('tooltip');
const hover = (element: HTMLElement) => fireEvent.pointerMove(element, { pointerType: 'mouse' });
/** The pointer leaves the control for an empty part of the page. */
function leave(element: HTMLElement) {
  fireEvent.pointerLeave(element, { pointerType: 'mouse', clientX: 400, clientY: 400 });
  fireEvent.pointerMove(document.body, { pointerType: 'mouse', clientX: 500, clientY: 500 });
}

function renderButtons() {
  render(
    <TooltipProvider>
      <Tooltip label="播放">
        <button type="button" aria-label="播放">
          ▶
        </button>
      </Tooltip>
      <Tooltip label="关闭播放器">
        <button type="button" aria-label="关闭播放器">
          ×
        </button>
      </Tooltip>
    </TooltipProvider>,
  );
}

describe('tooltip', () => {
  it('shows after 700 ms of hover, not at 600 ms, and hides when the pointer leaves', () => {
    renderButtons();
    hover(button('播放'));
    advance(600);
    expect(tooltip()).not.toBeInTheDocument();
    advance(100);
    expect(tooltip()).toHaveTextContent('播放');

    leave(button('播放'));
    advance(50);
    expect(tooltip()).not.toBeInTheDocument();
  });

  it('shows the next button’s tooltip at once within 300 ms, and only after 700 ms later on', () => {
    renderButtons();
    hover(button('播放'));
    advance(700);
    leave(button('播放'));
    hover(button('关闭播放器'));
    expect(tooltip()).toHaveTextContent('关闭播放器');

    leave(button('关闭播放器'));
    advance(300);
    hover(button('播放'));
    advance(600);
    expect(tooltip()).not.toBeInTheDocument();
    advance(100);
    expect(tooltip()).toHaveTextContent('播放');
  });

  it('shows at once on keyboard focus and hides on Escape', () => {
    renderButtons();
    act(() => button('播放').focus());
    expect(tooltip()).toHaveTextContent('播放');
    fireEvent.keyDown(button('播放'), { key: 'Escape' });
    expect(tooltip()).not.toBeInTheDocument();
  });

  it('never shows for a touch: a finger on the control is no hover', () => {
    renderButtons();
    fireEvent.pointerMove(button('播放'), { pointerType: 'touch' });
    advance(2000);
    expect(tooltip()).not.toBeInTheDocument();
  });

  it('never shows for a tap: the focus a tap gives does not open it', () => {
    renderButtons();
    const target = button('播放');
    fireEvent.pointerDown(target, { pointerType: 'touch' });
    act(() => target.focus());
    advance(2000);
    expect(target).toHaveFocus();
    expect(tooltip()).not.toBeInTheDocument();
  });

  it('works without a provider around it', () => {
    render(
      <Tooltip label="菜单">
        <button type="button" aria-label="菜单" />
      </Tooltip>,
    );
    hover(button('菜单'));
    advance(600);
    expect(tooltip()).not.toBeInTheDocument();
    advance(100);
    expect(tooltip()).toHaveTextContent('菜单');
  });
});
