// Builds this remote alone: `pnpm --filter mf-admin build` (dist/ only), `pnpm --filter mf-admin dev`.
const { createRemoteConfig } = require('build-config/webpack/create-remote-config');

module.exports = createRemoteConfig({ packageDir: __dirname });
