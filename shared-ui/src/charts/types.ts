import type { BadgeTone } from '../theme/tokens';

/** One line, one set of bars or one doughnut ring: a value per category label. */
export interface ChartSeries {
  /** The legend's and the table column's Arabic name. */
  readonly label: string;
  /**
   * One value per label, in the labels' order. Money arrives from the API as exact decimal
   * strings ("1500.10"): the table shows the string itself through the formatters; only the
   * drawing turns it into a number. A blank or unreadable value draws as a gap and shows '—'.
   */
  readonly values: readonly (number | string | null)[];
  /**
   * The theme colour to draw it in (income 'success', expense 'danger'…). Without one, the
   * series takes the palette's next colour.
   */
  readonly tone?: ChartTone;
}

/** Plain data, the same shape for every chart of the set. */
export interface ChartData {
  /** The categories (months, categories…), in reading order: the first is drawn at the right. */
  readonly labels: readonly string[];
  readonly series: readonly ChartSeries[];
}

export type ChartTone = 'primary' | BadgeTone;

/** How values read in the table, the tooltips and the value axis. */
export type ChartValueFormat = 'number' | 'currency';

/** What every chart of the set takes. */
export interface ChartCommonProps {
  readonly data: ChartData;
  /** The chart's name: the table's caption and the start of the canvas's aria-label. */
  readonly title: string;
  /** A sentence under the title (period, unit); also read in the canvas's summary. */
  readonly description?: string;
  /** 'currency' formats as SAR (`formatCurrency`); default 'number' (`formatNumber`). */
  readonly valueFormat?: ChartValueFormat;
  /** ISO 4217 code for `valueFormat: 'currency'`, default SAR. */
  readonly currency?: string;
  /** The table's first column header, default 'البند'. */
  readonly categoryLabel?: string;
  /**
   * 'visible' (default): the table is always shown under the chart. 'toggle': a button shows and
   * hides it (it is always printed). Either way screen readers can reach it.
   */
  readonly table?: 'visible' | 'toggle';
  /** The drawing's height in CSS pixels (default 300); its width follows the container. */
  readonly height?: number;
  /** Whether to show the heading above the chart (default true); false when the page has one. */
  readonly showTitle?: boolean;
  readonly className?: string;
}
