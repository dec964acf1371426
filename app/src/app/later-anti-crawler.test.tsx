// The detections' code is fetched only some time after the app started, and stopped with it.
import { act, render } from '@testing-library/react';
import { startDetections } from './anti-crawler-detections';
import { LaterAntiCrawler } from './later-anti-crawler';

const stop = vi.fn();
vi.mock('./anti-crawler-detections', () => ({ startDetections: vi.fn(() => stop) }));
const start = vi.mocked(startDetections);

it('starts the detections after the delay and stops them when the app goes', async () => {
  vi.useFakeTimers();
  const { unmount } = render(<LaterAntiCrawler delayMs={4000} />);
  await act(() => vi.advanceTimersByTimeAsync(3900));
  expect(start).not.toHaveBeenCalled();
  await act(() => vi.advanceTimersByTimeAsync(200));
  expect(start).toHaveBeenCalledTimes(1);
  unmount();
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(stop).toHaveBeenCalledTimes(1);
});
