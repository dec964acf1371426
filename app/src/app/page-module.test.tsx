// Page modules: a page fetched ahead renders at once (no loading state), one that is not loads on
// first render as before, and a route's prefetch starts beside the module when given a context.
import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { pageFrom, type PrefetchContext } from './page-module';

function fakeModule() {
  const prefetchGreeting = vi.fn<(context: PrefetchContext) => void>();
  const module = { Greeting: () => <h1>你好</h1> };
  const load = vi.fn(() => Promise.resolve(module));
  return { load, prefetchGreeting };
}

const inSuspense = (Page: React.ComponentType) => (
  <Suspense fallback={<p>loading</p>}>
    <Page />
  </Suspense>
);

const context = (): PrefetchContext => ({
  queryClient: new QueryClient(),
  lang: 'zh',
  params: { id: '3' },
  search: '',
  viewer: { lang: 'zh', userId: null },
});

describe('pageFrom', () => {
  it('renders a page whose module was fetched ahead at once, without a loading state', async () => {
    const { load } = fakeModule();
    const Page = pageFrom(load, 'Greeting');
    await Page.preload();
    render(inSuspense(Page));
    // Synchronously: no fallback was ever committed.
    expect(screen.getByRole('heading', { name: '你好' })).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it('fetches a page not fetched ahead on its first render, showing the loading state meanwhile', async () => {
    const { load } = fakeModule();
    const Page = pageFrom(load, 'Greeting');
    render(inSuspense(Page));
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '你好' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("starts the route's prefetch with the context before the module is here, and only with one", async () => {
    const { prefetchGreeting } = fakeModule();
    type Module = { Greeting: () => React.JSX.Element };
    let arrive: (module: Module) => void = () => {};
    const module = new Promise<Module>((resolve) => (arrive = resolve));
    const load = vi.fn(() => module);
    const Page = pageFrom(load, 'Greeting', prefetchGreeting);
    const withoutContext = Page.preload();
    expect(prefetchGreeting).not.toHaveBeenCalled();
    const given = context();
    const withContext = Page.preload(given);
    expect(prefetchGreeting).toHaveBeenCalledExactlyOnceWith(given);
    arrive({ Greeting: () => <h1>你好</h1> });
    await Promise.all([withoutContext, withContext]);
  });
});
