import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BODY_EXAMPLES, exampleOf } from '../src/modules/openapi/commands';
import { describeEachDatabase } from './support/harness';

/**
 * The OpenAPI description served at `GET /api/openapi.json`, checked as an integrator would use
 * it: Redocly's recommended rules find nothing to warn about, every request body's example is
 * accepted by the zod schema the handler parses with, and a body built from the document alone
 * (its required fields, from their examples, formats and bounds) is never refused for its shape.
 */

type JsonSchema = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  body: { schema: JsonSchema; example: unknown; description?: string };
}

const REDOCLY = path.resolve(__dirname, '../node_modules/.bin/redocly');

/**
 * What a well-formed body may still be refused with, and why (the shape itself always passes:
 * the test first checks the zod schema accepts it):
 * - 404: a path id, or an id in the body, names no row of the demo data (every example id is 1);
 * - 409: a business rule of the row's current state (a closed seminar, a survey already answered,
 *   a name already taken by a demo row, a status the row cannot move to);
 * - 422 only where listed in ALLOWED_422, on a field that refers to the demo data's rows.
 */
const BUSINESS_STATUSES = new Set([404, 409]);

/** The 422s a well-formed body may get on the demo data, by operation: the field, and why. */
const ALLOWED_422: Readonly<Record<string, { field: string; why: string }>> = {
  // Demo family 1 has members of its own: an edit must send them back (or move them first).
  'PUT /families/{id}': { field: 'members', why: "the row's current members must be resent" },
  // Template version 1 is not the current version of a published template in the demo data.
  'POST /surveys': { field: 'template_version_id', why: 'id 1 is not a current published version' },
  'PUT /surveys/{id}': {
    field: 'template_version_id',
    why: 'id 1 is not a current published version',
  },
};
/** Login with the example's made-up account: wrong credentials, refused as such. */
const LOGIN = '/api/auth/create/sanctum/token';

function operationsOf(document: {
  paths: Record<
    string,
    Record<string, { requestBody?: { description?: string; content: Record<string, JsonSchema> } }>
  >;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) => {
      const media = operation.requestBody?.content['application/json'];
      if (!media) return [];
      return [
        {
          method: method.toUpperCase(),
          path: route,
          body: {
            schema: media.schema as JsonSchema,
            example: media.example,
            description: operation.requestBody?.description,
          },
        },
      ];
    }),
  );
}

