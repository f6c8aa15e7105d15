import { useId, useRef } from 'react';
import type { Dashboard } from '@strideadmin/contract';
import { formatNumber } from '../../lib/format';
import { compactNumber, labelledIndexes, longPeriod, shortPeriod, valueTicks } from './chart-scale';
import { useElementWidth, type WidthMemo } from './use-element-width';

/** Colours of a series, light and dark (literal class names, so Tailwind keeps them). */
const colours = {
  indigo: {
    fill: 'fill-indigo-500 dark:fill-indigo-400',
    stroke: 'stroke-indigo-500 dark:stroke-indigo-400',
    area: 'fill-indigo-500/10 dark:fill-indigo-400/15',
    swatch: 'bg-indigo-500 dark:bg-indigo-400',
  },
  emerald: {
    fill: 'fill-emerald-500 dark:fill-emerald-400',
    stroke: 'stroke-emerald-500 dark:stroke-emerald-400',
    area: 'fill-emerald-500/10 dark:fill-emerald-400/15',
    swatch: 'bg-emerald-500 dark:bg-emerald-400',
  },
  amber: {
    fill: 'fill-amber-500 dark:fill-amber-400',
    stroke: 'stroke-amber-500 dark:stroke-amber-400',
    area: 'fill-amber-500/10 dark:fill-amber-400/15',
    swatch: 'bg-amber-500 dark:bg-amber-400',
  },
  rose: {
    fill: 'fill-rose-500 dark:fill-rose-400',
    stroke: 'stroke-rose-500 dark:stroke-rose-400',
    area: 'fill-rose-500/10 dark:fill-rose-400/15',
    swatch: 'bg-rose-500 dark:bg-rose-400',
  },
  sky: {
    fill: 'fill-sky-500 dark:fill-sky-400',
    stroke: 'stroke-sky-500 dark:stroke-sky-400',
    area: 'fill-sky-500/10 dark:fill-sky-400/15',
    swatch: 'bg-sky-500 dark:bg-sky-400',
  },
} as const;
export type ChartColour = keyof typeof colours;

export interface ChartSeries {
  label: string;
  colour: ChartColour;
  /** One value per period, in the periods' order. */
  values: readonly number[];
}

export interface TimeChartProps {
  title: string;
  /** What a point is ("Per day"...): shown under the title and read with the data table. */
  description: string;
  periods: readonly string[];
  granularity: Dashboard['granularity'];
  /** One series: bars or a line; two or more: grouped bars with a legend. */
  series: readonly ChartSeries[];
  kind?: 'bar' | 'line';
  /** The unit in a one-series tooltip ("1,234 steps"). */
  unit: string;
}

const height = 208;
/** The charts' box width, shared with their placeholders (dashboard-page.tsx), which measure it first. */
export const chartWidth: WidthMemo = { value: 640 };
const margin = { top: 8, right: 8, bottom: 24, left: 44 };

/**
 * A chart of the dashboard's series, drawn by hand in SVG (no chart library: a few hundred bytes
 * instead of a few hundred kilobytes). One mark per period (`data-mark`, with a tooltip); the
 * numbers are in a visually hidden table for screen readers, and the figure is named by its title.
 */
