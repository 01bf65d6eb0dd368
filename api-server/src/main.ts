import cluster from 'node:cluster';
import { ZodError } from 'zod';
import { runClusterPrimary } from './cluster-primary';
import { configFromEnv, StartupRefusal } from './config';
import { startBackupSocket, type BackupSocket } from './db/backup';
import { embeddedDatabaseOf } from './db/database';
import { startApiServer } from './server';

/** `pnpm --filter api-server start`: configuration from the environment (see README). */
async function main(): Promise<void> {
  const { config, listen, shutdownTimeoutMs, workers } = configFromEnv();
  if (workers > 1 && cluster.isPrimary) {
    await runClusterPrimary(config, workers, shutdownTimeoutMs);
    return;
  }
  const server = await startApiServer({ config, port: listen.port, host: listen.host });
  const where =
    config.database.kind === 'pglite'
      ? `PGlite at ${config.database.dataDir}`
      : 'PostgreSQL (DATABASE_URL)';
  // `pnpm backup` asks the running API for a dump: it holds the data directory's lock.
  const embedded = embeddedDatabaseOf(server.app.db);
  let backupSocket: BackupSocket | undefined;
  if (embedded) {
    // Without it the API still serves; `pnpm backup` then says no database can be opened.
    backupSocket = await startBackupSocket(embedded.dataDir, embedded.pglite, (error) =>
      server.app.log.error({ err: error }, 'backup failed'),
    ).catch((error: unknown) => {
      server.app.log.warn(
        { err: error },
        'backup socket unavailable: pnpm backup will not work while the API runs',
      );
      return undefined;
    });
  }
  const worker = cluster.isWorker ? ` (worker ${process.pid})` : '';
  server.app.log.info(`Ataa API on ${server.url} using ${where}${worker}`);

  const shutdown = (signal: string) => {
    server.app.log.info(
      `${signal}: closing (at most ${shutdownTimeoutMs} ms for requests in flight)`,
    );
    // Should closing the database itself hang, the process still ends (the lock left behind is
    // then stale and taken over by the next start).
    setTimeout(() => {
      console.error('shutdown timed out');
      process.exit(1);
    }, shutdownTimeoutMs + 5000).unref();
    (backupSocket?.close() ?? Promise.resolve())
      .then(() => server.close(shutdownTimeoutMs))
      .then(
        () => process.exit(0),
        (error: unknown) => {
          server.app.log.error({ err: error }, 'close failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  // A refusal or a bad setting is the operator's to fix: say what, in one line, without a stack.
  if (error instanceof StartupRefusal) console.error(error.message);
  else if (error instanceof ZodError) {
    console.error(
      `Invalid environment: ${error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  } else console.error(error);
  process.exit(1);
});
