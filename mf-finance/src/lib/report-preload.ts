/*
 * The financial report before its first visit. The financial list's header leads to it, and the
 * report used to wait three times in turn after that click: for its page's chunk, for its figures,
 * then (its charts drawn only once the figures are in) for Chart.js. Here its code and Chart.js
 * load while the list is shown; its figures are asked for as the pointer reaches the button
 * (report-query.ts).
 */

/**
 * The report page's code, with Chart.js started beside it (federation shares Chart.js, so the
 * charts' own import later finds it loaded).
 */
export function loadReportPage() {
  void import('chart.js').catch(() => undefined);
  return import('../features/report/pages/financial-report-page');
}

/**
 * Loads the report page and Chart.js the next time the browser is idle (a short pause where idle
 * callbacks do not exist); the returned function cancels it if it has not started.
 */
export function preloadReportPageWhenIdle(): () => void {
  const start = () => {
    void loadReportPage().catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(start, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(start, 200);
  return () => window.clearTimeout(timer);
}
