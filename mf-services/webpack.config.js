// Builds this remote alone: `pnpm --filter mf-services build` (dist/ only), `pnpm --filter mf-services dev`.
const { createRemoteConfig } = require('build-config/webpack/create-remote-config');

module.exports = createRemoteConfig({ packageDir: __dirname });
