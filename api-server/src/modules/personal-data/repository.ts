import type { Executor } from '../../db/tables';

/**
 * The reads of a family's data export that no other module already answers (docs/personal-data.md):
 * the family with its lists, its members (current and former), its status history, its seminar
 * places, its documents and every look at its file. Codes come back as codes; the workbook turns
 * them into labels.
 */

export function familyFacts(db: Executor, id: number) {
  return db
    .selectFrom('families as f')
    .leftJoin('employees as r', 'r.id', 'f.assigned_researcher_id')
    .leftJoin('employees as c', 'c.id', 'f.consent_by')
    .selectAll('f')
    .select(['r.name as researcher_name', 'c.name as consent_by_name'])
    .where('f.id', '=', id)
    .executeTakeFirst();
}
export type FamilyFacts = NonNullable<Awaited<ReturnType<typeof familyFacts>>>;

export async function familyLists(db: Executor, id: number) {
  const [categories, incomes, needs] = await Promise.all([
    db
      .selectFrom('family_categories')
      .select('category')
      .where('family_id', '=', id)
      .orderBy('category')
      .execute(),
    db
      .selectFrom('family_income_sources')
      .select(['source', 'amount', 'verified', 'notes'])
      .where('family_id', '=', id)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('family_needs')
      .select(['need_type', 'priority', 'description', 'fulfilled_at'])
      .where('family_id', '=', id)
      .orderBy('position')
      .execute(),
  ]);
  return { categories: categories.map((row) => row.category), incomes, needs };
}

/** Every membership of the family, current ones first, then by when it began. */
export function familyMembers(db: Executor, familyId: number) {
  return db
    .selectFrom('family_members')
    .selectAll()
    .where('family_id', '=', familyId)
    .orderBy('active', 'desc')
    .orderBy('start_date')
    .orderBy('id')
    .execute();
}

export function familyStatusHistory(db: Executor, familyId: number) {
  return db
    .selectFrom('family_status_history as h')
    .leftJoin('employees as e', 'e.id', 'h.by')
    .select(['h.from_status', 'h.to_status', 'h.reason', 'h.at', 'e.name as by_name'])
    .where('h.family_id', '=', familyId)
    .orderBy('h.at')
    .orderBy('h.id')
    .execute();
}

/** The family's places in seminars: as the family, or as one of its members. */
export function familySeminarPlaces(db: Executor, familyId: number) {
  return db
    .selectFrom('seminar_audience as a')
    .innerJoin('seminars as s', 's.id', 'a.seminar_id')
    .leftJoin('family_members as m', 'm.id', 'a.member_id')
    .select([
      's.title',
      's.starts_at',
      's.venue',
      'a.person_name',
      'a.state',
      'a.position',
      'a.attendance',
      'a.attendance_at',
      'a.promoted_at',
      'a.override_note',
    ])
    .where((eb) => eb.or([eb('a.family_id', '=', familyId), eb('m.family_id', '=', familyId)]))
    .orderBy('s.starts_at')
    .orderBy('a.id')
    .execute();
}

/**
 * The family's live documents: its own (its members' included), and those of its services and
 * of the financial records linked to it. Medical kinds included: the export is the person's own
 * data, and only the holder of manage_personal_data takes it.
 */
export function familyDocuments(db: Executor, familyId: number) {
  return db
    .selectFrom('documents as d')
    .leftJoin('family_members as m', 'm.id', 'd.member_id')
    .leftJoin('employees as e', 'e.id', 'd.created_by')
    .select([
      'd.id',
      'd.kind',
      'd.file_name',
      'd.mime_type',
      'd.size',
      'd.sha256',
      'd.service_id',
      'd.financial_record_id',
      'd.expires_on',
      'd.note',
      'd.created_at',
      'm.full_name as member_name',
      'e.name as created_by_name',
    ])
    .where('d.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('d.family_id', '=', familyId),
        eb(
          'd.service_id',
          'in',
          eb.selectFrom('services').select('id').where('family_id', '=', familyId),
        ),
        eb(
          'd.financial_record_id',
          'in',
          eb.selectFrom('financial_records').select('id').where('family_id', '=', familyId),
        ),
      ]),
    )
    .orderBy('d.created_at')
    .orderBy('d.id')
    .execute();
}
export type FamilyDocument = Awaited<ReturnType<typeof familyDocuments>>[number];

/** Every look at the family's file, oldest first (the panel shows the newest 200; this is all). */
export function familyLooks(db: Executor, familyId: number) {
  return db
    .selectFrom('family_access_log as a')
    .innerJoin('employees as e', 'e.id', 'a.employee_id')
    .leftJoin('documents as d', 'd.id', 'a.document_id')
    .select(['a.kind', 'a.at', 'e.name', 'd.file_name'])
    .where('a.family_id', '=', familyId)
    .orderBy('a.at')
    .orderBy('a.id')
    .execute();
}
