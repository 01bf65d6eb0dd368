import { sql, type RawBuilder } from 'kysely';
import { SERVICE_OPEN_STATUSES } from 'shared-contracts/services';
import { TASK_DUE_DAYS, type TaskKind } from 'shared-contracts/resources/tasks-contracts';
import type { Executor } from '../../db/tables';

/**
 * The tasks' SQL: for each kind, its count and its rows, read live from the records of the
 * services, families, visits, imports and seminars (no table of their own). Every query is
 * scoped to one employee (approvals: to one status) and served by an index (migration
 * 2026_12_06_tasks_indexes); a count joins nothing, so the bell's figure is a handful of index
 * scans.
 */

/** One task as read: the routes make its title and link. */
export interface TaskRow {
  readonly id: number;
  /** the family a visit is to, else null */
  readonly family_id: number | null;
  readonly due_date: string;
  readonly overdue: boolean;
  /** what the title names: a service type, a seminar's title, else null */
  readonly name: string | null;
  /** the service type is medical */
  readonly medical: boolean;
  /** the identifier shown beside the title (a file number), else null */
  readonly reference: string | null;
  /** a visit's purpose, else null */
  readonly code: string | null;
}

export type TaskOrder = 'asc' | 'desc';

export interface TaskScope {
  readonly employeeId: number;
  /** Riyadh's today, `YYYY-MM-DD` */
  readonly today: string;
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
}

const list = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`));

/** Started services whose expected date passed: what their requester follows up. */
const STARTED = SERVICE_OPEN_STATUSES.filter((status) => status !== 'requested');
/** A seminar still to be held. */
const SEMINAR_COMING = ['planned', 'open', 'closed'];

function kindQuery(kind: TaskKind, { employeeId, today }: TaskScope): KindQuery {
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
export async function countTasks(db: Executor, kind: TaskKind, scope: TaskScope): Promise<number> {
  const { from } = kindQuery(kind, scope);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${from}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Up to `limit` tasks of `kind`, by due date (then id) in `order`. */
export async function listTasks(
  db: Executor,
  kind: TaskKind,
  scope: TaskScope,
  order: TaskOrder,
  limit: number,
): Promise<TaskRow[]> {
  const { from, due, columns, joins, canBeLate } = kindQuery(kind, scope);
  const direction = sql.raw(order === 'desc' ? 'desc' : 'asc');
  const late = canBeLate ? sql`${due} < cast(${scope.today} as date)` : sql`false`;
  const { rows } = await sql<TaskRow>`
    select t.*, to_char(t.due_on, 'YYYY-MM-DD') as due_date from (
      select ${columns}, ${due} as due_on, ${late} as overdue
      from (select x.* from ${from}) x ${joins}
    ) t
    order by t.due_on ${direction}, t.id ${direction}
    limit ${limit}`.execute(db);
  return rows.map((row) => ({
    ...row,
    overdue: Boolean(row.overdue),
    medical: Boolean(row.medical),
  }));
}
