import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { mayCall } from 'shared-contracts';
import { maySeeMedicalFields, maySeeMedicalServices } from 'shared-contracts/beneficiaries';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_MESSAGES as M,
  DOCUMENT_PARENT_ACCESS,
  documentUploadFieldsSchema,
  isMedicalDocumentKind,
  type DocumentItem,
  type DocumentKind,
  type DocumentList,
  type DocumentParentKind,
  type DocumentTombstone,
} from 'shared-contracts/resources/documents-contracts';
import type { Database } from '../../../db/tables';
import { MissingContent, type FileStore } from '../../../files/store';
import type { CallerAccount } from '../../../http/access-control';
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../../../http/errors';
import type { ChangeAuthor } from '../../../http/request-meta';
import { parseInput } from '../../../http/validation';
import { recordChange } from '../../activity-log';
import { recordFamilyAccess } from '../../family-access';
import {
  documentById,
  documentsOf,
  familyMember,
  insertDocument,
  liveReferences,
  lockContent,
  lockDocument,
  markDeleted,
  parentFacts,
  type DocumentParent,
  type ParentFacts,
  type StoredDocument,
} from '../repository';
import { processImage, UnreadableImage } from './images';
import { sniffType, type ReceivedFile } from './receive';

/**
 * The documents' rules (docs/documents.md): who may see and add them, what is accepted, and the
 * writes — each upload, view, download and deletion with its activity-log row in one transaction.
 */

const ENTITY = 'document';

const NOT_FOUND: Record<DocumentParentKind, string> = {
  family: M.familyNotFound,
  service: M.serviceNotFound,
  financial_record: M.recordNotFound,
};

function parentOf(row: StoredDocument): DocumentParent {
  if (row.family_id !== null) return { kind: 'family', id: row.family_id };
  if (row.service_id !== null) return { kind: 'service', id: row.service_id };
  return { kind: 'financial_record', id: row.financial_record_id ?? 0 };
}

/** Whether the reader may see a parent's documents of this kind (the parent's keys, the medical rule). */
function maySee(
  reader: CallerAccount,
  parent: DocumentParentKind,
  facts: ParentFacts,
  kind: DocumentKind | null,
): boolean {
  if (!mayCall(reader, DOCUMENT_PARENT_ACCESS[parent].see)) return false;
  if (facts.medicalService && !maySeeMedicalServices(reader)) return false;
  return kind === null || !isMedicalDocumentKind(kind) || maySeeMedicalFields(reader);
}

function mayEdit(reader: CallerAccount, parent: DocumentParentKind, facts: ParentFacts): boolean {
  return (
    mayCall(reader, DOCUMENT_PARENT_ACCESS[parent].edit) &&
    (!facts.medicalService || maySeeMedicalServices(reader))
  );
}

async function factsOrNotFound(db: Kysely<Database>, parent: DocumentParent): Promise<ParentFacts> {
  const facts = await parentFacts(db, parent);
  if (!facts) throw notFound(NOT_FOUND[parent.kind]);
  return facts;
}

function toItem(row: StoredDocument): DocumentItem {
  return {
    id: row.id,
    kind: row.kind,
    file_name: row.file_name,
    mime_type: row.mime_type,
    size: row.size,
    sha256: row.sha256,
    has_thumbnail: row.thumbnail_sha256 !== null,
    member:
      row.member_id !== null && row.member_name !== null
        ? { id: row.member_id, name: row.member_name }
        : null,
    expires_on: row.expires_on,
    note: row.note,
    uploaded_by:
      row.created_by !== null && row.created_by_name !== null
        ? { id: row.created_by, name: row.created_by_name }
        : null,
    uploaded_at: row.created_at.toISOString(),
  };
}

function toTombstone(row: StoredDocument): DocumentTombstone {
  return {
    id: row.id,
    kind: row.kind,
    deleted_by:
      row.deleted_by !== null && row.deleted_by_name !== null
        ? { id: row.deleted_by, name: row.deleted_by_name }
        : null,
    deleted_at: (row.deleted_at ?? row.created_at).toISOString(),
    reason: row.delete_reason ?? '',
  };
}

/** The activity row's label and family: a medical document stays off the family's timeline. */
function activityTarget(row: { kind: DocumentKind; file_name: string }, familyId: number | null) {
  return {
    entityType: ENTITY,
    entityLabel: `${DOCUMENT_KIND_LABELS[row.kind]}: ${row.file_name}`,
    familyId: isMedicalDocumentKind(row.kind) ? null : familyId,
  };
}

// ------------------------------------------------------------------------------------- upload

