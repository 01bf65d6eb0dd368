import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Activity } from 'react';
import { darkTheme, lightTheme, stripBidiMarks } from '../src';
import {
  BarChart,
  DoughnutChart,
  LineChart,
  barChartConfig,
  lineChartConfig,
  PRINT_PIXEL_RATIO,
  SHOW_TABLE_LABEL,
  HIDE_TABLE_LABEL,
  type ChartData,
} from '../charts';
import { parkedChartCount, sweepParkedCharts } from '../src/charts/kept-charts';
import { renderWithTheme } from './render';

// jsdom has no canvas: Chart.js is replaced by a recorder of what the charts ask it to draw.
interface RecordedChart {
  canvas: HTMLCanvasElement;
  config: {
    type: string;
    data: {
      labels: string[];
      datasets: {
        label: string;
        data: (number | null)[];
        backgroundColor?: unknown;
        borderColor?: unknown;
      }[];
    };
    options: Record<string, unknown> & {
      devicePixelRatio?: number;
      plugins: {
        legend: { rtl: boolean; textDirection: string; display: boolean };
        tooltip: {
          rtl: boolean;
          textDirection: string;
          callbacks: { label: (item: { datasetIndex: number; dataIndex: number }) => string };
        };
      };
      scales?: {
        x: { reverse: boolean; ticks: { color: string } };
        y: {
          position: string;
          grid: { color: string };
          ticks: { callback: (v: number) => string };
        };
      };
    };
  };
  destroyed: boolean;
  resizes: number[];
  updates: Pick<RecordedChart['config'], 'options' | 'data'>[];
}

const mockCharts: RecordedChart[] = [];
const mockRegistered: string[] = [];

jest.mock('chart.js', () => {
  const part = (id: string) => ({ id });
  class Chart {
    static register(...parts: { id: string }[]) {
      mockRegistered.push(...parts.map((p) => p.id));
    }
    record: RecordedChart;
    options: RecordedChart['config']['options'];
    data: RecordedChart['config']['data'];
    constructor(canvas: HTMLCanvasElement, config: RecordedChart['config']) {
      this.record = { canvas, config, destroyed: false, resizes: [], updates: [] };
      this.options = config.options;
      this.data = config.data;
      mockCharts.push(this.record);
    }
    update() {
      // What is on the canvas after the update: the chart's current options and data.
      this.record.updates.push({ options: this.options, data: this.data });
    }
    resize() {
      this.record.resizes.push(this.options.devicePixelRatio ?? 0);
    }
    destroy() {
      this.record.destroyed = true;
    }
  }
  return {
    Chart,
    BarController: part('bar'),
    BarElement: part('barElement'),
    LineController: part('line'),
    LineElement: part('lineElement'),
    PointElement: part('point'),
    DoughnutController: part('doughnut'),
    ArcElement: part('arc'),
    CategoryScale: part('category'),
    LinearScale: part('linear'),
    Filler: part('filler'),
    Legend: part('legend'),
    Tooltip: part('tooltip'),
  };
});

beforeEach(() => {
  mockCharts.length = 0;
});

const money: ChartData = {
  labels: ['يناير', 'فبراير', 'مارس'],
  series: [
    { label: 'الإيرادات', values: ['1500.10', '0.30', '12345678.99'], tone: 'success' },
    { label: 'المصروفات', values: ['200.00', null, '7.05'], tone: 'danger' },
  ],
};

async function drawn(count = 1): Promise<RecordedChart[]> {
  await waitFor(() => expect(mockCharts.length).toBeGreaterThanOrEqual(count));
  return mockCharts;
}

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) =>
      stripBidiMarks(cell.textContent ?? '')
        .replace(/\s+/g, ' ')
        .trim(),
    );

