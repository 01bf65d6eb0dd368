// jsdom has no canvas: Chart.js is a stand-in (setup-tests.ts mocks it with this for every
// test); the charts' tables carry the figures.
class Chart {
  static register() {}
  options: Record<string, unknown> = {};
  resize() {}
  destroy() {}
}

const part = { id: 'part' };

/** Chart.js's module: `Chart`, and a stand-in for each controller, element or scale it names. */
export const chartJsStandIn = new Proxy(
  { Chart },
  { get: (target, key) => (key === 'Chart' ? target.Chart : part) },
);
