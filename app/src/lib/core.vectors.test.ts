// The shared vectors of core, run through the wasm build: the browser runs the same rules as the server.
// A rule error is expected as `{"error": "<message>"}`: the wasm export throws an Error with that message.
import vectors from '../../../core/vectors/rules.json';
import { rules } from './core';

interface Vector {
  rule: string;
  input: unknown;
  expected: unknown;
  note?: string;
}

const list = vectors as Vector[];

describe('core vectors through wasm', () => {
  it('has vectors', () => {
    expect(list.length).toBeGreaterThan(0);
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
