// The chart set (README "Charts"), reached through the `shared-ui/charts` subpath only, never the
// main entry: the login page and the shell must not even import it.
export { BarChart, LineChart, DoughnutChart } from './charts';
export type { BarChartProps, LineChartProps, DoughnutChartProps } from './charts';
export {
  PRINT_PIXEL_RATIO,
  SHOW_TABLE_LABEL,
  HIDE_TABLE_LABEL,
  CHART_LOADING_LABEL,
  CHART_FAILED_MESSAGE,
} from './chart-frame';
export { ChartTable, DEFAULT_CATEGORY_LABEL, type ChartTableProps } from './chart-table';
export {
  barChartConfig,
  lineChartConfig,
  doughnutChartConfig,
  CHART_LOCALE,
  type ChartKind,
  type ChartConfigOptions,
} from './chart-config';
export { chartPalette, toneColour } from './palette';
export { chartSummary } from './chart-summary';
export { formatChartValue } from './format-values';
export type {
  ChartData,
  ChartSeries,
  ChartTone,
  ChartValueFormat,
  ChartCommonProps,
} from './types';
