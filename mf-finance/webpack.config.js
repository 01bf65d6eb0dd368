// Builds this remote alone: `pnpm --filter mf-finance build` (dist/ only), `pnpm --filter mf-finance dev`.
const { createRemoteConfig } = require('build-config/webpack/create-remote-config');

module.exports = createRemoteConfig({ packageDir: __dirname });
