import fs from 'node:fs';
import path from 'node:path';
import { remotesConfigSchema } from 'shared-contracts';
import { ReleaseError } from '../src/release/release-error';
import { ReleaseStore } from '../src/release/release-store';
import { snapshot, tempDir, writeFakeBuild } from './support/fake-build';

function setup(hostContractsVersion = '1.0.0') {
  const root = tempDir();
  const storeDir = path.join(root, 'store');
  let tick = 0;
  const store = new ReleaseStore({
    dir: storeDir,
    hostContractsVersion,
    now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++)),
  });
  const build = (version: string, options: Parameters<typeof writeFakeBuild>[2] = {}) =>
    writeFakeBuild(path.join(root, `build-${version}-${tick++}`), 'mf-finance', {
      version,
      ...options,
    });
  return { root, storeDir, store, build };
}

function refusal(work: () => unknown): ReleaseError {
  try {
    work();
  } catch (error) {
    if (error instanceof ReleaseError) return error;
    throw error;
  }
  throw new Error('expected the command to be refused');
}

function readConfig(storeDir: string) {
  return remotesConfigSchema.parse(
    JSON.parse(fs.readFileSync(path.join(storeDir, 'remotes.json'), 'utf8')),
  );
}

describe('publish', () => {
  it('copies a build into <store>/<remote>/<version>/ and reports its release info', () => {
    const { store, storeDir, build } = setup();
    const info = store.publish('mf-finance', build('1.2.0'));
    expect(info).toMatchObject({ name: 'mf-finance', version: '1.2.0', contractsVersion: '1.0.0' });
    const dir = path.join(storeDir, 'mf-finance', '1.2.0');
    expect(fs.readdirSync(dir).sort()).toEqual([
      '123.abcdef12.js',
      'fonts',
      'mf-manifest.json',
      'release.json',
      'remoteEntry.js',
    ]);
    expect(store.versionsOf('mf-finance')).toEqual(['1.2.0']);
    // Publishing does not make anything live.
    expect(fs.existsSync(path.join(storeDir, 'remotes.json'))).toBe(false);
  });

  it('refuses to publish a version twice: releases are immutable', () => {
    const { store, storeDir, build } = setup();
    store.publish('mf-finance', build('1.0.0'));
    const before = snapshot(storeDir);
    const error = refusal(() => store.publish('mf-finance', build('1.0.0')));
    expect(error.code).toBe('already-published');
    expect(error.message).toMatch(/منشور مسبقاً/);
    expect(error.message).toMatch(/already published/);
    expect(snapshot(storeDir)).toEqual(before);
  });

  it('refuses an unknown remote', () => {
    const { store, storeDir, build } = setup();
    expect(refusal(() => store.publish('mf-nothing', build('1.0.0'))).code).toBe('unknown-remote');
    expect(fs.existsSync(storeDir)).toBe(false);
  });

  it('refuses a missing build directory with the build command to run', () => {
    const { store, root } = setup();
    const error = refusal(() => store.publish('mf-finance', path.join(root, 'nowhere')));
    expect(error.code).toBe('build-missing');
    expect(error.english).toContain('pnpm --filter mf-finance build');
  });

  it.each([
    ['not JSON', '{"name": "mf-finance", '],
    [
      'an invalid version',
      JSON.stringify({
        name: 'mf-finance',
        version: 'latest',
        builtAt: 'x',
        contractsVersion: '1.0.0',
      }),
    ],
    [
      'no contracts version',
      JSON.stringify({ name: 'mf-finance', version: '1.0.0', builtAt: 'x' }),
    ],
  ])('refuses a corrupt release.json (%s)', (_case, releaseJson) => {
    const { store, storeDir, build } = setup();
    expect(refusal(() => store.publish('mf-finance', build('1.0.0', { releaseJson }))).code).toBe(
      'corrupt-release',
    );
    expect(fs.existsSync(storeDir)).toBe(false);
  });

  it('refuses a build of another remote', () => {
    const { store, root } = setup();
    const dir = writeFakeBuild(path.join(root, 'admin'), 'mf-admin');
    expect(refusal(() => store.publish('mf-finance', dir)).code).toBe('wrong-remote');
  });

  it.each([
    ['not JSON', '<html>'],
    ['not a manifest', '{"hello": "world"}'],
    [
      'another container',
      JSON.stringify({
        name: 'mf_admin',
        metaData: {
          remoteEntry: { name: 'remoteEntry.js', path: '' },
          buildInfo: { buildVersion: '1.0.0' },
        },
        shared: [],
        exposes: [{ path: './pages' }],
      }),
    ],
    [
      'another version',
      JSON.stringify({
        name: 'mf_finance',
        metaData: {
          remoteEntry: { name: 'remoteEntry.js', path: '' },
          buildInfo: { buildVersion: '0.9.0' },
        },
        shared: [],
        exposes: [{ path: './pages' }],
      }),
    ],
    [
      'no ./pages expose',
      JSON.stringify({
        name: 'mf_finance',
        metaData: {
          remoteEntry: { name: 'remoteEntry.js', path: '' },
          buildInfo: { buildVersion: '1.0.0' },
        },
        shared: [],
        exposes: [],
      }),
    ],
    [
      'a missing entry file',
      JSON.stringify({
        name: 'mf_finance',
        metaData: {
          remoteEntry: { name: 'gone.js', path: '' },
          buildInfo: { buildVersion: '1.0.0' },
        },
        shared: [],
        exposes: [{ path: './pages' }],
      }),
    ],
  ])('refuses a corrupt mf-manifest.json (%s)', (_case, manifestJson) => {
    const { store, storeDir, build } = setup();
    expect(refusal(() => store.publish('mf-finance', build('1.0.0', { manifestJson }))).code).toBe(
      'corrupt-manifest',
    );
    expect(fs.existsSync(storeDir)).toBe(false);
  });
});

