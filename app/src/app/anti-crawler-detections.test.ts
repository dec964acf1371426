// The detections start with the tab's tracking session id as visitorId, unless `disable-ac` is
// honoured: in development builds only.
import { trackingSessionKey } from '@/features/tracking/session-id';
import { watchPage } from '@/features/anti-crawler/watch';
import { startDetections } from './anti-crawler-detections';

vi.mock('@/features/anti-crawler/watch', () => ({ watchPage: vi.fn(() => () => undefined) }));
const watch = vi.mocked(watchPage);

beforeEach(() => watch.mockClear());
afterEach(() => vi.unstubAllEnvs());

describe('starting the anti-crawler detections', () => {
  it('watches with the tracking session id as the visitor id', () => {
    window.sessionStorage.setItem(trackingSessionKey, '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f');
    expect(startDetections()).toBeTypeOf('function');
    expect(watch).toHaveBeenCalledWith({ visitorId: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f' });
  });

  it('honours disable-ac in a development build: no detector runs', () => {
    window.localStorage.setItem('disable-ac', 'true');
    expect(startDetections()).toBeUndefined();
    expect(watch).not.toHaveBeenCalled();
  });

  it('ignores disable-ac in a production build', () => {
    vi.stubEnv('DEV', false);
    window.localStorage.setItem('disable-ac', 'true');
    startDetections();
    expect(watch).toHaveBeenCalledTimes(1);
  });
});
