// Import zones inside a package (CONTRIBUTING.md "Boundaries"), as a tiny local ESLint
// rule because the zones follow a naming pattern, not a fixed list of folders:
// - a remote's (or the host's) feature, `src/features/<name>/**`, imports itself and the
//   package's shared folders (`src/lib`, `src/testing`…), never another feature;
// - an API module, `api-server/src/modules/<name>/**`, imports itself, `src/http`, `src/db` and
//   other modules only through their public `index.ts`.
import path from 'node:path';

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
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export const boundaries = { rules: { 'cross-zone-imports': crossZoneImports } };
