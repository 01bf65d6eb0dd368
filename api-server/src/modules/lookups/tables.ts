import type { Selectable } from 'kysely';
import type { Counter, CreatedAt, Flag, NullableText, Timestamp } from '../../db/tables';

// Migration 0002.
declare module '../../db/tables' {
  interface Database {
    lookups: LookupsTable;
  }
}

/** Every beneficiaries lookup list in one table, a row per (list name, code). */
export interface LookupsTable {
  name: string;
  code: string;
  label_ar: string;
  label_en: NullableText;
  parent_code: NullableText;
  sort: Counter;
  active: Flag;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type LookupRow = Selectable<LookupsTable>;
