// Every package's unit, component and API tests in one jest run (`pnpm test:unit`).
// Browser end-to-end tests live in e2e/ and run with `pnpm test:e2e`.
const fs = require('node:fs');
const path = require('node:path');

const projects = fs
  .readdirSync(__dirname)
  .filter((dir) => dir !== 'e2e' && fs.existsSync(path.join(__dirname, dir, 'jest.config.js')))
  .map((dir) => `<rootDir>/${dir}`);

module.exports = {
  projects,
  testTimeout: 30000,
  reporters: [
    'default',
    [require.resolve('./build-config/jest/summary-reporter.js'), { label: 'unit' }],
  ],
};
