// A solve in slices finds what one call of core's solvePow finds, in both wasm builds, and tries
// no nonce outside the range it was given.
import { solvePow } from 'tingshu-wasm-pow';
import { solvePow as solvePowScalar } from 'tingshu-wasm-pow-scalar';
import type { SolvePowInput } from 'tingshu-wasm-pow';
import { sliceNonces, solveInSlices } from './solve-in-slices';

describe('a solve in slices', () => {
  it.each([
    ['SIMD', solvePow],
    ['scalar', solvePowScalar],
  ])('finds the same first proof as one call, with the %s build', (_, solve) => {
    for (const input of [
      { challenge: 'tingshu', difficulty: 16, maxIterations: 1_000_000 },
      { challenge: 'sliced', difficulty: 13, maxIterations: 1_000_000, startNonce: 5 },
    ]) {
      const whole = solve(input);
      expect(whole).not.toBeNull();
      // Found past the first slice, so the slices after it are asked too.
      expect(Number(whole?.nonce)).toBeGreaterThan((input.startNonce ?? 0) + sliceNonces);
      expect(solveInSlices(solve, input)).toEqual(whole);
    }
  });

  it('asks slice after slice in order and stops at the end of its range', () => {
    const asked: Array<[number, number]> = [];
    const never = (input: SolvePowInput) => {
      asked.push([input.startNonce ?? 0, input.maxIterations]);
      return null;
    };
    expect(
      solveInSlices(never, { challenge: 'c', difficulty: 256, maxIterations: 2 * sliceNonces + 10, startNonce: 7 }),
    ).toBeNull();
    expect(asked).toEqual([
      [7, sliceNonces],
      [7 + sliceNonces, sliceNonces],
      [7 + 2 * sliceNonces, 10],
    ]);
  });
});
