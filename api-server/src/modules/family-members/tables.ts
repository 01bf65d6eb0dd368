import type { Generated } from 'kysely';
import type { CreatedAt, DateText } from '../../db/tables';

// Migration 0002 (the memberships themselves are the families module's `family_members`).
declare module '../../db/tables' {
  interface Database {
    member_moves: MemberMovesTable;
  }
}

/** A member moved from one family to another (two memberships: the ended one and the new one). */
export interface MemberMovesTable {
  id: Generated<number>;
  from_member_id: number;
  to_member_id: number;
  from_family_id: number;
  to_family_id: number;
  from_relationship: string;
  to_relationship: string;
  reason: string;
  effective_date: DateText;
  at: CreatedAt;
  by: number | null;
}
