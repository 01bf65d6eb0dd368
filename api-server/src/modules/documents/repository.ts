import { sql } from 'kysely';
import type {
  DocumentKind,
  DocumentMimeType,
  DocumentParentKind,
} from 'shared-contracts/resources/documents-contracts';
import type { Executor, Database } from '../../db/tables';
import type { Transaction } from 'kysely';

/** A document's parent: the record it is attached to. */
export interface DocumentParent {
  kind: DocumentParentKind;
  id: number;
}

const PARENT_COLUMN = {
  family: 'family_id',
  service: 'service_id',
  financial_record: 'financial_record_id',
} as const satisfies Record<DocumentParentKind, string>;

/** What the rules need of a parent: that it exists, its family, and whether it is a medical service. */
export interface ParentFacts {
  familyId: number | null;
  medicalService: boolean;
}

export async function parentFacts(
  db: Executor,
  parent: DocumentParent,
): Promise<ParentFacts | undefined> {
  if (parent.kind === 'family') {
    const row = await db
      .selectFrom('families')
      .select('id')
      .where('id', '=', parent.id)
      .executeTakeFirst();
    return row ? { familyId: row.id, medicalService: false } : undefined;
  }
  if (parent.kind === 'service') {
    const row = await db
      .selectFrom('services as s')
      .innerJoin('service_types as t', 't.id', 's.service_type_id')
      .select(['s.family_id', 't.is_medical'])
      .where('s.id', '=', parent.id)
      .executeTakeFirst();
    return row ? { familyId: row.family_id, medicalService: row.is_medical } : undefined;
  }
  const row = await db
    .selectFrom('financial_records')
    .select('family_id')
    .where('id', '=', parent.id)
    .executeTakeFirst();
  return row ? { familyId: row.family_id, medicalService: false } : undefined;
}

/** The member when it belongs to the family, with its name. */
export async function familyMember(
  db: Executor,
  familyId: number,
  memberId: number,
): Promise<{ id: number; name: string } | undefined> {
  return db
    .selectFrom('family_members')
    .select(['id', 'full_name as name'])
    .where('id', '=', memberId)
    .where('family_id', '=', familyId)
    .executeTakeFirst();
}

/**
 * Serialises the writes that decide whether a content exists in the store: an upload holds it from
 * before its `put` to its commit, a deletion while it counts the content's live documents and
 * removes it. So a content is never removed under an upload that is about to reference it.
 */
export async function lockContent(trx: Transaction<Database>, sha256: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`ataa-document:${sha256}`}))`.execute(trx);
}

export interface NewDocument {
  parent: DocumentParent;
  memberId: number | null;
  kind: DocumentKind;
  fileName: string;
  mimeType: DocumentMimeType;
  size: number;
  sha256: string;
  thumbnailSha256: string | null;
  activeContent: boolean;
  expiresOn: string | null;
  note: string | null;
  createdBy: number;
}

export async function insertDocument(
  trx: Transaction<Database>,
  values: NewDocument,
): Promise<number> {
  const row = await trx
    .insertInto('documents')
    .values({
      family_id: values.parent.kind === 'family' ? values.parent.id : null,
      service_id: values.parent.kind === 'service' ? values.parent.id : null,
      financial_record_id: values.parent.kind === 'financial_record' ? values.parent.id : null,
      member_id: values.memberId,
      kind: values.kind,
      file_name: values.fileName,
      mime_type: values.mimeType,
      size: values.size,
      sha256: values.sha256,
      thumbnail_sha256: values.thumbnailSha256,
      active_content: values.activeContent,
      expires_on: values.expiresOn,
      note: values.note,
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function documentsQuery(db: Executor) {
  return db
    .selectFrom('documents as d')
    .leftJoin('family_members as m', 'm.id', 'd.member_id')
    .leftJoin('employees as up', 'up.id', 'd.created_by')
    .leftJoin('employees as del', 'del.id', 'd.deleted_by')
    .select([
      'd.id',
      'd.family_id',
      'd.service_id',
      'd.financial_record_id',
      'd.member_id',
      'm.full_name as member_name',
      'd.kind',
      'd.file_name',
      'd.mime_type',
      'd.size',
      'd.sha256',
      'd.thumbnail_sha256',
      'd.active_content',
      'd.expires_on',
      'd.note',
      'd.created_at',
      'd.created_by',
      'up.name as created_by_name',
      'd.deleted_at',
      'd.deleted_by',
      'del.name as deleted_by_name',
      'd.delete_reason',
    ]);
}

export type StoredDocument = Awaited<ReturnType<typeof documentById>> & {};

export function documentById(db: Executor, id: number) {
  return documentsQuery(db).where('d.id', '=', id).executeTakeFirst();
}

/** A parent's documents and tombstones, newest first. */
export function documentsOf(db: Executor, parent: DocumentParent) {
  return documentsQuery(db)
    .where(`d.${PARENT_COLUMN[parent.kind]}`, '=', parent.id)
    .orderBy('d.id', 'desc')
    .execute();
}

/** Locks a document's row for its deletion; undefined when there is none. */
export async function lockDocument(
  trx: Transaction<Database>,
  id: number,
): Promise<{ id: number; deleted: boolean } | undefined> {
  const row = await trx
    .selectFrom('documents')
    .select(['id', 'deleted_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? { id: row.id, deleted: row.deleted_at !== null } : undefined;
}

export async function markDeleted(
  trx: Transaction<Database>,
  id: number,
  by: number,
  reason: string,
): Promise<void> {
  await trx
    .updateTable('documents')
    .set({ deleted_at: new Date(), deleted_by: by, delete_reason: reason })
    .where('id', '=', id)
    .execute();
}

/** How many documents not deleted hold this content, as their file or their thumbnail. */
export async function liveReferences(db: Executor, sha256: string): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('sha256', '=', sha256), eb('thumbnail_sha256', '=', sha256)]))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Every content key a document row (tombstones included) names: what a backup must hold. */
export async function referencedContent(db: Executor): Promise<Set<string>> {
  const rows = await db
    .selectFrom('documents')
    .select(['sha256', 'thumbnail_sha256'])
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(
    rows.flatMap((row) =>
      row.thumbnail_sha256 ? [row.sha256, row.thumbnail_sha256] : [row.sha256],
    ),
  );
}
