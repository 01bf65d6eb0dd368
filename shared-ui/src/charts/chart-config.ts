/**
 * The Chart.js configurations of the set, built as plain objects from plain data and the theme,
 * so they are tested without a canvas (jsdom has none). Right to left throughout: legends and
 * tooltips `rtl` with `textDirection: 'rtl'`, the category axis reversed (the first category is
 * at the right, where an Arabic reader starts) and the value axis on the right.
 */
import type { ChartConfiguration, ChartOptions } from 'chart.js';
import type { AppTheme } from '../theme/tokens';
import { formatNumber } from '../format/format';
import { drawnValue, formatChartValue } from './format-values';
import { chartPalette, toneColour, withAlpha } from './palette';
import type { ChartData, ChartValueFormat } from './types';

export type ChartKind = 'bar' | 'line' | 'doughnut';

/**
 * The Chart.js locale: Arabic with Latin digits, as every formatter of the app
 * (docs/architecture.md#shared-ui).
 */
export const CHART_LOCALE = 'ar-SA-u-nu-latn';

export interface ChartConfigOptions {
  readonly valueFormat?: ChartValueFormat;
  readonly currency?: string;
  /** Bars stacked (bar charts). */
  readonly stacked?: boolean;
  /** The area under each line filled (line charts). */
  readonly fill?: boolean;
  /** No animation (prefers-reduced-motion, print). */
  readonly reducedMotion?: boolean;
}

type Values = (number | null)[];
/** What a tooltip line needs of Chart.js's TooltipItem (the same for every chart type). */
interface TooltipPosition {
  readonly datasetIndex: number;
  readonly dataIndex: number;
}

function seriesColours(theme: AppTheme, data: ChartData): string[] {
  const palette = chartPalette(theme, data.series.length);
  return data.series.map((series, i) =>
    series.tone ? toneColour(theme, series.tone) : (palette[i] ?? theme.colors.primary),
  );
}

/** The tooltip line of one value: the series name and the original value, formatted. */
function tooltipLabel(data: ChartData, options: ChartConfigOptions, item: TooltipPosition): string {
  const series = data.series[item.datasetIndex];
  const value = series?.values[item.dataIndex];
  const formatted = formatChartValue(value, options.valueFormat, options.currency);
  const name =
    series && data.series.length > 1 ? series.label : (data.labels[item.dataIndex] ?? '');
  return name ? `${name}: ${formatted}` : formatted;
}

/** What every chart shares: theme colours and font, RTL legend and tooltip, print sharpness. */
function baseOptions(theme: AppTheme, data: ChartData, options: ChartConfigOptions) {
  const font = { family: theme.font.family, size: 13 };
  return {
    responsive: true,
    maintainAspectRatio: false,
    locale: CHART_LOCALE,
    color: theme.colors.text,
    borderColor: theme.colors.border,
    font,
    animation: options.reducedMotion ? (false as const) : { duration: 250 },
    plugins: {
      legend: {
        display: data.series.length > 1,
        position: 'top' as const,
        align: 'start' as const,
        rtl: true,
        textDirection: 'rtl',
        labels: { color: theme.colors.text, font, usePointStyle: true },
      },
      tooltip: {
        rtl: true,
        textDirection: 'rtl',
        backgroundColor: theme.colors.tooltip.bg,
        titleColor: theme.colors.tooltip.fg,
        bodyColor: theme.colors.tooltip.fg,
        titleFont: { ...font, weight: 'bold' as const },
        bodyFont: font,
        callbacks: {
          label: (item: TooltipPosition) => tooltipLabel(data, options, item),
        },
      },
    },
  };
}

/**
 * Counts (every value a whole number, not money) are read on whole-number ticks: an axis of 0,
 * 0.1 … 0.9, 1 for one or two people reads as if there were fractions of them.
 */
export function isCountData(data: ChartData, options: ChartConfigOptions): boolean {
  if (options.valueFormat === 'currency') return false;
  return data.series.every((series) =>
    series.values.every((value) => {
      const drawn = drawnValue(value);
      return drawn === null || Number.isInteger(drawn);
    }),
  );
}

