// The anti-crawler in the JSON client (spec §3, §4, §7): a new challenge code resets and
// recomputes the proof; a 429 challenge is answered with one proof and one retry; the pass an
// accepted proof earns is sent afterwards; `disable-ac` only counts in development builds.
import { solveInWorker } from '@/lib/anti-crawler/solver';
import { json, mockAnyFetch, ok } from '@/testing/fetch';
import { challengeCodeKey, maxIterations } from '@/lib/anti-crawler/proofs';
import { disableKey, keepPass, passKey } from './challenge';
import { request } from './client';

vi.mock('@/lib/anti-crawler/solver', () => ({ solveInWorker: vi.fn() }));
const solver = vi.mocked(solveInWorker);

/** Each test's own codes: the proofs module keeps the newest code's proof for the page's life. */
let codeCount = 0;
const newCode = () => `${(codeCount += 1).toString(16).padStart(2, '0')}${'ab'.repeat(15)}`;

const challenged = (code: string, where: 'top' | 'data', failure = 'challenge_required') =>
  json(
    429,
    {
      statusCode: 429,
      statusMessage: 'Too Many Requests',
      message: 'Prove you are a browser',
      code: failure,
      retryAfter: 30,
      ...(where === 'top' ? { challengeCode: code, difficulty: 13 } : {}),
      data: where === 'data' ? { challengeCode: code, difficulty: 13 } : null,
    },
    { 'Retry-After': '30', 'X-Challenge-Code': code, 'X-Challenge-Difficulty': '13' },
  );
const withHeaders = (response: Response, headers: Record<string, string>) => {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
};
const proofOf = (code: string) => `${code}:42:00${code}`;

