// The pages render shared-ui components: they need a DOM. The preset's DOM project brings the
// styled-components / font / asset mappings.
module.exports = require('../build-config/jest/preset').jestProject(__dirname, {
  environment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
});
