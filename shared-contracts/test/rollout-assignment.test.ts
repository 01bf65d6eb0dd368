import { createHash } from 'node:crypto';
import {
  getsRollout,
  inRolloutPercent,
  rolloutBucket,
  staffKeyOf,
} from '../src/releases/rollout-assignment';

/**
 * The staged rollout's assignment (docs/decisions/0014): one employee keeps one version, a larger
 * percentage only adds employees, the share is about right, and named employees always get it.
 */
const IDS = Array.from({ length: 10_000 }, (_, index) => index + 1);

describe('rollout assignment', () => {
  it('is deterministic: the same employee and remote always give the same bucket', () => {
    for (const id of IDS.slice(0, 200)) {
      expect(rolloutBucket(id, 'mf-finance')).toBe(rolloutBucket(id, 'mf-finance'));
      expect(rolloutBucket(id, 'mf-finance')).toBe(rolloutBucket(String(id), 'mf-finance'));
    }
    // Fixed values: a change of the hash would move employees between versions mid-rollout.
    expect([1, 2, 3, 42].map((id) => rolloutBucket(id, 'mf-finance'))).toEqual([
      9504, 3598, 1778, 6641,
    ]);
  });

  it('is monotonic in the percentage: a larger share only adds employees', () => {
    const percents = [0, 1, 5, 10, 25, 33.33, 50, 75, 99, 100];
    for (const id of IDS) {
      const inside = percents.map((percent) => inRolloutPercent(id, 'mf-services', percent));
      const firstInside = inside.indexOf(true);
      if (firstInside >= 0) expect(inside.slice(firstInside).every(Boolean)).toBe(true);
    }
    expect(IDS.some((id) => inRolloutPercent(id, 'mf-services', 0))).toBe(false);
    expect(IDS.every((id) => inRolloutPercent(id, 'mf-services', 100))).toBe(true);
  });

  it.each([1, 5, 10, 50, 90])('gives about %i %% of 10,000 employees the rollout', (percent) => {
    const share =
      IDS.filter((id) => inRolloutPercent(id, 'mf-finance', percent)).length / IDS.length;
    // Within one and a half points either way (a binomial spread at 10,000 is well under a point).
    expect(Math.abs(share * 100 - percent)).toBeLessThan(1.5);
  });

  it('picks other employees for another remote', () => {
    const finance = IDS.filter((id) => inRolloutPercent(id, 'mf-finance', 10));
    const services = new Set(IDS.filter((id) => inRolloutPercent(id, 'mf-services', 10)));
    const both = finance.filter((id) => services.has(id)).length;
    // Independent picks overlap on about 10 % of 10 %.
    expect(both / IDS.length).toBeLessThan(0.02);
  });

  it('always includes the named employees, by their email in any case, whatever the percentage', async () => {
    const staff = [await staffKeyOf('Sara@Ataa.Local '), await staffKeyOf('omar@ataa.local')];
    const outside = IDS.find((id) => !inRolloutPercent(id, 'mf-finance', 1))!;
    expect(
      await getsRollout({ id: outside, email: 'sara@ataa.local' }, 'mf-finance', {
        percent: 0,
        staff,
      }),
    ).toBe(true);
    expect(
      await getsRollout({ id: outside, email: 'OMAR@ataa.local' }, 'mf-finance', {
        percent: 1,
        staff,
      }),
    ).toBe(true);
    expect(
      await getsRollout({ id: outside, email: 'huda@ataa.local' }, 'mf-finance', {
        percent: 1,
        staff,
      }),
    ).toBe(false);
    expect(
      await getsRollout({ id: outside, email: 'huda@ataa.local' }, 'mf-finance', {
        percent: 100,
        staff: [],
      }),
    ).toBe(true);
  });

  it('writes a named employee as a SHA-256 digest, never the email', async () => {
    const key = await staffKeyOf('sara@ataa.local');
    expect(key).toBe(createHash('sha256').update('sara@ataa.local').digest('hex'));
    expect(key).not.toContain('sara');
  });
});
