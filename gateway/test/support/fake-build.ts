import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTES, type RemoteName } from 'shared-contracts';

export function tempDir(prefix = 'ataa-gateway-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface FakeBuildOptions {
  version?: string;
  contractsVersion?: string;
  /** Overrides written verbatim instead of a valid file. */
  releaseJson?: string;
  manifestJson?: string;
}

/** A minimal dist as createRemoteConfig writes it: release.json, mf-manifest.json, entry, chunk. */
export function writeFakeBuild(
  dir: string,
  remote: RemoteName,
  options: FakeBuildOptions = {},
): string {
  const version = options.version ?? '1.0.0';
  fs.mkdirSync(path.join(dir, 'fonts'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'release.json'),
    options.releaseJson ??
      JSON.stringify({
        name: remote,
        version,
        builtAt: '2026-01-01T00:00:00.000Z',
        contractsVersion: options.contractsVersion ?? '1.0.0',
      }),
  );
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    options.manifestJson ??
      JSON.stringify({
        id: REMOTES[remote].container,
        name: REMOTES[remote].container,
        metaData: {
          name: REMOTES[remote].container,
          buildInfo: { buildVersion: version, buildName: remote },
          remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
          publicPath: 'auto',
        },
        shared: [{ name: 'react' }],
        exposes: [{ id: `${REMOTES[remote].container}:pages`, name: 'pages', path: './pages' }],
        remotes: [],
      }),
  );
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${remote} ${version} */`);
  fs.writeFileSync(path.join(dir, '123.abcdef12.js'), `/* chunk of ${remote} ${version} */`);
  fs.writeFileSync(path.join(dir, 'fonts', 'cairo.0123abcd.woff2'), 'font');
  return dir;
}

/** A snapshot of every file under `dir` (path → content) to prove a refused command changed nothing. */
export function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, full)] = fs.readFileSync(full, 'utf8');
  }
  return files;
}

/** A minimal host build: index.html, main.js, a hashed chunk and a font. */
export function writeHostDist(dir: string): string {
  fs.mkdirSync(path.join(dir, 'fonts'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html dir="rtl" lang="ar"><script src="/main.js"></script></html>',
  );
  fs.writeFileSync(path.join(dir, 'main.js'), 'console.log("host")');
  fs.writeFileSync(path.join(dir, '512.0badc0de.js'), 'chunk');
  fs.writeFileSync(path.join(dir, 'fonts', 'cairo-arabic.c3107482.woff2'), 'font');
  return dir;
}
