// Async boundary (docs/architecture.md#federation): shared singletons are negotiated before any of
// them is evaluated.
import { REMOTES_CONFIG_PATH, prefetchJson } from './app/early-fetch';
import { hasStoredToken } from './app/start-mode';

// A returning employee needs the authenticated shell: its chunk and remotes.json download beside
// the bootstrap instead of after it. A first visit loads the login page alone (bootstrap.tsx). The
// chunk names matter: index.html preloads the "bootstrap" group (build-config StartPreloadPlugin).
if (hasStoredToken(window.localStorage)) {
  prefetchJson(REMOTES_CONFIG_PATH);
  void import(/* webpackChunkName: "shell" */ './app/shell').catch(() => undefined);
}
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
