import type { Kysely } from 'kysely';
import type { LoginRateLimitConfig } from './config';
import type { Database } from './db/tables';
import type { FileStore } from './files/store';

/** What every module reads from the app, resolved once from AppConfig in buildApp. */
export interface ApiSettings {
  prefix: string;
  tokenTtlHours: number;
  loginRateLimit: LoginRateLimitConfig;
  /** The largest document accepted, in megabytes (DOCUMENT_MAX_MB). */
  documentMaxMb: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    settings: ApiSettings;
    /** Where documents' content lives (src/files/store.ts). */
    files: FileStore;
  }
}
