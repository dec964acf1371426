// The remembered last chapter: one per listener (the guest too), only what the bar shows, forgotten
// per listener, and damaged storage read as nothing.
import { chapterDetail } from '@/testing/catalog-fixtures';
import { forgetChapter, lastChapter, lastChapterKey, rememberChapter } from './last-chapter';

describe('last chapter', () => {
  it('keeps one chapter per listener, the guest being one', () => {
    rememberChapter(2, chapterDetail(1), 10, 'server');
    rememberChapter(null, chapterDetail(2), 20, 'download');
    rememberChapter(2, chapterDetail(3), 30, 'server');
    expect(lastChapter(2)).toMatchObject({ userId: 2, chapter: { id: 3 }, positionSecs: 30, source: 'server' });
    expect(lastChapter(null)).toMatchObject({ userId: null, chapter: { id: 2 }, positionSecs: 20, source: 'download' });
    expect(lastChapter(9)).toBeNull();
  });

  it('stores what the mini player shows, never the audio address nor the access', () => {
    const chapter = chapterDetail(1, { book: { ...chapterDetail(1).book, coverUrl: '/covers/7.png' } });
    rememberChapter(2, { ...chapter, prevId: undefined }, -3, 'server');
    expect(lastChapter(2)).toEqual({
      userId: 2,
      chapter: {
        id: 1,
        bookId: 7,
        title: '第1章',
        durationSecs: 125,
        prevId: null,
        nextId: 2,
        book: { title: '书7', coverUrl: '/covers/7.png' },
      },
      positionSecs: 0,
      source: 'server',
    });
    expect(window.localStorage.getItem(lastChapterKey)).not.toMatch(/audio|access/);
  });

  it('forgets one listener’s chapter only, and the key with the last one', () => {
    rememberChapter(2, chapterDetail(1), 10, 'server');
    rememberChapter(null, chapterDetail(2), 20, 'server');
    forgetChapter(2);
    expect(lastChapter(2)).toBeNull();
    expect(lastChapter(null)).not.toBeNull();
    forgetChapter(null);
    expect(window.localStorage.getItem(lastChapterKey)).toBeNull();
  });

  it('reads damaged storage as nothing', () => {
    window.localStorage.setItem(lastChapterKey, '{nope');
    expect(lastChapter(null)).toBeNull();
    window.localStorage.setItem(
      lastChapterKey,
      JSON.stringify([{ userId: null, chapter: { id: 1 }, positionSecs: 1, source: 'server' }, 'x']),
    );
    expect(lastChapter(null)).toBeNull();
  });
});
