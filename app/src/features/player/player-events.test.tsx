// The player's play events: one when a chapter starts playing (where it starts, how long it is),
// none for a pause and resume or the time ticking, a new one for the next chapter or a replay.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { takeEvents, type NotedEvent } from '@/lib/behavior-events';
import { chapterDetail } from '@/testing/catalog-fixtures';
import { mockFetch } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { audio, chapters, controller, mockMediaElement } from './player-test-kit';

let taken: NotedEvent[];
let stopTaking: () => void;

beforeEach(() => {
  mockMediaElement();
  // What earlier tests noted with no one to take it is not this test's.
  takeEvents(() => {})();
  taken = [];
  stopTaking = takeEvents((event) => taken.push(event));
});

afterEach(() => stopTaking());

const plays = () => taken.filter((event) => event.kind === 'play');

describe('play events', () => {
  it('notes one when a chapter starts playing, from where it resumes, and none for a pause, resume or tick', async () => {
    window.localStorage.setItem(
      'player.progress.1',
      JSON.stringify({ positionSecs: 42, durationSecs: 600, completed: false, updatedAt: 1 }),
    );
    mockFetch(chapters);
    const user = userEvent.setup();
    renderApp('/books/7/chapters/1');
    const playButton = await screen.findByRole('button', { name: '播放本章' }, { timeout: 5000 });
    expect(plays()).toHaveLength(0);
    await user.click(playButton);
    await waitFor(() => expect(screen.getByTestId('player-play')).toHaveAccessibleName('暂停'));
    expect(plays()).toEqual([
      expect.objectContaining({
        kind: 'play',
        bookId: 7,
        chapterId: 1,
        position: 42,
        duration: chapterDetail(1).durationSecs,
        pageUrl: expect.any(String),
      }),
    ]);

    fireEvent(audio(), new Event('timeupdate'));
    await user.click(screen.getByTestId('player-play'));
    await user.click(screen.getByTestId('player-play'));
    expect(screen.getByTestId('player-play')).toHaveAccessibleName('暂停');
    expect(plays()).toHaveLength(1);
  });

  it('notes the next chapter when it starts, and the same chapter again when replayed after its end', async () => {
    mockFetch(chapters);
    const user = userEvent.setup();
    renderApp('/books/7/chapters/1');
    await user.click(await screen.findByRole('button', { name: '播放本章' }, { timeout: 5000 }));
    await waitFor(() => expect(plays()).toHaveLength(1));

    await act(() => controller().setSleep('chapterEnd'));
    fireEvent(audio(), new Event('ended'));
    await act(() => controller().play());
    await act(() => controller().next(true));
    await waitFor(() => expect(plays()).toHaveLength(3));
    expect(plays().map((event) => event.kind === 'play' && [event.chapterId, event.position])).toEqual([
      [1, 0],
      [1, 0],
      [2, 0],
    ]);
  });
});
