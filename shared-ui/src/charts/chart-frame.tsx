import { useEffect, useId, useRef, useState } from 'react';
import styled, { useTheme } from 'styled-components';
import { Button } from '../controls/button';
import { Muted } from '../layout/page-layout';
import { lightTheme, type AppTheme } from '../theme/tokens';
import {
  barChartConfig,
  doughnutChartConfig,
  lineChartConfig,
  type ChartConfigOptions,
  type ChartKind,
} from './chart-config';
import { chartSummary } from './chart-summary';
import { ChartTable } from './chart-table';
import { releaseKeptChart, takeKeptChart, type DrawnChart, type KeptChart } from './kept-charts';
import { loadChartJs, type ChartConstructor } from './load-chart-js';
import type { ChartCommonProps, ChartData } from './types';

/** Pixel ratio of the drawing while printing: a 96 dpi canvas is blurry on paper. */
export const PRINT_PIXEL_RATIO = 3;
export const SHOW_TABLE_LABEL = 'عرض الأرقام في جدول';
export const HIDE_TABLE_LABEL = 'إخفاء الجدول';
export const CHART_LOADING_LABEL = 'جارٍ تحميل الرسم البياني...';
export const CHART_FAILED_MESSAGE = 'تعذر عرض الرسم البياني؛ الأرقام في الجدول.';

const Figure = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  break-inside: avoid;

  @media print {
    /* Paper is white whatever the screen's theme. */
    color: #000;
    [data-chart-table][hidden] {
      display: table !important;
    }
    [data-table-scroll][hidden] {
      display: block !important;
    }
    [data-chart-toggle] {
      display: none;
    }
  }
`;

const Heading = styled.figcaption`
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

const Canvas = styled.div<{ $height: number }>`
  position: relative;
  inline-size: 100%;
  block-size: ${({ $height }) => `${$height}px`};
  break-inside: avoid;

  canvas {
    max-inline-size: 100%;
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-start;
`;

/** The props of a chart of `kind`: the common ones and that kind's drawing options. */
export interface ChartFrameProps extends ChartCommonProps {
  readonly kind: ChartKind;
  readonly drawing?: Pick<ChartConfigOptions, 'stacked' | 'fill'>;
}

