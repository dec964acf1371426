// The generated tables of BENCHMARKS.md: appended once under their heading, one per language, then
// each replaced in place, the hand-written text around them kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { begin, renderSection, replaceSection } from './section.mjs';

const row = (path, performance) => ({
  path,
  performance,
  fcp: 1.51,
  lcp: 2.42,
  cls: 0.01,
  tbt: 120.4,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
});
const section = (lang, date, rows) =>
  renderSection({ lang, date, command: 'node run.mjs', machine: '2 cores', binary: 'release', runs: 3, rows });

test('the first measurement is appended after the existing sections, under its heading', () => {
  const written = replaceSection(
    '# Benchmarks\n\n## Earlier\n\ntext\n',
    section('zh', '2026-11-26', [row('/', 96)]),
    'zh',
  );
  assert.match(written, /^# Benchmarks\n\n## Earlier\n\ntext\n\n## Lighthouse/);
  assert.ok(written.endsWith('<!-- lighthouse:zh:end -->\n'));
  assert.match(written, /\| `\/` \| \*\*96\*\* \| 1\.5 s \| 2\.4 s \| 0\.010 \| 120 ms \| 100 \| 100 \| 100 \| met \|/);
});

test("another language's table goes after the first, under the same heading", () => {
  const zh = replaceSection('# Benchmarks\n', section('zh', '2026-11-26', [row('/', 92)]), 'zh');
  const both = replaceSection(`${zh}\nNotes after.\n`, section('en', '2026-11-26', [row('/en', 88)]), 'en');
  assert.equal(both.split('## Lighthouse').length, 2);
  assert.ok(both.indexOf('lighthouse:zh:end') < both.indexOf('lighthouse:en:begin'));
  assert.ok(both.indexOf('lighthouse:en:end') < both.indexOf('Notes after.'));
});

test('a later measurement replaces its own table only, keeping the text around it', () => {
  const first = replaceSection('# Benchmarks\n', section('zh', '2026-11-26', [row('/', 92)]), 'zh');
  const edited = `${first.replace(begin('zh'), `Written by hand.\n\n${begin('zh')}`)}\nNotes after.\n`;
  const second = replaceSection(edited, section('zh', '2026-11-27', [row('/', 85)]), 'zh');
  assert.equal(second.split(begin('zh')).length, 2);
  assert.match(second, /Written by hand\./);
  assert.match(second, /Notes after\./);
  assert.match(second, /measured 2026-11-27/);
  assert.doesNotMatch(second, /2026-11-26/);
  assert.match(second, /\*\*85\*\*.*not met \|/);
});
