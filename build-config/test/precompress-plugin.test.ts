import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import webpack, { type Configuration } from 'webpack';
import { PrecompressPlugin, isTextAsset } from '../webpack/precompress-plugin';
import { createHostConfig } from '../webpack/create-host-config';
import { createRemoteConfig } from '../webpack/create-remote-config';

const REPO = path.resolve(__dirname, '..', '..');

function compile(config: Configuration): Promise<webpack.Stats> {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) reject(error);
      else if (!stats) reject(new Error('no stats'));
      else if (stats.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve(stats);
    });
  });
}

describe('isTextAsset', () => {
  it.each([
    ['main.js', true],
    ['627.eccb46c0.js', true],
    ['index.html', true],
    ['mf-manifest.json', true],
    ['262.eed92e7c.js.LICENSE.txt', true],
    ['assets/logo.1234abcd.svg', true],
    ['main.js.map', false],
    ['main.js.br', false],
    ['main.js.gz', false],
    ['fonts/cairo.c3107482.woff2', false],
    ['assets/photo.1234abcd.png', false],
  ])('%s → %p', (name, expected) => {
    expect(isTextAsset(name)).toBe(expected);
  });
});

describe('PrecompressPlugin in a production build', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-precompress-'));
  const out = path.join(dir, 'dist');
  let files: string[];

  beforeAll(async () => {
    fs.writeFileSync(
      path.join(dir, 'index.js'),
      `import('./page').then((page) => console.log(page.title));\n`,
    );
    fs.writeFileSync(
      path.join(dir, 'page.js'),
      `export const title = ${JSON.stringify('قائمة الأسر '.repeat(200))};\n`,
    );
    fs.writeFileSync(path.join(dir, 'data.json'), JSON.stringify({ rows: [1, 2, 3] }));
    await compile({
      mode: 'production',
      context: dir,
      entry: { main: './index.js' },
      devtool: 'hidden-source-map',
      output: { path: out, filename: '[name].js', chunkFilename: '[name].[contenthash:8].js' },
      plugins: [
        new PrecompressPlugin(),
        // An asset emitted late (as the federation manifest is) is compressed too.
        {
          apply(compiler) {
            compiler.hooks.thisCompilation.tap('LateAsset', (compilation) => {
              compilation.hooks.processAssets.tap(
                { name: 'LateAsset', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
                () => {
                  compilation.emitAsset(
                    'mf-manifest.json',
                    new compiler.webpack.sources.RawSource('{"id":"late"}'),
                  );
                },
              );
            });
          },
        },
      ],
    });
    files = fs.readdirSync(out).sort();
  }, 60000);

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy beside every script, and none beside the maps', () => {
    const scripts = files.filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const script of scripts) {
      const raw = fs.readFileSync(path.join(out, script));
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(out, `${script}.br`)))).toEqual(
        raw,
      );
      expect(zlib.gunzipSync(fs.readFileSync(path.join(out, `${script}.gz`)))).toEqual(raw);
      expect(fs.existsSync(path.join(out, `${script}.map`))).toBe(true);
    }
    expect(files.filter((file) => /\.map\.(br|gz)$/.test(file))).toEqual([]);
  });

  it('compresses assets emitted after it ran (additionalAssets)', () => {
    expect(files).toEqual(expect.arrayContaining(['mf-manifest.json.br', 'mf-manifest.json.gz']));
  });

  it('keeps source maps out of the scripts (hidden-source-map)', () => {
    for (const script of files.filter((file) => file.endsWith('.js')))
      expect(fs.readFileSync(path.join(out, script), 'utf8')).not.toContain('sourceMappingURL');
  });
});

describe('every production build precompresses and hides its source maps', () => {
  const hasPlugin = (config: Configuration) =>
    (config.plugins ?? []).some((plugin) => plugin instanceof PrecompressPlugin);

  it('the host', () => {
    const config = createHostConfig({ packageDir: path.join(REPO, 'host-shell') })(
      {},
      { mode: 'production' },
    );
    expect(hasPlugin(config)).toBe(true);
    expect(config.devtool).toBe('hidden-source-map');
    const dev = createHostConfig({ packageDir: path.join(REPO, 'host-shell') })(
      {},
      { mode: 'development' },
    );
    expect(hasPlugin(dev)).toBe(false);
  });

  it('a remote', () => {
    const config = createRemoteConfig({ packageDir: path.join(REPO, 'mf-finance'), env: {} })(
      {},
      { mode: 'production' },
    );
    expect(hasPlugin(config)).toBe(true);
    expect(config.devtool).toBe('hidden-source-map');
  });
});
