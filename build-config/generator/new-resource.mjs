#!/usr/bin/env node
// `pnpm new:resource donors --remote mf-services --singular 'متبرع' --plural 'متبرعون' --gender m \
//    --title 'المتبرعون' --genitive 'المتبرعين'`
// `--plural` is the counted plural (`countOf`'s `few` and its "none" phrase); `--title` the list's heading, sidebar
// label and checklist section; `--genitive` the form after عرض / إضافة / تعديل / قائمة.
//
// Writes a resource with list, create, edit and show pages, its API and its tests (CONTRIBUTING.md
// "Adding a resource"): 8 new files, and one line each in the two central lists — the resource
// registry (shared-contracts/src/resources/registry.ts) and the API module list
// (api-server/src/modules/index.ts, the module with its import). Everything else (permission keys,
// checklist, routes, sidebar, activity-log names and links, the remote's page map) is derived from
// the declaration it writes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TEMPLATES = path.join(HERE, 'templates');

const REMOTE_ICONS = {
  'mf-beneficiaries': 'families',
  'mf-services': 'services',
  'mf-finance': 'finance',
  'mf-engagement': 'seminars',
  'mf-reports': 'reports',
  'mf-admin': 'employees',
};

function fail(message) {
  process.stderr.write(`new:resource: ${message}\n`);
  process.exit(1);
}

export function parseArgs(argv) {
  const options = {};
  const positional = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const [key, inline] = arg.slice(2).split('=', 2);
      options[key] = inline ?? argv[(i += 1)];
    } else positional.push(arg);
  }
  return { name: positional[0], options };
}

const pascal = (kebab) =>
  kebab
    .split('-')
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
const camel = (kebab) => {
  const p = pascal(kebab);
  return p[0].toLowerCase() + p.slice(1);
};
const snake = (kebab) => kebab.replace(/-/g, '_');

/** The Arabic noun's forms from the singular, the plural and the gender (overridable one by one). */
export function arabicNoun({ singular, plural, gender, dual, zero }) {
  const feminine = gender === 'f';
  const stem = singular.endsWith('ة') ? `${singular.slice(0, -1)}ت` : singular;
  return {
    one: singular,
    two: dual ?? `${stem}ان`,
    few: plural,
    many: feminine || singular.endsWith('ة') ? singular : `${singular}اً`,
    other: singular,
    gender: feminine ? 'feminine' : 'masculine',
    zero: zero ?? `${feminine ? 'لا توجد' : 'لا يوجد'} ${plural}`,
  };
}

