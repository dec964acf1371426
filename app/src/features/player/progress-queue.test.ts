// The queue of positions saved offline: the newest per chapter and listener kept, replayed with
// their own `updatedAt`, dropped once the server answered (not on 401, 429, 5xx or no network).
import { apiError, json, mockFetch, ok } from '@/testing/fetch';
import { libraryApi } from '@/lib/catalog-api';
import { progressQueueKey, queueProgress, queuedProgress, replayProgress } from './progress-queue';

const body = (positionSecs: number, updatedAt: number) => ({
  positionSecs,
  durationSecs: 125,
  completed: false,
  updatedAt,
});
const saved = (chapterId: number, updatedAt: number) => ok({ chapterId, ...body(1, updatedAt) });

describe('progress queue', () => {
  it('keeps only the newest save of a chapter, per listener', () => {
    queueProgress({ userId: 2, chapterId: 1, body: body(10, 1000) });
    queueProgress({ userId: 2, chapterId: 1, body: body(30, 3000) });
    queueProgress({ userId: 2, chapterId: 1, body: body(20, 2000) });
    queueProgress({ userId: 2, chapterId: 4, body: body(5, 1500) });
    queueProgress({ userId: 9, chapterId: 1, body: body(7, 1200) });
    expect(queuedProgress()).toEqual([
      { userId: 2, chapterId: 1, body: body(30, 3000) },
      { userId: 2, chapterId: 4, body: body(5, 1500) },
      { userId: 9, chapterId: 1, body: body(7, 1200) },
    ]);
  });

  it('replays the listener’s saves with their own time and drops the ones the server answered', async () => {
    queueProgress({ userId: 2, chapterId: 1, body: body(30, 3000) });
    queueProgress({ userId: 2, chapterId: 4, body: body(5, 1500) });
    queueProgress({ userId: 2, chapterId: 6, body: body(6, 1600) });
    queueProgress({ userId: 2, chapterId: 8, body: body(8, 1800) });
    queueProgress({ userId: 9, chapterId: 1, body: body(7, 1200) });
    const { callsTo } = mockFetch({
      'PUT /api/me/progress/1': saved(1, 3000),
      'PUT /api/me/progress/4': apiError(404, 'not_found', '章节不存在'),
      'PUT /api/me/progress/6': apiError(429, 'rate_limited', '请求过于频繁'),
      'PUT /api/me/progress/8': json(503, null),
    });

    expect(await replayProgress(2, libraryApi.saveProgress)).toBe(1);
    expect(callsTo('PUT', '/api/me/progress/1')[0].body).toEqual(body(30, 3000));
    expect(callsTo('PUT', '/api/me/progress/4')).toHaveLength(1);
    // Taken (1) and refused for good (4) are gone; "later" (429, 503) and the other listener's stay.
    expect(queuedProgress().map((entry) => [entry.userId, entry.chapterId])).toEqual([
      [2, 6],
      [2, 8],
      [9, 1],
    ]);
  });

  it('stops at the first save that finds no network, keeping it and the rest', async () => {
    queueProgress({ userId: 2, chapterId: 1, body: body(30, 3000) });
    queueProgress({ userId: 2, chapterId: 4, body: body(5, 1500) });
    const { callsTo } = mockFetch({
      'PUT /api/me/progress/1': () => Promise.reject(new TypeError('Failed to fetch')),
      'PUT /api/me/progress/4': saved(4, 1500),
    });
    expect(await replayProgress(2, libraryApi.saveProgress)).toBe(0);
    expect(callsTo('PUT', '/api/me/progress/4')).toHaveLength(0);
    expect(queuedProgress()).toHaveLength(2);
  });

  it('keeps a newer save queued while an older one of its chapter is being sent', async () => {
    queueProgress({ userId: 2, chapterId: 1, body: body(30, 3000) });
    mockFetch({
      'PUT /api/me/progress/1': () => {
        queueProgress({ userId: 2, chapterId: 1, body: body(40, 4000) });
        return saved(1, 3000);
      },
    });
    await replayProgress(2, libraryApi.saveProgress);
    expect(queuedProgress()).toEqual([{ userId: 2, chapterId: 1, body: body(40, 4000) }]);
  });

  it('reads a damaged queue as empty', () => {
    window.localStorage.setItem(progressQueueKey, '{nope');
    expect(queuedProgress()).toEqual([]);
    window.localStorage.setItem(progressQueueKey, JSON.stringify([{ userId: 2 }, 'x']));
    expect(queuedProgress()).toEqual([]);
  });
});
