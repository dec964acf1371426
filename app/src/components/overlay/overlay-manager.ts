// The app's overlay manager: creates overlays, opens them (the caller awaits the result they close
// with), closes and destroys them, and hears from the layer when one has left the page. The steps
// allowed are `overlay-lifecycle`'s; the promises and the elements focus returns to live here.
import { overlayLifecycle, type OverlayAction, type OverlayPhase, type OverlayRecord } from './overlay-lifecycle';

/** A question before an action: answered true by its confirm button, false otherwise. */
export interface ConfirmContent {
  kind: 'confirm';
  /** The question, e.g. "Clear your whole listening history?". */
  title: string;
  /** The label of the button that does it. */
  confirmLabel: string;
  /** What happens; "This cannot be undone." when not given. */
  description?: string;
}

/** Every kind of overlay the layer can draw. */
export type OverlayContent = ConfirmContent;

/** What each kind closes with. */
interface Results {
  confirm: boolean;
}
export type ResultOf<Content extends OverlayContent> = Results[Content['kind']];

/** The result of a dismissal (Escape, the backdrop, the cancel button), by kind. */
const dismissedResult: Results = { confirm: false };

export type OverlayState = OverlayRecord<OverlayContent>;

export interface OverlayHandle<Result> {
  readonly id: string;
  /**
   * Shows it (again, when kept) and resolves with what it closes with. `opener` gets the focus
   * back once it has left; the focused element when not given.
   */
  open(opener?: HTMLElement | null): Promise<Result>;
  close(result: Result): void;
  /** Closes it as Escape would. */
  dismiss(): void;
  /** Drops it (dismissed first when open). */
  destroy(): void;
  phase(): OverlayPhase | 'destroyed';
}

export interface ConfirmOptions extends Omit<ConfirmContent, 'kind'> {
  /** The element focus returns to (the button that asked); the focused element when not given. */
  opener?: HTMLElement | null;
}

function focusedElement(): HTMLElement | null {
  return document.activeElement instanceof HTMLElement && document.activeElement !== document.body
    ? document.activeElement
    : null;
}

export class OverlayManager {
  private overlays: readonly OverlayState[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly waiting = new Map<string, { promise: Promise<unknown>; resolve: (result: unknown) => void }>();
  private readonly openers = new Map<string, HTMLElement>();
  private count = 0;

  getSnapshot = (): readonly OverlayState[] => this.overlays;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private dispatch(action: OverlayAction<OverlayContent>): void {
    const next = overlayLifecycle(this.overlays, action);
    if (next === this.overlays) return;
    this.overlays = next;
    this.listeners.forEach((listener) => listener());
  }

  private find(id: string): OverlayState | undefined {
    return this.overlays.find((overlay) => overlay.id === id);
  }

  phaseOf(id: string): OverlayPhase | 'destroyed' {
    return this.find(id)?.phase ?? 'destroyed';
  }

  /** The element focus returns to when the overlay has left. */
  openerOf(id: string): HTMLElement | null {
    return this.openers.get(id) ?? null;
  }

  /** Registers an overlay without showing it. */
  create<Content extends OverlayContent>(
    content: Content,
    { destroyOnClose = false }: { destroyOnClose?: boolean } = {},
  ): OverlayHandle<ResultOf<Content>> {
    this.count += 1;
    const id = `overlay-${this.count}`;
    this.dispatch({ type: 'create', id, content, destroyOnClose });
    return {
      id,
      open: (opener) => this.open(id, opener) as Promise<ResultOf<Content>>,
      close: (result) => this.close(id, result),
      dismiss: () => this.dismiss(id),
      destroy: () => this.destroy(id),
      phase: () => this.phaseOf(id),
    };
  }

  /** Shows a created or kept overlay; an open one answers with the promise it already gave. */
  open(id: string, opener: HTMLElement | null = focusedElement()): Promise<unknown> {
    const pending = this.waiting.get(id);
    if (pending) return pending.promise;
    this.dispatch({ type: 'open', id });
    if (this.phaseOf(id) !== 'opened') {
      return Promise.reject(new Error(`Overlay ${id} cannot open while ${this.phaseOf(id)}`));
    }
    if (opener) this.openers.set(id, opener);
    else this.openers.delete(id);
    let resolve: (result: unknown) => void = () => {};
    const promise = new Promise<unknown>((done) => {
      resolve = done;
    });
    this.waiting.set(id, { promise, resolve });
    return promise;
  }

  /** Closes an open overlay with its result; it leaves the page after its close animation. */
  close(id: string, result: unknown): void {
    if (this.phaseOf(id) !== 'opened') return;
    this.dispatch({ type: 'close', id, result });
    const pending = this.waiting.get(id);
    this.waiting.delete(id);
    pending?.resolve(result);
  }

  dismiss(id: string): void {
    const overlay = this.find(id);
    if (overlay) this.close(id, dismissedResult[overlay.content.kind]);
  }

  /** The layer's word that the overlay has left the page: destroyed now, or kept. */
  unmounted(id: string): void {
    this.dispatch({ type: 'unmounted', id });
    if (this.phaseOf(id) === 'destroyed') this.openers.delete(id);
  }

  destroy(id: string): void {
    this.dismiss(id);
    this.dispatch({ type: 'destroy', id });
    this.openers.delete(id);
  }

  /** Asks a question in a dialog destroyed once it closes: true when the listener confirmed. */
  confirm({ opener, ...question }: ConfirmOptions): Promise<boolean> {
    return this.create({ kind: 'confirm', ...question }, { destroyOnClose: true }).open(opener);
  }
}
