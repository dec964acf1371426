// The detections once the app is in: each kind reported once per page session, at its cadence
// (5 s and 30 s), with the report's shape (type, visitorId, timestamp, details); a failed report
// is only logged.
import { json, mockAnyFetch } from '@/testing/fetch';
import type { Detection } from './detectors';
import { fastEveryMs, slowEveryMs, watchPage, type Check } from './watch';

const reportPath = '/api/anti-crawler/report';
const found =
  (detection: Detection): Check =>
  () =>
    detection;
const devtools: Detection = { type: 'devtools', details: { outerWidth: 1280, innerWidth: 900 } };
const hooks: Detection = { type: 'hooks', details: { functions: ['fetch'] } };

function mockReports(status = 200) {
  return mockAnyFetch({ [`POST ${reportPath}`]: json(status, { success: status === 200, data: null }) });
}

describe('the anti-crawler watch', () => {
  it('reports each kind once per page session, with the report the server reads', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const { callsTo } = mockReports();
    const stop = watchPage({ visitorId: 'visitor-1', fast: [found(devtools)], slow: [found(hooks)] });
    await vi.advanceTimersByTimeAsync(slowEveryMs * 2);
    stop();
    const reports = callsTo('POST', reportPath).map((call) => call.body);
    expect(reports).toEqual([
      { type: 'devtools', visitorId: 'visitor-1', timestamp: 1_700_000_000_000, details: devtools.details },
      { type: 'hooks', visitorId: 'visitor-1', timestamp: 1_700_000_000_000, details: hooks.details },
    ]);
  });

  it('runs the light checks every 5 s and those walking the page every 30 s, until stopped', async () => {
    vi.useFakeTimers();
    mockReports();
    const fast = vi.fn(() => null);
    const slow = vi.fn(() => null);
    const stop = watchPage({ visitorId: 'v', fast: [fast], slow: [slow] });
    expect([fast.mock.calls.length, slow.mock.calls.length]).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(slowEveryMs);
    expect(fast).toHaveBeenCalledTimes(1 + slowEveryMs / fastEveryMs);
    expect(slow).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(slowEveryMs);
    expect(slow).toHaveBeenCalledTimes(2);
  });

  it('reports a kind found later, and goes on when a check or a report fails', async () => {
    vi.useFakeTimers();
    const { callsTo } = mockReports(500);
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    let open = false;
    const stop = watchPage({
      visitorId: 'v',
      fast: [
        () => {
          throw new Error('no window');
        },
        () => (open ? devtools : null),
      ],
      slow: [],
    });
    expect(callsTo('POST', reportPath)).toHaveLength(0);
    open = true;
    await vi.advanceTimersByTimeAsync(fastEveryMs);
    expect(callsTo('POST', reportPath)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(fastEveryMs);
    stop();
    expect(callsTo('POST', reportPath)).toHaveLength(1);
    expect(debug).toHaveBeenCalledWith('The anti-crawler report was not sent', expect.anything());
  });
});
