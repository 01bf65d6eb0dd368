import type { Generated } from 'kysely';
import type { FamilyAccessKind } from 'shared-contracts/resources/family-access-contracts';
import type { CreatedAt, NullableInt } from '../../db/tables';

declare module '../../db/tables' {
  interface Database {
    family_access_log: FamilyAccessLogTable;
  }
}

/**
 * One look at a family's file by one employee (docs/personal-data.md). Append-only for the API:
 * nothing updates or deletes a row; erasure will handle the table on its own terms.
 */
export interface FamilyAccessLogTable {
  id: Generated<number>;
  family_id: number;
  employee_id: number;
  kind: FamilyAccessKind;
  document_id: NullableInt;
  at: CreatedAt;
}
