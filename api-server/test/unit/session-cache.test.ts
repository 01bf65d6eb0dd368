import { SessionCache } from '../../src/modules/sessions';
import type { AuthContext } from '../../src/http/access-control';

const auth = (tokenId: number, employeeId: number) =>
  ({ tokenId, employee: { id: employeeId } }) as unknown as AuthContext;

describe('SessionCache', () => {
  test('serves an entry within its TTL and never past the token expiry', () => {
    const cache = new SessionCache(1000);
    cache.set('a', { auth: auth(1, 1), tokenExpiresAt: 1500 }, 0, cache.currentGeneration());
    expect(cache.get('a', 999)?.auth.tokenId).toBe(1);
    expect(cache.get('a', 1000)).toBeUndefined();
    cache.set('b', { auth: auth(2, 1), tokenExpiresAt: 500 }, 0, cache.currentGeneration());
    expect(cache.get('b', 499)).toBeDefined();
    expect(cache.get('b', 500)).toBeUndefined();
  });

  test('forgetToken and forgetEmployee drop entries', () => {
    const cache = new SessionCache(10_000);
    const g = cache.currentGeneration();
    cache.set('a', { auth: auth(1, 7), tokenExpiresAt: 1e12 }, 0, g);
    cache.set('b', { auth: auth(2, 7), tokenExpiresAt: 1e12 }, 0, g);
    cache.set('c', { auth: auth(3, 8), tokenExpiresAt: 1e12 }, 0, g);
    cache.forgetToken(1);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeDefined();
    cache.forgetEmployee(7);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBeDefined();
  });

  test('a lookup that started before a change cannot cache what it read', () => {
    const cache = new SessionCache(10_000);
    const before = cache.currentGeneration();
    cache.forgetEmployee(7);
    cache.set('a', { auth: auth(1, 7), tokenExpiresAt: 1e12 }, 0, before);
    expect(cache.get('a', 1)).toBeUndefined();
  });

  test('a TTL of 0 disables caching', () => {
    const cache = new SessionCache(0);
    cache.set('a', { auth: auth(1, 1), tokenExpiresAt: 1e12 }, 0, cache.currentGeneration());
    expect(cache.get('a', 0)).toBeUndefined();
  });
});