/** What the route read from the multipart request. */
export interface UploadRequest {
  fields: Record<string, string>;
  file: (ReceivedFile & { fileName: string }) | null;
}

/** A file name as stored: its last path segment, without control characters, at most 255 characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return (clean === '' ? 'document' : clean).slice(0, 255);
}

export async function uploadDocument(
  db: Kysely<Database>,
  store: FileStore,
  author: ChangeAuthor,
  reader: CallerAccount,
  parent: DocumentParent,
  upload: UploadRequest,
): Promise<DocumentItem> {
  const staged: string[] = upload.file ? [upload.file.stagedPath] : [];
  try {
    const facts = await factsOrNotFound(db, parent);
    if (!mayEdit(reader, parent.kind, facts)) throw forbidden();
    const fields = parseInput(documentUploadFieldsSchema, upload.fields);
    const file = upload.file;
    if (!file) throw unprocessable({ file: [M.noFile] });
    if (file.size === 0) throw unprocessable({ file: [M.emptyFile] });
    const mime = sniffType(file.head);
    if (!mime) throw unprocessable({ file: [M.unsupportedType] });
    if (isMedicalDocumentKind(fields.kind) && !maySeeMedicalFields(reader))
      throw forbidden(M.medicalForbidden);

    let member: { id: number; name: string } | null = null;
    if (fields.member_id != null) {
      if (parent.kind !== 'family') throw unprocessable({ member_id: [M.memberOnlyForFamily] });
      member = (await familyMember(db, parent.id, fields.member_id)) ?? null;
      if (!member) throw unprocessable({ member_id: [M.memberNotInFamily] });
    }

    let content = { stagedPath: file.stagedPath, sha256: file.sha256, size: file.size };
    let thumbnail: { stagedPath: string; sha256: string } | null = null;
    if (mime !== 'application/pdf') {
      const paths = { image: store.stagingPath(), thumbnail: store.stagingPath() };
      staged.push(paths.image, paths.thumbnail);
      try {
        const image = await processImage(file.stagedPath, mime, paths);
        content = image;
        thumbnail = image.thumbnail;
      } catch (error) {
        if (error instanceof UnreadableImage) throw unprocessable({ file: [M.brokenImage] });
        throw error;
      }
    }

    const fileName = cleanFileName(file.fileName);
    const id = await db.transaction().execute(async (trx) => {
      // The content is durable in the store before the row can commit (src/files/store.ts).
      await lockContent(trx, content.sha256);
      await store.put(content.sha256, content.stagedPath);
      if (thumbnail) {
        await lockContent(trx, thumbnail.sha256);
        await store.put(thumbnail.sha256, thumbnail.stagedPath);
      }
      const documentId = await insertDocument(trx, {
        parent,
        memberId: member?.id ?? null,
        kind: fields.kind,
        fileName,
        mimeType: mime,
        size: content.size,
        sha256: content.sha256,
        thumbnailSha256: thumbnail?.sha256 ?? null,
        // A PDF with scripts or actions is stored but only ever downloaded, never shown inline.
        activeContent: mime === 'application/pdf' && file.activeContent,
        expiresOn: fields.expires_on ?? null,
        note: fields.note ?? null,
        createdBy: author.id,
      });
      await recordChange(trx, author, {
        action: 'upload',
        entityId: documentId,
        ...activityTarget({ kind: fields.kind, file_name: fileName }, facts.familyId),
        changes: {
          kind: [null, fields.kind],
          file_name: [null, fileName],
          mime_type: [null, mime],
          size: [null, content.size],
          sha256: [null, content.sha256],
          [parent.kind]: [null, parent.id],
          ...(member ? { member: [null, member.name] } : {}),
          ...(fields.expires_on ? { expires_on: [null, fields.expires_on] } : {}),
          ...(fields.note ? { note: [null, fields.note] } : {}),
        },
      });
      return documentId;
    });
    const row = await documentById(db, id);
    if (!row) throw notFound(M.notFound);
    return toItem(row);
  } finally {
    await Promise.all(staged.map((file) => fs.promises.rm(file, { force: true })));
  }
}

// --------------------------------------------------------------------------------------- list

export async function listDocuments(
  db: Kysely<Database>,
  reader: CallerAccount,
  parent: DocumentParent,
): Promise<DocumentList> {
  const facts = await factsOrNotFound(db, parent);
  if (!maySee(reader, parent.kind, facts, null)) throw forbidden();
  const rows = (await documentsOf(db, parent)).filter((row) =>
    maySee(reader, parent.kind, facts, row.kind),
  );
  return {
    documents: rows.filter((row) => row.deleted_at === null).map(toItem),
    deleted: rows.filter((row) => row.deleted_at !== null).map(toTombstone),
  };
}

// ------------------------------------------------------------------------------------ content

export interface DocumentContent {
  stream: Readable;
  mimeType: string;
  fileName: string;
  inline: boolean;
}

/**
 * Opens a document's content (or its thumbnail) for a reader allowed to see it, logging a view
 * (shown in the browser, or a thumbnail) or a download. 404 for a deleted document.
 */
