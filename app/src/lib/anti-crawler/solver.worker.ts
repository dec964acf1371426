// The proof-of-work solver's worker: core's `solvePow` (the wasm `pow` build, made for speed), off the main thread.
// The SIMD build hashes four nonces at once; a browser without wasm SIMD gets the scalar build. A
// solve is asked in slices of `sliceNonces` (`solveInSlices`), since V8 moves a wasm function to its
// optimising compiler only between calls. The module waits for the wasm before it listens, so it
// says when it is ready: a question posted before then would be lost.
import { simd } from 'wasm-feature-detect';
import type { SolveRequest, SolveResult, WorkerReady } from './solver';
import { solveInSlices } from './solve-in-slices';

const { solvePow } = (await simd()) ? await import('tingshu-wasm-pow') : await import('tingshu-wasm-pow-scalar');

self.addEventListener('message', (event: MessageEvent<SolveRequest>) => {
  const { id, input } = event.data;
  let result: SolveResult;
  try {
    result = { id, solution: solveInSlices(solvePow, input) };
  } catch (error) {
    result = { id, error: String(error) };
  }
  self.postMessage(result);
});
self.postMessage({ ready: true } satisfies WorkerReady);