describe('promote', () => {
  it('points remotes.json at the version and records who, when, from and to', () => {
    const { store, storeDir, build } = setup();
    store.publish('mf-finance', build('1.0.0'));
    store.publish('mf-finance', build('1.1.0'));

    expect(store.promote('mf-finance', '1.0.0', 'sara')).toEqual({
      remote: 'mf-finance',
      from: null,
      to: '1.0.0',
      changed: true,
    });
    expect(store.promote('mf-finance', '1.1.0', 'omar')).toEqual({
      remote: 'mf-finance',
      from: '1.0.0',
      to: '1.1.0',
      changed: true,
    });

    expect(readConfig(storeDir)).toEqual({
      remotes: {
        'mf-finance': { version: '1.1.0', manifest: '/remotes/mf-finance/1.1.0/mf-manifest.json' },
      },
    });
    expect(store.readHistory()).toEqual([
      {
        at: expect.any(String),
        by: 'sara',
        remote: 'mf-finance',
        from: null,
        to: '1.0.0',
        action: 'promote',
      },
      {
        at: expect.any(String),
        by: 'omar',
        remote: 'mf-finance',
        from: '1.0.0',
        to: '1.1.0',
        action: 'promote',
      },
    ]);
  });

  it('keeps the other remotes live versions untouched', () => {
    const { store, storeDir, build, root } = setup();
    store.publish(
      'mf-admin',
      writeFakeBuild(path.join(root, 'admin'), 'mf-admin', { version: '3.0.0' }),
    );
    store.promote('mf-admin', '3.0.0', 'sara');
    store.publish('mf-finance', build('1.0.0'));
    store.promote('mf-finance', '1.0.0', 'sara');
    expect(Object.keys(readConfig(storeDir).remotes)).toEqual(['mf-finance', 'mf-admin']);
    expect(readConfig(storeDir).remotes['mf-admin']?.version).toBe('3.0.0');
  });

  it('changes nothing when the version is already live', () => {
    const { store, storeDir, build } = setup();
    store.publish('mf-finance', build('1.0.0'));
    store.promote('mf-finance', '1.0.0', 'sara');
    const before = snapshot(storeDir);
    expect(store.promote('mf-finance', '1.0.0', 'sara').changed).toBe(false);
    expect(snapshot(storeDir)).toEqual(before);
  });

  it.each([
    ['an unknown remote', 'mf-nothing', '1.0.0', 'unknown-remote'],
    ['an unpublished version', 'mf-finance', '2.0.0', 'unknown-version'],
    ['something that is not a version', 'mf-finance', 'latest', 'invalid-version'],
  ])('refuses %s and changes nothing', (_case, remote, version, code) => {
    const { store, storeDir, build } = setup();
    store.publish('mf-finance', build('1.0.0'));
    store.promote('mf-finance', '1.0.0', 'sara');
    const before = snapshot(storeDir);
    expect(refusal(() => store.promote(remote, version, 'sara')).code).toBe(code);
    expect(snapshot(storeDir)).toEqual(before);
  });

  it('lists the published versions when the version is unknown', () => {
    const { store, build } = setup();
    store.publish('mf-finance', build('1.0.0'));
    store.publish('mf-finance', build('1.10.0'));
    store.publish('mf-finance', build('1.9.0'));
    expect(refusal(() => store.promote('mf-finance', '2.0.0')).english).toContain(
      'available: 1.0.0, 1.9.0, 1.10.0',
    );
  });

  it('refuses a version built against another contracts major, in Arabic and English', () => {
    const { store, storeDir, build } = setup('2.0.0');
    store.publish('mf-finance', build('1.0.0', { contractsVersion: '1.4.0' }));
    const before = snapshot(storeDir);
    const error = refusal(() => store.promote('mf-finance', '1.0.0', 'sara'));
    expect(error.code).toBe('incompatible-contracts');
    expect(error.arabic).toContain('العقود 1.4.0');
    expect(error.english).toContain('shared-contracts 1.4.0, the host runs 2.0.0');
    expect(snapshot(storeDir)).toEqual(before);
  });

  it('accepts another minor of the same contracts major', () => {
    const { store, build } = setup('1.3.0');
    store.publish('mf-finance', build('1.0.0', { contractsVersion: '1.0.2' }));
    expect(store.promote('mf-finance', '1.0.0', 'sara').changed).toBe(true);
  });

  it('refuses a stored release whose manifest was damaged after publishing', () => {
    const { store, storeDir, build } = setup();
    store.publish('mf-finance', build('1.0.0'));
    fs.writeFileSync(path.join(storeDir, 'mf-finance', '1.0.0', 'mf-manifest.json'), '{ truncated');
    const before = snapshot(storeDir);
    expect(refusal(() => store.promote('mf-finance', '1.0.0', 'sara')).code).toBe(
      'corrupt-manifest',
    );
    expect(snapshot(storeDir)).toEqual(before);
  });

  it('refuses to rewrite a corrupt remotes.json instead of silently dropping the other remotes', () => {
    const { store, storeDir, build } = setup();
    store.publish('mf-finance', build('1.0.0'));
    fs.writeFileSync(
      path.join(storeDir, 'remotes.json'),
      '{"remotes": {"mf-finance": {"version": 7}}}',
    );
    const before = snapshot(storeDir);
    expect(refusal(() => store.promote('mf-finance', '1.0.0', 'sara')).code).toBe(
      'corrupt-remotes-config',
    );
    expect(snapshot(storeDir)).toEqual(before);
  });

  it('refuses while another release command holds the store lock', () => {
    const { store, storeDir, build } = setup();
    store.publish('mf-finance', build('1.0.0'));
    // The lock of a live process (this one) is respected.
    fs.writeFileSync(path.join(storeDir, '.release.lock'), `${process.pid}\n`);
    expect(refusal(() => store.promote('mf-finance', '1.0.0', 'sara')).code).toBe('store-locked');
    expect(fs.existsSync(path.join(storeDir, 'remotes.json'))).toBe(false);
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const { store, storeDir, build } = setup();
    store.publish('mf-finance', build('1.0.0'));
    fs.writeFileSync(path.join(storeDir, '.release.lock'), '999999999\n');
    expect(store.promote('mf-finance', '1.0.0', 'sara').changed).toBe(true);
    expect(fs.existsSync(path.join(storeDir, '.release.lock'))).toBe(false);
  });
});

