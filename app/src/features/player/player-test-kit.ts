// What the player's tests share: the media element's play/pause as events (jsdom plays nothing),
// handles on the one <audio> and its controller, the test chapters, and a stand-in for matchMedia.
import { screen } from '@testing-library/react';
import { chapterDetail } from '@/testing/catalog-fixtures';
import { ok } from '@/testing/fetch';
import type { PlayerController } from './player-controller';

export const audio = () => screen.getByTestId('player-audio') as HTMLAudioElement;
export const controller = () => (window as unknown as { __tingshuPlayer: PlayerController }).__tingshuPlayer;

export const chapters = {
  'GET /api/chapters/1': ok(chapterDetail(1)),
  'GET /api/chapters/2': ok(chapterDetail(2)),
  'GET /api/chapters/3': ok(chapterDetail(3)),
};

/** `play` and `pause` of every media element dispatch their events at once; `load` does nothing. */
export function mockMediaElement(): void {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
}

/** A device answering one media query; `set` changes the answer and tells the listeners. */
export function stubMatchMedia(matches: boolean) {
  const list = new EventTarget();
  Object.defineProperty(list, 'matches', { get: () => matches });
  const queries: string[] = [];
  const matchMedia = vi.fn((query: string) => {
    queries.push(query);
    return list as MediaQueryList;
  });
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
  return {
    queries,
    set(next: boolean) {
      matches = next;
      list.dispatchEvent(new Event('change'));
    },
    remove() {
      delete (window as { matchMedia?: unknown }).matchMedia;
    },
  };
}
