import { decideAccess, type AccessSubject } from './access';
import { matchRoute } from './routes';
import { visibleSidebar } from './sidebar';

/** Every authenticated employee may open their own profile, so it is the last resort. */
export const FALLBACK_LANDING_PATH = '/profile';

/**
 * Where a login (or a logged-in visit to `/`) lands: the first page of the sidebar, in its order,
 * that the employee may open — so `/dashboard` when they hold show_index — else `/profile`.
 * A page every employee has whatever their keys («مهامي», first in the sidebar) is not a landing
 * page: staff land on their own section's first page, as before it existed (docs/tasks.md).
 * Shared so the host and the browser tests agree on it.
 */
export function landingPathFor(subject: AccessSubject): string {
  for (const entry of visibleSidebar(subject)) {
    const links = entry.kind === 'link' ? [entry] : entry.links;
    for (const item of links) {
      const route = matchRoute(item.path);
      if (!route || (route.permissions.length === 0 && !route.superAdminOnly)) continue;
      if (decideAccess(subject, route) === 'allowed') return item.path;
    }
  }
  return FALLBACK_LANDING_PATH;
}
