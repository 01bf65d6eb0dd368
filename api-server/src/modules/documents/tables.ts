import type { Generated, Selectable } from 'kysely';
import type {
  DocumentKind,
  DocumentMimeType,
} from 'shared-contracts/resources/documents-contracts';
import type {
  CreatedAt,
  Flag,
  NullableDate,
  NullableInt,
  NullableText,
  NullableTimestamp,
} from '../../db/tables';

declare module '../../db/tables' {
  interface Database {
    documents: DocumentsTable;
  }
}

/** One uploaded file on one parent; `deleted_*` set: a tombstone whose content may be gone. */
export interface DocumentsTable {
  id: Generated<number>;
  family_id: NullableInt;
  member_id: NullableInt;
  service_id: NullableInt;
  financial_record_id: NullableInt;
  kind: DocumentKind;
  file_name: string;
  mime_type: DocumentMimeType;
  size: number;
  /** The content's key in the file store. */
  sha256: string;
  /** An image's thumbnail's key in the file store. */
  thumbnail_sha256: NullableText;
  /** A PDF holding scripts or actions: served only as a download. */
  active_content: Flag;
  expires_on: NullableDate;
  note: NullableText;
  created_at: CreatedAt;
  created_by: NullableInt;
  deleted_at: NullableTimestamp;
  deleted_by: NullableInt;
  delete_reason: NullableText;
}

export type DocumentRow = Selectable<DocumentsTable>;
