// Builds this remote alone: `pnpm --filter mf-beneficiaries build` (dist/ only), `pnpm --filter mf-beneficiaries dev`.
const { createRemoteConfig } = require('build-config/webpack/create-remote-config');

module.exports = createRemoteConfig({ packageDir: __dirname });
