// A page's module, fetched on first use like a lazy component, that can also be fetched ahead of its
// first render (`./preload-page`) — and then renders at once: a page already here never suspends,
// so React does not hold it back behind a loading state (it reveals a page that suspended no
// sooner than 300 ms after showing that state). A route may also name the data its page asks
// for first, which is then asked for beside the module rather than once the page renders.
import { createElement, lazy, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { Lang } from '@/lib/core';
import type { Viewer } from '@/lib/queries/viewer';

/** What a page's prefetch knows: the cache, the language, the route's params, the address's query and who asks. */
export interface PrefetchContext {
  queryClient: QueryClient;
  lang: Lang;
  params: Params;
  /** The address's query (`?…`, or `''`). */
  search: string;
  /** Null while a stored session is still to be restored: answers made per user must wait. */
  viewer: Viewer | null;
}

/** Starts the queries a page makes first (with the very options its hooks use). */
export type PagePrefetch = (context: PrefetchContext) => void;

export type PageComponent = ComponentType & {
  /**
   * Starts the page's first queries when given a context and fetches the module meanwhile; the
   * page renders without suspending once this has resolved.
   */
  preload: (context?: PrefetchContext) => Promise<void>;
};

export function pageFrom<M, K extends keyof M>(load: () => Promise<M>, key: K, prefetch?: PagePrefetch): PageComponent {
  let loaded: ComponentType | null = null;
  const fetchModule = () =>
    load().then((module) => {
      loaded = module[key] as ComponentType;
      return module;
    });
  const Lazy = lazy(() => fetchModule().then(() => ({ default: loaded as ComponentType })));
  // `Lazy` suspends only until the module is here; after that the page itself is rendered.
  const Page = () => createElement(loaded ?? Lazy);
  Page.displayName = String(key);
  const preload = async (context?: PrefetchContext) => {
    if (context && prefetch) prefetch(context);
    await fetchModule();
  };
  return Object.assign(Page, { preload });
}
