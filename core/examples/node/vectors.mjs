// Runs core's vectors (core/vectors/rules.json) through the npm package: the reference for
// checking any implementation of the rules against the fixture. Each case's output must equal
// `expected` as JSON; an expected `{"error": message}` means the rule throws that message.
// Usage, from a project that installed the tarball: `node vectors.mjs path/to/rules.json`.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import * as rules from 'tingshu-core';

const vectors = JSON.parse(readFileSync(process.argv[2], 'utf8'));
let passed = 0;
const skipped = new Set();
const failures = [];
for (const [index, { rule, input, expected, note }] of vectors.entries()) {
  const fn = rules[rule];
  if (typeof fn !== 'function') {
    skipped.add(rule); // computed by the server only: no JavaScript export
    continue;
  }
  const wantsError = expected !== null && typeof expected === 'object' && Object.keys(expected).join() === 'error';
  let outcome;
  try {
    outcome = { value: fn(input) };
  } catch (error) {
    outcome = { error: String(error.message) };
  }
  const ok = wantsError ? outcome.error === expected.error : isDeepStrictEqual(outcome.value, expected);
  if (ok) passed += 1;
  else failures.push(`#${index} ${rule} (${note ?? ''}): expected ${JSON.stringify(expected)}, got ${JSON.stringify(outcome)}`);
}
for (const failure of failures) console.error(failure);
console.log(`${passed} passed, ${failures.length} failed, skipped (server only): ${[...skipped].join(', ') || 'none'}`);
process.exit(failures.length === 0 && passed > 0 ? 0 : 1);
