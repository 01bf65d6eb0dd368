import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/tables';

/**
 * A digest of every row of every table of the current schema, to prove a run of refused requests
 * changed nothing. `api_tokens.last_used_at` is left out (every authenticated read refreshes it),
 * and so are the tables in `except`.
 */
export async function fingerprint(
  db: Kysely<Database>,
  except: readonly string[] = [],
): Promise<Map<string, string>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
    db,
  );
  const digests = new Map<string, string>();
  for (const { name } of tables.rows) {
    if (except.includes(name)) continue;
    const row = await sql<{ digest: string; n: number }>`
      select count(*)::int as n,
        md5(coalesce(string_agg((to_jsonb(t) - 'last_used_at')::text, '|' order by (to_jsonb(t) - 'last_used_at')::text), '')) as digest
      from ${sql.table(name)} as t`.execute(db);
    digests.set(name, `${row.rows[0]?.n}:${row.rows[0]?.digest}`);
  }
  return digests;
}

/** The tables whose digest differs between two fingerprints. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter(
    (name) => before.get(name) !== after.get(name),
  );
}
