import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { API_MODULES } from '../../src/modules';

/*
 * Every API module has one shape (api-server/README.md, "Adding a module"), so a reader finds the
 * same thing in the same file everywhere: `index.ts` is the door, `routes.ts` parses and answers,
 * `repository` holds the SQL, `commands` the rules and transactions, `tables.ts` the types,
 * `migrations/` the schema, `seed` the data. A role that outgrows its file becomes a folder of
 * the same name.
 */
const SRC = path.join(__dirname, '../../src');
const MODULES = path.join(SRC, 'modules');
const FILE_ROLES = [
  'index.ts',
  'routes.ts',
  'repository.ts',
  'commands.ts',
  'tables.ts',
  'seed.ts',
];
const FOLDER_ROLES = ['repository', 'commands', 'migrations', 'seed'];

const moduleFolders = fs
  .readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The role of a file inside a module: the first segment of its path there, without `.ts`. */
function roleOf(file: string): string {
  const [first = ''] = path.relative(MODULES, file).split(path.sep).slice(1);
  return first.replace(/\.ts$/, '');
}

describe('one module shape', () => {
  test.each(moduleFolders)(
    '%s: only the module roles at its top level, and an index.ts',
    (name) => {
      const entries = fs.readdirSync(path.join(MODULES, name), { withFileTypes: true });
      const strays = entries
        .filter((entry) =>
          entry.isDirectory()
            ? !FOLDER_ROLES.includes(entry.name)
            : !FILE_ROLES.includes(entry.name),
        )
        .map((entry) => entry.name);
      expect(strays).toEqual([]);
      expect(entries.some((entry) => entry.name === 'index.ts')).toBe(true);
    },
  );

  test('every module folder is in the module list, and every listed module has its folder', () => {
    expect(API_MODULES.map((module) => module.name).sort()).toEqual(moduleFolders);
  });

  test('SQL only in repositories, migrations, seeds and tables; transactions only in commands and seeds', () => {
    const sqlRoles = new Set(['repository', 'migrations', 'seed', 'tables']);
    const transactionRoles = new Set(['commands', 'seed', 'migrations']);
    const misplaced: string[] = [];
    for (const file of filesUnder(MODULES)) {
      const text = fs.readFileSync(file, 'utf8');
      const role = roleOf(file);
      const where = path.relative(SRC, file);
      if (
        !sqlRoles.has(role) &&
        /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/.test(text)
      ) {
        misplaced.push(`${where}: SQL outside the repository`);
      }
      if (!transactionRoles.has(role) && /\.transaction\(\)/.test(text)) {
        misplaced.push(`${where}: a transaction outside the commands`);
      }
    }
    expect(misplaced).toEqual([]);
  });

  test('no module registers its endpoints in its index (the door only names its routes)', () => {
    const misplaced = moduleFolders
      .map((name) => path.join(MODULES, name, 'index.ts'))
      .filter((file) =>
        /FastifyPluginAsync|\bregister\w*Endpoints?\(/.test(fs.readFileSync(file, 'utf8')),
      )
      .map((file) => path.relative(SRC, file));
    expect(misplaced).toEqual([]);
  });

  test("endpoints are registered only in a module's routes.ts (commands never see Fastify)", () => {
    // `registerEndpoint`, `registerDeclaredEndpoint`, `registerRecordEndpoints`: whatever
    // registers an endpoint is the routes' work, the report kinds' six endpoints included.
    const misplaced = filesUnder(MODULES)
      .filter((file) => roleOf(file) !== 'routes')
      .filter((file) => /\bregister\w*Endpoints?\(/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(misplaced).toEqual([]);
  });
});

/** Type assertions (`x as T`, `<T>x`) other than `as const`, and `as unknown as` among them. */
function castsIn(file: string): { casts: number; viaUnknown: number } {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  let casts = 0;
  let viaUnknown = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const isConst =
        ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === 'const';
      if (!isConst) {
        casts += 1;
        const inner = node.expression;
        if (ts.isAsExpression(inner) && inner.type.kind === ts.SyntaxKind.UnknownKeyword)
          viaUnknown += 1;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { casts, viaUnknown };
}

describe('types instead of casts', () => {
  // Enum columns typed with their unions and zod at the edges leave few places where the compiler
  // must be told; each cast left is a place the types could not follow (a driver's row, a JSON
  // column). The bound keeps new ones from creeping back.
  const MAX_CASTS = 20;

  test(`at most ${MAX_CASTS} casts in api-server/src, none through unknown`, () => {
    const perFile = filesUnder(SRC)
      .map((file) => ({ file: path.relative(SRC, file), ...castsIn(file) }))
      .filter((entry) => entry.casts > 0);
    const total = perFile.reduce((sum, entry) => sum + entry.casts, 0);
    const viaUnknown = perFile.filter((entry) => entry.viaUnknown > 0).map((entry) => entry.file);
    expect(viaUnknown).toEqual([]);
    if (total > MAX_CASTS) {
      throw new Error(
        `${total} casts (at most ${MAX_CASTS}):\n` +
          perFile.map((entry) => `  ${entry.casts} ${entry.file}`).join('\n'),
      );
    }
  });
});
