/**
 * After a run, with the API stopped: is every write a client saw acknowledged in the database,
 * exactly once? Creates are found by their unique address marker (and must carry the file number
 * the client was given), edits by the value they wrote (the last acknowledged one per field, or
 * one sent later that got no answer), enrolments by (season, family).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/tables';
import type { FieldLedger, WriteLedger } from './scenario';

export interface Verdict {
  /** Acknowledged writes checked. */
  checked: number;
  lost: number;
  duplicated: number;
  /** Writes the client saw fail that are stored anyway (allowed; reported for interest). */
  storedUnacknowledged: number;
  /** The first few problems, for the report. */
  problems: string[];
}

function chunks<T>(values: readonly T[], size = 1000): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < values.length; i += size) result.push(values.slice(i, i + size));
  return result;
}

export async function verifyWrites(
  db: Kysely<Database>,
  ledger: WriteLedger,
  markerPrefix: string,
  seasons: readonly number[],
): Promise<Verdict> {
  const verdict: Verdict = {
    checked: 0,
    lost: 0,
    duplicated: 0,
    storedUnacknowledged: 0,
    problems: [],
  };
  const problem = (text: string) => {
    if (verdict.problems.length < 10) verdict.problems.push(text);
  };

  // Creates: every family this run registered carries its marker in `address`.
  const created = await db
    .selectFrom('families')
    .select(['id', 'file_number', 'address'])
    .where('address', 'like', `${markerPrefix}%`)
    .execute();
  const byMarker = new Map<string, { id: number; file_number: string }[]>();
  for (const row of created) {
    const list = byMarker.get(row.address ?? '') ?? [];
    list.push({ id: row.id, file_number: row.file_number });
    byMarker.set(row.address ?? '', list);
  }
  for (const write of ledger.creates) {
    verdict.checked += 1;
    const rows = byMarker.get(write.marker) ?? [];
    if (rows.length === 0) {
      verdict.lost += 1;
      problem(`create ${write.marker} (${write.fileNumber}) is missing`);
    } else if (rows.length > 1) {
      verdict.duplicated += 1;
      problem(`create ${write.marker} is stored ${rows.length} times`);
    } else if (rows[0]?.file_number !== write.fileNumber || rows[0]?.id !== write.id) {
      verdict.lost += 1;
      problem(
        `create ${write.marker}: acknowledged as ${write.fileNumber} (#${write.id}), stored as ${rows[0]?.file_number} (#${rows[0]?.id})`,
      );
    }
  }
  for (const marker of ledger.unackedCreates)
    if (byMarker.has(marker)) verdict.storedUnacknowledged += 1;
  // No file number twice anywhere (the counter is the database's, whichever process asked).
  const doubled = await sql<{
    n: number;
  }>`select count(*)::int as n from (select file_number from families group by file_number having count(*) > 1) d`.execute(
    db,
  );
  const doubledFiles = doubled.rows[0]?.n ?? 0;
  if (doubledFiles > 0) {
    verdict.duplicated += doubledFiles;
    problem(`${doubledFiles} file numbers are used by more than one family`);
  }

  // Edits: the stored value is the last acknowledged one (or a later one that got no answer).
  const checkField = async (
    ledgers: Map<number, FieldLedger>,
    load: (ids: number[]) => Promise<{ id: number; value: string | null }[]>,
    what: string,
  ) => {
    const ids = [...ledgers.keys()];
    const stored = new Map<number, string | null>();
    for (const part of chunks(ids))
      for (const row of await load(part)) stored.set(row.id, row.value);
    for (const [id, field] of ledgers) {
      const value = stored.get(id) ?? null;
      if (field.acked === null) {
        if (value !== null && field.refused.includes(value)) verdict.storedUnacknowledged += 1;
        continue;
      }
      verdict.checked += 1;
      if (value === field.acked) continue;
      if (value !== null && field.unanswered.includes(value)) continue;
      verdict.lost += 1;
      problem(`${what} #${id}: acknowledged «${field.acked}», stored «${value ?? 'null'}»`);
    }
  };
  await checkField(
    ledger.notes,
    async (ids) =>
      await db
        .selectFrom('families')
        .select(['id', 'notes as value'])
        .where('id', 'in', ids)
        .execute(),
    'family notes',
  );
  await checkField(
    ledger.occupations,
    async (ids) =>
      await db
        .selectFrom('family_members')
        .select(['id', 'occupation as value'])
        .where('id', 'in', ids)
        .execute(),
    'member occupation',
  );

  // Enrolments: once per (season, family).
  if (seasons.length > 0) {
    const rows = await db
      .selectFrom('season_beneficiaries')
      .select(['season_id', 'family_id', sql<number>`count(*)::int`.as('n')])
      .where('season_id', 'in', [...seasons])
      .groupBy(['season_id', 'family_id'])
      .execute();
    const count = new Map(rows.map((row) => [`${row.season_id}:${row.family_id}`, row.n]));
    for (const write of ledger.enrolments) {
      verdict.checked += 1;
      const n = count.get(`${write.seasonId}:${write.familyId}`) ?? 0;
      if (n === 0) {
        verdict.lost += 1;
        problem(`enrolment of family #${write.familyId} in season #${write.seasonId} is missing`);
      } else if (n > 1) {
        verdict.duplicated += 1;
        problem(
          `enrolment of family #${write.familyId} in season #${write.seasonId} is stored ${n} times`,
        );
      }
    }
    for (const write of ledger.unackedEnrolments)
      if (count.has(`${write.seasonId}:${write.familyId}`)) verdict.storedUnacknowledged += 1;
  }
  return verdict;
}
