import { inRolloutPercent, staffKeyOf, type RemotesConfig } from 'shared-contracts';
import { RemoteRegistry, type RemoteReport } from './remote-registry';

/**
 * A staged rollout in the host (docs/decisions/0014): after sign-in each remote runs the version
 * the employee is given (named, or inside the percentage by the stable hash), the contracts
 * check applies to it as to stable, and every load, failed load and render error is reported
 * with the version that really ran.
 */
const BASE = 'http://localhost';
const STABLE = '1.0.0';
const ROLLOUT = '1.1.0';

function releaseOf(version: string, contractsVersion = '1.0.0') {
  return { name: 'mf-finance', version, builtAt: '2026-01-01T00:00:00.000Z', contractsVersion };
}

async function setup(options: {
  subject: { id: number; email: string } | null;
  percent?: number;
  staff?: string[];
  rolloutContracts?: string;
  rolloutFails?: boolean;
}) {
  const config: RemotesConfig = {
    remotes: {
      'mf-finance': {
        version: STABLE,
        manifest: `/remotes/mf-finance/${STABLE}/mf-manifest.json`,
        rollout: {
          version: ROLLOUT,
          manifest: `/remotes/mf-finance/${ROLLOUT}/mf-manifest.json`,
          percent: options.percent ?? 0,
          staff: await Promise.all((options.staff ?? []).map(staffKeyOf)),
          startedAt: '2026-01-01T00:00:00.000Z',
          halt: { errorsPer100: 5, minLoads: 20 },
        },
      },
    },
  };
  const files = new Map<string, unknown>([
    ['/remotes.json', config],
    [`${BASE}/remotes/mf-finance/${STABLE}/release.json`, releaseOf(STABLE)],
    [
      `${BASE}/remotes/mf-finance/${ROLLOUT}/release.json`,
      releaseOf(ROLLOUT, options.rolloutContracts),
    ],
  ]);
  const registered: string[] = [];
  const reports: RemoteReport[] = [];
  const registry = new RemoteRegistry({
    runtime: {
      registerRemotes: (remotes) => registered.push(...remotes.map((remote) => remote.entry)),
      loadRemote: async () => {
        const entry = registered.at(-1) ?? '';
        if (options.rolloutFails && entry.includes(ROLLOUT))
          throw new Error('ScriptExternalLoadError: remoteEntry.js 404');
        return { default: { 'financial.list': () => null } };
      },
    },
    fetchJson: async (url) => {
      if (!files.has(url)) throw new Error(`${url}: HTTP 404`);
      return files.get(url);
    },
    baseUrl: () => `${BASE}/`,
    sleep: async () => undefined,
    log: () => undefined,
    subject: async () => options.subject,
    report: (report) => reports.push(report),
  });
  await registry.start();
  return { registry, registered, reports, config };
}

const NAMED = { id: 7, email: 'Sara@ataa.local' };
const OTHER = { id: 8, email: 'omar@ataa.local' };

describe('staged rollout in the host', () => {
  test('a named employee runs the rollout version; another the stable one; each load is reported', async () => {
    const named = await setup({ subject: NAMED, staff: ['sara@ataa.local'] });
    await named.registry.load('mf-finance');
    expect(named.registry.running('mf-finance')).toMatchObject({
      version: ROLLOUT,
      channel: 'rollout',
      release: { version: ROLLOUT },
    });
    expect(named.registered).toEqual([`${BASE}/remotes/mf-finance/${ROLLOUT}/mf-manifest.json`]);
    expect(named.reports).toEqual([{ remote: 'mf-finance', version: ROLLOUT, kind: 'loaded' }]);

    const other = await setup({ subject: OTHER, staff: ['sara@ataa.local'] });
    await other.registry.load('mf-finance');
    expect(other.registry.running('mf-finance')).toMatchObject({
      version: STABLE,
      channel: 'stable',
    });
    expect(other.reports).toEqual([{ remote: 'mf-finance', version: STABLE, kind: 'loaded' }]);
  });

  test('the percentage picks by the stable hash of the employee and the remote', async () => {
    const inside = Array.from({ length: 200 }, (_, i) => i + 1).find((id) =>
      inRolloutPercent(id, 'mf-finance', 30),
    )!;
    const outside = Array.from({ length: 200 }, (_, i) => i + 1).find(
      (id) => !inRolloutPercent(id, 'mf-finance', 30),
    )!;
    for (const [id, expected] of [
      [inside, ROLLOUT],
      [outside, STABLE],
    ] as const) {
      const { registry } = await setup({
        subject: { id, email: `e${id}@ataa.local` },
        percent: 30,
      });
      await registry.load('mf-finance');
      expect(registry.running('mf-finance')?.version).toBe(expected);
    }
  });

  test('before sign-in (no employee) everyone runs the stable version', async () => {
    const { registry } = await setup({ subject: null, percent: 100 });
    await registry.load('mf-finance');
    expect(registry.running('mf-finance')?.version).toBe(STABLE);
  });

  test('the contracts check applies to the rollout version, and the refusal is reported', async () => {
    const { registry, reports } = await setup({
      subject: NAMED,
      staff: ['sara@ataa.local'],
      rolloutContracts: '2.0.0',
    });
    await expect(registry.load('mf-finance')).rejects.toMatchObject({
      failure: { kind: 'incompatible', remoteContracts: '2.0.0' },
    });
    expect(reports).toEqual([
      {
        remote: 'mf-finance',
        version: ROLLOUT,
        kind: 'load_failed',
        message: 'incompatible: contracts 2.0.0, host 1.0.0',
      },
    ]);
  });

  test('a rollout version that fails to load is reported once, after its retries', async () => {
    const { registry, reports } = await setup({
      subject: NAMED,
      staff: ['sara@ataa.local'],
      rolloutFails: true,
    });
    await expect(registry.load('mf-finance')).rejects.toBeDefined();
    expect(reports).toEqual([
      {
        remote: 'mf-finance',
        version: ROLLOUT,
        kind: 'load_failed',
        message: 'failed: Error: ScriptExternalLoadError: remoteEntry.js 404',
      },
    ]);
  });

  test('a render error is reported against the version that runs', async () => {
    const { registry, reports } = await setup({ subject: NAMED, staff: ['sara@ataa.local'] });
    await registry.load('mf-finance');
    registry.reportRenderError('mf-finance', new TypeError('x is undefined'));
    expect(reports.at(-1)).toEqual({
      remote: 'mf-finance',
      version: ROLLOUT,
      kind: 'render_error',
      message: 'TypeError: x is undefined',
    });
  });

  test('when the rollout stops, an employee running it is offered the stable version', async () => {
    const { registry, config } = await setup({ subject: NAMED, staff: ['sara@ataa.local'] });
    await registry.load('mf-finance');
    delete config.remotes['mf-finance']!.rollout;
    expect(await registry.checkForUpdates()).toEqual([{ remote: 'mf-finance', version: STABLE }]);
  });
});
