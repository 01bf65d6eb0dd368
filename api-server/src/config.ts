import path from 'node:path';
import { z } from 'zod';

/** Where the data lives: PGlite in-process (default) or a PostgreSQL server. */
export type DatabaseConfig =
  | {
      kind: 'pglite';
      /** A directory, created on first start. Omitted: an in-memory database (tests, bench). */
      dataDir?: string;
    }
  | {
      kind: 'postgres';
      connectionString: string;
      /**
       * The schema the tables live in (put first on the search_path). Tests give every file its
       * own schema so suites can run side by side against one server.
       */
      schema?: string;
      /** Pool size; the default suits one API process. */
      maxConnections?: number;
    };

export interface LoginRateLimitConfig {
  windowMinutes: number;
  maxFailuresPerEmail: number;
  maxFailuresPerIp: number;
}

export interface AppConfig {
  /** Every route lives under this prefix (DESIGN §3: `/api`). */
  prefix?: string;
  database: DatabaseConfig;
  /** The first super admin, created when the employees table is empty. */
  admin: { email: string; password: string };
  /** Also create the Arabic demo employees on a new database. */
  seedDemo: boolean;
  tokenTtlHours: number;
  loginRateLimit?: Partial<LoginRateLimitConfig>;
  /**
   * Passed to Fastify: which proxies may set X-Forwarded-For. Behind the gateway the client
   * address (used for the per-address login limit and the activity log) comes from that header.
   */
  trustProxy?: boolean | string | string[];
  /** Fastify logger: off in tests, on in `main.ts`. */
  logger?: boolean;
  /** Registers `GET <prefix>/bench/noop` (public, does nothing) for `scripts/bench-user.ts`. */
  benchRoute?: boolean;
}

export const DEFAULT_PREFIX = '/api';
export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimitConfig = {
  windowMinutes: 15,
  maxFailuresPerEmail: 5,
  maxFailuresPerIp: 20,
};
export const DEFAULT_ADMIN_EMAIL = 'admin@ataa.local';
export const DEFAULT_ADMIN_PASSWORD = 'Ataa@12345';

/** The repository root, so the default data directory does not depend on the working directory. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** The environment `main.ts` reads (README lists the same table). Empty strings count as unset. */
export const envSchema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  API_PREFIX: z.string().regex(/^\/[A-Za-z0-9/_-]*$/).default(DEFAULT_PREFIX),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, '.data', 'pglite')),
  DATABASE_URL: z.string().min(1).optional(),
  ADMIN_EMAIL: z.email().default(DEFAULT_ADMIN_EMAIL),
  ADMIN_PASSWORD: z.string().min(8).default(DEFAULT_ADMIN_PASSWORD),
  SEED_DEMO: booleanFromEnv.default(true),
  TOKEN_TTL_HOURS: z.coerce.number().positive().max(24 * 365).default(12),
  TRUST_PROXY: z.string().min(1).default('loopback'),
  API_LOG: booleanFromEnv.default(true),
});
export type ApiEnv = z.infer<typeof envSchema>;

export interface ListenOptions {
  port: number;
  host: string;
}

/** Parses the environment into an AppConfig and the listen address; throws on a bad value. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): { config: AppConfig; listen: ListenOptions } {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.parse(cleaned);
  const database: DatabaseConfig = parsed.DATABASE_URL
    ? { kind: 'postgres', connectionString: parsed.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.resolve(parsed.DATA_DIR) };
  const trustProxy = ['true', 'false'].includes(parsed.TRUST_PROXY) ? parsed.TRUST_PROXY === 'true' : parsed.TRUST_PROXY;
  return {
    config: {
      prefix: parsed.API_PREFIX === '/' ? '' : parsed.API_PREFIX.replace(/\/+$/, ''),
      database,
      admin: { email: parsed.ADMIN_EMAIL.toLowerCase(), password: parsed.ADMIN_PASSWORD },
      seedDemo: parsed.SEED_DEMO,
      tokenTtlHours: parsed.TOKEN_TTL_HOURS,
      trustProxy,
      logger: parsed.API_LOG,
    },
    listen: { port: parsed.API_PORT, host: parsed.API_HOST },
  };
}
