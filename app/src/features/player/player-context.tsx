// The player's provider: one controller and one <audio> for the whole visit, mounted by the locale
// layer above every layout so playback survives navigation; keyboard shortcuts, the replay of
// positions saved offline, titles asked again after a language switch and, at start-up, the
// listener's last chapter put back live here too.
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authStore } from '@/features/auth/auth-store';
import { useCurrentUser } from '@/features/auth/use-auth';
import { useLang } from '@/lib/lang';
import { progressSaved } from '@/lib/queries/library';
import { PlayerController, skipSecs, type PlayerState } from './player-controller';

const PlayerContext = createContext<PlayerController | null>(null);

/** Keys typed into a field, a select or an editable element are the field's, not the player's. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

function isActivatable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.tagName === 'BUTTON' || target.tagName === 'A' || target.getAttribute('role') === 'button')
  );
}

/** What marks the player bar: Space on a control of its own is the shortcut, not a press of that control. */
export const playerRegionAttribute = 'data-player-region';

function inPlayer(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest(`[${playerRegionAttribute}]`) !== null;
}

const isSpace = (event: KeyboardEvent) => event.key === ' ' || event.code === 'Space';

export function PlayerProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [controller] = useState(
    () =>
      new PlayerController((finished) => void progressSaved(queryClient, authStore.currentUser?.id ?? null, finished)),
  );
  const audioRef = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    controller.attach(audio);
    if (import.meta.env.DEV || import.meta.env.MODE === 'test')
      (window as unknown as { __tingshuPlayer?: unknown }).__tingshuPlayer = controller;
    return () => controller.release(audio);
  }, [controller]);

  // Start-up: once the session is known (restored or not), the listener's last chapter, paused.
  useEffect(() => {
    let current = true;
    void authStore
      .initialize()
      .catch(() => false)
      .then(() => {
        if (current) void controller.restore(authStore.currentUser?.id ?? null);
      });
    return () => {
      current = false;
    };
  }, [controller]);

  // A guest who signs up or in keeps what they were listening to.
  useEffect(
    () =>
      authStore.onEvent((event) => {
        if (event.type === 'signed-in') controller.takeOverGuest(event.user.id);
      }),
    [controller],
  );

  // Positions saved while offline go to the server at start-up (once the listener is known), at
  // sign-in and whenever the browser is back online.
  const userId = useCurrentUser()?.id ?? null;
  useEffect(() => {
    controller.replayQueuedProgress();
    const onOnline = () => controller.onOnline();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [controller, userId]);

  // A language switch: the chapter's and book's titles asked again in the new language, once the
  // locale layer above (whose effect runs after this one) has put <html lang>, which requests carry.
  const { lang } = useLang();
  const shownLang = useRef(lang);
  useEffect(() => {
    if (shownLang.current === lang) return;
    shownLang.current = lang;
    queueMicrotask(() => void controller.refreshDetails());
  }, [controller, lang]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const { status } = controller.getSnapshot();
      if (status !== 'ready') return;
      if (isSpace(event)) {
        // A button elsewhere keeps its Space; the player's own ("下一章" just clicked) gives it to the shortcut.
        if (isActivatable(event.target) && !inPlayer(event.target)) return;
        event.preventDefault();
        controller.toggle();
      } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        const forward = event.key === 'ArrowRight';
        if (event.shiftKey) {
          if (forward) controller.next();
          else controller.previous();
        } else controller.skip(forward ? skipSecs : -skipSecs);
      }
    };
    // A button presses on Space's keyup: held back on the player's controls, whose Space toggled already.
    const onKeyUp = (event: KeyboardEvent) => {
      if (isSpace(event) && isActivatable(event.target) && inPlayer(event.target)) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('keyup', onKeyUp);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('keyup', onKeyUp);
    };
  }, [controller]);

  return (
    <PlayerContext.Provider value={controller}>
      {children}
      <audio ref={audioRef} preload="metadata" data-testid="player-audio" hidden />
    </PlayerContext.Provider>
  );
}

export function usePlayerController(): PlayerController {
  const controller = useContext(PlayerContext);
  if (!controller) throw new Error('usePlayerController outside PlayerProvider');
  return controller;
}

export function usePlayerState(): PlayerState {
  const controller = usePlayerController();
  return useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
}
