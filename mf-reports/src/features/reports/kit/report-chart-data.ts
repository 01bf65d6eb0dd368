import type { ChartData, ChartSeries, ChartTone } from 'shared-ui/charts';

/** One series of a chart drawn from a report's rows: its name, each row's value, its colour. */
export interface RowSeries<T> {
  readonly label: string;
  readonly value: (row: T) => ChartSeries['values'][number];
  readonly tone?: ChartTone;
}

/** A chart's data from a report's rows: a category per row, a value per row in each series. */
export function chartDataOf<T>(
  rows: readonly T[],
  category: (row: T) => string,
  series: readonly RowSeries<T>[],
): ChartData {
  return {
    labels: rows.map(category),
    series: series.map(({ label, value, tone }) => ({
      label,
      values: rows.map(value),
      ...(tone ? { tone } : {}),
    })),
  };
}
