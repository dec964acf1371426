// A Cache Storage stand-in for tests (jsdom has none): caches by name, entries by absolute address,
// each body read once when stored so a kept answer can be matched any number of times.
type Key = RequestInfo | URL;

function address(key: Key): string {
  const raw = typeof key === 'string' ? key : key instanceof URL ? key.href : key.url;
  return new URL(raw, window.location.href).href;
}

interface Entry {
  body: ArrayBuffer;
  init: ResponseInit;
}

export class FakeCache {
  readonly entries = new Map<string, Entry>();

  async match(key: Key): Promise<Response | undefined> {
    const entry = this.entries.get(address(key));
    return entry ? new Response(entry.body.slice(0), entry.init) : undefined;
  }

  async put(key: Key, response: Response): Promise<void> {
    const body = await response.arrayBuffer();
    this.entries.set(address(key), {
      body,
      init: { status: response.status, headers: Object.fromEntries(response.headers.entries()) },
    });
  }

  async delete(key: Key): Promise<boolean> {
    return this.entries.delete(address(key));
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }

  /** The paths kept (tests). */
  paths(): string[] {
    return [...this.entries.keys()].map((url) => new URL(url).pathname).sort();
  }
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();

  async open(name: string): Promise<FakeCache> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.caches.set(name, cache);
    }
    return cache;
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }
}

/** Puts a fresh fake Cache Storage in place of `caches` (removed by `vi.unstubAllGlobals`). */
export function installFakeCaches(): FakeCacheStorage {
  const storage = new FakeCacheStorage();
  vi.stubGlobal('caches', storage);
  return storage;
}