/** Every placeholder of the templates, from the options. */
export function placeholders(name, options, root, today = new Date()) {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name ?? ''))
    fail('the name is kebab-case, plural: donors, service-grants');
  const remote = options.remote;
  if (!REMOTE_ICONS[remote]) fail(`--remote is one of ${Object.keys(REMOTE_ICONS).join(', ')}`);
  for (const key of ['singular', 'plural', 'gender'])
    if (!options[key]) fail(`--${key} is required`);
  if (!['m', 'f'].includes(options.gender)) fail('--gender is m or f');
  const entity = options.entity ?? snake(name).replace(/ies$/, 'y').replace(/s$/, '');
  const singularKebab = entity.replace(/_/g, '-');
  const noun = arabicNoun(options);
  const definite = options.singular.startsWith('ال') ? options.singular : `ال${options.singular}`;
  const feminine = noun.gender === 'feminine';
  const resources = path.join(root, 'shared-contracts/src/resources');
  const orders = fs
    .readdirSync(resources)
    .flatMap((file) => [
      ...fs.readFileSync(path.join(resources, file), 'utf8').matchAll(/^  order: (\d+),$/gm),
    ])
    .map((match) => Number(match[1]));
  const date = today.toISOString().slice(0, 10).replace(/-/g, '_');
  return {
    __NAME__: name,
    __PATH__: options.path ?? `/${name}`,
    __CAMEL__: camel(name),
    __PASCAL__: pascal(name),
    __SCAMEL__: camel(singularKebab),
    __SPASCAL__: pascal(singularKebab),
    __CONST__: entity.toUpperCase(),
    __KEY__: snake(name),
    __TABLE__: snake(name),
    __ENTITY__: entity,
    __REMOTE__: remote,
    __ICON__: options.icon ?? REMOTE_ICONS[remote],
    __ORDER__: String(Number(options.order ?? Math.max(90, ...orders) + 1)),
    __SINGULAR__: options.singular,
    __PLURAL__: options.plural,
    __TITLE__: options.title ?? options.plural,
    __PLURAL_GEN__: options.genitive ?? options.title ?? options.plural,
    __DEFINITE__: definite,
    __NOT_FOUND__: feminine ? 'غير موجودة' : 'غير موجود',
    __REGISTERED__: feminine ? 'مسجلة' : 'مسجل',
    __ZERO__: noun.zero,
    __SAMPLE__: options.sample ?? `${options.singular} تجريبي`,
    __NOUN__: JSON.stringify(noun)
      .replace(/"/g, "'")
      .replace(/,'/g, ", '")
      .replace(/':/g, "': ")
      .replace(/'([a-z]+)': /g, '$1: '),
    __MIGRATION__: `${date}_${snake(name)}_table`,
  };
}

/** The files a resource is made of: template → path in the workspace. */
export function plannedFiles(values) {
  const { __NAME__: name, __REMOTE__: remote } = values;
  return [
    ['declaration.ts.tpl', `shared-contracts/src/resources/${name}.ts`],
    ['contracts.ts.tpl', `shared-contracts/src/resources/${name}-contracts.ts`],
    ['api-index.ts.tpl', `api-server/src/modules/${name}/index.ts`],
    ['api-repository.ts.tpl', `api-server/src/modules/${name}/repository.ts`],
    ['list-page.tsx.tpl', `${remote}/src/features/${name}/pages/${name}-list-page.tsx`],
    ['record-page.tsx.tpl', `${remote}/src/features/${name}/pages/${name}-record-page.tsx`],
    ['api.test.ts.tpl', `api-server/test/${name}.test.ts`],
    ['page.test.tsx.tpl', `${remote}/test/${name}-pages.test.tsx`],
  ];
}

function fill(text, values) {
  return text.replace(/__[A-Z][A-Z_]*?__/g, (token) => {
    if (!(token in values)) fail(`unknown placeholder ${token}`);
    return values[token];
  });
}

/** Adds `line` after the last line matching `after` (the two central edits). */
function insertAfterLast(file, after, line) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const index = lines
    .map((each, i) => (after.test(each) ? i : -1))
    .filter((i) => i >= 0)
    .at(-1);
  if (index === undefined) fail(`${file}: no line matches ${after}`);
  lines.splice(index + 1, 0, line);
  fs.writeFileSync(file, lines.join('\n'));
}

export function generate(root, name, options) {
  const values = placeholders(name, options, root);
  const files = plannedFiles(values);
  for (const [, target] of files) {
    if (fs.existsSync(path.join(root, target))) fail(`${target} exists already`);
  }
  for (const [template, target] of files) {
    const full = path.join(root, target);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, fill(fs.readFileSync(path.join(TEMPLATES, template), 'utf8'), values));
  }
  // In the workspace's style from the start (the central lists are left as they are).
  const prettier = path.join(root, 'node_modules/.bin/prettier');
  if (fs.existsSync(prettier)) {
    const formatted = spawnSync(prettier, ['--write', ...files.map(([, target]) => target)], {
      cwd: root,
      encoding: 'utf8',
    });
    if (formatted.status !== 0) fail(`prettier: ${formatted.stderr}`);
  }
  insertAfterLast(
    path.join(root, 'shared-contracts/src/resources/registry.ts'),
    /^export \{ \w+ \} from '\.\/[\w-]+';$/,
    `export { ${values.__CAMEL__}Resource } from './${name}';`,
  );
  const modules = path.join(root, 'api-server/src/modules/index.ts');
  insertAfterLast(
    modules,
    /^import \{ \w+ \} from '\.\/[\w-]+';$/,
    `import { ${values.__CAMEL__}Module } from './${name}';`,
  );
  // Before the dashboard: after every domain module, before the modules that describe the others.
  insertAfterLast(modules, /^  reportsModule,$/, `  ${values.__CAMEL__}Module,`);
  return files.map(([, target]) => target);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { name, options } = parseArgs(process.argv.slice(2));
  const root = path.resolve(options.root ?? path.join(HERE, '../..'));
  const written = generate(root, name, options);
  process.stdout.write(
    `Wrote:\n${written.map((file) => `  ${file}`).join('\n')}\n` +
      'Added one line to shared-contracts/src/resources/registry.ts and the module to api-server/src/modules/index.ts.\n',
  );
}
