const path = require('node:path');
const transform = require('./swc-transform');

const fileStub = require.resolve('./file-stub.js');

/** `request` resolved from the package's own dependencies, or undefined when it has not got it. */
function resolveFrom(packageDir, request) {
  try {
    return require.resolve(request, { paths: [packageDir] });
  } catch {
    return undefined;
  }
}

/**
 * Module mappings every project needs: assets to a stub; for a DOM project also the font
 * package (its entry is CSS reached through package.json "main", missed by the extension
 * pattern) and styled-components' browser build (jest ignores the "browser" field, and the
 * server build never injects styles into the document).
 */
function defaultModuleNameMapper(packageDir, environment) {
  const mapper = { '\\.(css|png|jpg|jpeg|svg|webp|woff2?)$': fileStub };
  if (environment !== 'jsdom') return mapper;
  mapper['^@fontsource-variable/cairo$'] = fileStub;
  const styledBrowser = resolveFrom(
    packageDir,
    'styled-components/dist/styled-components.browser.cjs.js',
  );
  if (styledBrowser) mapper['^styled-components$'] = styledBrowser;
  return mapper;
}

/** The package's `@testing-library/dom` (the copy its `@testing-library/react` uses), if any. */
function testingLibraryDom(packageDir) {
  const react = resolveFrom(packageDir, '@testing-library/react');
  return react ? resolveFrom(path.dirname(react), '@testing-library/dom') : undefined;
}

/**
 * jest project config for a package. `environment` is 'node' or 'jsdom' (build-config's jsdom
 * environment: Node's structuredClone and Fetch API classes added).
 */
function jestProject(
  packageDir,
  {
    environment = 'node',
    setupFiles = [],
    setupFilesAfterEnv = [],
    moduleNameMapper = {},
    ...rest
  } = {},
) {
  const name = path.basename(packageDir);
  const dom = environment === 'jsdom' ? testingLibraryDom(packageDir) : undefined;
  return {
    displayName: name,
    rootDir: packageDir,
    testEnvironment:
      environment === 'jsdom' ? require.resolve('./jsdom-environment.js') : environment,
    transform: { '^.+\\.(t|j)sx?$': transform },
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}'],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json', 'mjs', 'cjs'],
    setupFiles: [
      ...(environment === 'jsdom' ? [require.resolve('./setup-dom.js')] : []),
      ...setupFiles,
    ],
    setupFilesAfterEnv: [
      ...(dom ? [require.resolve('./setup-testing-library.js')] : []),
      ...setupFilesAfterEnv,
    ],
    ...(dom ? { globals: { __TESTING_LIBRARY_DOM__: dom } } : {}),
    // A project's own mappings are added to (and may override) the defaults.
    moduleNameMapper: { ...defaultModuleNameMapper(packageDir, environment), ...moduleNameMapper },
    ...rest,
  };
}

module.exports = { jestProject };
