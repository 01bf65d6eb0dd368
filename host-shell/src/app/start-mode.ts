// Decided before anything else loads (index.ts imports this eagerly, so it imports nothing): which
// page the visit starts on, and so which code it needs.

/**
 * The localStorage key of the session token. It mirrors shared-contracts' STORAGE_KEYS.token (a
 * unit test holds them equal): index.ts cannot import shared-contracts before the federation's
 * async boundary, where zod and axios are still shared modules waiting to be negotiated.
 */
export const STORED_TOKEN_KEY = 'token';

/** A token is stored: a returning employee, who needs the authenticated shell. */
export function hasStoredToken(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return Boolean(storage?.getItem(STORED_TOKEN_KEY));
  } catch {
    // Storage disabled by privacy settings: there is no stored session either.
    return false;
  }
}

export interface StartLocation {
  pathname: string;
  search: string;
}

/**
 * Where a visit without a stored token starts: the login page alone (`/`, or a page of the route
 * table, which the guard would send to `/` anyway), or the whole shell (an unknown path shows the
 * standalone not-found page; a developer `?remote=` override is applied by the shell).
 */
export function startsOnLoginPage(
  location: StartLocation,
  tokenStored: boolean,
  isKnownPath: (pathname: string) => boolean,
): boolean {
  if (tokenStored) return false;
  if (new URLSearchParams(location.search).has('remote')) return false;
  return location.pathname === '/' || isKnownPath(location.pathname);
}
