import path from 'node:path';
import { ensureLocalReleases } from '../src/release/ensure-local-releases';
import { ReleaseStore } from '../src/release/release-store';
import { tempDir, writeFakeBuild } from './support/fake-build';

describe('ensureLocalReleases (pnpm start on a fresh store)', () => {
  it('publishes and promotes each built remote once, skips unbuilt ones, and never demotes', () => {
    const root = tempDir();
    const store = new ReleaseStore({
      dir: path.join(root, 'store'),
      hostContractsVersion: '1.0.0',
    });
    const distOf = (remote: string) => path.join(root, remote, 'dist');
    writeFakeBuild(distOf('mf-finance'), 'mf-finance', { version: '1.0.0' });
    writeFakeBuild(distOf('mf-admin'), 'mf-admin', { version: '2.0.0' });
    const log: string[] = [];

    ensureLocalReleases(store, (line) => log.push(line), distOf);
    expect(
      store
        .status()
        .remotes.filter((r) => r.live)
        .map((r) => [r.remote, r.live]),
    ).toEqual([
      ['mf-finance', '1.0.0'],
      ['mf-admin', '2.0.0'],
    ]);
    expect(log).toContain('mf-services: no build in ' + distOf('mf-services') + ', skipped');

    // A second start changes nothing; a new local build is published but not promoted over a live one.
    writeFakeBuild(distOf('mf-finance'), 'mf-finance', { version: '1.1.0' });
    ensureLocalReleases(store, () => undefined, distOf);
    expect(store.versionsOf('mf-finance')).toEqual(['1.0.0', '1.1.0']);
    expect(store.status().remotes.find((r) => r.remote === 'mf-finance')?.live).toBe('1.0.0');
    expect(store.readHistory()).toHaveLength(2);
  });
});
