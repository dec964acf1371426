// The proof-of-work solver's worker: core's `solvePow` (the wasm `pages` build), off the main thread.
import { solvePow } from 'tingshu-wasm-pages';
import type { SolveRequest, SolveResult } from './solver';

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
