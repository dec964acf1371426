// Reading a catalogue file: the data on success; a retry asked for on a network failure or 5xx only.
import { readCatalogue } from './i18n';

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
