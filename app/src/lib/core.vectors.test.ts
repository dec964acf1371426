// The shared vectors of core, run through the three wasm builds (the solver's in both its SIMD and its
// scalar build): the browser runs the same rules as the server.
// All but the native-only rules below, which neither build exports.
// A rule error is expected as `{"error": "<message>"}`: the wasm export throws an Error with that message.
import * as shell from 'tingshu-wasm';
import * as pages from 'tingshu-wasm-pages';
import * as pow from 'tingshu-wasm-pow';
import * as powScalar from 'tingshu-wasm-pow-scalar';
import vectors from '../../../core/vectors/rules.json';

interface Vector {
  rule: string;
  input: unknown;
  expected: unknown;
  note?: string;
}

const list = vectors as Vector[];
/** A rule exported by both modules would be built twice; by neither, missing. */
const exportsOf = (module: object) =>
  Object.keys(module).filter((name) => !name.startsWith('__') && name !== 'default' && name !== 'initSync');
const rules = { ...shell, ...pages, ...pow } as unknown as Record<string, unknown>;

/**
 * Rules only the server computes whose tables would weigh on the browser: exported by neither
 * wasm module, so their vectors are checked natively only (core/tests/vectors.rs).
 * - `usernameSkeleton`: the look-alike skeleton usernames compare by (NFKC, then UTS #39
 *   confusables); its tables would nearly double the pages module, and the browser never
 *   compares names (the account forms' validations return trimmed values, not normalized ones).
 *
 * The other server-only rules (`signAudioUrl`, `verifyPow`, `neutralizeCsvCell`,
 * `restoreCsvCell`, …) hold no tables and cost the module little (the two CSV rules, unused by
 * the app, add 2.5 KB raw, 0.8 KB gzip, mostly their glue), so the pages module keeps exporting
 * them and these vectors check the browser's build of them too.
 */
const NATIVE_ONLY = ['usernameSkeleton'];

describe('core vectors through wasm', () => {
  it('has vectors', () => {
    expect(list.length).toBeGreaterThan(0);
  });

  it('builds every rule into exactly one of the three modules', () => {
    const inShell = exportsOf(shell);
    const inPages = exportsOf(pages);
    const inPow = exportsOf(pow);
    expect(inShell.filter((name) => inPages.includes(name))).toEqual([]);
    expect(inPow.filter((name) => inShell.includes(name) || inPages.includes(name))).toEqual([]);
    expect(inShell.length).toBeGreaterThan(10);
    expect(inPages.length).toBeGreaterThan(10);
    expect(inPow).toEqual(expect.arrayContaining(['solvePow', 'verifyPow', 'powDigest']));
    // The solver's scalar build (for browsers without wasm SIMD) is the same module otherwise.
    expect(exportsOf(powScalar)).toEqual(inPow);
  });

  it.each(
    list
      .map((vector, index) => [index, vector.rule, vector.note ?? '', vector] as const)
      .filter(([, rule]) => rule in powScalar),
  )('#%i %s %s, in the scalar solver build', (_index, rule, _note, vector) => {
    const fn = (powScalar as unknown as Record<string, (input: unknown) => unknown>)[rule];
    expect(fn(vector.input)).toEqual(vector.expected);
  });

  it.each(NATIVE_ONLY)('keeps the native-only rule %s out of both modules, with vectors', (rule) => {
    expect(exportsOf(shell)).not.toContain(rule);
    expect(exportsOf(pages)).not.toContain(rule);
    expect(exportsOf(pow)).not.toContain(rule);
    expect(list.filter((vector) => vector.rule === rule).length).toBeGreaterThan(0);
  });

  it.each(
    list
      .map((vector, index) => [index, vector.rule, vector.note ?? '', vector] as const)
      .filter(([, rule]) => !NATIVE_ONLY.includes(rule)),
  )('#%i %s %s', (_index, rule, _note, vector) => {
    const fn = rules[rule];
    expect(typeof fn, `wasm export "${rule}"`).toBe('function');
    const call = () => (fn as (input: unknown) => unknown)(vector.input);
    const expected = vector.expected as { error?: unknown } | null;
    if (expected !== null && typeof expected === 'object' && Object.keys(expected).join() === 'error') {
      expect(call).toThrowError(new Error(String(expected.error)));
    } else {
      expect(call()).toEqual(vector.expected);
    }
  });
});
