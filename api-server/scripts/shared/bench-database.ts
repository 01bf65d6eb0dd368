/**
 * What the in-process benches (`bench:search`, `bench:reports`) share: where they run (a schema of
 * their own on PostgreSQL, or an in-memory PGlite when no server answers), the app built there,
 * and a token that passes every permission check, so each bench keeps to what it measures.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { PERMISSION_KEYS } from 'shared-contracts';
import { buildApp } from '../../src/app';
import type { DatabaseConfig } from '../../src/config';
import type { Database } from '../../src/db/tables';
import { insertEmployee } from '../../src/modules/employees';
import { generateToken, hashPassword, insertToken } from '../../src/modules/sessions';
import { dropPostgresSchema, isPostgresReachable } from '../../test/support/postgres-probe';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
const PASSWORD = 'Bench@12345';

export interface BenchDatabase {
  usePostgres: boolean;
  /** BENCH_FAMILIES, else 100,000 on PostgreSQL and 10,000 on PGlite. */
  families: number;
  schema: string;
  database: DatabaseConfig;
  /** Drops the bench's own schema; a BENCH_SCHEMA one is kept (its data serves the next run). */
  dropSchema(): Promise<void>;
}

/**
 * PostgreSQL at BENCH_DATABASE_URL, else DATABASE_URL, else the local test server, in the schema
 * BENCH_SCHEMA or a new one named `<schemaPrefix>_<pid>_<random>`; PGlite when none answers.
 * Says which, the password masked.
 */
export async function openBenchDatabase(schemaPrefix: string): Promise<BenchDatabase> {
  const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_URL;
  const usePostgres = await isPostgresReachable(url);
  const families = Number(process.env.BENCH_FAMILIES ?? (usePostgres ? 100_000 : 10_000));
  const keptSchema = process.env.BENCH_SCHEMA;
  const schema = keptSchema ?? `${schemaPrefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const shown = url.replace(/\/\/[^@]*@/, '//***@');
  if (usePostgres) {
    console.log(
      `PostgreSQL at ${shown}, schema ${schema} (${keptSchema ? 'kept' : 'dropped at the end'})`,
    );
  } else {
    console.log(
      `PostgreSQL is not reachable at ${shown}: running on an in-memory PGlite with ${families} families instead.`,
    );
  }
  return {
    usePostgres,
    families,
    schema,
    database: usePostgres
      ? { kind: 'postgres', connectionString: url, schema, maxConnections: 4 }
      : { kind: 'pglite' },
    dropSchema: async () => {
      if (usePostgres && !keptSchema) await dropPostgresSchema(url, schema);
    },
  };
}

/** The app on the bench's database; when it cannot be built there (a failing migration) the schema is dropped at once. */
export async function buildBenchApp(bench: BenchDatabase): Promise<FastifyInstance> {
  try {
    return await buildApp({
      prefix: '/api',
      database: bench.database,
      admin: { email: 'bench@ataa.local', password: PASSWORD },
      seedDemo: false,
      tokenTtlHours: 12,
    });
  } catch (error) {
    await bench.dropSchema();
    throw error;
  }
}

/** A new employee holding every permission, and a token of theirs valid for `hours`, straight into the tables (no login route). */
export async function benchToken(
  db: Kysely<Database>,
  employee: { name: string; emailTag: string; role: string | null },
  hours: number,
): Promise<string> {
  const row = await insertEmployee(db, {
    name: employee.name,
    email: `bench.${employee.emailTag}.${randomBytes(3).toString('hex')}@ataa.local`,
    passwordHash: await hashPassword(PASSWORD),
    active: true,
    role: employee.role,
    permissions: [...PERMISSION_KEYS],
  });
  const token = generateToken();
  await insertToken(db, row.id, token, new Date(Date.now() + hours * 3_600_000), {
    ip: '127.0.0.1',
    userAgent: 'bench',
  });
  return token;
}

/** The families already there: none on a new schema, the earlier run's on a kept one. */
export async function countFamilies(db: Kysely<Database>): Promise<number> {
  return (
    (await sql<{ n: number }>`select count(*)::int as n from families`.execute(db)).rows[0]?.n ?? 0
  );
}

/**
 * A bench's whole run: its database and app, then `measure`; the app is closed and the schema
 * dropped whatever happens, and a failure is printed with exit code 1.
 */
export function runBench(
  schemaPrefix: string,
  measure: (app: FastifyInstance, bench: BenchDatabase) => Promise<void>,
): void {
  const run = async () => {
    const bench = await openBenchDatabase(schemaPrefix);
    const app = await buildBenchApp(bench);
    try {
      await measure(app, bench);
    } finally {
      await app.close();
      await bench.dropSchema();
    }
  };
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
