/**
 * Drawn charts that outlive their effect while their canvas stays in the document.
 *
 * The shell keeps the pages of recent sections in hidden React `<Activity>` boundaries (
 * a warm section visit within 50 ms). Hiding a page runs its effects' cleanups and showing it
 * runs the effects again, on the same canvas. Destroying each chart on hide and drawing it anew on
 * show made the dashboard's warm visit slower than its first one (the new Chart measures its box
 * and draws inside the click). So a cleanup whose canvas is still in the document parks the chart
 * here; the next run of the same frame's effect takes it back when nothing it was drawn from has
 * changed. A canvas gone from the document (an unmounted frame) destroys its chart at once.
 *
 * A page dropped while hidden runs no cleanup at all, so parked charts whose canvas has left the
 * document are swept: whenever a chart is parked or drawn, and on a timer while any is parked.
 */

/** What the chart frame changes on a drawn chart (Chart.js accepts new data and options). */
export interface DrawnChart {
  data: unknown;
  options: unknown;
  update(mode: 'none'): void;
  resize(): void;
  destroy(): void;
}

export interface KeptChart {
  readonly chart: DrawnChart;
  readonly canvas: HTMLCanvasElement;
  /** what it was drawn from, compared item by item (Object.is) */
  readonly drawnFrom: readonly unknown[];
}

/** How often parked charts are checked for a canvas gone with its page, while any is parked. */
export const PARKED_SWEEP_MS = 10_000;

const parked = new Set<KeptChart>();
let sweepTimer: ReturnType<typeof setTimeout> | null = null;

function scheduleSweep() {
  if (sweepTimer !== null || parked.size === 0) return;
  sweepTimer = setTimeout(() => {
    sweepTimer = null;
    sweepParkedCharts();
    scheduleSweep();
  }, PARKED_SWEEP_MS);
}

/** Destroys every parked chart whose canvas is no longer in the document. */
export function sweepParkedCharts(): void {
  for (const kept of parked) {
    if (!kept.canvas.isConnected) {
      parked.delete(kept);
      kept.chart.destroy();
    }
  }
}

/** How many charts are parked (for tests). */
export function parkedChartCount(): number {
  return parked.size;
}

/**
 * `kept` when it can be shown again as drawn: the same canvas and the same inputs. Otherwise it is
 * destroyed and null is returned. Either way it is no longer parked.
 */
export function takeKeptChart(
  kept: KeptChart | null,
  canvas: HTMLCanvasElement | null,
  drawnFrom: readonly unknown[],
): KeptChart | null {
  sweepParkedCharts();
  if (!kept) return null;
  parked.delete(kept);
  const same =
    kept.canvas === canvas &&
    kept.drawnFrom.length === drawnFrom.length &&
    kept.drawnFrom.every((value, i) => Object.is(value, drawnFrom[i]));
  if (same) return kept;
  kept.chart.destroy();
  return null;
}

/**
 * Called from the frame's effect cleanup: parks `kept` while its canvas is in the document (a page
 * hidden, or inputs about to change), destroys it otherwise. Returns whether it was parked.
 */
export function releaseKeptChart(kept: KeptChart): boolean {
  if (kept.canvas.isConnected) {
    parked.add(kept);
    scheduleSweep();
    return true;
  }
  parked.delete(kept);
  kept.chart.destroy();
  return false;
}
