import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from './app';
import {
  DEFAULT_ADMIN_EMAIL,
  DEFAULT_ADMIN_PASSWORD,
  STARTUP_REFUSALS,
  StartupRefusal,
  type AppConfig,
} from './config';
import type { Database } from './db/tables';
import { accountsWithPassword, DEMO_ACCOUNTS, DEMO_PASSWORD } from './modules/employees';

export interface StartApiServerOptions {
  config: AppConfig;
  /** 0 (the default) picks a free port: tests, e2e, bench. */
  port?: number;
  host?: string;
}

export interface RunningApiServer {
  /** Base URL including the prefix, e.g. `http://127.0.0.1:3000/api`. */
  url: string;
  /** The origin alone, e.g. `http://127.0.0.1:3000`. */
  origin: string;
  app: FastifyInstance;
  /**
   * Stops accepting, lets requests in flight finish, closes the database (and releases the data
   * directory lock). After `timeoutMs` (default: unbounded) the connections still open are cut, so
   * a hung request cannot hold the shutdown; their handlers' queries then fail or roll back.
   */
  close(timeoutMs?: number): Promise<void>;
}

/**
 * In production, the accounts that still sign in with a password published in the README: the
 * first super admin (by the configured and the documented email) and the demo staff. A database
 * first started for evaluation keeps them.
 */
export async function publishedPasswordAccounts(
  db: Kysely<Database>,
  config: AppConfig,
): Promise<string[]> {
  const admins = await accountsWithPassword(
    db,
    [config.admin.email, DEFAULT_ADMIN_EMAIL],
    DEFAULT_ADMIN_PASSWORD,
  );
  const demo = await accountsWithPassword(
    db,
    DEMO_ACCOUNTS.map((account) => account.email),
    DEMO_PASSWORD,
  );
  return [...new Set([...admins, ...demo])];
}

export async function startApiServer(options: StartApiServerOptions): Promise<RunningApiServer> {
  // `configFromEnv` refuses it already; a config built in code is held to the same rule.
  if (options.config.production && options.config.seedDemo)
    throw new StartupRefusal(STARTUP_REFUSALS.demoInProduction);
  const app = await buildApp(options.config);
  try {
    if (options.config.production) {
      const exposed = await publishedPasswordAccounts(app.db, options.config);
      if (exposed.length > 0)
        throw new StartupRefusal(STARTUP_REFUSALS.publishedPasswords(exposed));
    }
    await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const host =
    options.host && options.host !== '0.0.0.0' && options.host !== '::'
      ? options.host
      : '127.0.0.1';
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;
  const close = (timeoutMs?: number): Promise<void> => {
    if (closing) return closing;
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            app.log.warn(`requests still running after ${timeoutMs} ms: closing their connections`);
            app.server.closeAllConnections();
          }, timeoutMs);
    closing = app.close().finally(() => clearTimeout(timer));
    return closing;
  };
  return { url: `${origin}${app.settings.prefix}`, origin, app, close };
}
