// Builds this remote alone: `pnpm --filter mf-reports build` (dist/ only), `pnpm --filter mf-reports dev`.
const { createRemoteConfig } = require('build-config/webpack/create-remote-config');

module.exports = createRemoteConfig({ packageDir: __dirname });
