// Sending a behaviour event: the retry schedule (5 s a try, retries after 1, 2 and 3 s, then given
// up silently) and the unload path through sendBeacon.
import { mockAnyFetch, json } from '@/testing/fetch';
import { attemptTimeoutMs, beaconEvent, postEvent } from './send-event';

const guest = { token: async () => null };

describe('postEvent', () => {
  it('retries a failing send after 1, 2 and 3 s, then gives up without throwing', async () => {
    vi.useFakeTimers();
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const { calls } = mockAnyFetch({ 'POST /api/behavior/browsing': json(503, null) });
    const sent = postEvent('browsing', { pageUrl: '/books' }, guest);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(4);
    await expect(sent).resolves.toBe(false);
    expect(debug).toHaveBeenCalled();
  });

  it('gives each try 5 s before abandoning it and retrying', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'debug').mockImplementation(() => {});
    const fetchMock = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      return new Promise<Response>((_resolve, reject) =>
        init!.signal!.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError'))),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    void postEvent('browsing', { pageUrl: '/books' }, guest);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(attemptTimeoutMs - 1);
    expect(fetchMock.mock.calls[0][1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock.mock.calls[0][1]?.signal?.aborted).toBe(true);
    // Then the 1 s wait before the first retry.
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not retry an event the server refuses, and sends the bearer token', async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {});
    const { calls } = mockAnyFetch({ 'POST /api/behavior/pageview': json(400, null) });
    await expect(postEvent('pageview', { pageUrl: '/' }, { token: async () => 'access-1' })).resolves.toBe(false);
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.Authorization).toBe('Bearer access-1');
    expect(calls[0].body).toEqual({ pageUrl: '/' });
  });

  it('stops at the first success', async () => {
    const { calls } = mockAnyFetch({ 'POST /api/behavior/pageview': json(200, { success: true, data: null }) });
    await expect(postEvent('pageview', { pageUrl: '/' }, guest)).resolves.toBe(true);
    expect(calls).toHaveLength(1);
  });
});

describe('beaconEvent', () => {
  it('hands the event to sendBeacon, a signed-in token in ?token=', async () => {
    const beacon = vi.fn((_url: string | URL, _data?: BodyInit | null) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    expect(beaconEvent('browsing', { pageUrl: '/books' }, 'access-1')).toBe(true);
    expect(beacon).toHaveBeenCalledWith('/api/behavior/browsing?token=access-1', expect.any(Blob));
    const blob = beacon.mock.calls[0][1] as Blob;
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual({ pageUrl: '/books' });
    beaconEvent('browsing', { pageUrl: '/books' }, null);
    expect(beacon).toHaveBeenLastCalledWith('/api/behavior/browsing', expect.any(Blob));
  });
});
