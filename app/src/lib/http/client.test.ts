// The generic HTTP layer: base URL from runtime config, error bodies, and the retry policy of spec §7.
import { apiError, json, mockAnyFetch, ok } from '@/testing/fetch';
import { ApiError } from './api-error';
import { request } from './client';

describe('http client', () => {
  afterEach(() => {
    delete window.__TINGSHU_CONFIG__;
    document.head.querySelectorAll('meta[name="tingshu-api-base"]').forEach((meta) => meta.remove());
  });

  it('unwraps data and sends JSON with the language', async () => {
    const { calls } = mockAnyFetch({ 'POST /api/things': ok({ id: 3 }) });
    document.documentElement.lang = 'ja-JP';
    await expect(request('POST', '/api/things', { body: { a: 1 } })).resolves.toEqual({ id: 3 });
    expect(calls[0].body).toEqual({ a: 1 });
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(calls[0].headers['Accept-Language']).toBe('ja-JP');
    // Stated apart from Accept-Language, so the server lets it outrank a stored choice (issue 27).
    expect(calls[0].headers['X-Tingshu-Lang']).toBe('ja-JP');
  });

  it('takes the base URL from window.__TINGSHU_CONFIG__, else the meta tag, else the same origin', async () => {
    const { calls } = mockAnyFetch({ 'GET /api/x': ok(1) });
    await request('GET', '/api/x');
    expect(calls[0].url).toBe('/api/x');

    const meta = document.createElement('meta');
    meta.name = 'tingshu-api-base';
    meta.content = 'https://meta.example/';
    document.head.append(meta);
    await request('GET', '/api/x');
    expect(calls[1].url).toBe('https://meta.example/api/x');

    window.__TINGSHU_CONFIG__ = { apiBase: 'https://api.example' };
    await request('GET', '/api/x');
    expect(calls[2].url).toBe('https://api.example/api/x');
  });

  it('throws 400–599 as ApiError with the decoded body and field messages', async () => {
    mockAnyFetch({
      'POST /api/form': apiError(409, 'username_taken', '用户名已被使用', { username: '用户名已被使用' }),
    });
    const error = await request('POST', '/api/form', { body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 409, code: 'username_taken', fields: { username: '用户名已被使用' } });
  });

  it('makes an error of a status without an error body', async () => {
    mockAnyFetch({ 'GET /api/plain': new Response('oops', { status: 418, statusText: "I'm a teapot" }) });
    await expect(request('GET', '/api/plain')).rejects.toMatchObject({ statusCode: 418, code: 'http_error' });
  });

  it('retries a read once on 503 and succeeds', async () => {
    const { calls } = mockAnyFetch({ 'GET /api/books': [json(503, null), ok(['a'])] });
    await expect(request('GET', '/api/books')).resolves.toEqual(['a']);
    expect(calls).toHaveLength(2);
  });

  it('retries a read only once: two 503 answers fail', async () => {
    const { calls } = mockAnyFetch({ 'GET /api/books': [json(503, null), json(503, null), ok(['late'])] });
    await expect(request('GET', '/api/books')).rejects.toMatchObject({ statusCode: 503 });
    expect(calls).toHaveLength(2);
  });

  it.each([408, 409, 425, 429, 500, 502, 504])('retries a read on %i', async (status) => {
    const { calls } = mockAnyFetch({ 'GET /api/r': [json(status, null), ok(true)] });
    await expect(request('GET', '/api/r')).resolves.toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('does not retry a read on 404 or 401', async () => {
    const { calls } = mockAnyFetch({
      'GET /api/missing': [json(404, null), ok(true)],
      'GET /api/auth': [json(401, null), ok(true)],
    });
    await expect(request('GET', '/api/missing')).rejects.toMatchObject({ statusCode: 404 });
    await expect(request('GET', '/api/auth')).rejects.toMatchObject({ statusCode: 401 });
    expect(calls).toHaveLength(2);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never retries a write (%s on 503)', async (method) => {
    const { calls } = mockAnyFetch({ [`${method} /api/w`]: [json(503, null), ok(true)] });
    await expect(request(method, '/api/w', { body: {} })).rejects.toMatchObject({ statusCode: 503 });
    expect(calls).toHaveLength(1);
  });

  it('turns a network failure into a status-0 ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(request('POST', '/api/x', { body: {} })).rejects.toMatchObject({ statusCode: 0, code: 'network' });
  });
});
