const { jestProject } = require('../build-config/jest/preset');

// Browser tests: one serial run against the site started by the global setup. The seed's demo
// accounts are imported from api-server, which pulls in kysely (ESM only): transpile it.
module.exports = {
  ...jestProject(__dirname, { environment: 'node' }),
  testMatch: ['<rootDir>/test/**/*.e2e.ts'],
  transformIgnorePatterns: ['/node_modules/(?!\\.pnpm/kysely@|kysely/)'],
  globalSetup: '<rootDir>/scripts/global-setup.js',
  globalTeardown: '<rootDir>/scripts/global-teardown.js',
  testTimeout: 60000,
  // playwright keeps a socket to the browser briefly after close; don't wait on it.
  forceExit: true,
  reporters: [
    'default',
    [require.resolve('../build-config/jest/summary-reporter.js'), { label: 'e2e' }],
  ],
};
