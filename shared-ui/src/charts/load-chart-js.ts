/**
 * Chart.js, loaded on first use and registered piece by piece: only the controllers, elements
 * and scales a chart kind draws (never `chart.js/auto`). The dynamic import keeps chart.js out of
 * every bundle that merely imports a chart component: it downloads when a chart first renders,
 * once per page (federation shares it as a singleton, build-config/webpack/shared.js).
 */
import type { Chart } from 'chart.js';
import type { ChartKind } from './chart-config';

export type ChartConstructor = typeof Chart;

const loaded = new Map<ChartKind, Promise<ChartConstructor>>();

async function load(kind: ChartKind): Promise<ChartConstructor> {
  const chartJs = await import('chart.js');
  const { Chart: ChartClass, Legend, Tooltip } = chartJs;
  switch (kind) {
    case 'bar':
      ChartClass.register(
        chartJs.BarController,
        chartJs.BarElement,
        chartJs.CategoryScale,
        chartJs.LinearScale,
        Legend,
        Tooltip,
      );
      break;
    case 'line':
      ChartClass.register(
        chartJs.LineController,
        chartJs.LineElement,
        chartJs.PointElement,
        chartJs.CategoryScale,
        chartJs.LinearScale,
        chartJs.Filler,
        Legend,
        Tooltip,
      );
      break;
    case 'doughnut':
      ChartClass.register(chartJs.DoughnutController, chartJs.ArcElement, Legend, Tooltip);
      break;
  }
  return ChartClass;
}

/** The Chart class with what `kind` needs registered (one load per kind; a failure retries next time). */
export function loadChartJs(kind: ChartKind): Promise<ChartConstructor> {
  let promise = loaded.get(kind);
  if (!promise) {
    promise = load(kind);
    loaded.set(kind, promise);
    promise.catch(() => loaded.delete(kind));
  }
  return promise;
}
