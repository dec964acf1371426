// The figures of one page from several Lighthouse reports: the median of each figure over the runs.

/** The middle value (the mean of the two middle values for an even count). */
export function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const score = (lhr, category) => (lhr.categories[category] ? Math.round(lhr.categories[category].score * 100) : NaN);
const metric = (lhr, audit) => lhr.audits[audit].numericValue;

/** Scores (0–100), FCP and LCP in seconds, CLS, TBT in ms; the environment of the first run. */
export function summarize(lhrs) {
  const of = (read) => median(lhrs.map(read));
  const [first] = lhrs;
  return {
    performance: of((lhr) => score(lhr, 'performance')),
    accessibility: of((lhr) => score(lhr, 'accessibility')),
    bestPractices: of((lhr) => score(lhr, 'best-practices')),
    seo: of((lhr) => score(lhr, 'seo')),
    fcp: of((lhr) => metric(lhr, 'first-contentful-paint')) / 1000,
    lcp: of((lhr) => metric(lhr, 'largest-contentful-paint')) / 1000,
    cls: of((lhr) => metric(lhr, 'cumulative-layout-shift')),
    tbt: of((lhr) => metric(lhr, 'total-blocking-time')),
    environment: `Lighthouse ${first.lighthouseVersion}, ${first.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, benchmark index ${Math.round(first.environment.benchmarkIndex)}`,
  };
}
