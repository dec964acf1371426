// A fetch stand-in for tests: answers by "METHOD /path" (a list is answered in order, the last
// one repeating) and records every call with its parsed body and headers.
import type { User } from '@/features/auth/types';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export const ok = (data: unknown, status = 200) => json(status, { success: true, data });

export function apiError(statusCode: number, code: string, message: string, fields?: Record<string, string>) {
  return json(statusCode, { statusCode, statusMessage: message, message, code, ...(fields ? { fields } : {}) });
}

type Answer = Response | ((call: Call) => Response | Promise<Response>);

export interface Call {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

export function mockFetch(routes: Record<string, Answer | Answer[]>) {
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

const minute = 60_000;

export function tokens(expiresInMs = 15 * minute, suffix = '1') {
  return { accessToken: `access-${suffix}`, refreshToken: `refresh-${suffix}`, expiresIn: Date.now() + expiresInMs };
}

/** Puts a session into local storage as the app saves it. */
export function storeSession(user: User, sessionTokens = tokens(), sessionId: string | null = 'session-1') {
  window.localStorage.setItem(
    'auth',
    JSON.stringify({ user, tokens: sessionTokens, sessionId, isAuthenticated: true }),
  );
}
