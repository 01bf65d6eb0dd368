import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import {
  checkCompiledBuild,
  compileServer,
  productionBuildRefusal,
} from '../server/compiled-build.cjs';

const REPO = path.resolve(__dirname, '..', '..');

/** A repository with the shape a production start checks: two small servers, host, one remote. */
function fixtureRepo(root: string) {
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('api-server/package.json', '{ "name": "api-server", "dependencies": {} }');
  write('api-server/src/greeting.ts', "export const greeting: string = 'api up';\n");
  write(
    'api-server/src/main.ts',
    "import { greeting } from './greeting';\nconsole.log(greeting);\n",
  );
  write('gateway/package.json', '{ "name": "gateway", "dependencies": {} }');
  write('gateway/src/main.ts', "console.log('gateway up');\n");
  write('gateway/src/release/cli.ts', "console.log('cli');\n");
  write('host-shell/dist/index.html', '<!doctype html>');
  write('mf-finance/dist/release.json', '{}');
  write('mf-finance/dist/mf-manifest.json', '{}');
}

describe('the compiled servers (pnpm build) and the production start refusal', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'compiled-build-'));
    fixtureRepo(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('compiles each entry to dist/<name>.js that node runs without tsx', async () => {
    await compileServer(path.join(root, 'api-server'), { repo: root });
    await compileServer(path.join(root, 'gateway'), { repo: root });
    const run = (file: string) =>
      spawnSync(process.execPath, [path.join(root, file)], { encoding: 'utf8' }).stdout.trim();
    expect(run('api-server/dist/main.js')).toBe('api up');
    expect(run('gateway/dist/main.js')).toBe('gateway up');
    expect(run('gateway/dist/release-cli.js')).toBe('cli');
    expect(productionBuildRefusal({ repo: root, remotes: ['mf-finance'] })).toBeNull();
  });

  it('refuses a missing build in one line, in Arabic and English, naming what is missing', async () => {
    await compileServer(path.join(root, 'gateway'), { repo: root });
    fs.rmSync(path.join(root, 'mf-finance', 'dist'), { recursive: true });
    const refusal = productionBuildRefusal({ repo: root, remotes: ['mf-finance'] });
    expect(refusal?.split('\n')).toHaveLength(1);
    expect(refusal).toMatch(/^رفض التشغيل في وضع الإنتاج: البناء ناقص أو أقدم من الشيفرة \(/);
    expect(refusal).toContain(
      'Refusing to start in production: the build is missing or outdated (api-server: missing, mf-finance: missing); run pnpm build first',
    );
  });

  it('calls a build outdated once a source it was made from changes or goes', async () => {
    const api = path.join(root, 'api-server');
    await compileServer(api, { repo: root });
    await compileServer(path.join(root, 'gateway'), { repo: root });
    expect(checkCompiledBuild(api, { repo: root })).toBeNull();
    fs.appendFileSync(path.join(api, 'src', 'greeting.ts'), '// changed\n');
    expect(checkCompiledBuild(api, { repo: root })).toBe('outdated: api-server/src/greeting.ts');
    expect(productionBuildRefusal({ repo: root, remotes: [] })).toContain(
      '(api-server: outdated: api-server/src/greeting.ts)',
    );
    fs.rmSync(path.join(api, 'dist', 'main.js'));
    expect(checkCompiledBuild(api, { repo: root })).toBe('missing');
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('the real API, compiled', () => {
  // Inside api-server (under its node_modules, which git ignores) so its dependencies resolve as
  // they do from api-server/dist; the tree's own dist/ is left to `pnpm build`.
  const outDir = path.join(
    REPO,
    'api-server',
    'node_modules',
    '.cache',
    `compiled-test-${process.pid}`,
  );
  let dataDir: string;
  let api: ReturnType<typeof spawn> | undefined;
  afterEach(() => {
    if (api && api.exitCode === null) api.kill('SIGKILL');
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('bundles shared-contracts in, and starts under plain node and answers /api/health', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compiled-api-'));
    const { inputs } = await compileServer(path.join(REPO, 'api-server'), { outDir });
    expect(inputs).toBeGreaterThan(50);
    const bundle = fs.readFileSync(path.join(outDir, 'main.js'), 'utf8');
    expect(bundle).not.toMatch(/require\("(shared-contracts|tsx)[/"]/);
    expect(bundle).toMatch(/require\("fastify"\)/);

    const port = await freePort();
    let output = '';
    api = spawn(process.execPath, [path.join(outDir, 'main.js')], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        API_PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    api.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    api.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 50_000;
    let health: unknown;
    while (Date.now() < deadline && api.exitCode === null) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok) {
          health = await response.json();
          break;
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (health === undefined) throw new Error(`the compiled API did not answer:\n${output}`);
    expect(health).toMatchObject({ status: 'ok', database: 'ok' });
  }, 60_000);
});