/** The same data object while its content is the same, so an inline `data={{…}}` does not redraw. */
function useStableData(data: ChartData): ChartData {
  const key = JSON.stringify(data);
  const [stable, setStable] = useState({ key, data });
  if (stable.key !== key) {
    setStable({ key, data });
    return data;
  }
  return stable.data;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

type DrawState = 'loading' | 'ready' | 'failed';

/** The configuration of a chart of `kind` (Chart.js types each configuration by kind). */
function configFor(kind: ChartKind, data: ChartData, theme: AppTheme, options: ChartConfigOptions) {
  switch (kind) {
    case 'bar':
      return barChartConfig(data, theme, options);
    case 'line':
      return lineChartConfig(data, theme, options);
    case 'doughnut':
      return doughnutChartConfig(data, theme, options);
  }
}

/** A Chart of `kind` on `canvas`. */
function drawChart(
  ChartClass: ChartConstructor,
  canvas: HTMLCanvasElement,
  kind: ChartKind,
  data: ChartData,
  theme: AppTheme,
  options: ChartConfigOptions,
) {
  switch (kind) {
    case 'bar':
      return new ChartClass(canvas, barChartConfig(data, theme, options));
    case 'line':
      return new ChartClass(canvas, lineChartConfig(data, theme, options));
    case 'doughnut':
      return new ChartClass(canvas, doughnutChartConfig(data, theme, options));
  }
}

/**
 * One chart: the canvas (role="img", a summary for its aria-label) drawn by Chart.js once it has
 * loaded, and the table alternative with the same figures. Redrawn when the data, the theme
 * (light/dark) or the options change. For print (`beforeprint`, or the print media query) it
 * is redrawn in the light theme at `PRINT_PIXEL_RATIO` and resized to the paper's width;
 * `afterprint` restores the screen's drawing. Hidden and shown again by `<Activity>` (a kept page),
 * it shows the chart it drew instead of drawing a new one (kept-charts.ts).
 */
export function ChartFrame({
  kind,
  data: dataProp,
  title,
  description,
  valueFormat = 'number',
  currency = 'SAR',
  categoryLabel,
  table = 'visible',
  height = 300,
  showTitle = true,
  drawing,
  className,
}: ChartFrameProps) {
  const data = useStableData(dataProp);
  const theme = useTheme();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const keptRef = useRef<KeptChart | null>(null);
  const [state, setState] = useState<DrawState>('loading');
  const [tableOpen, setTableOpen] = useState(table === 'visible');
  const tableId = useId();
  const stacked = drawing?.stacked;
  const fill = drawing?.fill;

  useEffect(() => {
    let cancelled = false;
    const drawnFrom = [kind, data, theme, valueFormat, currency, stacked, fill];
    const kept = takeKeptChart(keptRef.current, canvasRef.current, drawnFrom);
    keptRef.current = kept;
    let chart: DrawnChart | null = kept?.chart ?? null;
    const settings = { valueFormat, currency, stacked, fill };
    // Paper is white whatever the screen's theme: print in the light theme's colours, sharp
    // (a raised pixel ratio), without animation; then back to the screen's drawing.
    const redraw = (printing: boolean) => {
      if (!chart) return;
      const config = printing
        ? configFor(kind, data, lightTheme, { ...settings, reducedMotion: true })
        : configFor(kind, data, theme, { ...settings, reducedMotion: true });
      chart.data = config.data;
      chart.options = printing
        ? { ...config.options, devicePixelRatio: PRINT_PIXEL_RATIO }
        : config.options;
      chart.update('none');
      chart.resize();
    };
    const sharpen = () => redraw(true);
    const restore = () => redraw(false);
    const print = typeof window.matchMedia === 'function' ? window.matchMedia('print') : undefined;
    const onPrintChange = (event: MediaQueryListEvent) => (event.matches ? sharpen() : restore());

    if (!chart) {
      loadChartJs(kind).then(
        (ChartClass) => {
          const canvas = canvasRef.current;
          if (cancelled || !canvas) return;
          chart = drawChart(ChartClass, canvas, kind, data, theme, {
            ...settings,
            reducedMotion: prefersReducedMotion(),
          });
          keptRef.current = { chart, canvas, drawnFrom };
          setState('ready');
        },
        () => {
          if (!cancelled) setState('failed');
        },
      );
    }
    window.addEventListener('beforeprint', sharpen);
    window.addEventListener('afterprint', restore);
    print?.addEventListener?.('change', onPrintChange);
    return () => {
      cancelled = true;
      window.removeEventListener('beforeprint', sharpen);
      window.removeEventListener('afterprint', restore);
      print?.removeEventListener?.('change', onPrintChange);
      // Parked while the canvas stays in the document (a hidden page, or new inputs: the next run
      // decides); destroyed when it has gone with the frame.
      if (keptRef.current && !releaseKeptChart(keptRef.current)) keptRef.current = null;
      chart = null;
    };
  }, [kind, data, theme, valueFormat, currency, stacked, fill]);

  const summary = chartSummary(kind, title, data, description);
  return (
    <Figure className={className} data-chart={kind} aria-busy={state === 'loading'}>
      {showTitle && <Heading>{title}</Heading>}
      {description && <Muted>{description}</Muted>}
      {state === 'failed' ? (
        <Muted role="status">{CHART_FAILED_MESSAGE}</Muted>
      ) : (
        <Canvas $height={height}>
          <canvas ref={canvasRef} role="img" aria-label={summary}>
            {summary}
          </canvas>
        </Canvas>
      )}
      {state === 'loading' && <Muted role="status">{CHART_LOADING_LABEL}</Muted>}
      {table === 'toggle' && (
        <Actions data-chart-toggle="">
          <Button
            variant="ghost"
            size="sm"
            icon="eye"
            aria-expanded={tableOpen}
            aria-controls={tableId}
            onClick={() => setTableOpen((open) => !open)}
          >
            {tableOpen ? HIDE_TABLE_LABEL : SHOW_TABLE_LABEL}
          </Button>
        </Actions>
      )}
      <ChartTable
        id={tableId}
        data={data}
        caption={title}
        categoryLabel={categoryLabel}
        valueFormat={valueFormat}
        currency={currency}
        hidden={!tableOpen}
      />
    </Figure>
  );
}
