import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/tables';

/**
 * How much of the report is wanted: the live page reads only the first `rowsLimit` rows of each
 * long table (and their counts), so a kind may stop its SQL there; an export or an archive asks
 * for every row (no limit).
 */
export interface ReportComputeOptions {
  readonly rowsLimit?: number;
}

/**
 * The settings of a report's transaction, fit for a few long scans: PostgreSQL's parallel workers
 * back on (the API's pool turns them off for its many small queries, db/database.ts); enough
 * `work_mem` for per-family aggregates and sorts to stay in memory (about 15 MB each at 70,000
 * families; the default 4 MB spills them to disk); no JIT, whose compilation cost more than it
 * saved on these queries (the reports bench). `set local` ends with the transaction, which also
 * lets a kind keep temporary tables `on commit drop`.
 */
export async function applyReportSettings(trx: Transaction<Database>): Promise<void> {
  await sql`set local max_parallel_workers_per_gather = 2`.execute(trx);
  await sql`set local work_mem = '32MB'`.execute(trx);
  await sql`set local jit = off`.execute(trx);
}
