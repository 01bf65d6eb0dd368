import type { Kysely } from 'kysely';
import type { LoginRateLimitConfig } from './config';
import type { Database } from './db/tables';

/** What every module reads from the app, resolved once from AppConfig in buildApp. */
export interface ApiSettings {
  prefix: string;
  tokenTtlHours: number;
  loginRateLimit: LoginRateLimitConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    settings: ApiSettings;
  }
}
