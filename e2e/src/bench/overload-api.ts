/**
 * The API as `pnpm start` runs it (configuration from the environment, admission control
 * included), plus the bench route: `GET /api/bench/load` gives the overload bench the admission
 * counters and the event-loop delay measured inside the API. Run by overload.ts in a child
 * process; prints `READY` once it listens, stops on SIGTERM.
 */
import { configFromEnv } from 'api-server/src/config';
import { startApiServer } from 'api-server/src/server';

async function main(): Promise<void> {
  const { config, listen } = configFromEnv();
  const server = await startApiServer({
    config: { ...config, benchRoute: true },
    port: listen.port,
    host: listen.host,
  });
  process.once('SIGTERM', () => {
    server.close(5000).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  process.stdout.write('READY\n');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
