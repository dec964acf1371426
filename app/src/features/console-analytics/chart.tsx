// A line chart of daily series drawn by uPlot (small, maintained, canvas: fast with a year of
// days), fetched only when a chart is first drawn, so it never weighs on a listener's pages. Its
// colours are the theme's (read from the CSS variables, drawn again when the scheme changes), and
// every chart has a table of the same numbers for screen readers and keyboards.
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { ConsoleTable } from '@/components/console/console-table';
import { loadUPlot } from './load-uplot';

export type Series = { label: string; values: number[] };

/** The theme's colours, in series order, as the page draws them now. */
function themeColours(): { text: string; grid: string; lines: string[] } {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: read('--color-text-muted', '#6b5a4c'),
    grid: read('--color-border', '#e6d9c8'),
    lines: [
      read('--color-primary', '#a4471e'),
      read('--color-accent', '#2f6b5e'),
      read('--color-info', '#2b61a8'),
      read('--color-warning', '#8f5b00'),
    ],
  };
}

function options(width: number, series: Series[]): uPlot.Options {
  const colours = themeColours();
  const axis = { stroke: colours.text, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid } };
  return {
    width,
    height: 220,
    legend: { show: true },
    scales: { x: { time: false } },
    axes: [axis, axis],
    series: [
      {},
      ...series.map((line, index) => ({
        label: line.label,
        stroke: colours.lines[index % colours.lines.length],
        width: 2,
      })),
    ],
  };
}

/** `dates` (`YYYY-MM-DD`) along the bottom; one line per series; the table below has the same numbers. */
export function DailyChart({
  title,
  dates,
  series,
  format,
}: {
  title: string;
  dates: string[];
  series: Series[];
  format: (value: number) => string;
}) {
  const { t } = useTranslation('console');
  const box = useRef<HTMLDivElement>(null);
  const headingId = useId();

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | null = null;
    let cancelled = false;
    const draw = async () => {
      const UPlot = await loadUPlot();
      if (cancelled) return;
      chart?.destroy();
      const data: uPlot.AlignedData = [dates.map((_, index) => index), ...series.map((line) => line.values)];
      const opts = options(element.clientWidth || 320, series);
      opts.axes![0].values = (_u, ticks) => ticks.map((tick) => dates[tick] ?? '');
      chart = new UPlot(opts, data, element);
    };
    void draw();
    const scheme = window.matchMedia?.('(prefers-color-scheme: dark)');
    const redraw = () => void draw();
    scheme?.addEventListener?.('change', redraw);
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => chart?.setSize({ width: element.clientWidth || 320, height: 220 }));
    resize?.observe(element);
    return () => {
      cancelled = true;
      scheme?.removeEventListener?.('change', redraw);
      resize?.disconnect();
      chart?.destroy();
    };
  }, [dates, series]);

  return (
    <figure className="analytics-chart" aria-labelledby={headingId}>
      <figcaption id={headingId}>{title}</figcaption>
      <div ref={box} className="analytics-chart__canvas" aria-hidden="true" />
      <details className="analytics-chart__table">
        <summary>{t('console.analytics.tableView')}</summary>
        <ConsoleTable
          label={title}
          columns={[
            { key: 'date', heading: t('console.analytics.date') },
            ...series.map((line) => ({ key: line.label, heading: line.label, numeric: true })),
          ]}
        >
          {dates.map((date, index) => (
            <tr key={date}>
              <th scope="row">{date}</th>
              {series.map((line) => (
                <td key={line.label} className="console-num">
                  {format(line.values[index] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </ConsoleTable>
      </details>
    </figure>
  );
}
