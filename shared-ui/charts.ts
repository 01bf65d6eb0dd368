// The chart entry of shared-ui (`import { BarChart } from 'shared-ui/charts'`), kept apart from
// src/index.ts like testing.ts: a bundle that never imports it (the login page, the host shell)
// carries none of the chart code, and chart.js itself loads only when a chart renders.
export * from './src/charts';
