const fileStub = require.resolve('../build-config/jest/file-stub.js');

const config = require('../build-config/jest/preset').jestProject(__dirname, {
  environment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
  moduleNameMapper: {
    // The font package's entry is CSS reached through package.json "main" (missed by the
    // extension pattern below).
    '^@fontsource-variable/cairo$': fileStub,
    // jest ignores the "browser" field: without this it loads styled-components' server build,
    // which never injects styles into the document.
    '^styled-components$':
      require.resolve('styled-components/dist/styled-components.browser.cjs.js'),
    '\\.(css|png|jpg|jpeg|svg|webp|woff2?)$': fileStub,
  },
});

// A data router (react-router's useBlocker) needs the Fetch API classes jsdom lacks.
module.exports = { ...config, testEnvironment: require.resolve('./test/jsdom-environment.js') };
