// The solver's promise face: one module worker for the page, asked once it is ready, each answer
// matched to its question, and a broken worker replaced by the next solve. The Worker is a
// stand-in (jsdom has none).
import { solvePow } from 'tingshu-wasm-pow';
import type { SolveRequest, SolveResult } from './solver';

class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  /** How the fake answers a question; by default core's answer shape with a made-up nonce. */
  static readonly usualAnswer = (request: SolveRequest): SolveResult => ({
    id: request.id,
    solution: { nonce: request.input.difficulty, digest: `digest-of-${request.input.challenge}` },
  });
  static answer = FakeWorker.usualAnswer;
  posted: SolveRequest[] = [];
  ready = false;
  terminated = false;

  constructor(
    readonly url: URL | string,
    readonly options?: WorkerOptions,
  ) {
    super();
    FakeWorker.made.push(this);
    // Its wasm takes a moment: a question posted before this would be lost.
    setTimeout(() => {
      this.ready = true;
      this.dispatchEvent(new MessageEvent('message', { data: { ready: true } }));
    }, 5);
  }

  postMessage(request: SolveRequest) {
    if (!this.ready) throw new Error('asked before it was ready');
    this.posted.push(request);
    // Answers out of order: the later question first.
    const delay = 10 - this.posted.length;
    setTimeout(
      () => this.dispatchEvent(new MessageEvent('message', { data: FakeWorker.answer(request) })),
      Math.max(delay, 0),
    );
  }

  fail(message: string) {
    this.dispatchEvent(Object.assign(new Event('error'), { message }));
  }

  terminate() {
    this.terminated = true;
  }
}

async function freshSolver() {
  vi.resetModules();
  FakeWorker.made = [];
  FakeWorker.answer = FakeWorker.usualAnswer;
  vi.stubGlobal('Worker', FakeWorker);
  return import('./solver');
}

const input = (challenge: string, difficulty = 13) => ({ challenge, difficulty, maxIterations: 1000 });

describe('the proof-of-work solver worker', () => {
  it('solves in one module worker, each answer going to its own question', async () => {
    const { solveInWorker } = await freshSolver();
    const [first, second] = await Promise.all([solveInWorker(input('aa', 13)), solveInWorker(input('bb', 14))]);
    expect(first).toEqual({ nonce: 13, digest: 'digest-of-aa' });
    expect(second).toEqual({ nonce: 14, digest: 'digest-of-bb' });
    expect(FakeWorker.made).toHaveLength(1);
    const [worker] = FakeWorker.made;
    expect(worker.options).toMatchObject({ type: 'module' });
    expect(String(worker.url)).toMatch(/solver\.worker\.ts/);
    expect(worker.posted.map((request) => request.input)).toEqual([input('aa', 13), input('bb', 14)]);
  });

  it('passes on "no proof found" as null and a failed solve as an error', async () => {
    const { solveInWorker } = await freshSolver();
    FakeWorker.answer = (request) =>
      request.input.challenge === 'none' ? { id: request.id, solution: null } : { id: request.id, error: 'bad input' };
    await expect(solveInWorker(input('none'))).resolves.toBeNull();
    await expect(solveInWorker(input('bad'))).rejects.toThrow('bad input');
  });

  it('fails what was asked of a broken worker and makes a new one for the next solve', async () => {
    const { solveInWorker } = await freshSolver();
    FakeWorker.answer = (request) => ({ id: request.id, solution: { nonce: 1, digest: 'd' } });
    const pending = solveInWorker(input('aa'));
    FakeWorker.made[0].fail('wasm did not load');
    await expect(pending).rejects.toThrow('wasm did not load');
    expect(FakeWorker.made[0].terminated).toBe(true);
    await expect(solveInWorker(input('bb'))).resolves.toEqual({ nonce: 1, digest: 'd' });
    expect(FakeWorker.made).toHaveLength(2);
  });

  it("runs core's solvePow in the worker script and posts its answer back", async () => {
    const posted = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    await import('./solver.worker');
    expect(posted).toHaveBeenCalledWith({ ready: true });
    const asked = { challenge: '0123456789abcdef0123456789abcdef', difficulty: 8, maxIterations: 100_000 };
    window.dispatchEvent(new MessageEvent('message', { data: { id: 7, input: asked } }));
    const solution = solvePow(asked);
    expect(solution).not.toBeNull();
    expect(posted).toHaveBeenCalledWith({ id: 7, solution });
  });
});
