// content-disposition 3 and cookie 2 (used by @fastify/static and fastify's inject) are ESM only:
// Node 20 requires them natively, but jest's module loader cannot before Node 24.9, so jest
// transpiles those packages.
const ESM_ONLY = ['content-disposition', 'cookie'];
const names = ESM_ONLY.join('|');

module.exports = require('../build-config/jest/preset').jestProject(__dirname, {
  environment: 'node',
  transformIgnorePatterns: [`/node_modules/(?!\\.pnpm/(${names})@|(${names})/)`],
});
