import { sql } from 'kysely';
import {
  FAMILY_ACCESS_LOG_LIMIT,
  type FamilyAccessKind,
  type FamilyAccessLog,
} from 'shared-contracts/resources/family-access-contracts';
import type { Executor } from '../../db/tables';

/**
 * A look that repeats one already written in the last minute (the same employee, family, kind
 * and document) is not written again: a page's refetches and reloads are one look.
 */
const REPEAT_WINDOW = sql`interval '1 minute'`;

/**
 * Writes one look at a family's file (unless it repeats one of the last minute). An export hands
 * the whole file over each time, so `everyTime` writes it even then.
 */
export async function recordFamilyAccess(
  db: Executor,
  look: {
    familyId: number;
    employeeId: number;
    kind: FamilyAccessKind;
    documentId?: number;
    everyTime?: boolean;
  },
): Promise<void> {
  const documentId = look.documentId ?? null;
  if (look.everyTime) {
    await db
      .insertInto('family_access_log')
      .values({
        family_id: look.familyId,
        employee_id: look.employeeId,
        kind: look.kind,
        document_id: documentId,
      })
      .execute();
    return;
  }
  await sql`
    insert into family_access_log (family_id, employee_id, kind, document_id)
    select ${look.familyId}, ${look.employeeId}, ${look.kind}, ${documentId}::integer
     where not exists (
       select 1 from family_access_log
        where family_id = ${look.familyId} and employee_id = ${look.employeeId}
          and kind = ${look.kind} and document_id is not distinct from ${documentId}::integer
          and at > now() - ${REPEAT_WINDOW})`.execute(db);
}

export async function familyExists(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('families').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** The family's newest looks, newest first, with names, and how many there are. */
export async function listFamilyAccess(db: Executor, familyId: number): Promise<FamilyAccessLog> {
  const rows = await db
    .selectFrom('family_access_log as a')
    .innerJoin('employees as e', 'e.id', 'a.employee_id')
    .leftJoin('documents as d', (join) =>
      join.onRef('d.id', '=', 'a.document_id').on('d.deleted_at', 'is', null),
    )
    .select(['a.id', 'a.kind', 'a.at', 'a.employee_id', 'e.name', 'a.document_id', 'd.file_name'])
    .where('a.family_id', '=', familyId)
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(FAMILY_ACCESS_LOG_LIMIT)
    .execute();
  const total = await db
    .selectFrom('family_access_log')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('family_id', '=', familyId)
    .executeTakeFirstOrThrow();
  return {
    entries: rows.map((row) => ({
      id: row.id,
      employee: { id: row.employee_id, name: row.name },
      kind: row.kind,
      document:
        row.document_id !== null && row.file_name !== null
          ? { id: row.document_id, file_name: row.file_name }
          : null,
      at: row.at.toISOString(),
    })),
    total: Number(total.n),
  };
}
