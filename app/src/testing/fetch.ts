// A fetch stand-in for tests: answers by "METHOD /path" (a list is answered in order, the last
// one repeating) and records every call with its parsed body and headers. `mockFetch` knows the
// contract: each route must be an endpoint of it, and each `ok(data)` must be that endpoint's data.
import type { ApiData, ApiMethod, ApiPath, Tokens, UserView } from '@/lib/api/types';

/**
 * A mocked answer. `T` is the `data` an `ok` answer carries: never read, only checked against the
 * route's (its keys too, so a page does not pass for an `{items}` answer).
 */
export type Answer<T = unknown> = Response & { readonly okData?: T; readonly okKeys?: keyof T };

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export const ok = <T>(data: T, status = 200): Answer<T> => json(status, { success: true, data });

export function apiError(statusCode: number, code: string, message: string, fields?: Record<string, string>) {
  return json(statusCode, { statusCode, statusMessage: message, message, code, ...(fields ? { fields } : {}) });
}

export interface Call {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

type Reply<T> = Answer<T> | ((call: Call) => Answer<T> | Promise<Answer<T>>);
type Replies<T> = Reply<T> | Reply<T>[];
/** A reply whatever its data. */
type AnyReply = Response | ((call: Call) => Response | Promise<Response>);

/** `/api/books/{id}` as a test spells it: `/api/books/7`. */
type Concrete<P extends string> = P extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${number}${Concrete<Tail>}`
  : P;

type Endpoint = {
  [P in ApiPath]: {
    [M in ApiMethod<P>]: { route: `${Uppercase<M>} ${Concrete<P>}`; data: ApiData<P, M> };
  }[ApiMethod<P>];
}[ApiPath];

/** The answers of the contract's endpoints, by "METHOD /path". */
export type ContractRoutes = { [E in Endpoint as E['route']]?: Replies<E['data']> };

function installFetch(routes: Record<string, AnyReply | AnyReply[] | undefined>) {
  const calls: Call[] = [];
  const used = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    const call: Call = {
      method,
      url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const key = `${method} ${path}`;
    const entry = routes[key];
    if (!entry)
      return json(404, {
        statusCode: 404,
        statusMessage: 'Not Found',
        message: `No mock for ${key}`,
        code: 'not_found',
      });
    const list = Array.isArray(entry) ? entry : [entry];
    const index = used.get(key) ?? 0;
    used.set(key, index + 1);
    const answer = list[Math.min(index, list.length - 1)];
    // A Response body can be read once: answers are cloned so a repeated answer still works.
    return typeof answer === 'function' ? answer(call) : answer.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.endsWith(path));
  return { fetchMock, calls, callsTo };
}

/** Mocks the contract's endpoints; a route or an `ok` answer the contract does not have fails to compile. */
export const mockFetch = (routes: ContractRoutes) => installFetch(routes);

/** Mocks any path, for the HTTP layer's own tests of requests that are no endpoint of the contract. */
export const mockAnyFetch = (routes: Record<string, AnyReply | AnyReply[]>) => installFetch(routes);

const minute = 60_000;

export function tokens(expiresInMs = 15 * minute, suffix = '1'): Tokens {
  return { accessToken: `access-${suffix}`, refreshToken: `refresh-${suffix}`, expiresIn: Date.now() + expiresInMs };
}

/** Puts a session into local storage as the app saves it. */
export function storeSession(user: UserView, sessionTokens = tokens(), sessionId: string | null = 'session-1') {
  window.localStorage.setItem(
    'auth',
    JSON.stringify({ user, tokens: sessionTokens, sessionId, isAuthenticated: true }),
  );
}
