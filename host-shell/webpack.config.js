// The host build: the shared factory does everything (federation with shared singletons, no
// build-time remotes, publicPath '/', provideExternalRuntime, the rtl/ar HTML shell).
module.exports = require('../build-config/webpack/create-host-config').createHostConfig({
  packageDir: __dirname,
  devPort: 3100,
});