export function TimeChart({ title, description, periods, granularity, series, kind = 'bar', unit }: TimeChartProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box, chartWidth);

  const plotWidth = Math.max(width - margin.left - margin.right, 40);
  const plotHeight = height - margin.top - margin.bottom;
  const ticks = valueTicks(Math.max(0, ...series.flatMap((s) => s.values)));
  const top = ticks.at(-1) ?? 1;
  const y = (v: number) => margin.top + plotHeight - (Math.max(v, 0) / top) * plotHeight;
  const band = plotWidth / Math.max(periods.length, 1);
  const bandX = (i: number) => margin.left + i * band;
  const labelled = labelledIndexes(periods.length, plotWidth);
  const baseline = margin.top + plotHeight;

  // Bars of one period, side by side, at most 40 px each, centred in their band.
  const groupWidth = Math.min(band * 0.7, 40 * series.length);
  const barWidth = groupWidth / Math.max(series.length, 1);

  const tooltip = (i: number, period: string) =>
    series.length === 1
      ? `${longPeriod(period, granularity)}: ${formatNumber(series[0]!.values[i] ?? 0)} ${unit}`
      : `${longPeriod(period, granularity)}: ${series.map((s) => `${s.label} ${formatNumber(s.values[i] ?? 0)}`).join(', ')}`;

  // A label is centred under its point, unless that would cut it at an end of the chart.
  const labelPlacement = (i: number) => {
    const centre = bandX(i) + band / 2;
    if (band >= 56) return { x: centre, textAnchor: 'middle' as const };
    if (i === periods.length - 1) return { x: width - 2, textAnchor: 'end' as const };
    if (i === 0) return { x: margin.left, textAnchor: 'start' as const };
    return { x: centre, textAnchor: 'middle' as const };
  };

  const line = (s: ChartSeries) =>
    s.values.map((v, i) => `${i === 0 ? 'M' : 'L'}${bandX(i) + band / 2},${y(v)}`).join(' ');

  return (
    <figure
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <figcaption className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div>
          <h2 id={titleId} className="text-base font-semibold">
            {title}
          </h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">{description}</p>
        </div>
        {series.length > 1 && (
          <ul className="flex gap-4 text-sm text-slate-600 dark:text-slate-300" aria-hidden="true">
            {series.map((s) => (
              <li key={s.label} className="flex items-center gap-1.5">
                <span className={`size-2.5 rounded-sm ${colours[s.colour].swatch}`} />
                {s.label}
              </li>
            ))}
          </ul>
        )}
      </figcaption>
      <div ref={box} className="mt-4 w-full">
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="block h-auto max-w-full"
          aria-hidden="true"
        >
          {ticks.map((t) => (
            <g key={t}>
              <line
                x1={margin.left}
                x2={margin.left + plotWidth}
                y1={y(t)}
                y2={y(t)}
                className={
                  t === 0 ? 'stroke-slate-300 dark:stroke-slate-600' : 'stroke-slate-100 dark:stroke-slate-800'
                }
                strokeWidth={1}
              />
              <text
                x={margin.left - 6}
                y={y(t)}
                textAnchor="end"
                dominantBaseline="middle"
                className="fill-slate-500 text-[11px] tabular-nums dark:fill-slate-400"
              >
                {compactNumber(t)}
              </text>
            </g>
          ))}
          {periods.map((period, i) =>
            labelled.has(i) ? (
              <text
                key={period}
                y={height - 6}
                {...labelPlacement(i)}
                className="fill-slate-500 text-[11px] dark:fill-slate-400"
              >
                {shortPeriod(period, granularity)}
              </text>
            ) : null,
          )}
          {kind === 'line' &&
            series.map((s) => (
              <g key={s.label}>
                <path
                  d={`${line(s)} L${bandX(s.values.length - 1) + band / 2},${baseline} L${bandX(0) + band / 2},${baseline} Z`}
                  className={colours[s.colour].area}
                />
                <path
                  d={line(s)}
                  fill="none"
                  strokeWidth={2}
                  strokeLinejoin="round"
                  className={colours[s.colour].stroke}
                />
              </g>
            ))}
          {periods.map((period, i) => (
            <g key={period} data-mark="" data-period={period} className="group">
              <title>{tooltip(i, period)}</title>
              {/* The whole band answers the pointer, so a low bar or a zero still shows its tooltip. */}
              <rect
                x={bandX(i)}
                y={margin.top}
                width={band}
                height={plotHeight}
                className="fill-transparent group-hover:fill-slate-500/10"
              />
              {kind === 'line'
                ? series.map((s) => (
                    <circle
                      key={s.label}
                      cx={bandX(i) + band / 2}
                      cy={y(s.values[i] ?? 0)}
                      r={periods.length > 40 ? 2 : 3.5}
                      strokeWidth={2}
                      className={`${colours[s.colour].stroke} fill-white dark:fill-slate-900`}
                    />
                  ))
                : series.map((s, k) => {
                    const v = s.values[i] ?? 0;
                    return (
                      <rect
                        key={s.label}
                        x={bandX(i) + (band - groupWidth) / 2 + k * barWidth}
                        y={y(v)}
                        width={Math.max(barWidth - (series.length > 1 ? 1 : 0), 1)}
                        height={baseline - y(v)}
                        rx={Math.min(2, barWidth / 4)}
                        className={`${colours[s.colour].fill} group-hover:opacity-80`}
                      />
                    );
                  })}
            </g>
          ))}
        </svg>
      </div>
      {/* Hidden in a div: a table keeps its own size whatever its width and height say, so a table
          made sr-only itself still stretched the page by its full height (a scrollbar past Home). */}
      <div className="sr-only">
        <table>
          <caption>
            {title}, {description.toLowerCase()}
          </caption>
          <thead>
            <tr>
              <th scope="col">{{ hour: 'Hour', day: 'Day', month: 'Month' }[granularity]}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {periods.map((period, i) => (
              <tr key={period}>
                <th scope="row">{longPeriod(period, granularity)}</th>
                {series.map((s) => (
                  <td key={s.label}>{formatNumber(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
