const { jestProject } = require('../build-config/jest/preset');
const sourceTransform = require('../build-config/jest/swc-transform');

const ESM_ONLY = ['kysely', 'cookie', '@electric-sql/pglite'];

module.exports = jestProject(__dirname, {
  environment: 'node',
  // Decides once per run whether the API suites also run against PostgreSQL, and names the run's
  // database templates (test/support/templates.ts), which the teardown removes.
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  transform: {
    '^.+\\.(t|j)sx?$': sourceTransform,
    // PGlite's CommonJS build loads Node built-ins with import(), which jest's vm cannot run
    // without --experimental-vm-modules; SWC rewrites those calls to require().
    '/@electric-sql/pglite/dist/.+\\.cjs$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  // Some dependencies ship ESM only (kysely 0.29; cookie 2, which Fastify's inject uses) and
  // jest on Node 20 cannot require(esm): transpile those (and PGlite, see above) like our
  // sources; every other dependency stays untransformed.
  transformIgnorePatterns: [
    `/node_modules/(?!${ESM_ONLY.map((name) => `\\.pnpm/${name.replace('/', '\\+')}@|${name}/`).join('|')})`,
  ],
});
