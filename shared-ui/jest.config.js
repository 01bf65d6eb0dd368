const { jestProject } = require('../build-config/jest/preset');

module.exports = jestProject(__dirname, {
  environment: 'jsdom',
  setupFiles: ['<rootDir>/test/pointer-event.js'],
  setupFilesAfterEnv: ['@testing-library/jest-dom'],
  moduleNameMapper: {
    // jest ignores package.json "browser" fields, so it would load styled-components' server
    // build, which never injects createGlobalStyle rules into the document. Use the browser
    // build, as webpack does.
    '^styled-components$':
      require.resolve('styled-components/dist/styled-components.browser.cjs.js'),
    // Spelled out again because a project's moduleNameMapper replaces the preset's.
    '\\.(css|png|jpg|jpeg|svg|webp|woff2?)$': require.resolve('../build-config/jest/file-stub.js'),
  },
});