beforeEach(() => {
  keepPass(null);
  solver.mockReset();
  solver.mockImplementation(async ({ challenge }) => ({ nonce: 42, digest: `00${challenge}` }));
  // The page has been in for a while: a new code's proof is computed ahead at once.
  vi.spyOn(performance, 'now').mockReturnValue(60_000);
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the anti-crawler challenge in the JSON client', () => {
  it('stores a new code from a header and computes its proof ahead, in the worker', async () => {
    const code = newCode();
    const answer = withHeaders(ok([]), { 'X-Challenge-Code': code, 'X-Challenge-Difficulty': '13' });
    mockAnyFetch({ 'GET /api/books': answer });
    await request('GET', '/api/books');
    await vi.waitFor(() => expect(window.localStorage.getItem(challengeCodeKey)).toBe(code));
    await vi.waitFor(() =>
      expect(solver).toHaveBeenCalledWith({
        challenge: code,
        difficulty: 13,
        maxIterations,
        startNonce: expect.any(Number),
      }),
    );
  });

  it('answers a 429 with challengeCode at the top level: the proof computed ahead, one retry with it', async () => {
    const code = newCode();
    const header = { 'X-Challenge-Code': code, 'X-Challenge-Difficulty': '13' };
    const { callsTo } = mockAnyFetch({
      'GET /api/categories': withHeaders(ok([]), header),
      'GET /api/books': [challenged(code, 'top'), ok(['a'])],
    });
    await request('GET', '/api/categories');
    await vi.waitFor(() => expect(solver).toHaveBeenCalledTimes(1));

    await expect(request('GET', '/api/books')).resolves.toEqual(['a']);
    const calls = callsTo('GET', '/api/books');
    expect(calls).toHaveLength(2);
    expect(calls[0].headers['X-Challenge-Proof']).toBeUndefined();
    expect(calls[1].headers['X-Challenge-Proof']).toBe(proofOf(code));
    // Reused, not computed again.
    expect(solver).toHaveBeenCalledTimes(1);
  });

  it('resets on a newer code: the proof ahead is for that code, not the one before', async () => {
    const [older, newer] = [newCode(), newCode()];
    mockAnyFetch({
      'GET /api/a': withHeaders(ok(1), { 'X-Challenge-Code': older, 'X-Challenge-Difficulty': '13' }),
      'GET /api/b': withHeaders(ok(1), { 'X-Challenge-Code': newer, 'X-Challenge-Difficulty': '14' }),
    });
    await request('GET', '/api/a');
    await vi.waitFor(() => expect(solver).toHaveBeenCalledTimes(1));
    await request('GET', '/api/b');
    await vi.waitFor(() => expect(solver).toHaveBeenCalledTimes(2));
    expect(solver).toHaveBeenLastCalledWith({
      challenge: newer,
      difficulty: 14,
      maxIterations,
      startNonce: expect.any(Number),
    });
    expect(window.localStorage.getItem(challengeCodeKey)).toBe(newer);
  });

  it('answers a 429 with the code under data, for a write too, with a proof of that code', async () => {
    const code = newCode();
    const { callsTo } = mockAnyFetch({ 'POST /api/favorites': [challenged(code, 'data'), ok({ id: 1 })] });
    await expect(request('POST', '/api/favorites', { body: { bookId: 1 } })).resolves.toEqual({ id: 1 });
    const calls = callsTo('POST', '/api/favorites');
    expect(calls).toHaveLength(2);
    expect(calls[1].headers['X-Challenge-Proof']).toBe(proofOf(code));
    expect(calls[1].body).toEqual({ bookId: 1 });
    expect(solver).toHaveBeenCalledWith({
      challenge: code,
      difficulty: 13,
      maxIterations,
      startNonce: expect.any(Number),
    });
    expect(window.localStorage.getItem(challengeCodeKey)).toBe(code);
  });

  it('throws a second 429 after the proof: one retry, never another', async () => {
    const code = newCode();
    const { callsTo } = mockAnyFetch({
      'GET /api/search': [challenged(code, 'top'), challenged(code, 'top', 'challenge_failed'), ok([])],
    });
    await expect(request('GET', '/api/search')).rejects.toMatchObject({ statusCode: 429, code: 'challenge_failed' });
    expect(callsTo('GET', '/api/search')).toHaveLength(2);
    expect(solver).toHaveBeenCalledTimes(1);
  });

  it('sends the pass an accepted proof earned on later requests', async () => {
    const code = newCode();
    const { callsTo } = mockAnyFetch({
      'GET /api/books': [challenged(code, 'top'), withHeaders(ok([]), { 'X-Challenge-Pass': 'pass-1' })],
      'POST /api/favorites': ok({ id: 2 }),
    });
    await request('GET', '/api/books');
    await request('POST', '/api/favorites', { body: {} });
    expect(callsTo('POST', '/api/favorites')[0].headers['X-Challenge-Pass']).toBe('pass-1');
    expect(window.sessionStorage.getItem(passKey)).toBe('pass-1');
  });

  it('drops a spent pass when challenged again', async () => {
    const code = newCode();
    keepPass('spent');
    const { callsTo } = mockAnyFetch({ 'GET /api/books': [challenged(code, 'top'), ok([])] });
    await request('GET', '/api/books');
    const [first, retry] = callsTo('GET', '/api/books');
    expect(first.headers['X-Challenge-Pass']).toBe('spent');
    expect(retry.headers['X-Challenge-Pass']).toBeUndefined();
    expect(window.sessionStorage.getItem(passKey)).toBeNull();
  });

  it('starts each solve somewhere new, so a second proof for one code is not a replay of the first', async () => {
    const code = newCode();
    const { takeProof } = await import('@/lib/anti-crawler/proofs');
    solver.mockResolvedValue(null);
    await takeProof({ code, difficulty: 13 });
    await takeProof({ code, difficulty: 13 });
    const starts = solver.mock.calls.slice(-2).map(([input]) => input.startNonce);
    expect(starts[0]).not.toBe(starts[1]);
  });

  it('answers requests challenged together with one proof: the others retry with its pass', async () => {
    const code = newCode();
    const { callsTo } = mockAnyFetch({
      'GET /api/books': (call) =>
        call.headers['X-Challenge-Proof'] === proofOf(code)
          ? withHeaders(ok(['proved']), { 'X-Challenge-Pass': 'pass-2' })
          : call.headers['X-Challenge-Pass'] === 'pass-2'
            ? ok(['passed'])
            : challenged(code, 'top'),
    });
    const answers = await Promise.all([request('GET', '/api/books'), request('GET', '/api/books')]);
    expect(answers.sort()).toEqual([['passed'], ['proved']]);
    expect(solver).toHaveBeenCalledTimes(1);
    expect(callsTo('GET', '/api/books').filter((call) => call.headers['X-Challenge-Proof'])).toHaveLength(1);
  });

  it('leaves a 429 without a challenge to the usual retry', async () => {
    const limited = json(429, {
      statusCode: 429,
      statusMessage: 'Too Many Requests',
      message: '…',
      code: 'rate_limited',
    });
    const { calls } = mockAnyFetch({ 'GET /api/books': [limited, ok(['late'])] });
    await expect(request('GET', '/api/books')).resolves.toEqual(['late']);
    expect(calls).toHaveLength(2);
    expect(calls[1].headers['X-Challenge-Proof']).toBeUndefined();
    expect(solver).not.toHaveBeenCalled();
  });

  it('honours disable-ac in a development build: no proof, the challenge thrown', async () => {
    const code = newCode();
    window.localStorage.setItem(disableKey, 'true');
    const { calls } = mockAnyFetch({
      'GET /api/books': [challenged(code, 'top'), challenged(code, 'top')],
      'GET /api/a': withHeaders(ok(1), { 'X-Challenge-Code': newCode(), 'X-Challenge-Difficulty': '13' }),
    });
    await request('GET', '/api/a');
    await expect(request('GET', '/api/books')).rejects.toMatchObject({ statusCode: 429 });
    expect(calls.some((call) => call.headers['X-Challenge-Proof'])).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(solver).not.toHaveBeenCalled();
  });

  it('ignores disable-ac in a production build', async () => {
    vi.stubEnv('DEV', false);
    const code = newCode();
    window.localStorage.setItem(disableKey, 'true');
    const { callsTo } = mockAnyFetch({ 'GET /api/books': [challenged(code, 'top'), ok(['a'])] });
    await expect(request('GET', '/api/books')).resolves.toEqual(['a']);
    expect(callsTo('GET', '/api/books')[1].headers['X-Challenge-Proof']).toBe(proofOf(code));
  });

  it('leaves the 429 standing when no proof was found in time', async () => {
    const code = newCode();
    solver.mockResolvedValueOnce(null);
    const { calls } = mockAnyFetch({ 'GET /api/books': [challenged(code, 'top'), ok(['never'])] });
    await expect(request('GET', '/api/books')).rejects.toMatchObject({ statusCode: 429, code: 'challenge_required' });
    expect(calls).toHaveLength(1);
  });
});
