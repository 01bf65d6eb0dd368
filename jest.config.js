// Every package's unit, component and API tests in one jest run (`pnpm test:unit`).
// Browser end-to-end tests live in e2e/ and run with `pnpm test:e2e`.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const projects = fs
  .readdirSync(__dirname)
  .filter((dir) => dir !== 'e2e' && fs.existsSync(path.join(__dirname, dir, 'jest.config.js')))
  .map((dir) => `<rootDir>/${dir}`);

module.exports = {
  projects,
  testTimeout: 30000,
  // jest's default (one worker fewer than the cores) runs a two-core machine's files in band: one
  // core busy, the other mostly idle, since an API file waits on PostgreSQL and its child
  // processes as much as it computes. Two workers at least; the files are independent (each API
  // suite has its own database copy, servers listen on port 0).
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  reporters: [
    'default',
    [require.resolve('./build-config/jest/summary-reporter.js'), { label: 'unit' }],
  ],
};
