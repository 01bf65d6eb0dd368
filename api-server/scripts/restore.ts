import path from 'node:path';
import { configFromEnv } from '../src/config';
import fs from 'node:fs';
import { restoreDataDir } from '../src/db/backup';
import { copyStoreFiles, filesBackupDir } from '../src/files/backup';

/** `pnpm restore FILE`: a `pnpm backup` file into DATA_DIR (the API must be stopped). */
async function main(): Promise<void> {
  const arg = process.argv[2];
  if (!arg) {
    console.error('Usage: pnpm restore FILE / الاستخدام: pnpm restore ملف');
    process.exit(1);
  }
  const { config } = configFromEnv();
  if (config.database.kind !== 'pglite' || !config.database.dataDir) {
    console.error(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore (see README) / قاعدة PostgreSQL: استخدم pg_restore (انظر README)',
    );
    process.exit(1);
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  const result = await restoreDataDir(file, config.database.dataDir);
  console.log(
    `restored ${file} into ${config.database.dataDir}${result.movedAside ? `; the previous database is in ${result.movedAside}` : ''}`,
  );
  // The documents' files: added to FILES_DIR (content is named by its hash, so nothing there is
  // overwritten, and files the restored database does not name are harmless).
  const filesDir = filesBackupDir(file);
  if (fs.existsSync(filesDir) && config.files?.kind === 'local') {
    const copied = await copyStoreFiles(filesDir, config.files.dir);
    console.log(`restored ${copied} document files into ${config.files.dir}`);
  } else if (fs.existsSync(filesDir))
    console.log(
      `Documents are in an S3 bucket: restore it with the provider; the backup's files are in ${filesDir}`,
    );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
