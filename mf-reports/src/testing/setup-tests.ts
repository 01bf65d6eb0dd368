// jest-dom matchers for every test of this remote; also brings their types into the tsc program.
import '@testing-library/jest-dom';
import type * as ChartJsStandIn from './chart-js-stand-in';

// jsdom has no canvas: every page test draws its charts with a stand-in Chart.js.
jest.mock(
  'chart.js',
  () => jest.requireActual<typeof ChartJsStandIn>('./chart-js-stand-in').chartJsStandIn,
);

afterEach(() => {
  window.localStorage.clear();
});
