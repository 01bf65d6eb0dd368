import path from 'node:path';
import { configFromEnv, REPO_ROOT } from '../src/config';
import { backupDataDir } from '../src/db/backup';

/**
 * `pnpm backup [FILE]`: a consistent copy of the embedded database (DATA_DIR), taken through the
 * running API when it runs (it keeps serving) or directly. PostgreSQL: use pg_dump (README).
 */
async function main(): Promise<void> {
  const { config } = configFromEnv();
  if (config.database.kind !== 'pglite' || !config.database.dataDir) {
    console.error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump (see README) / قاعدة PostgreSQL: استخدم pg_dump (انظر README)',
    );
    process.exit(1);
  }
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const arg = process.argv[2];
  const file = arg
    ? path.resolve(cwd, arg)
    : path.join(REPO_ROOT, 'backups', `ataa-${stamp}.tar.gz`);
  const result = await backupDataDir(config.database.dataDir, file);
  console.log(
    `${file} (${result.bytes} bytes, ${result.via === 'running-api' ? 'taken by the running API' : 'API not running'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
