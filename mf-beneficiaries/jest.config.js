// The preset's DOM project: build-config's jsdom environment (with the Fetch API classes the
// data router needs) and the styled-components / font / asset mappings.
module.exports = require('../build-config/jest/preset').jestProject(__dirname, {
  environment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
});
