import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../../db/tables';

/**
 * The three catalogue groupings both service reports show (by service type with its department
 * and axis, by department, by axis), over the services in scope `sc` (a temporary table or a CTE
 * that `scope` defines). Each report brings its own figures (`figures`: the select list, read back
 * by `toGroup`) and its own order (`order`: an aggregate, biggest first); names and ids break ties.
 */
export async function catalogueGroups<Row extends object, Group>(
  db: Executor,
  options: {
    /** SQL written before each `select` (`with sc as (…)`), or nothing when `sc` is a table. */
    scope?: RawBuilder<unknown>;
    figures: RawBuilder<unknown>;
    order: RawBuilder<unknown>;
    toGroup: (row: Row) => Group;
  },
) {
  const { scope = sql``, figures, order, toGroup } = options;
  type Named = Row & { id: number; name: string };
  const types = await sql<Named & { department_name: string; axis_name: string }>`${scope}
    select t.id, t.name, d.name as department_name, a.name as axis_name, ${figures}
    from sc
    join service_types t on t.id = sc.service_type_id
    join service_departments d on d.id = t.department_id
    join service_axes a on a.id = t.axis_id
    group by t.id, t.name, d.name, a.name
    order by ${order} desc, t.name, t.id`.execute(db);
  const departments = await sql<Named>`${scope}
    select d.id, d.name, ${figures}
    from sc join service_departments d on d.id = sc.department_id
    group by d.id, d.name
    order by ${order} desc, d.name, d.id`.execute(db);
  const axes = await sql<Named>`${scope}
    select a.id, a.name, ${figures}
    from sc join service_axes a on a.id = sc.axis_id
    group by a.id, a.name
    order by ${order} desc, a.name, a.id`.execute(db);
  return {
    by_type: types.rows.map((row) => ({
      service_type: { id: row.id, name: row.name },
      department_name: row.department_name,
      axis_name: row.axis_name,
      ...toGroup(row),
    })),
    by_department: departments.rows.map((row) => ({
      department: { id: row.id, name: row.name },
      ...toGroup(row),
    })),
    by_axis: axes.rows.map((row) => ({ axis: { id: row.id, name: row.name }, ...toGroup(row) })),
  };
}
