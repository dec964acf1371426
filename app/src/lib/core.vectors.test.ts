// The shared vectors of core, run through the two wasm builds: the browser runs the same rules as the server.
// A rule error is expected as `{"error": "<message>"}`: the wasm export throws an Error with that message.
import * as shell from 'tingshu-wasm';
import * as pages from 'tingshu-wasm-pages';
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
const rules = { ...shell, ...pages } as unknown as Record<string, unknown>;

describe('core vectors through wasm', () => {
  it('has vectors', () => {
    expect(list.length).toBeGreaterThan(0);
  });

  it('builds every rule into exactly one of the two modules', () => {
    const inShell = exportsOf(shell);
    const inPages = exportsOf(pages);
    expect(inShell.filter((name) => inPages.includes(name))).toEqual([]);
    expect(inShell.length).toBeGreaterThan(10);
    expect(inPages.length).toBeGreaterThan(10);
  });

  it.each(list.map((vector, index) => [index, vector.rule, vector.note ?? '', vector] as const))(
    '#%i %s %s',
    (_index, rule, _note, vector) => {
      const fn = rules[rule];
      expect(typeof fn, `wasm export "${rule}"`).toBe('function');
      const call = () => (fn as (input: unknown) => unknown)(vector.input);
      const expected = vector.expected as { error?: unknown } | null;
      if (expected !== null && typeof expected === 'object' && Object.keys(expected).join() === 'error') {
        expect(call).toThrowError(new Error(String(expected.error)));
      } else {
        expect(call()).toEqual(vector.expected);
      }
    },
  );
});
