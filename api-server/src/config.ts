import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { FilesConfig } from './files/open';
import { admissionFromEnv, type AdmissionSettings } from './http/admission';

/** Where the data lives: PGlite in-process (default) or a PostgreSQL server. */
export type DatabaseConfig =
  | {
      kind: 'pglite';
      /** A directory, created on first start. Omitted: an in-memory database (tests, bench). */
      dataDir?: string;
      /** Commits reach the disk before they are acknowledged (default true; PGLITE_FSYNC=false for throwaway data). */
      fsync?: boolean;
      /** API_SLOW_QUERY_MS: each statement taking at least this long is written to stderr. */
      slowQueryMs?: number;
      /**
       * A data directory dump (PGlite's `dumpDataDir`) to start from instead of an empty one: the
       * API tests copy a migrated, seeded template this way.
       */
      loadDataDir?: Blob;
    }
  | {
      kind: 'postgres';
      /** The role the API serves as (DATABASE_URL). */
      connectionString: string;
      /**
       * MIGRATION_DATABASE_URL: the role that owns the schema and runs migrations, reference data
       * and the seed at start, then grants `connectionString`'s role the rows and nothing else
       * (`grantAppRole`): the API's own role can then neither drop, alter nor truncate a table,
       * nor change or delete a row of the activity log. Unset: one role does both, as before.
       */
      migrationConnectionString?: string;
      /**
       * The schema the tables live in (put first on the search_path). Tests give every file its
       * own schema so suites can run side by side against one server.
       */
      schema?: string;
      /** Pool size (DATABASE_POOL_SIZE); the default suits one API process. */
      maxConnections?: number;
      /** API_SLOW_QUERY_MS: each statement taking at least this long is written to stderr. */
      slowQueryMs?: number;
    };

/**
 * Login throttling, stored in the database so every API process on one
 * PostgreSQL shares it. Two brakes, neither of which a stranger can turn into a lock-out:
 * - per email and client address: at most `maxAttemptsPerAddress` attempts in `windowMinutes`
 *   (a successful login from that address clears them), so one address cannot keep guessing and
 *   an office behind one shared address is not held up by a colleague's typos;
 * - per email, from anywhere: after `freeFailuresPerEmail` failures each attempt waits a delay
 *   that doubles from `baseDelayMs` up to `maxDelayMs` (a success resets it). The owner's right
 *   password still works after that wait, and at once from an address it signed in from lately;
 * - per client address, whatever email it tries: at most `maxFailuresPerClient` failed attempts in
 *   `windowMinutes` (password spraying: one guess at many accounts).
 * An address the email signed in from in the last 30 days (a familiar address) is never refused
 * for the rest of a window: past `maxAttemptsPerAddress` it waits the same doubling delay, and the
 * cap across emails does not apply to it, so nobody sharing the owner's address (an office behind
 * one NAT) can lock the owner out.
 */
export interface LoginRateLimitConfig {
  windowMinutes: number;
  maxAttemptsPerAddress: number;
  freeFailuresPerEmail: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxFailuresPerClient: number;
}

export interface AppConfig {
  /** Every route lives under this prefix (docs/architecture.md#the-api: `/api`). */
  prefix?: string;
  database: DatabaseConfig;
  /** The first super admin, created when the employees table is empty. */
  admin: { email: string; password: string };
  /** Also create the Arabic demo employees on a new database. */
  seedDemo: boolean;
  /**
   * `NODE_ENV=production`: no demo data (SEED_DEMO=true is refused), and the server refuses to
   * start while the first super admin's (or a demo account's) published password still works.
   */
  production?: boolean;
  tokenTtlHours: number;
  loginRateLimit?: Partial<LoginRateLimitConfig>;
  /**
   * Passed to Fastify: the peers (addresses, CIDR ranges or `loopback` / `linklocal` /
   * `uniquelocal`) whose X-Forwarded-For is believed. The client address (login throttling,
   * activity log, sessions) is the nearest address in that header not sent by a trusted peer;
   * without it (the default here), the TCP peer. `main.ts` trusts loopback: the gateway, which
   * replaces any X-Forwarded-For a browser sends with the address it sees.
   */
  trustProxy?: false | string[];
  /** Fastify logger: off in tests, on in `main.ts`. */
  logger?: boolean;
  /** Registers `GET <prefix>/bench/noop` (public, does nothing) for `scripts/bench-user.ts`. */
  benchRoute?: boolean;
  /** Requests worked on at once and the bounded wait past that (src/http/admission.ts); defaults when omitted. */
  admission?: Partial<AdmissionSettings>;
  /**
   * Where documents are stored (docs/documents.md): FILES_DIR, or a bucket with S3_ENDPOINT and
   * S3_BUCKET. Omitted: a temporary directory removed when the app closes (tests).
   */
  files?: FilesConfig;
  /** DOCUMENT_MAX_MB: the largest document accepted, in megabytes (default 10). */
  documentMaxMb?: number;
}

