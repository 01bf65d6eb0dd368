// Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text asset of
// a production build, so the gateway serves them by Accept-Encoding without compressing anything
// per request (gateway/src/static-files.ts, `preCompressed`). Node's zlib only: no dependency.
// Source maps are left alone: they stay beside the build for decoding errors and are never served.
const { promisify } = require('node:util');
const zlib = require('node:zlib');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What the browser downloads as text: scripts, styles, pages, manifests, SVG, license notes. */
const TEXT_ASSET = /\.(js|mjs|css|html|json|svg|txt|xml)$/i;
/** Already compressed formats (woff2 is brotli inside) and the files this plugin writes. */
const SKIPPED = /\.(map|br|gz)$/i;

/** @param {string} name */
function isTextAsset(name) {
  return TEXT_ASSET.test(name) && !SKIPPED.test(name);
}

/** @param {Buffer} body */
function compressBrotli(body) {
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** @param {Buffer} body */
function compressGzip(body) {
  return gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION });
}

class PrecompressPlugin {
  /** @param {{ test?: (name: string) => boolean }} [options] */
  constructor(options = {}) {
    this.test = options.test ?? isTextAsset;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    const { Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        {
          name: 'PrecompressPlugin',
          // After minification and the real content hashes; `additionalAssets` also catches the
          // files emitted later in this hook (the federation manifest, release.json, index.html).
          stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER,
          additionalAssets: true,
        },
        async (assets) => {
          const names = Object.keys(assets).filter(
            (name) => this.test(name) && !compilation.getAsset(`${name}.br`),
          );
          await Promise.all(
            names.map(async (name) => {
              const asset = compilation.getAsset(name);
              if (!asset) return;
              const source = asset.source.source();
              const body = Buffer.isBuffer(source) ? source : Buffer.from(source);
              const [br, gz] = await Promise.all([compressBrotli(body), compressGzip(body)]);
              const info = { compressed: true, immutable: Boolean(asset.info.immutable) };
              compilation.emitAsset(`${name}.br`, new RawSource(br), info);
              compilation.emitAsset(`${name}.gz`, new RawSource(gz), info);
              compilation.updateAsset(name, asset.source, {
                related: { brotli: `${name}.br`, gzip: `${name}.gz` },
              });
            }),
          );
        },
      );
    });
  }
}

module.exports = { PrecompressPlugin, isTextAsset };
