import type { Generated, Selectable } from 'kysely';
import type {
  VisitChecklistCode as Code,
  VisitOutcome,
  VisitPurpose,
} from 'shared-contracts/resources/visits-contracts';
import type { AuditColumns, DateText, NullableDate, NullableText } from '../../db/tables';

declare module '../../db/tables' {
  interface Database {
    visits: VisitsTable;
  }
}

/**
 * One field visit: planned (date, researcher, purpose), then recorded (`outcome` with
 * `visited_on`, and the checklist's answers when the family was visited). Checklist answers are
 * codes of `VISIT_CHECKLIST`.
 */
export interface VisitsTable extends AuditColumns {
  id: Generated<number>;
  family_id: number;
  researcher_id: number;
  purpose: VisitPurpose;
  planned_date: DateText;
  visited_on: NullableDate;
  outcome: VisitOutcome | null;
  notes: NullableText;
  housing_condition: Code<'housing_condition'> | null;
  furniture: Code<'furniture'> | null;
  appliances: Code<'appliances'> | null;
  health_needs_seen: Code<'health_needs_seen'> | null;
  children_schooling: Code<'children_schooling'> | null;
}

export type VisitRow = Selectable<VisitsTable>;
