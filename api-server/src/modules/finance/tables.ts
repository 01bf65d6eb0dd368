import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  FinanceDirection,
  FinancialRecordStatus,
  PaymentMethod,
} from 'shared-contracts/finance';
import type { AuditColumns, DateText, NullableInt, NullableText } from '../../db/tables';

declare module '../../db/tables' {
  interface Database {
    financial_categories: FinancialCategoriesTable;
    financial_records: FinancialRecordsTable;
  }
}

export interface FinancialCategoriesTable extends AuditColumns {
  id: Generated<number>;
  /** Stable code of a seeded category; null for one added by people. */
  code: NullableText;
  name: string;
  name_normalized: string;
  direction: FinanceDirection;
  is_zakat: ColumnType<boolean, boolean | undefined, boolean>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  description: NullableText;
}

/**
 * `amount` is numeric(14,2). The driver's numeric parser would turn it into a JS number
 * (db/database.ts), so the finance queries never read the column itself: they select
 * `amount::text` (and sums as `…::numeric(16,2)::text`). Written as the canonical decimal string.
 */
export interface FinancialRecordsTable extends AuditColumns {
  id: Generated<number>;
  direction: FinanceDirection;
  amount: ColumnType<never, string, string>;
  occurred_on: DateText;
  category_id: number;
  status: FinancialRecordStatus;
  cancel_reason: NullableText;
  cancelled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  cancelled_by: NullableInt;
  payment_method: PaymentMethod;
  restricted_purpose: NullableText;
  reference_number: NullableText;
  receipt_number: NullableText;
  family_id: NullableInt;
  organisation_id: NullableInt;
  season_id: NullableInt;
  service_id: NullableInt;
  notes: NullableText;
  /** `normaliseArabic` of its reference, receipt number, restricted purpose and notes (the list's search). */
  search_text: ColumnType<string, string | undefined, string>;
  /** Set on a reversing entry: the completed record it reverses (at most one reversal each). */
  reverses_id: NullableInt;
}

export type FinancialCategoryRow = Selectable<FinancialCategoriesTable>;
