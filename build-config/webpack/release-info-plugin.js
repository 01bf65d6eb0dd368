// Writes `release.json` beside each remote build: which remote, which version, when it was built
// and which shared-contracts version it was built against. The release CLI refuses to publish a
// build without it, and refuses to promote one whose contracts major differs from the host's.
// The same facts go into mf-manifest.json's metaData.buildInfo, so the host can check them at
// run time from the manifest it fetches anyway.

const RELEASE_FILE = 'release.json';
const SEMVER = /^\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/;

/**
 * @typedef {{ name: string, version: string, builtAt: string, contractsVersion: string }} ReleaseInfo
 */

/**
 * The release.json content (the shape of shared-contracts' releaseInfoSchema; the remotes' unit
 * tests parse it with that schema, and the release CLI parses every published copy again).
 * @param {ReleaseInfo} info
 * @returns {ReleaseInfo}
 */
function createReleaseInfo({ name, version, builtAt, contractsVersion }) {
  if (!SEMVER.test(version)) throw new Error(`${name}: package version "${version}" is not semver`);
  if (!SEMVER.test(contractsVersion))
    throw new Error(`shared-contracts version "${contractsVersion}" is not semver`);
  if (Number.isNaN(Date.parse(builtAt))) throw new Error(`builtAt "${builtAt}" is not a date`);
  return { name, version, builtAt, contractsVersion };
}

class ReleaseInfoPlugin {
  /** @param {{ name: string, version: string, contractsVersion: string }} options */
  constructor(options) {
    this.options = options;
    /** @type {WeakMap<object, ReleaseInfo>} one build time per compilation, shared with the manifest */
    this.infos = new WeakMap();
  }

  /** @param {import('webpack').Compilation} compilation @returns {ReleaseInfo} */
  releaseInfoFor(compilation) {
    let info = this.infos.get(compilation);
    if (!info) {
      info = createReleaseInfo({ ...this.options, builtAt: new Date().toISOString() });
      this.infos.set(compilation, info);
    }
    return info;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ReleaseInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'ReleaseInfoPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
        },
        () => {
          const json = `${JSON.stringify(this.releaseInfoFor(compilation), null, 2)}\n`;
          compilation.emitAsset(RELEASE_FILE, new RawSource(json));
        },
      );
    });
  }
}

module.exports = { ReleaseInfoPlugin, createReleaseInfo, RELEASE_FILE };