describe('BarChart', () => {
  it('draws right to left: RTL legend and tooltip, reversed category axis, value axis on the right', async () => {
    renderWithTheme(<BarChart title="الإيرادات والمصروفات" data={money} valueFormat="currency" />);
    const [chart] = await drawn();
    const { config } = chart!;
    expect(config.type).toBe('bar');
    expect(config.options.plugins.legend).toMatchObject({
      rtl: true,
      textDirection: 'rtl',
      display: true,
    });
    expect(config.options.plugins.tooltip).toMatchObject({ rtl: true, textDirection: 'rtl' });
    expect(config.options.scales?.x.reverse).toBe(true);
    expect(config.options.scales?.y.position).toBe('right');
    expect(config.options.locale).toBe('ar-SA-u-nu-latn');
    expect(config.data.labels).toEqual(['يناير', 'فبراير', 'مارس']);
    // Drawn as numbers; the blank value is a gap, never a zero.
    expect(config.data.datasets.map((d) => d.data)).toEqual([
      [1500.1, 0.3, 12345678.99],
      [200, null, 7.05],
    ]);
    // Only what a bar chart draws is registered (no chart.js/auto).
    expect(mockRegistered).toEqual(
      expect.arrayContaining(['bar', 'barElement', 'category', 'linear', 'legend', 'tooltip']),
    );
    expect(mockRegistered).not.toContain('arc');
  });

  it('formats tooltips and the value axis in Arabic from the original decimal strings', async () => {
    renderWithTheme(<BarChart title="الإيرادات والمصروفات" data={money} valueFormat="currency" />);
    const [chart] = await drawn();
    const label = chart!.config.options.plugins.tooltip.callbacks.label;
    const plain = (text: string) => stripBidiMarks(text).replace(/\s+/g, ' ');
    expect(plain(label({ datasetIndex: 0, dataIndex: 2 }))).toBe('الإيرادات: 12,345,678.99 ر.س.');
    expect(plain(label({ datasetIndex: 1, dataIndex: 1 }))).toBe('المصروفات: —');
    expect(chart!.config.options.scales?.y.ticks.callback(25000)).toBe('25,000');
  });

  it('takes its colours from the theme, light and dark', async () => {
    const { unmount } = renderWithTheme(<BarChart title="العدد" data={money} />);
    const [light] = await drawn();
    expect(light!.config.data.datasets.map((d) => d.backgroundColor)).toEqual([
      lightTheme.colors.badge.success.fg,
      lightTheme.colors.danger,
    ]);
    expect(light!.config.options.color).toBe(lightTheme.colors.text);
    expect(light!.config.options.scales?.y.grid.color).toBe(lightTheme.colors.border);
    unmount();
    expect(light!.destroyed).toBe(true);

    renderWithTheme(<BarChart title="العدد" data={money} />, { theme: darkTheme });
    const [, dark] = await drawn(2);
    expect(dark!.config.data.datasets.map((d) => d.backgroundColor)).toEqual([
      darkTheme.colors.badge.success.fg,
      darkTheme.colors.danger,
    ]);
    expect(dark!.config.options.color).toBe(darkTheme.colors.text);
    expect(dark!.config.options.scales?.x.ticks.color).toBe(darkTheme.colors.textMuted);
  });

  it('renders the same figures in a table with a caption, and an img canvas summarising them', async () => {
    renderWithTheme(
      <BarChart
        title="الإيرادات والمصروفات"
        data={money}
        valueFormat="currency"
        categoryLabel="الشهر"
      />,
    );
    await drawn();
    const table = screen.getByRole('table', { name: 'الإيرادات والمصروفات' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['الشهر', 'الإيرادات', 'المصروفات']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'يناير',
      'فبراير',
      'مارس',
    ]);
    expect(cellTexts(rows[0]!)).toEqual(['1,500.10 ر.س.', '200.00 ر.س.']);
    expect(cellTexts(rows[1]!)).toEqual(['0.30 ر.س.', '—']);
    expect(cellTexts(rows[2]!)).toEqual(['12,345,678.99 ر.س.', '7.05 ر.س.']);

    const canvas = screen.getByRole('img');
    expect(canvas.tagName).toBe('CANVAS');
    expect(canvas).toHaveAccessibleName(
      'الإيرادات والمصروفات: رسم بياني بالأعمدة لـ الإيرادات، المصروفات من يناير إلى مارس. الأرقام في الجدول التالي.',
    );
  });

  it('redraws nothing when re-rendered with equal data, and prints sharp in light colours', async () => {
    const { rerender } = renderWithTheme(<BarChart title="العدد" data={money} />, {
      theme: darkTheme,
    });
    const [chart] = await drawn();
    rerender(<BarChart title="العدد" data={{ ...money, series: [...money.series] }} />);
    expect(mockCharts).toHaveLength(1);

    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    const printed = chart!.updates[0];
    expect(printed?.options.devicePixelRatio).toBe(PRINT_PIXEL_RATIO);
    // Paper is white: the dark theme's light text would vanish.
    expect(printed?.options.color).toBe(lightTheme.colors.text);
    expect(printed?.data.datasets.map((d) => d.backgroundColor)).toEqual([
      lightTheme.colors.badge.success.fg,
      lightTheme.colors.danger,
    ]);
    expect(chart!.resizes).toEqual([PRINT_PIXEL_RATIO]);

    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    const restored = chart!.updates[1];
    expect(restored?.options.devicePixelRatio).toBeUndefined();
    expect(restored?.options.color).toBe(darkTheme.colors.text);
    expect(chart!.resizes).toEqual([PRINT_PIXEL_RATIO, 0]);
  });
});

