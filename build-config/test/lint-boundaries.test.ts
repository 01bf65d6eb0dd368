import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The import boundaries are lint rules (eslint.config.mjs, build-config/eslint/
 * boundaries.mjs): these fixtures show that lint fails on a cross-feature import, on a module
 * reaching into another module's internals, on an import cycle (type-only imports included) and
 * on the API's db/ or http/ importing its modules — and accepts the allowed doors. ESLint runs as the CLI does (its flat config is ESM, which jest's CommonJS cannot load).
 */
const ROOT = path.resolve(__dirname, '../..');

interface LintMessage {
  ruleId: string | null;
  message: string;
}

function lint(code: string | null, filePath: string): LintMessage[] {
  const args = ['eslint', '--format', 'json', '--no-ignore'];
  const options = { cwd: ROOT, encoding: 'utf8' as const, input: code ?? undefined };
  const output = (() => {
    try {
      return code === null
        ? execFileSync('npx', [...args, filePath], options)
        : execFileSync('npx', [...args, '--stdin', '--stdin-filename', filePath], options);
    } catch (error) {
      // ESLint exits 1 when it reports errors; the JSON is still on stdout.
      return (error as { stdout: string }).stdout;
    }
  })();
  const results = JSON.parse(output) as { messages: LintMessage[] }[];
  return results.flatMap((result) => result.messages);
}

const rulesOf = (messages: LintMessage[]) => messages.map((message) => message.ruleId);

describe('lint boundaries', () => {
  jest.setTimeout(120_000);

  test('a feature importing another feature fails', () => {
    const messages = lint(
      "import { useOrganisationList } from '../../organisations/api/organisations-api';\nexport const x = useOrganisationList;\n",
      'mf-beneficiaries/src/features/seasons/pages/lint-fixture.tsx',
    );
    expect(rulesOf(messages)).toContain('boundaries/cross-zone-imports');
    expect(messages.find((m) => m.ruleId === 'boundaries/cross-zone-imports')?.message).toMatch(
      /"seasons".*"organisations"/,
    );
  });

  test("a feature importing itself and its package's shared folders passes", () => {
    const messages = lint(
      "import { optionsOf } from '../../../lib/lookups';\nimport { OrganisationForm } from '../components/organisation-form';\nexport const x = [optionsOf, OrganisationForm];\n",
      'mf-beneficiaries/src/features/organisations/pages/lint-fixture.tsx',
    );
    expect(rulesOf(messages)).not.toContain('boundaries/cross-zone-imports');
  });

  test("an API module reaching into another module's internals fails; its index is the door", () => {
    const internal = lint(
      "import { recordActivity } from '../activity-log/repository';\nexport const x = recordActivity;\n",
      'api-server/src/modules/organisations/lint-fixture.ts',
    );
    expect(rulesOf(internal)).toContain('boundaries/cross-zone-imports');
    const publicIndex = lint(
      "import { recordActivity } from '../activity-log';\nimport { y } from '../activity-log/index';\nexport const x = [recordActivity, y];\n",
      'api-server/src/modules/organisations/lint-fixture.ts',
    );
    expect(rulesOf(publicIndex)).not.toContain('boundaries/cross-zone-imports');
  });

  test('an import cycle fails', () => {
    const messages = lint(null, 'build-config/test/lint-fixtures/cycle/first.ts');
    expect(rulesOf(messages)).toContain('import-x/no-cycle');
  });

  test('an import cycle of type-only imports fails (import-x/no-cycle lets it pass)', () => {
    const messages = lint(null, 'build-config/test/lint-fixtures/type-cycle/first.ts');
    expect(rulesOf(messages)).toContain('boundaries/no-cycle');
    expect(rulesOf(messages)).not.toContain('import-x/no-cycle');
  });

  test("the API's db/ and http/ importing its modules fails, and db/ importing http/", () => {
    const fromDb = lint(
      "import { recordActivity } from '../modules/activity-log';\nimport type { ApiModule } from '../http/api-module';\nexport const x: [unknown, ApiModule?] = [recordActivity];\n",
      'api-server/src/db/lint-fixture.ts',
    );
    expect(rulesOf(fromDb).filter((rule) => rule === 'boundaries/api-layers')).toHaveLength(2);
    const fromMigrations = lint(
      "import type { ActivityChanges } from '../../modules/activity-log';\nexport type X = ActivityChanges;\n",
      'api-server/src/db/migrations/lint-fixture.ts',
    );
    expect(rulesOf(fromMigrations)).toContain('boundaries/api-layers');
    const fromHttp = lint(
      "import { recordActivity } from '../modules/activity-log';\nexport const x = recordActivity;\n",
      'api-server/src/http/lint-fixture.ts',
    );
    expect(rulesOf(fromHttp)).toContain('boundaries/api-layers');
    const downward = lint(
      "import { sqlState } from '../db/errors';\nexport const x = sqlState;\n",
      'api-server/src/http/lint-fixture.ts',
    );
    expect(rulesOf(downward)).not.toContain('boundaries/api-layers');
  });
});
