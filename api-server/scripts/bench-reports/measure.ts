/**
 * What `bench:reports` measures and how it prints it: the requests (the dashboard, then the live
 * page of every report kind the reports module registers, found through its endpoint tables so
 * a kind added later is measured without a change here), their timings through `app.inject`,
 * and the table of figures beside the targets.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Endpoint } from 'shared-contracts';
import type { ZodType } from 'zod';
import type { Database } from '../../src/db/tables';
import type { EndpointTable } from '../../src/http/api-module';

export interface Target {
  label: string;
  url: string;
  query: Record<string, string>;
  /** Milliseconds (the targets: dashboard 300, each report 2,000). */
  target: number;
}

export interface Figures {
  label: string;
  target: number;
  p50: number;
  p95: number;
  max: number;
  /** Size of the JSON answer. */
  bytes: number;
  /** Set when the endpoint did not answer 200. */
  error?: string;
}

/** The first day of a 12-month period ending `to` (`2026-11-24` → `2025-11-25`). */
export function yearBefore(to: string): string {
  const date = new Date(`${to}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - 1);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The `column` value that stands in the most rows of `table` (the lowest on a tie). */
const mostUsed = (column: string, table: string) =>
  sql<{
    id: number;
  }>`select ${sql.ref(column)} as id from ${sql.table(table)} group by ${sql.ref(column)} order by count(*) desc, ${sql.ref(column)} limit 1`;

/**
 * A value for a filter a report cannot do without (a survey report per survey, say): the record
 * with the most data behind it, by the filter's name. Unknown names are left out: the request's
 * 422 is then printed as the kind's result.
 */
const REQUIRED_FILTER_VALUES: Record<string, RawBuilder<{ id: number }>> = {
  survey_id: mostUsed('survey_id', 'survey_responses'),
  seminar_id: mostUsed('seminar_id', 'seminar_audience'),
  season_id: mostUsed('season_id', 'season_beneficiaries'),
  template_id: mostUsed('template_id', 'surveys'),
  seminar_type_id: mostUsed('seminar_type_id', 'seminars'),
  service_type_id: mostUsed('service_type_id', 'services'),
  department_id: sql<{ id: number }>`select id from service_departments order by id limit 1`,
  axis_id: sql<{ id: number }>`select id from service_axes order by id limit 1`,
};

/** The filters of `schema` (a zod object, perhaps refined) that an absent value fails. */
function requiredFilters(schema: ZodType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, ZodType> } | undefined)?.shape;
  if (!shape) return [];
  return Object.entries(shape)
    .filter(
      ([name, field]) => name !== 'from' && name !== 'to' && !field.safeParse(undefined).success,
    )
    .map(([name]) => name);
}

/** The dashboard and each registered report kind's live page over `from`–`to`. */
export async function targetsOf(
  db: Kysely<Database>,
  tables: readonly EndpointTable[],
  period: { from: string; to: string },
): Promise<Target[]> {
  const targets: Target[] = [
    { label: 'GET /dashboard', url: '/api/dashboard', query: {}, target: 300 },
  ];
  for (const table of tables) {
    const show = table.show as Endpoint | undefined;
    if (!show || show.method !== 'GET') continue;
    const query: Record<string, string> = { ...period };
    const extras: string[] = [];
    for (const name of requiredFilters(show.query as ZodType | undefined)) {
      const lookup = REQUIRED_FILTER_VALUES[name];
      const id = lookup ? (await lookup.execute(db)).rows[0]?.id : undefined;
      if (id !== undefined) {
        query[name] = String(id);
        extras.push(`${name}=${id}`);
      }
    }
    targets.push({
      label: `GET ${show.path}${extras.length > 0 ? ` (${extras.join(', ')})` : ''}`,
      url: `/api${show.path}`,
      query,
      target: 2000,
    });
  }
  return targets;
}

/** `runs` timed requests after `warmup` untimed ones; a non-200 answer stops the target. */
export async function measure(
  app: FastifyInstance,
  token: string,
  target: Target,
  runs: number,
  warmup: number,
): Promise<Figures> {
  const call = () =>
    app.inject({
      method: 'GET',
      url: target.url,
      query: target.query,
      headers: { authorization: `Bearer ${token}` },
    });
  const failed = (statusCode: number, payload: string): Figures => ({
    label: target.label,
    target: target.target,
    p50: Number.NaN,
    p95: Number.NaN,
    max: Number.NaN,
    bytes: payload.length,
    error: `${statusCode} ${payload.slice(0, 300)}`,
  });
  let bytes = 0;
  for (let i = 0; i < warmup; i += 1) {
    const response = await call();
    if (response.statusCode !== 200) return failed(response.statusCode, response.payload);
    bytes = response.rawPayload.length;
  }
  const timings: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    const response = await call();
    timings.push(performance.now() - start);
    if (response.statusCode !== 200) return failed(response.statusCode, response.payload);
    bytes = response.rawPayload.length;
  }
  timings.sort((a, b) => a - b);
  const at = (q: number) =>
    timings[Math.min(timings.length - 1, Math.max(0, Math.ceil(q * timings.length) - 1))] as number;
  return {
    label: target.label,
    target: target.target,
    p50: at(0.5),
    p95: at(0.95),
    max: timings[timings.length - 1] as number,
    bytes,
  };
}

/** The figures as a table, each with "meets" when its p95 is within its target. */
export function printTable(results: readonly Figures[]): void {
  const width = Math.max(...results.map((result) => result.label.length), 8);
  const cell = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(1)).padStart(8);
  console.log(
    `${'request'.padEnd(width)}  ${'target'.padStart(7)}  ${'p50 ms'.padStart(8)}  ${'p95 ms'.padStart(8)}  ${'max ms'.padStart(8)}  ${'answer'.padStart(9)}  verdict`,
  );
  for (const result of results) {
    const verdict = result.error
      ? `FAILED: ${result.error}`
      : result.p95 <= result.target
        ? 'meets (p95)'
        : result.p50 <= result.target
          ? 'p50 only'
          : 'MISSES';
    const size =
      result.bytes >= 1_048_576
        ? `${(result.bytes / 1_048_576).toFixed(1)} MB`
        : `${(result.bytes / 1024).toFixed(1)} kB`;
    console.log(
      `${result.label.padEnd(width)}  ${`${result.target} ms`.padStart(7)}  ${cell(result.p50)}  ${cell(result.p95)}  ${cell(result.max)}  ${size.padStart(9)}  ${verdict}`,
    );
  }
}
