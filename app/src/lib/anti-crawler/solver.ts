// A promise face of the proof-of-work worker (`solver.worker.ts`): one worker for the page, made
// on the first solve, asked once it says it is ready, each answer matched to its question by id.
import type { PowSolution, SolvePowInput } from 'tingshu-wasm-pow';

export interface SolveRequest {
  id: number;
  input: SolvePowInput;
}

export type SolveResult = { id: number; solution: PowSolution | null } | { id: number; error: string };

/** The worker's first message: its wasm is in and it listens. */
export interface WorkerReady {
  ready: true;
}

let worker: { port: Worker; ready: Promise<void> } | null = null;
let lastId = 0;
const waiting = new Map<number, { resolve: (solution: PowSolution | null) => void; reject: (error: Error) => void }>();

function failAll(error: Error): void {
  for (const pending of waiting.values()) pending.reject(error);
  waiting.clear();
  // A broken worker is not asked again: the next solve makes a new one.
  worker?.port.terminate();
  worker = null;
}

function solverWorker(): { port: Worker; ready: Promise<void> } {
  if (worker) return worker;
  const made = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module', name: 'pow-solver' });
  let isReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (isReady = resolve));
  made.addEventListener('message', (event: MessageEvent<SolveResult | WorkerReady>) => {
    const result = event.data;
    if ('ready' in result) return isReady();
    const pending = waiting.get(result.id);
    waiting.delete(result.id);
    if (!pending) return;
    if ('error' in result) pending.reject(new Error(result.error));
    else pending.resolve(result.solution);
  });
  made.addEventListener('error', (event) => failAll(new Error(event.message || 'The solver worker failed')));
  worker = { port: made, ready };
  return worker;
}

/** Core's `solvePow` run in the worker: the nonce and digest, or null when none was found in time. */
export function solveInWorker(input: SolvePowInput): Promise<PowSolution | null> {
  return new Promise((resolve, reject) => {
    const id = (lastId += 1);
    waiting.set(id, { resolve, reject });
    try {
      const { port, ready } = solverWorker();
      void ready.then(() => port.postMessage({ id, input } satisfies SolveRequest));
    } catch (error) {
      waiting.delete(id);
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
