// Async boundary (docs/architecture.md#federation): shared singletons are negotiated before any of
// them is evaluated.
import { REMOTES_CONFIG_PATH, prefetchJson } from './app/early-fetch';
import { hasStoredToken } from './app/start-mode';
import { inTurns } from './app/start-in-turns';

// A returning employee needs the authenticated shell: its chunk and remotes.json download beside
// the bootstrap instead of after it. A first visit loads the login page alone (bootstrap.tsx). The
// chunk names matter: index.html preloads the "bootstrap" group (build-config StartPreloadPlugin).
if (hasStoredToken(window.localStorage)) {
  prefetchJson(REMOTES_CONFIG_PATH);
  // Its libraries are evaluated one per task, like the bootstrap's below.
  void inTurns([
    () => import(/* webpackChunkName: "shell" */ 'react-router-dom'),
    () => import(/* webpackChunkName: "shell" */ '@tanstack/react-query'),
    () => import(/* webpackChunkName: "shell" */ './app/shell'),
  ]).catch(() => undefined);
}
// The libraries the bootstrap needs are evaluated one per task before it (start-in-turns.ts);
// zod is configured before the contracts build their schemas (zod-without-eval.ts).
void inTurns([
  () => import(/* webpackChunkName: "bootstrap" */ 'react-dom/client'),
  () => import(/* webpackChunkName: "bootstrap" */ './app/zod-without-eval'),
  () => import(/* webpackChunkName: "bootstrap" */ 'shared-contracts'),
  () => import(/* webpackChunkName: "bootstrap" */ 'shared-ui'),
]).then(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'));
