// The servers' production build: `pnpm build` compiles api-server and gateway to JavaScript, so
// `NODE_ENV=production pnpm start` runs `node dist/main.js` and never compiles TypeScript at start.
//
// Each entry is bundled by esbuild into <package>/dist/<name>.js (CommonJS, like the sources run
// under tsx), with the workspace packages it imports as TypeScript sources (shared-contracts, and
// api-server's error texts for the gateway) compiled in, and the package's own dependencies left
// to node_modules (native and WebAssembly files stay where their packages find them).
// Every entry sits directly in dist/, the depth of src/, so `path.resolve(__dirname, '..', '..')`
// still names the repository root (api-server/src/config.ts, gateway/src/paths.ts).
//
// dist/build-info.json records the SHA-256 of every source file the bundle was made from;
// `checkCompiledBuild` compares them with the tree, so a production start with sources changed
// since the build is refused rather than running code that no longer matches them.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..', '..');

/** The compiled servers: package directory name → entry name → source file (in the package). */
const SERVER_ENTRIES = {
  'api-server': { main: 'src/main.ts' },
  gateway: { main: 'src/main.ts', 'release-cli': 'src/release/cli.ts' },
};

const BUILD_INFO = 'build-info.json';

/** @param {string} file */
function sha256(file) {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** @param {string} specifier `@scope/name/sub` → `@scope/name`, `name/sub` → `name` */
function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Compiles one server package into its dist/ (emptied first) and writes dist/build-info.json.
 * @param {string} packageDir absolute path of api-server or gateway
 * @param {{ repo?: string, outDir?: string }} [options] `repo`: what build-info paths are relative
 *   to (default: this repository); `outDir`: another output directory (tests)
 * @returns {Promise<{ outDir: string, inputs: number }>}
 */
async function compileServer(
  packageDir,
  { repo = REPO, outDir = path.join(packageDir, 'dist') } = {},
) {
  const { build } = require('esbuild');
  const name = path.basename(packageDir);
  const entries = SERVER_ENTRIES[/** @type {keyof typeof SERVER_ENTRIES} */ (name)];
  if (!entries) {
    throw new Error(`${name}: not a compiled server (${Object.keys(SERVER_ENTRIES).join(', ')})`);
  }
  /** @type {{ dependencies?: Record<string, string> }} */
  const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const dependencies = pkg.dependencies ?? {};
  fs.rmSync(outDir, { recursive: true, force: true });

  const result = await build({
    absWorkingDir: packageDir,
    entryPoints: Object.fromEntries(
      Object.entries(entries).map(([entry, source]) => [entry, path.join(packageDir, source)]),
    ),
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        // The package's own third-party dependencies stay external; a workspace package (a
        // dependency written `workspace:*`, consumed as TypeScript) and what it imports are
        // compiled in.
        name: 'dependencies-external',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('node:')) return { path: args.path, external: true };
            const spec = dependencies[packageNameOf(args.path)];
            if (spec !== undefined && !spec.startsWith('workspace:')) {
              return { path: args.path, external: true };
            }
            return undefined;
          });
        },
      },
    ],
  });

  const inputs = Object.fromEntries(
    Object.keys(result.metafile.inputs)
      .map((input) => path.resolve(packageDir, input))
      .filter((file) => !file.split(path.sep).includes('node_modules'))
      .sort()
      .map((file) => [path.relative(repo, file), sha256(file)]),
  );
  const info = {
    package: name,
    builtAt: new Date().toISOString(),
    entries: Object.keys(entries),
    inputs,
  };
  fs.writeFileSync(path.join(outDir, BUILD_INFO), `${JSON.stringify(info, null, 2)}\n`);
  return { outDir, inputs: Object.keys(inputs).length };
}

/**
 * Why the compiled build of a server cannot run, or null when it is complete and made from the
 * sources in the tree: `missing` (never built, or an entry file gone) or `outdated: <file>` (a
 * source it was made from changed or was removed since).
 * @param {string} packageDir
 * @param {{ repo?: string }} [options]
 * @returns {string | null}
 */
function checkCompiledBuild(packageDir, { repo = REPO } = {}) {
  const name = path.basename(packageDir);
  const outDir = path.join(packageDir, 'dist');
  /** @type {{ inputs?: Record<string, string> }} */
  let info;
  try {
    info = JSON.parse(fs.readFileSync(path.join(outDir, BUILD_INFO), 'utf8'));
  } catch {
    return 'missing';
  }
  for (const entry of Object.keys(
    SERVER_ENTRIES[/** @type {keyof typeof SERVER_ENTRIES} */ (name)] ?? {},
  )) {
    if (!fs.existsSync(path.join(outDir, `${entry}.js`))) return 'missing';
  }
  for (const [relative, hash] of Object.entries(info.inputs ?? {})) {
    const file = path.join(repo, relative);
    if (!fs.existsSync(file) || sha256(file) !== hash) return `outdated: ${relative}`;
  }
  return null;
}

/**
 * The one line a production start refuses with when something it would run is not built (or,
 * for the servers, built from other sources than the tree's), or null when everything is there:
 * the compiled API and gateway, the host's build and each remote's.
 * @param {{ repo?: string, remotes: readonly string[] }} options
 * @returns {string | null}
 */
function productionBuildRefusal({ repo = REPO, remotes }) {
  /** @type {string[]} */
  const problems = [];
  for (const server of Object.keys(SERVER_ENTRIES)) {
    const problem = checkCompiledBuild(path.join(repo, server), { repo });
    if (problem) problems.push(`${server}: ${problem}`);
  }
  if (!fs.existsSync(path.join(repo, 'host-shell', 'dist', 'index.html'))) {
    problems.push('host-shell: missing');
  }
  for (const remote of remotes) {
    const dist = path.join(repo, remote, 'dist');
    if (
      !fs.existsSync(path.join(dist, 'release.json')) ||
      !fs.existsSync(path.join(dist, 'mf-manifest.json'))
    ) {
      problems.push(`${remote}: missing`);
    }
  }
  if (problems.length === 0) return null;
  const list = problems.join(', ');
  return (
    `رفض التشغيل في وضع الإنتاج: البناء ناقص أو أقدم من الشيفرة (${list})، شغّل pnpm build أولًا / ` +
    `Refusing to start in production: the build is missing or outdated (${list}); run pnpm build first`
  );
}

module.exports = {
  REPO,
  SERVER_ENTRIES,
  BUILD_INFO,
  compileServer,
  checkCompiledBuild,
  productionBuildRefusal,
};

// `node ../build-config/server/compiled-build.cjs` from a server package (its `build` script).
if (require.main === module) {
  const packageDir = path.resolve(process.argv[2] ?? process.cwd());
  const startedAt = Date.now();
  compileServer(packageDir).then(
    ({ outDir, inputs }) => {
      const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
      console.log(
        `${path.basename(packageDir)}: compiled ${inputs} source files into ${path.relative(REPO, outDir)} in ${seconds} s`,
      );
    },
    (error) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
