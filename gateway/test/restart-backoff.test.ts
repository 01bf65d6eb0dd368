import { RESTART_DEFAULTS, RestartBackoff } from '../scripts/restart-backoff.cjs';

describe('the restart backoff of pnpm start', () => {
  it('waits 1 s, doubling while the restarts keep failing, up to 30 s', () => {
    const backoff = new RestartBackoff();
    const delays = Array.from({ length: 8 }, () => backoff.next(0));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('starts again from 1 s after a run that was healthy for a minute, not after a shorter one', () => {
    expect(RESTART_DEFAULTS.healthyResetMs).toBe(60_000);
    const backoff = new RestartBackoff();
    for (let i = 0; i < 4; i += 1) backoff.next(0);
    expect(backoff.next(59_999)).toBe(16_000);
    expect(backoff.next(60_000)).toBe(1000);
    expect(backoff.next(5000)).toBe(2000);
  });
});
