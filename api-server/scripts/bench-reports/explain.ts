/**
 * BENCH_EXPLAIN=1: the plans of the dashboard's queries and of the family-needs report's, as the
 * code builds them. A Kysely plugin records each query compiled through it; the dashboard and the
 * report are computed once through that instance, then every recorded query runs again under
 * `EXPLAIN (ANALYZE, BUFFERS)` with its parameters (a `set local` of the code is run as it is).
 */
import { CompiledQuery, type Kysely, type KyselyPlugin } from 'kysely';
import { DASHBOARD_SECTION_KEYS, type DashboardSection } from 'shared-contracts/reports';
import type { Database } from '../../src/db/tables';
import { loadDashboard } from '../../src/modules/dashboard/repository';
import { familyNeedsReport, inReportTransaction } from '../../src/modules/reports';

async function recorded(
  db: Kysely<Database>,
  run: (spy: Kysely<Database>) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const queries: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      queries.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await run(db.withPlugin(plugin));
  return queries;
}

/** The plans, in one transaction where the code's own `set local` statements apply as they did. */
async function printPlans(
  db: Kysely<Database>,
  title: string,
  queries: readonly CompiledQuery[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [index, query] of queries.entries()) {
      const text = query.sql.replace(/\s+/g, ' ').trim();
      if (/^set\s/i.test(text)) {
        await trx.executeQuery(query);
        console.log(`${title} #${index + 1}: ${text}\n`);
        continue;
      }
      const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]),
      );
      console.log(
        `EXPLAIN ${title} #${index + 1}: ${text.length > 160 ? `${text.slice(0, 160)}…` : text}`,
      );
      console.log(plan.rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n'));
      console.log('');
    }
  });
}

export async function explainDashboardAndFamilyNeeds(
  db: Kysely<Database>,
  period: { from: string; to: string },
): Promise<void> {
  const sections = new Set(Object.keys(DASHBOARD_SECTION_KEYS) as DashboardSection[]);
  await printPlans(db, 'dashboard', await recorded(db, (spy) => loadDashboard(spy, sections)));
  await printPlans(
    db,
    'family-needs',
    await recorded(db, (spy) => inReportTransaction(spy, (trx) => familyNeedsReport(trx, period))),
  );
}