describe('LineChart', () => {
  it('is a line chart with the same RTL axes and table', async () => {
    const counts: ChartData = {
      labels: ['2025-01', '2025-02'],
      series: [{ label: 'الأسر المستفيدة', values: [12, 1500] }],
    };
    renderWithTheme(<LineChart title="الأسر شهريًا" data={counts} fill />);
    const [chart] = await drawn();
    expect(chart!.config.type).toBe('line');
    expect(chart!.config.options.scales?.x.reverse).toBe(true);
    // One series: its name is the caption's business, no legend.
    expect(chart!.config.options.plugins.legend.display).toBe(false);
    expect(chart!.config.data.datasets[0]?.borderColor).toBe(lightTheme.colors.primary);
    const table = screen.getByRole('table', { name: 'الأسر شهريًا' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => cellTexts(row))).toEqual([['12'], ['1,500']]);
  });
});

describe('axes and lines that read true', () => {
  const months = {
    labels: [
      'يناير',
      'فبراير',
      'مارس',
      'أبريل',
      'مايو',
      'يونيو',
      'يوليو',
      'أغسطس',
      'سبتمبر',
      'نوفمبر',
    ],
  };

  it('draws a balance with straight segments through its points (no smoothing on money)', () => {
    const config = lineChartConfig(
      { ...months, series: [{ label: 'الرصيد', values: ['100.00', '-900.00', '5000.00'] }] },
      lightTheme,
      { valueFormat: 'currency' },
    );
    expect(config.data.datasets.map((dataset) => dataset.tension)).toEqual([0]);
  });

  it('puts counts on whole-number ticks; money and averages keep their decimals', () => {
    const counts = barChartConfig(
      { ...months, series: [{ label: 'الحضور', values: [1, 0, 2] }] },
      lightTheme,
    );
    expect(counts.options?.scales?.y?.ticks).toMatchObject({ precision: 0 });
    const averages = barChartConfig(
      { ...months, series: [{ label: 'متوسط الرضا', values: [4.5, 3] }] },
      lightTheme,
    );
    expect(averages.options?.scales?.y?.ticks).not.toHaveProperty('precision');
    const amounts = barChartConfig(
      { ...months, series: [{ label: 'المبلغ', values: ['100', '200'] }] },
      lightTheme,
      { valueFormat: 'currency' },
    );
    expect(amounts.options?.scales?.y?.ticks).not.toHaveProperty('precision');
  });

  it('keeps the first and the last category label inside the chart (reversed axis)', () => {
    for (const config of [
      lineChartConfig({ ...months, series: [{ label: 'الأسر', values: [1, 2] }] }, lightTheme),
      barChartConfig({ ...months, series: [{ label: 'الأسر', values: [1, 2] }] }, lightTheme),
    ]) {
      expect(config.options?.scales?.x).toMatchObject({ reverse: true, offset: true });
      expect(config.options?.layout).toEqual({ padding: { left: 12, right: 12 } });
    }
  });
});