export async function openDocument(
  db: Kysely<Database>,
  store: FileStore,
  author: ChangeAuthor,
  reader: CallerAccount,
  id: number,
  part: 'content' | 'thumbnail',
  wantsInline: boolean,
): Promise<DocumentContent> {
  const row = await documentById(db, id);
  if (!row || row.deleted_at !== null) throw notFound(M.notFound);
  const parent = parentOf(row);
  const facts = await factsOrNotFound(db, parent);
  if (!maySee(reader, parent.kind, facts, row.kind))
    throw forbidden(isMedicalDocumentKind(row.kind) ? M.medicalForbidden : undefined);
  const key = part === 'thumbnail' ? row.thumbnail_sha256 : row.sha256;
  if (key === null) throw notFound(M.noThumbnail);
  const inline = part === 'thumbnail' || (wantsInline && !row.active_content);
  let stream: Readable;
  try {
    stream = await store.read(key);
  } catch (error) {
    if (error instanceof MissingContent) throw new HttpError(500, M.missingContent);
    throw error;
  }
  try {
    await db.transaction().execute(async (trx) => {
      await recordChange(trx, author, {
        action: inline ? 'view' : 'download',
        entityId: row.id,
        ...activityTarget(row, facts.familyId),
        changes: {
          part: [null, part === 'thumbnail' ? 'الصورة المصغّرة' : 'المحتوى'],
          disposition: [null, inline ? 'عرض في المتصفح' : 'تنزيل'],
        },
      });
      // A document of a family shown or saved is a look at its file (docs/personal-data.md); a
      // thumbnail is drawn by the list itself, not asked for.
      if (part === 'content' && facts.familyId !== null)
        await recordFamilyAccess(trx, {
          familyId: facts.familyId,
          employeeId: reader.id,
          kind: 'document',
          documentId: row.id,
        });
    });
  } catch (error) {
    stream.destroy();
    throw error;
  }
  return {
    stream,
    mimeType: part === 'thumbnail' ? 'image/webp' : row.mime_type,
    fileName: part === 'thumbnail' ? `${row.file_name}.webp` : row.file_name,
    inline,
  };
}

// ------------------------------------------------------------------------------------- delete

/**
 * Removes each content key from the store when no live document holds it any more (a file
 * shared by another document stays). Run after the deletions committed.
 */
export async function removeUnreferencedContent(
  db: Kysely<Database>,
  store: FileStore,
  keys: ReadonlyArray<string | null>,
): Promise<void> {
  for (const key of new Set(keys)) {
    if (key === null) continue;
    await db.transaction().execute(async (trx) => {
      await lockContent(trx, key);
      if ((await liveReferences(trx, key)) === 0) await store.remove(key);
    });
  }
}

export async function deleteDocument(
  db: Kysely<Database>,
  store: FileStore,
  author: ChangeAuthor,
  reader: CallerAccount,
  id: number,
  reason: string,
): Promise<DocumentTombstone> {
  const row = await db.transaction().execute(async (trx) => {
    const locked = await lockDocument(trx, id);
    if (!locked) throw notFound(M.notFound);
    const stored = await documentById(trx, id);
    if (!stored) throw notFound(M.notFound);
    const parent = parentOf(stored);
    const facts = await parentFacts(trx, parent);
    if (!facts) throw notFound(M.notFound);
    if (!maySee(reader, parent.kind, facts, stored.kind))
      throw forbidden(isMedicalDocumentKind(stored.kind) ? M.medicalForbidden : undefined);
    if (!mayEdit(reader, parent.kind, facts)) throw forbidden();
    if (locked.deleted) throw conflict(M.alreadyDeleted);
    await markDeleted(trx, id, author.id, reason);
    await recordChange(trx, author, {
      action: 'delete',
      entityId: id,
      ...activityTarget(stored, facts.familyId),
      changes: { reason: [null, reason], sha256: [stored.sha256, null] },
    });
    return stored;
  });
  // After the tombstone committed: a crash between leaves an unreferenced file, never a document
  // without its file.
  await removeUnreferencedContent(db, store, [row.sha256, row.thumbnail_sha256]);
  const after = await documentById(db, id);
  if (!after) throw notFound(M.notFound);
  return toTombstone(after);
}
