import { CONTROL_URL } from '../ports';

/**
 * The release test's own copy of the site (serve-site.ts starts it on request): the same host
 * build, API and remote ports as the main e2e site, but its own release store, so promoting and
 * rolling back there never changes what the other tests see. Inside the suite's 3900–3916 block.
 */
export const RELEASE_SITE_PORT = 3908;
export const RELEASE_SITE_URL = `http://127.0.0.1:${RELEASE_SITE_PORT}`;

/** serve-site.ts control routes: POST start (a fresh, empty store each time) and POST stop. */
export const RELEASE_SITE_CONTROL_URL = `${CONTROL_URL}/release-site`;
