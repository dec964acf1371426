// The proof-of-work solver's worker: core's `solvePow` (the wasm `pow` build, made for speed), off the main thread.
// The module waits for the wasm before it listens, so it says when it is ready: a question posted
// before then would be lost.
import { solvePow } from 'tingshu-wasm-pow';
import type { SolveRequest, SolveResult, WorkerReady } from './solver';

self.addEventListener('message', (event: MessageEvent<SolveRequest>) => {
  const { id, input } = event.data;
  let result: SolveResult;
  try {
    result = { id, solution: solvePow(input) };
  } catch (error) {
    result = { id, error: String(error) };
  }
  self.postMessage(result);
});
self.postMessage({ ready: true } satisfies WorkerReady);
