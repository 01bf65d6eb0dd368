const path = require('node:path');
const transform = require('./swc-transform');

/** jest project config for a package. `environment` is 'node' or 'jsdom'. */
function jestProject(packageDir, { environment = 'node', setupFiles = [], setupFilesAfterEnv = [], ...rest } = {}) {
  const name = path.basename(packageDir);
  return {
    displayName: name,
    rootDir: packageDir,
    testEnvironment: environment === 'jsdom' ? require.resolve('./jsdom-environment.js') : environment,
    transform: { '^.+\\.(t|j)sx?$': transform },
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}'],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json', 'mjs', 'cjs'],
    setupFiles: [...(environment === 'jsdom' ? [require.resolve('./setup-dom.js')] : []), ...setupFiles],
    setupFilesAfterEnv,
    moduleNameMapper: {
      '\\.(css|png|jpg|jpeg|svg|webp|woff2?)$': require.resolve('./file-stub.js'),
    },
    ...rest,
  };
}

module.exports = { jestProject };