describeEachDatabase(
  'the OpenAPI description',
  (h) => {
    let document: Parameters<typeof operationsOf>[0] & Record<string, unknown>;

    beforeAll(async () => {
      const response = await h.request('GET', '/api/openapi.json');
      expect(response.statusCode).toBe(200);
      document = response.json();
    });

    test("Redocly's recommended rules: valid, 0 warnings (run offline)", () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-openapi-'));
      try {
        const file = path.join(dir, 'openapi.json');
        fs.writeFileSync(file, JSON.stringify(document));
        const run = spawnSync(
          REDOCLY,
          ['lint', '--extends', 'recommended', '--format', 'json', '--max-problems', '1000', file],
          {
            cwd: dir,
            encoding: 'utf8',
            timeout: 60_000,
            // No telemetry, no update check: the lint reads the file and nothing else.
            env: {
              ...process.env,
              REDOCLY_TELEMETRY: 'off',
              REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
              NO_COLOR: '1',
            },
          },
        );
        const report = JSON.parse(run.stdout) as {
          totals: { errors: number; warnings: number };
          problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
        };
        const problems = report.problems.map(
          (problem) =>
            `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? ''}`,
        );
        console.log(
          `redocly recommended [${h.target}]: ${report.totals.errors} errors, ${report.totals.warnings} warnings`,
        );
        expect(problems).toEqual([]);
        expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
        expect(run.status).toBe(0);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    test('every request body has a description and an example the zod schema accepts', () => {
      const operations = operationsOf(document);
      const declared = h.app.routeDeclarations.filter((declaration) => declaration.docs?.body);
      expect(operations.length).toBe(declared.length);
      expect(operations.length).toBeGreaterThanOrEqual(50);
      const refused: string[] = [];
      for (const declaration of declared) {
        const route = declaration.url.slice('/api'.length).replace(/:([A-Za-z_]+)/g, '{$1}');
        const operation = operations.find(
          (candidate) => candidate.method === declaration.method && candidate.path === route,
        );
        expect(operation?.body.description).toMatch(/[\u0600-\u06FF]/);
        const key = `${declaration.method} ${route}`;
        expect(operation?.body.example).toEqual(
          key in BODY_EXAMPLES ? BODY_EXAMPLES[key] : exampleOf(operation?.body.schema),
        );
        const parsed = declaration.docs?.body?.safeParse(operation?.body.example);
        if (!parsed?.success)
          refused.push(
            `${declaration.method} ${route}: ${JSON.stringify(operation?.body.example)} → ${JSON.stringify(parsed?.error.issues)}`,
          );
      }
      expect(refused).toEqual([]);
    });

    test('money, dates, local date-times and ids are typed: no `{}`, no number-or-string', () => {
      const found: string[] = [];
      const walk = (value: unknown, where: string) => {
        if (typeof value !== 'object' || value === null) return;
        const schema = value as JsonSchema;
        if (
          Array.isArray(schema.type) &&
          schema.type.includes('number') &&
          schema.type.includes('string')
        )
          found.push(`number|string at ${where}`);
        for (const key of ['anyOf', 'oneOf'] as const) {
          for (const branch of (schema[key] as JsonSchema[] | undefined) ?? [])
            if (Object.keys(branch).length === 0) found.push(`{} at ${where}`);
        }
        for (const [key, child] of Object.entries(schema)) walk(child, `${where}/${key}`);
      };
      walk(document.paths, '');
      expect(found).toEqual([]);
      const seminar = operationsOf(document).find(
        (operation) => operation.method === 'POST' && operation.path === '/seminars',
      );
      const properties = seminar?.body.schema.properties as Record<string, JsonSchema>;
      expect(properties.starts_at).toMatchObject({
        type: 'string',
        pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$',
      });
      expect(String(properties.starts_at?.description)).toContain('Riyadh local time');
      expect(properties.seminar_type_id).toMatchObject({ type: 'integer', minimum: 1 });
      const survey = operationsOf(document).find(
        (operation) => operation.method === 'POST' && operation.path === '/surveys',
      );
      expect(
        (survey?.body.schema.properties as Record<string, JsonSchema>).starts_on,
      ).toMatchObject({ type: 'string', format: 'date' });
    });

    test('every documented body, built from the document alone, is sent as the super admin: none refused for its shape', async () => {
      const operations = operationsOf(document);
      const results = new Map<number, number>();
      const refused: string[] = [];
      for (const operation of operations) {
        // A fresh token each time: a body may end sessions (a password change revokes them).
        const token = await h.adminToken();
        const url = `/api${operation.path.replace(/\{[A-Za-z_]+\}/g, '1')}`;
        const response = await h.request(operation.method as 'POST', url, {
          token,
          body: operation.body.example,
        });
        results.set(response.statusCode, (results.get(response.statusCode) ?? 0) + 1);
        const allowed = ALLOWED_422[`${operation.method} ${operation.path}`];
        const errors =
          response.statusCode === 422
            ? Object.keys(response.json<{ errors?: Record<string, unknown> }>().errors ?? {})
            : [];
        const businessField =
          allowed !== undefined && errors.length === 1 && errors[0] === allowed.field;
        const ok =
          businessField ||
          response.statusCode < 300 ||
          BUSINESS_STATUSES.has(response.statusCode) ||
          (url === LOGIN && response.statusCode === 401);
        if (!ok)
          refused.push(
            `${operation.method} ${url} ${JSON.stringify(operation.body.example)} → ${response.statusCode} ${response.payload.slice(0, 300)}`,
          );
      }
      console.log(
        `documented bodies sent [${h.target}]: ${operations.length}; ${[...results.entries()]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status} × ${n}`)
          .join(', ')}`,
      );
      expect(refused).toEqual([]);
    }, 120_000);
  },
  { seedDemo: true },
);
