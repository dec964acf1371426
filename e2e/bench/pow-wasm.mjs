// The proof of work in wasm, as the browser's worker runs it: core's solvePow from the solver's
// own module (wasm/pkg-pow, built for speed with wasm SIMD: four nonces at once; POW_MODULE=scalar
// for wasm/pkg-pow-scalar, what a browser without SIMD gets), in V8 (node, the engine Chromium
// runs), asked in slices of 4,096 nonces as the worker asks (app/src/lib/anti-crawler/
// solve-in-slices.ts: V8 optimises a wasm function only between calls). The same figures as
// `core/examples/pow_speed.rs` prints natively, for bench/anti-crawler.sh to compare.
// Usage: node --experimental-wasm-modules e2e/bench/pow-wasm.mjs [digests] [difficulty] [challenges]
const scalar = process.env.POW_MODULE === "scalar";
const { solvePow } = await import(
  scalar
    ? "../../wasm/pkg-pow-scalar/tingshu_wasm_pow_scalar.js"
    : "../../wasm/pkg-pow/tingshu_wasm_pow.js"
);
const module = scalar ? "scalar" : "SIMD";
const sliceNonces = 4096;

/** One solve from nonce 0, slice by slice, as the worker asks it. */
function solve(challenge, difficulty, maxIterations) {
  for (let from = 0; from < maxIterations; from += sliceNonces) {
    const solution = solvePow({
      challenge,
      difficulty,
      startNonce: from,
      maxIterations: Math.min(sliceNonces, maxIterations - from),
    });
    if (solution) return solution;
  }
  return null;
}

const [digests = 200000, difficulty = 13, challenges = 50] = process.argv
  .slice(2)
  .map(Number);

// The first solve of a fresh module, at the difficulty: what a listener's first challenge costs.
let started = performance.now();
if (solve("a fresh module", difficulty, Number.MAX_SAFE_INTEGER) === null)
  throw new Error("not solved");
console.log(
  `wasm (${module}) first solve: ${(performance.now() - started).toFixed(1)} ms`,
);

started = performance.now();
// Difficulty 256 is never met: every nonce is tried.
if (solve("0123456789abcdef0123456789abcdef", 256, digests) !== null)
  throw new Error("a 256-bit difficulty was met");
const rate = digests / ((performance.now() - started) / 1000);
console.log(
  `wasm (${module}) digests: ${rate.toFixed(0)}/s (${digests} digests)`,
);

let nonces = 0;
started = performance.now();
for (let i = 0; i < challenges; i += 1) {
  const solved = solve(`bench-${i}`, difficulty, Number.MAX_SAFE_INTEGER);
  if (solved === null) throw new Error(`bench-${i} was not solved`);
  nonces += Number(solved.nonce) + 1;
}
const each = (performance.now() - started) / challenges;
console.log(
  `wasm (${module}) solves: ${challenges} challenges at ${difficulty} bits, ${each.toFixed(1)} ms each on average (${nonces} nonces)`,
);