describe('rollback', () => {
  it('returns to the previously promoted version, one promotion per call', () => {
    const { store, storeDir, build } = setup();
    for (const version of ['1.0.0', '1.1.0', '1.2.0']) {
      store.publish('mf-finance', build(version));
      store.promote('mf-finance', version, 'sara');
    }
    expect(store.rollback('mf-finance', 'omar')).toEqual({
      remote: 'mf-finance',
      from: '1.2.0',
      to: '1.1.0',
      changed: true,
    });
    expect(readConfig(storeDir).remotes['mf-finance']?.version).toBe('1.1.0');
    // A second rollback walks further back instead of toggling to 1.2.0.
    expect(store.rollback('mf-finance', 'omar').to).toBe('1.0.0');
    expect(
      store.readHistory().map((entry) => [entry.action, entry.from, entry.to, entry.by]),
    ).toEqual([
      ['promote', null, '1.0.0', 'sara'],
      ['promote', '1.0.0', '1.1.0', 'sara'],
      ['promote', '1.1.0', '1.2.0', 'sara'],
      ['rollback', '1.2.0', '1.1.0', 'omar'],
      ['rollback', '1.1.0', '1.0.0', 'omar'],
    ]);
  });

  it('refuses when there is no earlier promotion, changing nothing', () => {
    const { store, storeDir, build } = setup();
    store.publish('mf-finance', build('1.0.0'));
    store.promote('mf-finance', '1.0.0', 'sara');
    const before = snapshot(storeDir);
    const error = refusal(() => store.rollback('mf-finance', 'omar'));
    expect(error.code).toBe('nothing-to-roll-back');
    expect(snapshot(storeDir)).toEqual(before);
  });

  it('refuses an unknown remote', () => {
    const { store } = setup();
    expect(refusal(() => store.rollback('mf-nothing')).code).toBe('unknown-remote');
  });

  it('refuses to roll back onto a version the host can no longer run', () => {
    const root = tempDir();
    const storeDir = path.join(root, 'store');
    const v1 = new ReleaseStore({ dir: storeDir, hostContractsVersion: '1.0.0' });
    v1.publish(
      'mf-finance',
      writeFakeBuild(path.join(root, 'a'), 'mf-finance', {
        version: '1.0.0',
        contractsVersion: '1.0.0',
      }),
    );
    v1.promote('mf-finance', '1.0.0', 'sara');
    const v2 = new ReleaseStore({ dir: storeDir, hostContractsVersion: '2.0.0' });
    v2.publish(
      'mf-finance',
      writeFakeBuild(path.join(root, 'b'), 'mf-finance', {
        version: '2.0.0',
        contractsVersion: '2.0.0',
      }),
    );
    v2.promote('mf-finance', '2.0.0', 'sara');
    const before = snapshot(storeDir);
    expect(refusal(() => v2.rollback('mf-finance', 'omar')).code).toBe('incompatible-contracts');
    expect(snapshot(storeDir)).toEqual(before);
  });

  it('refuses on a corrupt history line', () => {
    const { store, storeDir, build } = setup();
    store.publish('mf-finance', build('1.0.0'));
    store.promote('mf-finance', '1.0.0', 'sara');
    fs.appendFileSync(path.join(storeDir, 'release-history.jsonl'), '{"oops"\n');
    expect(refusal(() => store.rollback('mf-finance', 'omar')).code).toBe('corrupt-history');
  });
});

describe('status', () => {
  it('gives each remote its live and published versions and the recent changes', () => {
    const { store, build } = setup();
    store.publish('mf-finance', build('1.0.0'));
    store.publish('mf-finance', build('1.1.0'));
    store.promote('mf-finance', '1.1.0', 'sara');
    const status = store.status();
    expect(status.remotes.find((r) => r.remote === 'mf-finance')).toEqual({
      remote: 'mf-finance',
      live: '1.1.0',
      available: ['1.0.0', '1.1.0'],
      rollout: null,
      stopped: null,
    });
    expect(status.remotes.find((r) => r.remote === 'mf-admin')).toEqual({
      remote: 'mf-admin',
      live: null,
      available: [],
      rollout: null,
      stopped: null,
    });
    expect(status.recent).toHaveLength(1);
  });

  it('ignores half-copied releases (dot-named staging directories)', () => {
    const { store, storeDir, build } = setup();
    store.publish('mf-finance', build('1.0.0'));
    fs.mkdirSync(path.join(storeDir, 'mf-finance', '.publishing-1.1.0-dead'), { recursive: true });
    expect(store.versionsOf('mf-finance')).toEqual(['1.0.0']);
  });
});
