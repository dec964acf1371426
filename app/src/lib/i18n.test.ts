// Reading a catalogue file: the data on success; a retry asked for on a network failure or 5xx only.
import { createHttpI18n, readCatalogue, translationsReady } from './i18n';

function read(lng: string, ns: string) {
  return new Promise<{ error: unknown; data: unknown }>((resolve) => {
    readCatalogue(lng, ns, (error, data) => resolve({ error, data }));
  });
}

describe('readCatalogue', () => {
  it('fetches /_i18n/{lang}/{namespace}.json and hands over its texts', async () => {
    const fetchMock = vi.fn(async () => new Response('{"app":{"nav":{"home":"Home"}}}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { error, data } = await read('en', 'app');
    expect(fetchMock).toHaveBeenCalledWith('/_i18n/en/app.json');
    expect(error).toBeNull();
    expect(data).toEqual({ app: { nav: { home: 'Home' } } });
  });

  it('asks for a retry after a 5xx or a network failure, not after a 404', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 503 }));
    expect(await read('en', 'pages')).toMatchObject({ data: true });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const failed = await read('en', 'pages');
    expect(failed.data).toBe(true);
    expect(failed.error).toBeInstanceOf(TypeError);
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 404 }));
    const missing = await read('xx', 'app');
    expect(missing.data).toBe(false);
    expect(String(missing.error)).toContain('/_i18n/xx/app.json: 404');
  });
});

describe('translationsReady', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('resolves once the catalogue is in', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const instance = createHttpI18n('en');
    let ready = false;
    const waiting = translationsReady(instance, 60_000).then(() => (ready = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ready).toBe(false);
    answer(new Response('{"app":{"nav":{"home":"Home"}}}', { status: 200 }));
    await waiting;
    expect(instance.t('app.nav.home')).toBe('Home');
    // Once started, it answers at once.
    await translationsReady(instance, 60_000);
  });

  it('gives up waiting after the limit when the catalogue does not come', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    const instance = createHttpI18n('en');
    let ready = false;
    void translationsReady(instance, 1000).then(() => (ready = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
    expect(instance.isInitialized).toBeFalsy();
  });
});
