// JSON the shell will ask for first, requested before the shell has loaded (index.ts imports this
// eagerly, so it imports nothing). The registry's first request for the same URL takes the
// answer instead of a second round trip; anything older than MAX_AGE_MS is fetched again.

/** The federation registry's remotes.json (REMOTES_CONFIG_URL; a unit test holds them equal). */
export const REMOTES_CONFIG_PATH = '/remotes.json';
export const PREFETCH_MAX_AGE_MS = 10_000;

const early = new Map<string, { answer: Promise<unknown>; at: number }>();

function keyOf(url: string): string {
  return new URL(url, window.location.href).href;
}

/** GET without the HTTP cache (as the registry's own fetches), remembered for one taker. */
export function prefetchJson(url: string, now: () => number = Date.now): void {
  const answer = fetch(url, { cache: 'no-cache', headers: { Accept: 'application/json' } }).then(
    async (response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return (await response.json()) as unknown;
    },
  );
  answer.catch(() => undefined);
  early.set(keyOf(url), { answer, at: now() });
}

/**
 * `fetchJson`, except that a URL prefetched in the last PREFETCH_MAX_AGE_MS is answered (once)
 * from that earlier request.
 */
export function withPrefetched(
  fetchJson: (url: string) => Promise<unknown>,
  now: () => number = Date.now,
): (url: string) => Promise<unknown> {
  return (url) => {
    const key = keyOf(url);
    const hit = early.get(key);
    early.delete(key);
    return hit && now() - hit.at <= PREFETCH_MAX_AGE_MS ? hit.answer : fetchJson(url);
  };
}
