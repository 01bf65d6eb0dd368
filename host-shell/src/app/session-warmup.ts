import { getAdapter, type AxiosInstance, type AxiosResponse } from 'axios';
import type { Employee, SessionStore } from 'shared-contracts';

/** How long an early answer waits for the shell's request before it is forgotten. */
export const WARMUP_TTL_MS = 30_000;

/**
 * Sends a returning employee's session check now (`send` makes one GET through `client`), while
 * the authenticated shell is still downloading; when the shell's guard then makes the same request
 * (same method, URL, parameters and token), it is answered with this response instead of a second
 * round trip — the check still happens exactly once, only earlier. Anything else, a retry, or a
 * request after `ttlMs` goes to the server as usual.
 */
export function warmUpRequest(
  client: AxiosInstance,
  readToken: () => string | null,
  send: () => Promise<unknown>,
  ttlMs: number = WARMUP_TTL_MS,
): void {
  let phase: 'capturing' | 'serving' | 'done' = 'capturing';
  let earlyKey = '';
  let early: Promise<AxiosResponse> | null = null;
  const keyOf = (config: { method?: string; baseURL?: string; url?: string; params?: unknown }) =>
    JSON.stringify([
      (config.method ?? 'get').toLowerCase(),
      config.baseURL ?? '',
      config.url ?? '',
      config.params ?? null,
      readToken(),
    ]);
  const finish = () => {
    phase = 'done';
    client.interceptors.request.eject(interceptor);
  };
  const interceptor = client.interceptors.request.use((config) => {
    if (phase === 'capturing') {
      phase = 'serving';
      earlyKey = keyOf(config);
      const adapter = getAdapter(config.adapter ?? client.defaults.adapter);
      let settle: { resolve(response: AxiosResponse): void; reject(error: unknown): void };
      // Known before the request is even sent, so a request arriving meanwhile can wait for it.
      early = new Promise<AxiosResponse>((resolve, reject) => {
        settle = { resolve, reject };
      });
      early.catch(() => undefined);
      config.adapter = (request) => {
        const sent = adapter(request);
        // A copy taken before axios transforms this response for its own caller.
        sent.then((answer) => settle.resolve({ ...answer }), settle.reject);
        return sent;
      };
    } else if (phase === 'serving' && keyOf(config) === earlyKey) {
      // The first matching request takes the early answer; the one after goes to the server.
      const response = early;
      finish();
      if (response) config.adapter = () => response;
    }
    return config;
  });
  setTimeout(finish, ttlMs);
  send().catch(() => undefined);
}

/**
 * The session store with its first `readEmployee()` answered by `employee` (read or received
 * earlier): the shell restores the session without decrypting the stored record a second time.
 * Any write or `clear()` drops it.
 */
export function withKnownEmployee(
  store: SessionStore,
  employee: Promise<Employee | null>,
): SessionStore {
  let known: Promise<Employee | null> | null = employee;
  return {
    readToken: () => store.readToken(),
    readEmployee: () => {
      const answer = known ?? store.readEmployee();
      known = null;
      return answer;
    },
    save: (token, next) => {
      known = null;
      return store.save(token, next);
    },
    saveEmployee: (next) => {
      known = null;
      return store.saveEmployee(next);
    },
    clear: () => {
      known = null;
      store.clear();
    },
  };
}
