// The proof of work in wasm, as the browser's worker runs it: core's solvePow from the
// solver's own module (wasm/pkg-pow, built for speed), in V8 (node, the engine Chromium runs). The same figures as
// `tingshu-bench pow` prints natively, for bench/anti-crawler.sh to compare.
// Usage: node --experimental-wasm-modules e2e/bench/pow-wasm.mjs [digests] [difficulty] [challenges]
import { solvePow } from '../../wasm/pkg-pow/tingshu_wasm_pow.js';

const [digests = 200000, difficulty = 13, challenges = 50] = process.argv.slice(2).map(Number);

let started = performance.now();
// Difficulty 256 is never met: every nonce is tried.
const none = solvePow({ challenge: '0123456789abcdef0123456789abcdef', difficulty: 256, maxIterations: digests });
if (none !== null) throw new Error('a 256-bit difficulty was met');
const rate = digests / ((performance.now() - started) / 1000);
console.log(`wasm digests: ${rate.toFixed(0)}/s (${digests} digests)`);

let nonces = 0;
started = performance.now();
for (let i = 0; i < challenges; i += 1) {
  const solved = solvePow({ challenge: `bench-${i}`, difficulty, maxIterations: Number.MAX_SAFE_INTEGER });
  if (solved === null) throw new Error(`bench-${i} was not solved`);
  nonces += Number(solved.nonce) + 1;
}
const each = (performance.now() - started) / challenges;
console.log(`wasm solves: ${challenges} challenges at ${difficulty} bits, ${each.toFixed(1)} ms each on average (${nonces} nonces)`);
