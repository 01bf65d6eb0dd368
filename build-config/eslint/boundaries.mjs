// Import zones inside a package (CONTRIBUTING.md "Boundaries"), as a tiny local ESLint
// rule because the zones follow a naming pattern, not a fixed list of folders:
// - a remote's (or the host's) feature, `src/features/<name>/**`, imports itself and the
//   package's shared folders (`src/lib`, `src/testing`…), never another feature;
// - an API module, `api-server/src/modules/<name>/**`, imports itself, `src/http`, `src/db` and
//   other modules only through their public `index.ts`;
// - the API's layers point down: `src/db` imports neither `src/http` nor `src/modules`, and
//   `src/http` does not import `src/modules` (`api-layers`);
// - no import cycle, type-only imports included (`no-cycle`: import-x/no-cycle skips type imports).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ZONES = [
  {
    // <package>/src/features/<feature>/…
    pattern: /^(.*\/src\/features)\/([^/]+)(?:\/|$)/,
    message: (from, to) =>
      `The feature "${from}" may not import from the feature "${to}": move what both need to the package's src/lib (or shared-ui).`,
    allowIndex: false,
  },
  {
    // api-server/src/modules/<module>/…
    pattern: /^(.*\/src\/modules)\/([^/]+)(?:\/|$)/,
    message: (from, to) =>
      `The module "${from}" may use the module "${to}" only through its public index ('../${to}' or '../${to}/index').`,
    allowIndex: true,
  },
];

const INDEX = /^(index(\.tsx?)?)?$/;

function zoneOf(file) {
  for (const zone of ZONES) {
    const match = zone.pattern.exec(file);
    if (match) return { zone, root: match[1], name: match[2] };
  }
  return null;
}

const crossZoneImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Features and API modules import each other only through allowed doors.' },
    schema: [],
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const own = zoneOf(file);
    if (!own) return {};
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), source));
      if (!target.startsWith(`${own.root}/`)) return;
      const rest = target.slice(own.root.length + 1);
      const [name, ...inside] = rest.split('/');
      if (name === own.name) return;
      if (own.zone.allowIndex && INDEX.test(inside.join('/'))) return;
      context.report({ node, message: own.zone.message(own.name, name) });
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

/** Where each module's own imports come from (`module.ts` and `import`/`export … from`). */
function importSources(node) {
  return {
    ImportDeclaration: (declaration) => node(declaration.source),
    ExportNamedDeclaration: (declaration) => declaration.source && node(declaration.source),
    ExportAllDeclaration: (declaration) => node(declaration.source),
    ImportExpression: (expression) =>
      expression.source.type === 'Literal' && node(expression.source),
  };
}

// ------------------------------------------------------------------ the API's layers

/** `api-server/src/<layer>/…`: a layer and the layers below it may not import it. */
const API_LAYERS = [
  { layer: 'db', forbidden: ['http', 'modules'] },
  { layer: 'http', forbidden: ['modules'] },
];
const API_LAYER = /^(.*\/api-server\/src)\/([^/]+)\//;

const apiLayers = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'src/db imports neither src/http nor src/modules; src/http does not import src/modules.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const match = API_LAYER.exec(file);
    const rule = match && API_LAYERS.find((item) => item.layer === match[2]);
    if (!match || !rule) return {};
    const root = match[1];
    return importSources((source) => {
      if (typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), source.value));
      const layer = target.startsWith(`${root}/`)
        ? target.slice(root.length + 1).split('/')[0]
        : undefined;
      if (layer && rule.forbidden.includes(layer)) {
        context.report({
          node: source,
          message: `src/${rule.layer} may not import src/${layer}: it sits below it (pass what it needs in, or move the code up).`,
        });
      }
    });
  },
};

// ------------------------------------------------------------------ cycles, type imports included

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

/** The file a relative specifier names (`./a` → `./a.ts` or `./a/index.ts`), or undefined. */
function resolveRelative(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  // `./x.js` written for ESM output, the source being `./x.ts`.
  if (/\.m?js$/.test(base)) candidates.push(base.replace(/\.m?js$/, '.ts'));
  return candidates.find(
    (candidate) =>
      EXTENSIONS.includes(path.extname(candidate)) &&
      fs.existsSync(candidate) &&
      fs.statSync(candidate).isFile(),
  );
}

/** The relative imports of a file on disk, type-only ones included (cached for the lint run). */
const importsCache = new Map();
function importsOf(file) {
  let imports = importsCache.get(file);
  if (!imports) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    imports = info.importedFiles
      .map((item) => resolveRelative(file, item.fileName))
      .filter(Boolean);
    importsCache.set(file, imports);
  }
  return imports;
}

/** A path of imports from `start` back to `file`, or undefined. */
function pathBack(start, file) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === file) {
      const route = [];
      for (let step = current; step !== undefined; step = previous.get(step)) route.unshift(step);
      return route;
    }
    for (const next of importsOf(current)) {
      if (previous.has(next)) continue;
      previous.set(next, current);
      queue.push(next);
    }
  }
  return undefined;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: "No import cycle between a package's files, counting type-only imports." },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    return importSources((source) => {
      if (typeof source.value !== 'string') return;
      const target = resolveRelative(file, source.value);
      if (!target || target === file) return;
      const route = pathBack(target, file);
      if (!route) return;
      const shown = [file, ...route].map(
        (item) => path.relative(path.dirname(file), item) || path.basename(item),
      );
      context.report({
        node: source,
        message: `Import cycle (type-only imports count too): ${shown.join(' → ')}. Move what both need to a third file.`,
      });
    });
  },
};

export const boundaries = {
  rules: { 'cross-zone-imports': crossZoneImports, 'api-layers': apiLayers, 'no-cycle': noCycle },
};
