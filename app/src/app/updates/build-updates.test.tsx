// New-build notices: the manifest polled without cache every 5 minutes and on return to the tab, one toast per newer build, failures only logged.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/queries/client';
import { createTestI18n } from '@/testing/i18n';
import { json, mockAnyFetch } from '@/testing/fetch';
import { AppUpdates } from './app-updates';
import { buildPollIntervalMs, firstBuildPollDelayMs, watchBuilds } from './build-watcher';

const manifest = '/builds/latest.json';
const first = json(200, { version: '0.1.0', builtAt: '2026-01-01T00:00:00.000Z' });
const second = json(200, { version: '0.1.0', builtAt: '2026-01-02T00:00:00.000Z' });
const third = json(200, { version: '0.2.0', builtAt: '2026-01-03T00:00:00.000Z' });

function renderUpdates() {
  return render(
    <AppProvider i18n={createTestI18n('en')} queryClient={createQueryClient()}>
      <AppUpdates pollBuilds />
    </AppProvider>,
  );
}

/** Runs the timers `ms` ahead and lets the fetches they start settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const notices = () => screen.queryAllByText('A new version is available');

function showTab() {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  fireEvent(document, new Event('visibilitychange'));
}

describe('build updates', () => {
  beforeAll(async () => {
    await import('@/components/toast/toaster');
  });

  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('asks for the manifest past every cache and shows nothing while the build is the same', async () => {
    const { calls, fetchMock } = mockAnyFetch({ [`GET ${manifest}`]: first });
    renderUpdates();
    await advance(0);
    await advance(buildPollIntervalMs);
    await advance(buildPollIntervalMs);

    expect(calls.filter((call) => call.url === manifest)).toHaveLength(3);
    expect(fetchMock).toHaveBeenCalledWith(manifest, { cache: 'no-store' });
    expect(notices()).toHaveLength(0);
  });

  it('shows one toast with a reload button when a newer build is out, polled again after 5 minutes', async () => {
    const { calls } = mockAnyFetch({ [`GET ${manifest}`]: [first, second] });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderUpdates();
    await advance(0);
    expect(calls).toHaveLength(1);

    await advance(buildPollIntervalMs - 1);
    expect(calls).toHaveLength(1);
    expect(notices()).toHaveLength(0);

    await advance(1);
    expect(calls).toHaveLength(2);
    const [notice] = notices();
    expect(notice).toBeInTheDocument();

    // The same newer build again and again: the one notice stays, no second one is shown.
    await advance(buildPollIntervalMs);
    showTab();
    await advance(200);
    expect(calls).toHaveLength(4);
    expect(notices()).toHaveLength(1);
    expect(notices()[0]).toBe(notice);

    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    fireEvent.click(within(region).getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('polls when the tab becomes visible, and not when it is hidden', async () => {
    const { calls } = mockAnyFetch({ [`GET ${manifest}`]: [first, third] });
    renderUpdates();
    await advance(0);
    expect(calls).toHaveLength(1);

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    fireEvent(document, new Event('visibilitychange'));
    await advance(0);
    expect(calls).toHaveLength(1);

    showTab();
    await advance(0);
    expect(calls).toHaveLength(2);
    expect(notices()).toHaveLength(1);
  });

  it('announces a still newer build once more, replacing the earlier notice', async () => {
    mockAnyFetch({ [`GET ${manifest}`]: [first, second, third] });
    renderUpdates();
    await advance(0);
    await advance(buildPollIntervalMs);
    expect(notices()).toHaveLength(1);

    await advance(buildPollIntervalMs);
    // The first notice is closing; the new one is the only one open.
    await advance(200);
    expect(notices()).toHaveLength(1);
  });

  it('only logs a failed poll, and keeps polling', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls } = mockAnyFetch({ [`GET ${manifest}`]: [first, json(503, {}), json(200, { nope: 1 }), first] });
    renderUpdates();
    await advance(0);
    await advance(buildPollIntervalMs);
    await advance(buildPollIntervalMs);

    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0][0]).toBe('Checking for a new build failed');
    expect(notices()).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Notifications (F8)' })).not.toBeInTheDocument();

    await advance(buildPollIntervalMs);
    expect(calls).toHaveLength(4);
    expect(notices()).toHaveLength(0);
  });

  it('never polls when not asked to (the dev server and tests have no manifest)', async () => {
    const { calls } = mockAnyFetch({});
    render(
      <AppProvider i18n={createTestI18n('en')} queryClient={createQueryClient()}>
        <AppUpdates pollBuilds={false} />
      </AppProvider>,
    );
    await advance(buildPollIntervalMs * 2);
    expect(calls).toHaveLength(0);
  });
});

describe('watchBuilds with the build compiled in', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('first asks 10 s after the start, then announces a build other than the page’s own, and nothing for its own', async () => {
    const announced: string[] = [];
    const latest = vi.fn<() => Promise<string>>();
    latest.mockResolvedValueOnce('0.1.0@own');
    const stopOwn = watchBuilds({
      latestBuild: latest,
      onNewBuild: (b) => announced.push(b),
      runningBuild: '0.1.0@own',
    });
    await vi.advanceTimersByTimeAsync(firstBuildPollDelayMs - 1);
    expect(latest).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(latest).toHaveBeenCalledTimes(1);
    stopOwn();
    expect(announced).toEqual([]);
    latest.mockResolvedValueOnce('0.1.0@newer');
    const stop = watchBuilds({ latestBuild: latest, onNewBuild: (b) => announced.push(b), runningBuild: '0.1.0@own' });
    await vi.advanceTimersByTimeAsync(firstBuildPollDelayMs);
    expect(announced).toEqual(['0.1.0@newer']);
    stop();
  });

  it('does not ask at all when stopped before its first poll', async () => {
    const latest = vi.fn<() => Promise<string>>().mockResolvedValue('0.1.0@newer');
    const stop = watchBuilds({ latestBuild: latest, onNewBuild: () => {}, runningBuild: '0.1.0@own' });
    stop();
    await vi.advanceTimersByTimeAsync(buildPollIntervalMs * 2);
    expect(latest).not.toHaveBeenCalled();
  });
});