export const DEFAULT_PREFIX = '/api';
export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimitConfig = {
  windowMinutes: 15,
  maxAttemptsPerAddress: 5,
  freeFailuresPerEmail: 3,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  maxFailuresPerClient: 20,
};
export const DEFAULT_ADMIN_EMAIL = 'admin@ataa.local';
export const DEFAULT_ADMIN_PASSWORD = 'Ataa@12345';

/** The repository root, so the default data directory does not depend on the working directory. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Why the server will not start, in one line (Arabic / English); `main.ts` prints only this. */
export class StartupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupRefusal';
  }
}

export const STARTUP_REFUSALS = {
  defaultAdminPassword:
    'رفض التشغيل في وضع الإنتاج: كلمة مرور مدير النظام هي الكلمة الافتراضية المنشورة، عيّن ADMIN_PASSWORD / ' +
    'Refusing to start in production: ADMIN_PASSWORD is the documented default password; set your own',
  publishedPasswords: (emails: readonly string[]) =>
    `رفض التشغيل في وضع الإنتاج: حسابات ما زالت تدخل بكلمة المرور المنشورة (${emails.join(', ')})، غيّرها أو أوقف الحسابات / ` +
    `Refusing to start in production: ${emails.join(', ')} still sign in with the published password; change it or deactivate them`,
  pgliteSingleProcess: (workers: number) =>
    `رفض التشغيل: قاعدة البيانات المدمجة (PGlite) تعمل في عملية واحدة فقط، وقد طُلب API_WORKERS=${workers}؛ استخدم PostgreSQL عبر DATABASE_URL لأكثر من عملية / ` +
    `Refusing to start: the embedded database (PGlite) is single-process and API_WORKERS=${workers} was asked for; set DATABASE_URL (PostgreSQL) to run several API processes`,
  demoInProduction:
    'رفض التشغيل في وضع الإنتاج: SEED_DEMO=true ينشئ حسابات تجريبية بكلمة مرور منشورة وبيانات أسر وهمية، أزل SEED_DEMO / ' +
    'Refusing to start in production: SEED_DEMO=true would create demo accounts with a published password and made-up families; unset SEED_DEMO',
  migrationUrlWithoutDatabase:
    'رفض التشغيل: MIGRATION_DATABASE_URL يخص PostgreSQL ويحتاج DATABASE_URL لدور التطبيق / ' +
    'Refusing to start: MIGRATION_DATABASE_URL is for PostgreSQL and needs DATABASE_URL (the application role) too',
  s3Credentials:
    'رفض التشغيل: S3_ENDPOINT وS3_BUCKET يحتاجان S3_ACCESS_KEY_ID وS3_SECRET_ACCESS_KEY / ' +
    'Refusing to start: S3_ENDPOINT and S3_BUCKET need S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
  trustAll:
    'TRUST_PROXY=true يسمح لأي عميل بتزوير عنوانه، اذكر عناوين الوكلاء بدلاً منه / ' +
    "TRUST_PROXY=true would let any client forge its address; list the proxies' addresses instead",
} as const;

