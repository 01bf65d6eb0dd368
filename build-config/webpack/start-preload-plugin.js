// Adds `<link rel="preload" as="script">` tags for what the host's first screen needs
// beyond main.js: the chunks of the named async chunk group the entry imports (`bootstrap`, the
// federation's async boundary) and the chunks of every shared library those chunks consume
// (react-dom, zod, …). Without the hints the browser only learns about them once main.js has run
// the federation runtime: on a slow PC that is a second of idle network. The shell's own chunks
// (router, query client, sidebar) are not listed: the login page does not need them. The host's
// page does not inject these tags: its inline script inserts them with main.js, when it starts the
// app (html-shell.js).
const HtmlWebpackPlugin = require('html-webpack-plugin');

const CONSUME_SHARED = 'consume-shared-module';
const PROVIDE_SHARED = 'provide-module';

/**
 * The files a chunk group needs, following each consumed shared module to the chunks the host
 * provides it from (the host is the first and, at start, the only provider, so these are the files
 * the runtime loads; a consumed module the host does not provide follows its fallback),
 * recursively.
 * @param {import('webpack').Compilation} compilation
 * @param {import('webpack').ChunkGroup} group
 * @returns {string[]}
 */
function filesOfGroup(compilation, group) {
  const { chunkGraph } = compilation;
  /** @type {Map<string, import('webpack').Module>} share key → the host's provide module */
  const provided = new Map();
  for (const module of compilation.modules) {
    const name = /** @type {{ _name?: unknown }} */ (module)._name;
    if (module.type === PROVIDE_SHARED && typeof name === 'string') provided.set(name, module);
  }
  /** @type {Set<import('webpack').Chunk>} */
  const chunks = new Set();
  /** @param {import('webpack').ChunkGroup} chunkGroup */
  const visit = (chunkGroup) => {
    for (const chunk of chunkGroup.chunks) {
      if (chunks.has(chunk)) continue;
      chunks.add(chunk);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== CONSUME_SHARED) continue;
        const shareKey = /** @type {{ options?: { shareKey?: string } }} */ (module).options
          ?.shareKey;
        const source = (shareKey && provided.get(shareKey)) || module;
        for (const block of source.blocks) {
          const fallback = chunkGraph.getBlockChunkGroup(block);
          if (fallback) visit(fallback);
        }
      }
    }
  };
  visit(group);
  return [...chunks]
    .flatMap((chunk) => [...chunk.files])
    .filter((file) => file.endsWith('.js'))
    .sort();
}

class StartPreloadPlugin {
  /** @param {{ chunkGroup: string }} options the webpackChunkName of the entry's async import */
  constructor({ chunkGroup }) {
    this.chunkGroup = chunkGroup;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'StartPreloadPlugin',
        (data) => {
          const group = compilation.namedChunkGroups.get(this.chunkGroup);
          if (!group) {
            compilation.warnings.push(
              new compiler.webpack.WebpackError(
                `StartPreloadPlugin: no chunk group named "${this.chunkGroup}" (webpackChunkName of the entry's import)`,
              ),
            );
            return data;
          }
          const publicPath = data.publicPath === 'auto' ? '' : data.publicPath;
          const links = filesOfGroup(compilation, group).map((file) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              href: `${publicPath}${file}`,
            }),
          );
          data.headTags.push(...links);
          return data;
        },
      );
    });
  }
}

module.exports = { StartPreloadPlugin, filesOfGroup };
