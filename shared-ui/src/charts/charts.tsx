import { ChartFrame } from './chart-frame';
import type { ChartCommonProps } from './types';

export interface BarChartProps extends ChartCommonProps {
  /** Series stacked on one bar per category (parts of a whole) instead of side by side. */
  readonly stacked?: boolean;
}

/** Bars per category, right to left; the figures in a table beneath. */
export function BarChart({ stacked, ...props }: BarChartProps) {
  return <ChartFrame kind="bar" drawing={{ stacked }} {...props} />;
}

export interface LineChartProps extends ChartCommonProps {
  /** The area under each line tinted. */
  readonly fill?: boolean;
}

/** Lines over ordered categories (months), right to left; the figures in a table beneath. */
export function LineChart({ fill, ...props }: LineChartProps) {
  return <ChartFrame kind="line" drawing={{ fill }} {...props} />;
}

export type DoughnutChartProps = ChartCommonProps;

/** Shares of a whole: a slice per label, a ring per series (usually one); a table beneath. */
export function DoughnutChart(props: DoughnutChartProps) {
  return <ChartFrame kind="doughnut" {...props} />;
}
