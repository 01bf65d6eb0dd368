import path from 'node:path';
import { configFromEnv, REPO_ROOT } from '../src/config';
import { backupDataDir } from '../src/db/backup';
import { copyStoreFiles, filesBackupDir } from '../src/files/backup';

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
  // The documents' files before and after the database: a file is stored before its row commits
  // and removed after its last row is deleted, so every row in the dump finds its file in one pass.
  const files = config.files?.kind === 'local' ? config.files.dir : undefined;
  const filesDir = filesBackupDir(file);
  let copied = files ? await copyStoreFiles(files, filesDir) : 0;
  const result = await backupDataDir(config.database.dataDir, file);
  if (files) copied += await copyStoreFiles(files, filesDir);
  console.log(
    `${file} (${result.bytes} bytes, ${result.via === 'running-api' ? 'taken by the running API' : 'API not running'})`,
  );
  if (files) console.log(`${filesDir} (${copied} document files copied)`);
  else
    console.log(
      'Documents are in an S3 bucket: back it up with the provider (docs/documents.md) / المستندات في حاوية S3: انسخها بأدوات المزوّد',
    );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
