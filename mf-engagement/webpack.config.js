// Builds this remote alone: `pnpm --filter mf-engagement build` (dist/ only), `pnpm --filter mf-engagement dev`.
const { createRemoteConfig } = require('build-config/webpack/create-remote-config');

module.exports = createRemoteConfig({ packageDir: __dirname });
