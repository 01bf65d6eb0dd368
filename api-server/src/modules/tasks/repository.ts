import { sql, type RawBuilder } from 'kysely';
import { SERVICE_OPEN_STATUSES } from 'shared-contracts/services';
import { MEDICAL_DOCUMENT_KINDS } from 'shared-contracts/resources/documents-contracts';
import {
  TASK_DOCUMENT_DAYS,
  TASK_DUE_DAYS,
  type TaskKind,
} from 'shared-contracts/resources/tasks-contracts';
import type { Executor } from '../../db/tables';

/**
 * The tasks' SQL: for each kind, its count and its rows, read live from the records of the
 * services, families, visits, documents, imports and seminars (no table of their own). Every
 * query is scoped to one employee (approvals: to one status) and served by an index (migrations
 * 2026_12_06_tasks_indexes and 2026_12_06_tasks_document_expiry); a count joins nothing (the
 * documents' reads the researcher's families as a semi-join), so the bell's figure is a handful of
 * index scans.
 */

/** One task as read: the routes make its title and link. */
export interface TaskRow {
  readonly id: number;
  /** the family a visit or a document is about, else null */
  readonly family_id: number | null;
  readonly due_date: string;
  readonly overdue: boolean;
  /** what the title names: a service type, a seminar's title, a family's head, else null */
  readonly name: string | null;
  /** the service type is medical */
  readonly medical: boolean;
  /** the identifier shown beside the title (a file number), else null */
  readonly reference: string | null;
  /** a visit's purpose, a document's kind, else null */
  readonly code: string | null;
}

export type TaskOrder = 'asc' | 'desc';

/**
 * The kinds read row by row here. `anonymisation_due` is one task about a count (the families
 * due for anonymisation), which the privacy module counts: the commands build it.
 */
export type RowTaskKind = Exclude<TaskKind, 'anonymisation_due'>;

export interface TaskScope {
  readonly employeeId: number;
  /** Riyadh's today, `YYYY-MM-DD` */
  readonly today: string;
  /** the employee may see medical fields: documents of a medical kind count for them */
  readonly medicalDocuments: boolean;
}

/** One kind: its rows (`from … where`, the row aliased `x`), its due date and its columns. */
interface KindQuery {
  readonly from: RawBuilder<unknown>;
  readonly due: RawBuilder<unknown>;
  /** `id, family_id, name, medical, reference, code`, joined only for the list */
  readonly columns: RawBuilder<unknown>;
  readonly joins: RawBuilder<unknown>;
  /** a task of this kind can be late */
  readonly canBeLate: boolean;
  /**
   * `from` narrowed to its first `limit` rows by due date (then id), chosen from indexes alone,
   * for a kind with many rows per employee whose table rows the planner would rather scan whole.
   */
  readonly first?: (direction: RawBuilder<unknown>, limit: number) => RawBuilder<unknown>;
  /** what the count reads, when not `from` (the same rows, without the list's detour) */
  readonly count?: RawBuilder<unknown>;
}

