import { PREFETCH_MAX_AGE_MS, prefetchJson, withPrefetched } from './early-fetch';

describe('JSON requested before the shell has loaded', () => {
  const realFetch = global.fetch;
  let fetchMock: jest.Mock;
  beforeEach(() => {
    fetchMock = jest.fn(async () => new Response(JSON.stringify({ remotes: {} }), { status: 200 }));
    global.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => {
    global.fetch = realFetch;
  });

  test('the first request for a prefetched URL takes its answer; the next one asks again', async () => {
    prefetchJson('/remotes.json');
    expect(fetchMock).toHaveBeenCalledWith(
      '/remotes.json',
      expect.objectContaining({ cache: 'no-cache' }),
    );
    const fallback = jest.fn(async () => ({ fresh: true }));
    const fetchJson = withPrefetched(fallback);
    await expect(fetchJson(`${window.location.origin}/remotes.json`)).resolves.toEqual({
      remotes: {},
    });
    expect(fallback).not.toHaveBeenCalled();
    await expect(fetchJson('/remotes.json')).resolves.toEqual({ fresh: true });
    expect(fallback).toHaveBeenCalledTimes(1);
  });

  test('an old answer is not used', async () => {
    let now = 1000;
    prefetchJson('/remotes.json', () => now);
    now += PREFETCH_MAX_AGE_MS + 1;
    const fallback = jest.fn(async () => ({ fresh: true }));
    await expect(withPrefetched(fallback, () => now)('/remotes.json')).resolves.toEqual({
      fresh: true,
    });
  });

  test('a failed prefetch fails the taker like its own request would', async () => {
    fetchMock.mockResolvedValueOnce(new Response('nope', { status: 503 }));
    prefetchJson('/remotes.json');
    await expect(withPrefetched(jest.fn())('/remotes.json')).rejects.toThrow('HTTP 503');
  });
});
