// The generated part of BENCHMARKS.md's Lighthouse section: rendered from the figures, and put in
// place between its markers (appended at the end of the file the first time).

/** The markers around one language's generated table. */
export const begin = (lang) => `<!-- lighthouse:${lang}:begin (written by e2e/lighthouse/run.mjs) -->`;
export const end = (lang) => `<!-- lighthouse:${lang}:end -->`;
const HEADING =
  "## Lighthouse on the listener's first pages (targets: performance ≥ 95, CLS < 0.1, LCP < 2.5 s, accessibility 100)";

/** Targets of the issues: performance ≥ 95 (issue 25), CLS < 0.1, LCP < 2.5 s, accessibility 100. */
const meets = (row) => row.performance >= 95 && row.cls < 0.1 && row.lcp < 2.5 && row.accessibility === 100;

/** The Markdown of one measurement, markers included. */
export function renderSection({ lang, date, command, machine, binary, runs, rows }) {
  const lines = [
    begin(lang),
    `**${lang}** — measured ${date} with \`${command}\` (server: ${binary}; demo catalogue; loopback; ${machine};`,
    `mobile preset with its simulated throttling; median of ${runs} runs per page):`,
    '',
    '| page | performance | FCP | LCP | CLS | TBT | accessibility | best practices | SEO | targets |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| \`${decodeURIComponent(row.path)}\` | **${row.performance}** | ${row.fcp.toFixed(1)} s | ${row.lcp.toFixed(1)} s | ` +
        `${row.cls.toFixed(3)} | ${Math.round(row.tbt)} ms | ${row.accessibility} | ${row.bestPractices} | ` +
        `${row.seo} | ${meets(row) ? 'met' : 'not met'} |`,
    ),
    end(lang),
  ];
  return lines.join('\n');
}

/**
 * `markdown` with `lang`'s generated table replaced by `section`; the first time, appended after
 * the section's other tables, or (first of all) under the section's heading at the end.
 */
export function replaceSection(markdown, section, lang) {
  const from = markdown.indexOf(begin(lang));
  const to = markdown.indexOf(end(lang));
  if (from !== -1 && to > from) return markdown.slice(0, from) + section + markdown.slice(to + end(lang).length);
  const others = [...markdown.matchAll(/<!-- lighthouse:\w+:end -->/g)];
  const last = others[others.length - 1];
  if (last) {
    const at = last.index + last[0].length;
    return `${markdown.slice(0, at)}\n\n${section}${markdown.slice(at)}`;
  }
  return `${markdown.trimEnd()}\n\n${HEADING}\n\n${section}\n`;
}