describe('DoughnutChart', () => {
  it('colours slices from the theme palette, legend RTL, table toggled by a button', async () => {
    const user = userEvent.setup();
    const shares: ChartData = {
      labels: ['زكاة', 'صدقة', 'منحة'],
      series: [{ label: 'المبلغ', values: ['100.00', '50.50', '0.25'] }],
    };
    renderWithTheme(
      <DoughnutChart
        title="الإيرادات حسب التصنيف"
        data={shares}
        valueFormat="currency"
        table="toggle"
      />,
    );
    const [chart] = await drawn();
    expect(chart!.config.type).toBe('doughnut');
    expect(chart!.config.options.plugins.legend).toMatchObject({ rtl: true, display: true });
    expect(chart!.config.options.scales).toBeUndefined();
    expect(chart!.config.data.datasets[0]?.backgroundColor).toEqual([
      lightTheme.colors.primary,
      lightTheme.colors.badge.info.fg,
      lightTheme.colors.badge.warning.fg,
    ]);

    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: SHOW_TABLE_LABEL });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: HIDE_TABLE_LABEL })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const table = screen.getByRole('table', { name: 'الإيرادات حسب التصنيف' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => cellTexts(row))).toEqual([
      ['100.00 ر.س.'],
      ['50.50 ر.س.'],
      ['0.25 ر.س.'],
    ]);
  });
});

describe("a chart on a page hidden and shown again (the shell's kept pages)", () => {
  const counts: ChartData = { labels: ['أ', 'ب'], series: [{ label: 'العدد', values: [1, 2] }] };
  const page = (mode: 'visible' | 'hidden', data = counts) => (
    <Activity mode={mode}>
      <BarChart title="العدد" data={data} />
    </Activity>
  );

  /** A page with one chart, drawn and then hidden. */
  async function drawnThenHidden() {
    const view = renderWithTheme(page('visible'));
    const [chart] = await drawn();
    view.rerender(page('hidden'));
    return { ...view, chart: chart! };
  }

  it('shows the chart it drew instead of drawing a new one', async () => {
    const { rerender, unmount, chart } = await drawnThenHidden();
    expect(chart.destroyed).toBe(false);
    expect(parkedChartCount()).toBe(1);
    rerender(page('visible'));
    expect(mockCharts).toHaveLength(1);
    expect(chart.destroyed).toBe(false);
    expect(parkedChartCount()).toBe(0);
    unmount();
    expect(chart.destroyed).toBe(true);
  });

  it('draws anew when its data changed while hidden', async () => {
    const { rerender, unmount, chart: first } = await drawnThenHidden();
    rerender(page('visible', { ...counts, series: [{ label: 'العدد', values: [3, 4] }] }));
    const [, second] = await drawn(2);
    expect(first.destroyed).toBe(true);
    expect(second!.config.data.datasets[0]?.data).toEqual([3, 4]);
    unmount();
    expect(second!.destroyed).toBe(true);
  });

  it('destroys a parked chart once its hidden page is removed', async () => {
    const { unmount, chart } = await drawnThenHidden();
    // A hidden page removed runs no cleanup: the sweep finds its canvas gone.
    unmount();
    expect(chart.destroyed).toBe(false);
    sweepParkedCharts();
    expect(chart.destroyed).toBe(true);
    expect(parkedChartCount()).toBe(0);
  });
});
