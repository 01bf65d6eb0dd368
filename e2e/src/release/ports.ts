import { CONTROL_URL, E2E_PORTS } from '../ports';

/**
 * The release test's own copy of the site (serve-site.ts starts it on request): the same host
 * build, API and remote ports as the main e2e site, but its own release store, so promoting and
 * rolling back there never changes what the other tests see. Inside the site's block of ports.
 */
export const RELEASE_SITE_PORT = E2E_PORTS.releaseSite;
export const RELEASE_SITE_URL = `http://127.0.0.1:${RELEASE_SITE_PORT}`;

/** serve-site.ts control routes: POST start (a fresh, empty store each time) and POST stop. */
export const RELEASE_SITE_CONTROL_URL = `${CONTROL_URL}/release-site`;

/**
 * The monitor token of the e2e site (serve-site.ts gives it to the API; the release site's
 * gateway and the release CLI send it): the automatic stop of staged rollouts reads the
 * browsers' figures with it. A test value, used only by the e2e servers.
 */
export const E2E_MONITOR_TOKEN = 'e2e-monitor-token-for-staged-rollouts';

/** The release site's gateway checks its rollouts this often (20 s in production). */
export const E2E_ROLLOUT_CHECK_MS = 1000;
