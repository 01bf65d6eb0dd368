import { configFromEnv } from './config';
import { startApiServer } from './server';

/** `pnpm --filter api-server start`: configuration from the environment (see README). */
async function main(): Promise<void> {
  const { config, listen } = configFromEnv();
  const server = await startApiServer({ config, port: listen.port, host: listen.host });
  const where = config.database.kind === 'pglite' ? `PGlite at ${config.database.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  server.app.log.info(`Ataa API on ${server.url} using ${where}`);

  const shutdown = (signal: string) => {
    server.app.log.info(`${signal}: closing`);
    server.close().then(
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
  console.error(error);
  process.exit(1);
});