/** Named ranges Fastify's proxy-addr understands, besides addresses and CIDR ranges. */
const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (TRUST_PROXY_NAMES.has(entry) || isIP(entry) !== 0) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || bits === undefined || rest.length > 0 || !/^\d{1,3}$/.test(bits))
    return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/** `TRUST_PROXY`: `false` (or `none`), or a comma-separated list of addresses, ranges and names. */
export const trustProxySchema = z
  .string()
  .trim()
  .min(1)
  .transform((raw, ctx): false | string[] => {
    const value = raw.toLowerCase();
    if (value === 'false' || value === 'none') return false;
    if (value === 'true') {
      ctx.addIssue({ code: 'custom', message: STARTUP_REFUSALS.trustAll });
      return z.NEVER;
    }
    const entries = raw
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '')
      .map((entry) => (TRUST_PROXY_NAMES.has(entry.toLowerCase()) ? entry.toLowerCase() : entry));
    const invalid = entries.filter((entry) => !isAddressOrRange(entry));
    if (entries.length === 0 || invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY: not an address, CIDR range or loopback/linklocal/uniquelocal: ${invalid.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** The environment `main.ts` reads (README lists the same table). Empty strings count as unset. */
export const envSchema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  API_PREFIX: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*$/)
    .default(DEFAULT_PREFIX),
  DATA_DIR: z
    .string()
    .min(1)
    .default(path.join(REPO_ROOT, '.data', 'pglite')),
  DATABASE_URL: z.string().min(1).optional(),
  /** With DATABASE_URL: the owner role that migrates and seeds; DATABASE_URL's role then only reads and writes rows. */
  MIGRATION_DATABASE_URL: z.string().min(1).optional(),
  /** PGlite: fsync every commit (default). `false` is faster but a power cut can lose acknowledged writes. */
  PGLITE_FSYNC: booleanFromEnv.default(true),
  /** With DATABASE_URL: the schema the tables live in (default `public`). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .optional(),
  ADMIN_EMAIL: z.email().default(DEFAULT_ADMIN_EMAIL),
  ADMIN_PASSWORD: z.string().min(8).max(128).default(DEFAULT_ADMIN_PASSWORD),
  /** Default: on, except in production (where `true` is refused at start). */
  SEED_DEMO: booleanFromEnv.optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(12),
  TRUST_PROXY: trustProxySchema.default(['loopback']),
  API_LOG: booleanFromEnv.default(true),
  /**
   * The benches' routes (`benchRoute`: GET /bench/noop, GET /bench/load with the admission
   * counters and the event-loop delay), for the busy-morning bench; ignored in production.
   */
  API_BENCH_ROUTES: booleanFromEnv.default(false),
  /** Writes each database statement that takes at least this many milliseconds to stderr (off when unset). */
  API_SLOW_QUERY_MS: z.coerce.number().int().min(0).optional(),
  /** PostgreSQL: connections in each API process's pool. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  /** SIGTERM/SIGINT: how long requests in flight may take to finish before their connections are cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(10 * 60_000)
    .default(10_000),
  /** API processes sharing the port (node:cluster); more than 1 needs DATABASE_URL. */
  API_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Where documents are stored; default `files` beside the database directory (docs/documents.md). */
  FILES_DIR: z.string().min(1).optional(),
  DOCUMENT_MAX_MB: z.coerce.number().int().min(1).max(1024).default(10),
  /** An S3-compatible bucket instead of FILES_DIR: both S3_ENDPOINT and S3_BUCKET set. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z.string().default('documents/'),
  NODE_ENV: z.string().optional(),
});
export type ApiEnv = z.infer<typeof envSchema>;

export interface ListenOptions {
  port: number;
  host: string;
}

/**
 * Parses the environment into an AppConfig and the listen address; throws on a bad value, and a
 * StartupRefusal in production with the documented default admin password.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): {
  config: AppConfig;
  listen: ListenOptions;
  /** Graceful shutdown bound (SHUTDOWN_TIMEOUT_MS), for `main.ts`. */
  shutdownTimeoutMs: number;
  /** API_WORKERS: processes serving the port (1: this process alone). */
  workers: number;
} {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.parse(cleaned);
  const production = parsed.NODE_ENV === 'production';
  if (production && parsed.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD) {
    throw new StartupRefusal(STARTUP_REFUSALS.defaultAdminPassword);
  }
  // Demo data is for evaluation: accounts anyone who read the README can sign in to, and
  // made-up families mixed with real ones. Not something production may ask for.
  if (production && parsed.SEED_DEMO === true)
    throw new StartupRefusal(STARTUP_REFUSALS.demoInProduction);
  const slow =
    parsed.API_SLOW_QUERY_MS === undefined ? {} : { slowQueryMs: parsed.API_SLOW_QUERY_MS };
  if (parsed.MIGRATION_DATABASE_URL && !parsed.DATABASE_URL)
    throw new StartupRefusal(STARTUP_REFUSALS.migrationUrlWithoutDatabase);
  const database: DatabaseConfig = parsed.DATABASE_URL
    ? {
        kind: 'postgres',
        connectionString: parsed.DATABASE_URL,
        ...(parsed.MIGRATION_DATABASE_URL
          ? { migrationConnectionString: parsed.MIGRATION_DATABASE_URL }
          : {}),
        ...(parsed.DATABASE_SCHEMA ? { schema: parsed.DATABASE_SCHEMA } : {}),
        ...(parsed.DATABASE_POOL_SIZE ? { maxConnections: parsed.DATABASE_POOL_SIZE } : {}),
        ...slow,
      }
    : {
        kind: 'pglite',
        dataDir: path.resolve(parsed.DATA_DIR),
        fsync: parsed.PGLITE_FSYNC,
        ...slow,
      };
  if (parsed.API_WORKERS > 1 && database.kind === 'pglite')
    throw new StartupRefusal(STARTUP_REFUSALS.pgliteSingleProcess(parsed.API_WORKERS));
  return {
    config: {
      prefix: parsed.API_PREFIX === '/' ? '' : parsed.API_PREFIX.replace(/\/+$/, ''),
      database,
      admin: { email: parsed.ADMIN_EMAIL.toLowerCase(), password: parsed.ADMIN_PASSWORD },
      seedDemo: parsed.SEED_DEMO ?? !production,
      production,
      tokenTtlHours: parsed.TOKEN_TTL_HOURS,
      trustProxy: parsed.TRUST_PROXY,
      logger: parsed.API_LOG,
      ...(parsed.API_BENCH_ROUTES && !production ? { benchRoute: true } : {}),
      admission: admissionFromEnv(env),
      files: filesConfig(parsed),
      documentMaxMb: parsed.DOCUMENT_MAX_MB,
    },
    listen: { port: parsed.API_PORT, host: parsed.API_HOST },
    shutdownTimeoutMs: parsed.SHUTDOWN_TIMEOUT_MS,
    workers: parsed.API_WORKERS,
  };
}

/**
 * The document store from the environment: a bucket when S3_ENDPOINT and S3_BUCKET are both set
 * (S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY required with them), else FILES_DIR, by default a
 * `files` directory beside the database's (`.data/files`): not inside it, where the embedded
 * database's own backup would read every file into memory.
 */
export function filesConfig(parsed: ApiEnv): FilesConfig {
  if (parsed.S3_ENDPOINT && parsed.S3_BUCKET) {
    if (!parsed.S3_ACCESS_KEY_ID || !parsed.S3_SECRET_ACCESS_KEY)
      throw new StartupRefusal(STARTUP_REFUSALS.s3Credentials);
    return {
      kind: 's3',
      endpoint: parsed.S3_ENDPOINT,
      bucket: parsed.S3_BUCKET,
      region: parsed.S3_REGION,
      accessKeyId: parsed.S3_ACCESS_KEY_ID,
      secretAccessKey: parsed.S3_SECRET_ACCESS_KEY,
      prefix: parsed.S3_PREFIX,
    };
  }
  const beside = path.join(path.dirname(path.resolve(parsed.DATA_DIR)), 'files');
  return { kind: 'local', dir: path.resolve(parsed.FILES_DIR ?? beside) };
}
