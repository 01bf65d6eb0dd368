import Fastify, { type FastifyInstance } from 'fastify';
import './app-context';
import { DEFAULT_LOGIN_RATE_LIMIT, DEFAULT_PREFIX, type AppConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDatabase, type SeedResult } from './db/seed';
import { installAccessControl } from './http/access-control';
import { installErrorHandling } from './http/errors';
import { installJsonBodyParser } from './http/json-body-parser';
import { activityLogRoutes } from './modules/activity-log/routes';
import { authenticateToken } from './modules/auth/repository';
import { authRoutes } from './modules/auth/routes';
import { pruneLoginAttempts } from './modules/auth/rate-limit';
import { benchRoutes } from './modules/bench/routes';
import { employeeRoutes } from './modules/employees/routes';
import { familyRoutes } from './modules/families/routes';
import { familyMemberRoutes } from './modules/family-members/routes';
import { healthRoutes } from './modules/health/routes';
import { organisationRoutes } from './modules/organisations/routes';
import { seasonRoutes } from './modules/seasons/routes';
import { syncLookups } from './modules/lookups/repository';
import { lookupRoutes } from './modules/lookups/routes';
import { openApiRoutes } from './modules/openapi/routes';

/** `/api/` → `/api`, `/` → `` (Fastify prefixes have no trailing slash). */
export function normalisePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * The API as a Fastify instance, not listening (DESIGN §7): tests `inject` into it, server.ts
 * listens. Opens the database, runs pending migrations and seeds a new database first.
 */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const prefix = normalisePrefix(config.prefix ?? DEFAULT_PREFIX);
  const database = await openDatabase(config.database);
  let seeded: SeedResult;
  try {
    await migrateToLatest(database.db, database.schema);
    // Reference data, not demo data: every database gets the lookup lists (new codes only).
    await syncLookups(database.db);
    seeded = await seedDatabase(database.db, { admin: config.admin, demo: config.seedDemo });
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = Fastify({
    logger: config.logger ?? false,
    trustProxy: config.trustProxy ?? false,
    // The API has no use for HEAD twins of its GET routes, and they would double the declarations.
    exposeHeadRoutes: false,
    bodyLimit: 1024 * 1024,
  });
  const loginRateLimit = { ...DEFAULT_LOGIN_RATE_LIMIT, ...config.loginRateLimit };
  app.decorate('db', database.db);
  app.decorate('settings', { prefix, tokenTtlHours: config.tokenTtlHours, loginRateLimit });
  if (seeded.seeded) {
    app.log.info(`New database: created the super admin ${config.admin.email} and ${seeded.employees - 1} demo employees`);
  }

  installErrorHandling(app);
  installJsonBodyParser(app);
  installAccessControl(app, (token) => authenticateToken(database.db, token, new Date()));
  // Answers carry sessions and personal data: no cache along the way may keep them.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });

  try {
    await app.register(
      async (api) => {
        await api.register(healthRoutes);
        await api.register(authRoutes);
        await api.register(employeeRoutes);
        await api.register(activityLogRoutes);
        await api.register(lookupRoutes);
        await api.register(familyRoutes);
        await api.register(familyMemberRoutes);
        await api.register(organisationRoutes);
        await api.register(seasonRoutes);
        await api.register(openApiRoutes);
        if (config.benchRoute) await api.register(benchRoutes);
      },
      { prefix },
    );
  } catch (error) {
    // A route without an access declaration ends up here: refuse to start, leak nothing.
    await database.close();
    throw error;
  }

  // Old login attempts only matter inside the rate-limit window.
  const pruneTimer = setInterval(() => {
    pruneLoginAttempts(database.db, loginRateLimit.windowMinutes, new Date()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'pruning login attempts failed'),
    );
  }, PRUNE_EVERY_MS);
  pruneTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(pruneTimer);
    await database.close();
  });
  return app;
}