/**
 * The category (x) and value (y) axes of bar and line charts, right to left. The categories sit
 * inside their bands (`offset`), never centred on the chart's edges: reversed, Chart.js pads the
 * edges for the wrong labels, so a long last label (at the left) was cut.
 */
function cartesianScales(theme: AppTheme, data: ChartData, options: ChartConfigOptions) {
  const font = { family: theme.font.family, size: 12 };
  const ticks = { color: theme.colors.textMuted, font };
  return {
    x: {
      type: 'category' as const,
      reverse: true,
      offset: true,
      stacked: options.stacked ?? false,
      ticks: { ...ticks, maxRotation: 0, autoSkip: true, autoSkipPadding: 8 },
      grid: { display: false },
      border: { color: theme.colors.borderStrong },
    },
    y: {
      type: 'linear' as const,
      position: 'right' as const,
      beginAtZero: true,
      stacked: options.stacked ?? false,
      ticks: {
        ...ticks,
        // Whole-number steps for counts (`precision: 0`); money and averages keep decimals.
        ...(isCountData(data, options) ? { precision: 0 } : {}),
        callback: (value: number | string) => formatNumber(value),
      },
      grid: { color: theme.colors.border },
      border: { display: false },
    },
  };
}

/** Room at both ends, so the labels at the edges (and their tooltips' points) are never cut. */
const EDGE_PADDING = { padding: { left: 12, right: 12 } };

export function barChartConfig(
  data: ChartData,
  theme: AppTheme,
  options: ChartConfigOptions = {},
): ChartConfiguration<'bar', Values, string> {
  const colours = seriesColours(theme, data);
  const chartOptions: ChartOptions<'bar'> = {
    ...baseOptions(theme, data, options),
    layout: EDGE_PADDING,
    scales: cartesianScales(theme, data, options),
  };
  return {
    type: 'bar',
    data: {
      labels: [...data.labels],
      datasets: data.series.map((series, i) => ({
        label: series.label,
        data: series.values.map(drawnValue),
        backgroundColor: colours[i],
        hoverBackgroundColor: withAlpha(colours[i] ?? theme.colors.primary, 0.8),
        borderRadius: 4,
        maxBarThickness: 48,
      })),
    },
    options: chartOptions,
  };
}

export function lineChartConfig(
  data: ChartData,
  theme: AppTheme,
  options: ChartConfigOptions = {},
): ChartConfiguration<'line', Values, string> {
  const colours = seriesColours(theme, data);
  const chartOptions: ChartOptions<'line'> = {
    ...baseOptions(theme, data, options),
    layout: EDGE_PADDING,
    scales: cartesianScales(theme, data, options),
    interaction: { mode: 'index', intersect: false },
  };
  return {
    type: 'line',
    data: {
      labels: [...data.labels],
      datasets: data.series.map((series, i) => {
        const colour = colours[i] ?? theme.colors.primary;
        return {
          label: series.label,
          data: series.values.map(drawnValue),
          borderColor: colour,
          backgroundColor: options.fill ? withAlpha(colour, 0.15) : colour,
          pointBackgroundColor: colour,
          fill: options.fill ?? false,
          // Straight segments: a smoothed curve passes above and below its points (a balance
          // drawn higher or lower than it ever was); the points are the data, nothing between.
          tension: 0,
          spanGaps: false,
        };
      }),
    },
    options: chartOptions,
  };
}

export function doughnutChartConfig(
  data: ChartData,
  theme: AppTheme,
  options: ChartConfigOptions = {},
): ChartConfiguration<'doughnut', Values, string> {
  // A doughnut colours its slices (the labels), not its rings (the series).
  const colours = chartPalette(theme, data.labels.length);
  const base = baseOptions(theme, data, options);
  const chartOptions: ChartOptions<'doughnut'> = {
    ...base,
    plugins: { ...base.plugins, legend: { ...base.plugins.legend, display: true } },
  };
  return {
    type: 'doughnut',
    data: {
      labels: [...data.labels],
      datasets: data.series.map((series) => ({
        label: series.label,
        data: series.values.map(drawnValue),
        backgroundColor: colours,
        borderColor: theme.colors.surface,
        borderWidth: 2,
      })),
    },
    options: chartOptions,
  };
}
