import Fastify, { type FastifyInstance } from 'fastify';
import { DOCUMENT_MAX_MB_DEFAULT } from 'shared-contracts/resources/documents-contracts';
import './app-context';
import { DEFAULT_LOGIN_RATE_LIMIT, DEFAULT_PREFIX, type AppConfig } from './config';
import type { Kysely } from 'kysely';
import { openDatabase, withMigrationDatabase } from './db/database';
import { collectMigrations, migrateToLatest } from './db/migrate';
import { seedDatabase, type SeedOptions, type SeedResult } from './db/seed';
import type { Database } from './db/tables';
import { openFileStore } from './files/open';
import type { FileStore } from './files/store';
import { defaultAdmission, installAdmission, installLoadRoute } from './http/admission';
import { installAccessControl } from './http/access-control';
import type { ApiModule, ModuleRoute } from './http/api-module';
import { FRAMEWORK_ERROR_OPTIONS, installErrorHandling } from './http/errors';
import { installJsonBodyParser } from './http/json-body-parser';
import { installSecurityHeaders } from './http/security-headers';
import { API_MODULES } from './modules';
import { authenticateToken, pruneLoginAttempts } from './modules/auth';
import { listenForRevocations, sessionCacheFor, type RevocationListener } from './modules/sessions';

/** `/api/` → `/api`, `/` → `` (Fastify prefixes have no trailing slash). */
export function normalisePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Runs the baseline and every module's pending migrations (see `collectMigrations`). */
export function migrateModules(
  db: Kysely<Database>,
  schema: string,
  modules: readonly ApiModule[] = API_MODULES,
): Promise<string[]> {
  return migrateToLatest(
    db,
    schema,
    collectMigrations(modules.flatMap((module) => module.migrations ?? [])),
  );
}

/** Brings every module's reference data up to date (every start). */
export async function syncModules(
  db: Kysely<Database>,
  modules: readonly ApiModule[] = API_MODULES,
): Promise<void> {
  for (const module of modules) await module.sync?.(db);
}

/** Seeds a new database: every module's seed, in list order, in one transaction. */
export function seedModules(
  db: Kysely<Database>,
  options: SeedOptions,
  modules: readonly ApiModule[] = API_MODULES,
): Promise<SeedResult> {
  return seedDatabase(db, modules, options);
}

/**
 * The API as a Fastify instance, not listening (docs/architecture.md#the-api): tests `inject` into
 * it, server.ts listens. Opens the database, runs pending migrations and seeds a new database
 * first.
 */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const prefix = normalisePrefix(config.prefix ?? DEFAULT_PREFIX);
  const database = await openDatabase(config.database);
  let files: FileStore;
  try {
    files = await openFileStore(config.files);
  } catch (error) {
    await database.close();
    throw error;
  }
  let seeded: SeedResult;
  try {
    // As the owner role when MIGRATION_DATABASE_URL names one (the API's own role then gets rows only).
    seeded = await withMigrationDatabase(config.database, database, async (owner) => {
      await migrateModules(owner.db, owner.schema);
      // Reference data, not demo data: every database gets e.g. the lookup lists (new codes only).
      await syncModules(owner.db);
      return seedModules(owner.db, { admin: config.admin, demo: config.seedDemo });
    });
  } catch (error) {
    await files.close();
    await database.close();
    throw error;
  }

  const app = Fastify({
    logger: config.logger ?? false,
    trustProxy: config.trustProxy ?? false,
    // The API has no use for HEAD twins of its GET routes, and they would double the declarations.
    exposeHeadRoutes: false,
    bodyLimit: 1024 * 1024,
    // A malformed URL or request line is answered in Arabic too, without echoing the URL.
    ...FRAMEWORK_ERROR_OPTIONS,
  });
  const loginRateLimit = { ...DEFAULT_LOGIN_RATE_LIMIT, ...config.loginRateLimit };
  app.decorate('db', database.db);
  app.decorate('settings', {
    prefix,
    tokenTtlHours: config.tokenTtlHours,
    loginRateLimit,
    documentMaxMb: config.documentMaxMb ?? DOCUMENT_MAX_MB_DEFAULT,
  });
  app.decorate('files', files);
  if (seeded.seeded) {
    app.log.info(
      `New database: created the super admin ${config.admin.email} and ${seeded.employees - 1} demo employees`,
    );
  }

  // Several API processes may share a PostgreSQL database: revocations reach every session cache.
  let revocations: RevocationListener | undefined;
  if (config.database.kind === 'postgres') {
    revocations = await listenForRevocations({
      connectionString: config.database.connectionString,
      schema: database.schema,
      db: database.db,
      cache: sessionCacheFor(database.db),
      log: app.log,
    });
  }

  installErrorHandling(app);
  installSecurityHeaders(app);
  installJsonBodyParser(app);
  // Before the access hook: a request refused for overload costs no token lookup.
  const admission = installAdmission(app, {
    prefix,
    settings: { ...defaultAdmission(config.database.kind), ...config.admission },
  });
  installAccessControl(app, (token) => authenticateToken(database.db, token, new Date()));
  if (config.benchRoute) installLoadRoute(app, prefix, admission);
  // Answers carry sessions and personal data: no cache along the way may keep them.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });

  try {
    const moduleRoutes: ModuleRoute[] = [];
    app.decorate('moduleRoutes', moduleRoutes);
    await app.register(
      async (api) => {
        for (const module of API_MODULES) {
          const routes = module.routes;
          if (!routes || (module.enabled && !module.enabled(config))) continue;
          // Each module in a scope of its own, which notes the routes it registers.
          await api.register(async (scope) => {
            scope.addHook('onRoute', (route) => {
              for (const method of [route.method].flat())
                moduleRoutes.push({ module: module.name, method, url: route.url });
            });
            await scope.register(routes);
          });
        }
      },
      { prefix },
    );
  } catch (error) {
    // A route without an access declaration ends up here: refuse to start, leak nothing.
    await revocations?.close();
    await files.close();
    await database.close();
    throw error;
  }

  // Old login attempts only matter inside the rate-limit window.
  const pruneTimer = setInterval(() => {
    pruneLoginAttempts(database.db, loginRateLimit.windowMinutes, new Date()).catch(
      (error: unknown) => app.log.warn({ err: error }, 'pruning login attempts failed'),
    );
  }, PRUNE_EVERY_MS);
  pruneTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(pruneTimer);
    await revocations?.close();
    await files.close();
    await database.close();
  });
  return app;
}
