// One solve asked of core's `solvePow` in slices of nonces, in order: the same first proof as one
// call finds, but V8 optimises a wasm function only between calls, so a solve made of one long call
// would run whole in its baseline code (about half the speed for the SIMD build).
import type { PowSolution, SolvePowInput } from 'tingshu-wasm-pow';

/** Nonces a slice tries: a few ms at the SIMD build's speed. */
export const sliceNonces = 4096;

export function solveInSlices(
  solvePow: (input: SolvePowInput) => PowSolution | null,
  input: SolvePowInput,
): PowSolution | null {
  const start = input.startNonce ?? 0;
  const end = start + input.maxIterations;
  for (let from = start; from < end; from += sliceNonces) {
    const solution = solvePow({ ...input, startNonce: from, maxIterations: Math.min(sliceNonces, end - from) });
    if (solution) return solution;
  }
  return null;
}
