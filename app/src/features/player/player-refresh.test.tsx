// The chapter on the player asked again while it plays on: its titles in the new language after a
// language switch (the restored mini player too), and its cover once the browser is back online
// after a download played with none. What plays, and where, stays.
import { act, screen, waitFor } from '@testing-library/react';
import { book, chapterDetail } from '@/testing/catalog-fixtures';
import { downloadRecord, keepDownload } from '@/testing/download-fixtures';
import { installFakeCaches } from '@/testing/fake-caches';
import { mockFetch, ok, type Call } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { downloads } from '@/lib/downloads/download-manager';
import { lastChapter, rememberChapter } from './last-chapter';
import { PlayerController } from './player-controller';
import { audio, controller, mockMediaElement } from './player-test-kit';

beforeEach(() => {
  mockMediaElement();
  downloads.reset();
});

/** Chapter 1 as the server words it in the request's language. */
const chapterInLanguage = (call: Call) =>
  call.headers['Accept-Language']?.startsWith('en')
    ? ok(chapterDetail(1, { title: 'Chapter One', book: book(7, { title: 'Book Seven' }) }))
    : ok(chapterDetail(1, { title: '第一章', book: book(7, { title: '书七' }) }));

describe('the player after a language switch', () => {
  it('shows the playing chapter’s and book’s titles in the new language, playback untouched', async () => {
    mockFetch({ 'GET /api/chapters/1': chapterInLanguage, 'GET /api/categories': ok([]) });
    const { router } = renderApp('/categories');
    await act(() => controller().load(1, { autoplay: true }));
    const player = await screen.findByTestId('player', undefined, { timeout: 5000 });
    expect(player).toHaveTextContent('第一章');
    act(() => controller().seek(40));

    await act(() => router.navigate('/en/categories'));
    await waitFor(() => expect(player).toHaveTextContent('Chapter One'));
    expect(player).toHaveTextContent('Book Seven');
    expect(screen.getByTestId('player-play')).toHaveAccessibleName('Pause');
    expect(audio().src).toMatch(/\/api\/chapters\/1\/audio$/);
    expect(controller().getSnapshot()).toMatchObject({ playing: true, currentTime: 40 });
    // What a reload shows is in the new language too.
    expect(lastChapter(null)?.chapter).toMatchObject({ title: 'Chapter One', book: { title: 'Book Seven' } });
  });

  it('re-words the restored mini player too', async () => {
    rememberChapter(null, chapterDetail(1, { title: '第一章', book: book(7, { title: '书七' }) }), 30, 'server');
    mockFetch({ 'GET /api/chapters/1': chapterInLanguage, 'GET /api/categories': ok([]) });
    const restore = vi.spyOn(PlayerController.prototype, 'restore');
    const { router } = renderApp('/categories');
    await waitFor(() => expect(restore).toHaveBeenCalledTimes(1));
    await act(() => restore.mock.results[0].value as Promise<void>);
    const player = await screen.findByTestId('player');
    expect(player).toHaveTextContent('第一章');

    await act(() => router.navigate('/en/categories'));
    await waitFor(() => expect(player).toHaveTextContent('Chapter One'));
    expect(player).toHaveTextContent('Book Seven');
    expect(screen.getByTestId('player-play')).toHaveAccessibleName('Play');
    expect(controller().getSnapshot()).toMatchObject({ status: 'ready', playing: false });
  });
});

describe('the player back online', () => {
  it('asks for the cover a download could not give once the browser is online again', async () => {
    const storage = installFakeCaches();
    await keepDownload(storage, downloadRecord(5, { title: '离线第五章' }));
    await keepDownload(storage, downloadRecord(6, { title: '离线第六章' }));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockFetch({
      'GET /api/chapters/5': ok(chapterDetail(5, { title: '第五章', book: book(7, { coverUrl: '/covers/7.jpg' }) })),
    });
    renderApp('/');
    await act(() => controller().playDownload(5, { autoplay: true }));
    const player = await screen.findByTestId('player', undefined, { timeout: 5000 });
    expect(player.querySelector('.cover--blank')).not.toBeNull();

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(controller().getSnapshot().chapter?.book.coverUrl).toBe('/covers/7.jpg'));
    expect(player.querySelector('.cover--blank')).toBeNull();
    // Still the download playing, with the download's neighbours.
    expect(controller().getSnapshot()).toMatchObject({ playing: true, chapter: { id: 5, nextId: 6 } });
  });
});