const list = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`));

/** Started services whose expected date passed: what their requester follows up. */
const STARTED = SERVICE_OPEN_STATUSES.filter((status) => status !== 'requested');
/** A seminar still to be held. */
const SEMINAR_COMING = ['planned', 'open', 'closed'];

function kindQuery(
  kind: RowTaskKind,
  { employeeId, today, medicalDocuments }: TaskScope,
): KindQuery {
  const todayDate = sql`cast(${today} as date)`;
  const horizon = sql`(cast(${today} as date) + ${TASK_DUE_DAYS}::int)`;
  const serviceColumns = sql`x.id, x.family_id, st.name, st.is_medical as medical, f.file_number as reference, null::text as code`;
  const serviceJoins = sql`left join service_types st on st.id = x.service_type_id left join families f on f.id = x.family_id`;
  switch (kind) {
    case 'service_approval':
      return {
        from: sql`services x where x.status = 'requested'`,
        due: sql`coalesce(x.expected_date, x.request_date)`,
        columns: serviceColumns,
        joins: serviceJoins,
        canBeLate: true,
      };
    case 'service_overdue':
      return {
        from: sql`services x where x.requested_by = ${employeeId} and x.status in (${list(STARTED)}) and x.expected_date < ${todayDate}`,
        due: sql`x.expected_date`,
        columns: serviceColumns,
        joins: serviceJoins,
        canBeLate: true,
      };
    case 'visit':
      return {
        from: sql`visits x where x.researcher_id = ${employeeId} and x.outcome is null and x.planned_date <= ${horizon}`,
        due: sql`x.planned_date`,
        columns: sql`x.id, x.family_id, null::text as name, false as medical, f.file_number as reference, x.purpose as code`,
        joins: sql`left join families f on f.id = x.family_id`,
        canBeLate: true,
      };
    case 'reassessment':
      return {
        from: sql`families x where x.assigned_researcher_id = ${employeeId} and x.status <> 'archived' and x.next_reassessment_date <= ${horizon}`,
        due: sql`x.next_reassessment_date`,
        columns: sql`x.id, x.id as family_id, null::text as name, false as medical, x.file_number as reference, null::text as code`,
        joins: sql``,
        canBeLate: true,
      };
    case 'document_expiry': {
      // The live documents of the employee's families due by the horizon, the row aliased `d`. A
      // medical document's existence is a medical fact (docs/medical-fields.md).
      const medical = medicalDocuments
        ? sql``
        : sql`and d.kind not in (${list(MEDICAL_DOCUMENT_KINDS)})`;
      const due = sql`d.family_id in (select f.id from families f where f.assigned_researcher_id = ${employeeId} and f.status <> 'archived') and d.deleted_at is null and d.expires_on <= (cast(${today} as date) + ${TASK_DOCUMENT_DAYS}::int) ${medical}`;
      return {
        from: sql`documents x where x.id in (select d.id from documents d where ${due})`,
        count: sql`documents d where ${due}`,
        due: sql`x.expires_on`,
        columns: sql`x.id, x.family_id, f.head_name as name, false as medical, f.file_number as reference, x.kind as code`,
        joins: sql`left join families f on f.id = x.family_id`,
        canBeLate: true,
        first: (direction, limit) =>
          sql`documents x where x.id in (select d.id from documents d where ${due} order by d.expires_on ${direction}, d.id ${direction} limit ${limit})`,
      };
    }
    case 'import_duplicates':
      return {
        from: sql`family_imports x where x.created_by = ${employeeId} and x.status = 'ready' and exists (select 1 from family_import_rows r where r.import_id = x.id and r.state = 'duplicate' and r.resolution is null)`,
        due: sql`cast(timezone('Asia/Riyadh', x.created_at) as date)`,
        columns: sql`x.id, null::int as family_id, null::text as name, false as medical, cast(x.id as text) as reference, null::text as code`,
        joins: sql``,
        canBeLate: false,
      };
    case 'seminar':
      // starts_at is Riyadh wall-clock text (`YYYY-MM-DDTHH:MM`): it compares as text.
      return {
        from: sql`seminars x where x.created_by = ${employeeId} and x.status in (${list(SEMINAR_COMING)}) and x.starts_at >= ${today} and x.starts_at < to_char(${horizon} + 1, 'YYYY-MM-DD')`,
        due: sql`cast(substr(x.starts_at, 1, 10) as date)`,
        columns: sql`x.id, null::int as family_id, x.title as name, false as medical, null::text as reference, null::text as code`,
        joins: sql``,
        canBeLate: false,
      };
  }
}

/** How many tasks of `kind` wait for the employee (a count, nothing joined). */
export async function countTasks(
  db: Executor,
  kind: RowTaskKind,
  scope: TaskScope,
): Promise<number> {
  const { from, count } = kindQuery(kind, scope);
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from ${count ?? from}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Up to `limit` tasks of `kind`, by due date (then id) in `order`. */
export async function listTasks(
  db: Executor,
  kind: RowTaskKind,
  scope: TaskScope,
  order: TaskOrder,
  limit: number,
): Promise<TaskRow[]> {
  const { from, due, columns, joins, canBeLate, first } = kindQuery(kind, scope);
  const direction = sql.raw(order === 'desc' ? 'desc' : 'asc');
  const source = first ? first(direction, limit) : from;
  const late = canBeLate ? sql`${due} < cast(${scope.today} as date)` : sql`false`;
  // The first `limit` rows are chosen before anything is joined: only they read their family,
  // service type… (a researcher may have thousands of documents expiring).
  const { rows } = await sql<TaskRow>`
    select t.*, to_char(t.due_on, 'YYYY-MM-DD') as due_date from (
      select ${columns}, x.due_on, ${late} as overdue
      from (
        select x.*, ${due} as due_on from ${source}
        order by due_on ${direction}, x.id ${direction}
        limit ${limit}
      ) x ${joins}
    ) t
    order by t.due_on ${direction}, t.id ${direction}`.execute(db);
  return rows.map((row) => ({
    ...row,
    overdue: Boolean(row.overdue),
    medical: Boolean(row.medical),
  }));
}
