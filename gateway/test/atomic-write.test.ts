import fs from 'node:fs';
import path from 'node:path';
import { nodeFileOps, writeFileAtomic, type FileOps } from '../src/release/atomic-write';
import { ReleaseStore } from '../src/release/release-store';
import { tempDir, writeFakeBuild } from './support/fake-build';

class SimulatedCrash extends Error {}

/** File ops that "crash" (throw, and stop doing anything — not even cleanup) at a chosen step. */
function crashingOps(crashAt: keyof FileOps): FileOps {
  let crashed = false;
  const step =
    <K extends keyof FileOps>(name: K) =>
    (...args: Parameters<FileOps[K]>) => {
      if (crashed) throw new SimulatedCrash('the process is gone');
      if (name === crashAt) {
        crashed = true;
        throw new SimulatedCrash(`crash in ${name}`);
      }
      return (nodeFileOps[name] as (...a: Parameters<FileOps[K]>) => ReturnType<FileOps[K]>)(
        ...args,
      );
    };
  return {
    openSync: step('openSync'),
    writeSync: step('writeSync'),
    fsyncSync: step('fsyncSync'),
    closeSync: step('closeSync'),
    renameSync: step('renameSync'),
    unlinkSync: step('unlinkSync'),
  };
}

/** A writer that, unlike `writeSync`, leaves half of the data behind before dying. */
function halfWritingOps(): FileOps {
  return {
    ...nodeFileOps,
    writeSync: (fd, data) => {
      fs.writeSync(fd, data.slice(0, Math.floor(data.length / 2)));
      throw new SimulatedCrash('crash in the middle of write');
    },
    unlinkSync: () => {
      throw new SimulatedCrash('no cleanup after a crash');
    },
  };
}

const OLD = `${JSON.stringify({ remotes: { 'mf-finance': { version: '1.0.0', manifest: '/remotes/mf-finance/1.0.0/mf-manifest.json' } } }, null, 2)}\n`;
const NEW = `${JSON.stringify({ remotes: { 'mf-finance': { version: '1.1.0', manifest: '/remotes/mf-finance/1.1.0/mf-manifest.json' } } }, null, 2)}\n`;

describe('writeFileAtomic', () => {
  it('replaces the file with the new content and leaves no temp file', () => {
    const dir = tempDir();
    const target = path.join(dir, 'remotes.json');
    fs.writeFileSync(target, OLD);
    writeFileAtomic(target, NEW);
    expect(fs.readFileSync(target, 'utf8')).toBe(NEW);
    expect(fs.readdirSync(dir)).toEqual(['remotes.json']);
  });

  it.each(['writeSync', 'fsyncSync', 'closeSync', 'renameSync'] as const)(
    'leaves the old content whole after a crash in %s (before the rename)',
    (crashAt) => {
      const dir = tempDir();
      const target = path.join(dir, 'remotes.json');
      fs.writeFileSync(target, OLD);
      expect(() => writeFileAtomic(target, NEW, crashingOps(crashAt))).toThrow(SimulatedCrash);
      expect(fs.readFileSync(target, 'utf8')).toBe(OLD);
    },
  );

  it('leaves the old content whole when the process dies half way through writing', () => {
    const dir = tempDir();
    const target = path.join(dir, 'remotes.json');
    fs.writeFileSync(target, OLD);
    expect(() => writeFileAtomic(target, NEW, halfWritingOps())).toThrow(SimulatedCrash);
    expect(fs.readFileSync(target, 'utf8')).toBe(OLD);
    // The half-written temp file is all that is left, under a dot name nobody serves or reads.
    const leftovers = fs.readdirSync(dir).filter((name) => name !== 'remotes.json');
    expect(leftovers).toHaveLength(1);
    expect(leftovers[0]).toMatch(/^\.remotes\.json\..*\.tmp$/);
  });

  it('shows a reader the old or the new content at every step, never a partial file', () => {
    const dir = tempDir();
    const target = path.join(dir, 'remotes.json');
    fs.writeFileSync(target, OLD);
    const seen = new Set<string>();
    const observe = () => seen.add(fs.readFileSync(target, 'utf8'));
    const observing = Object.fromEntries(
      Object.entries(nodeFileOps).map(([name, op]) => [
        name,
        (...args: never[]) => (observe(), (op as (...a: never[]) => unknown)(...args)),
      ]),
    ) as unknown as FileOps;
    writeFileAtomic(target, NEW, observing);
    seen.add(fs.readFileSync(target, 'utf8'));
    expect([...seen].every((content) => content === OLD || content === NEW)).toBe(true);
    expect(seen).toEqual(new Set([OLD, NEW]));
  });
});

describe('promote under a simulated crash between write and rename', () => {
  it('keeps the previous remotes.json and history, and the next promote succeeds', () => {
    const root = tempDir();
    const storeDir = path.join(root, 'store');
    const store = new ReleaseStore({ dir: storeDir, hostContractsVersion: '1.0.0' });
    store.publish(
      'mf-finance',
      writeFakeBuild(path.join(root, 'a'), 'mf-finance', { version: '1.0.0' }),
    );
    store.publish(
      'mf-finance',
      writeFakeBuild(path.join(root, 'b'), 'mf-finance', { version: '1.1.0' }),
    );
    store.promote('mf-finance', '1.0.0', 'sara');
    const configBefore = fs.readFileSync(path.join(storeDir, 'remotes.json'), 'utf8');
    const historyBefore = fs.readFileSync(path.join(storeDir, 'release-history.jsonl'), 'utf8');

    const crashing = new ReleaseStore({
      dir: storeDir,
      hostContractsVersion: '1.0.0',
      fileOps: crashingOps('renameSync'),
    });
    expect(() => crashing.promote('mf-finance', '1.1.0', 'omar')).toThrow(SimulatedCrash);

    expect(fs.readFileSync(path.join(storeDir, 'remotes.json'), 'utf8')).toBe(configBefore);
    expect(fs.readFileSync(path.join(storeDir, 'release-history.jsonl'), 'utf8')).toBe(
      historyBefore,
    );
    expect(store.promote('mf-finance', '1.1.0', 'omar')).toMatchObject({
      from: '1.0.0',
      to: '1.1.0',
      changed: true,
    });
  });

  it('undoes the remotes.json switch when the history line cannot be written', () => {
    const root = tempDir();
    const storeDir = path.join(root, 'store');
    const store = new ReleaseStore({ dir: storeDir, hostContractsVersion: '1.0.0' });
    store.publish(
      'mf-finance',
      writeFakeBuild(path.join(root, 'a'), 'mf-finance', { version: '1.0.0' }),
    );
    store.publish(
      'mf-finance',
      writeFakeBuild(path.join(root, 'b'), 'mf-finance', { version: '1.1.0' }),
    );
    store.promote('mf-finance', '1.0.0', 'sara');
    const configBefore = fs.readFileSync(path.join(storeDir, 'remotes.json'), 'utf8');

    const historyFails: FileOps = {
      ...nodeFileOps,
      openSync: (file, flags) => {
        if (file.endsWith('release-history.jsonl')) throw new Error('disk full');
        return nodeFileOps.openSync(file, flags);
      },
    };
    const failing = new ReleaseStore({
      dir: storeDir,
      hostContractsVersion: '1.0.0',
      fileOps: historyFails,
    });
    expect(() => failing.promote('mf-finance', '1.1.0', 'omar')).toThrow('disk full');
    expect(fs.readFileSync(path.join(storeDir, 'remotes.json'), 'utf8')).toBe(configBefore);
    expect(store.readHistory()).toHaveLength(1);
  });
});
