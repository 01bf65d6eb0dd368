import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  SURVEY_GROUP_KINDS,
  surveyLabel,
  type SurveyGroupKind,
  type SurveyRef,
} from 'shared-contracts/engagement';
import type { Executor } from '../../../db/tables';

/**
 * The groups a survey addresses: a season's beneficiaries (enrolled or received, not excluded),
 * the families served by a service type (approved, in progress or delivered), a seminar's
 * audience (members registered, not waiting). The seminars tables belong to the seminars module, built beside this one: they are
 * read with plain SQL when present (`to_regclass`), so this module neither imports it nor breaks
 * without it — without them a seminar group is any family, and its id is not checked.
 */

async function tableExists(db: Executor, table: string): Promise<boolean> {
  const row = await sql<{ ok: boolean }>`select to_regclass(${table}) is not null as ok`.execute(
    db,
  );
  return row.rows[0]?.ok === true;
}

/** The group's Arabic name, or undefined when it does not exist. */
export async function groupRef(
  db: Executor,
  kind: SurveyGroupKind,
  id: number,
): Promise<SurveyRef | undefined> {
  let name: string | undefined;
  if (kind === 'season')
    name = (await db.selectFrom('seasons').select('name').where('id', '=', id).executeTakeFirst())
      ?.name;
  else if (kind === 'service_type')
    name = (
      await db.selectFrom('service_types').select('name').where('id', '=', id).executeTakeFirst()
    )?.name;
  else if (await tableExists(db, 'seminars'))
    name = (await sql<{ title: string }>`select title from seminars where id = ${id}`.execute(db))
      .rows[0]?.title;
  else name = `${surveyLabel(SURVEY_GROUP_KINDS, kind)} رقم ${id}`;
  return name === undefined ? undefined : { id, name };
}

/** Names for many groups at once (lists). */
export async function groupNames(
  db: Executor,
  groups: readonly { kind: SurveyGroupKind; id: number }[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const group of groups) {
    const key = `${group.kind}:${group.id}`;
    if (names.has(key)) continue;
    names.set(key, (await groupRef(db, group.kind, group.id))?.name ?? '—');
  }
  return names;
}

/** The condition "family `familyColumn` belongs to the group" (an SQL boolean over the outer row). */
export async function memberOfGroup(
  db: Executor,
  kind: SurveyGroupKind,
  id: number,
  familyColumn: string,
): Promise<RawBuilder<SqlBool>> {
  const family = sql.ref(familyColumn);
  if (kind === 'season') {
    return sql<SqlBool>`exists (select 1 from season_beneficiaries sb where sb.season_id = ${id} and sb.family_id = ${family} and sb.status <> 'excluded')`;
  }
  if (kind === 'service_type') {
    return sql<SqlBool>`exists (select 1 from services sv where sv.service_type_id = ${id} and sv.family_id = ${family} and sv.status in ('approved', 'in_progress', 'delivered'))`;
  }
  if (await tableExists(db, 'seminar_audience')) {
    return sql<SqlBool>`exists (select 1 from seminar_audience sa where sa.seminar_id = ${id} and sa.family_id = ${family} and sa.state = 'registered')`;
  }
  return sql<SqlBool>`true`;
}

/** The options of the survey form: seasons, service types and seminars by name. */
export async function groupOptions(
  db: Executor,
): Promise<{ seasons: SurveyRef[]; service_types: SurveyRef[]; seminars: SurveyRef[] }> {
  const seasons = await db
    .selectFrom('seasons')
    .select(['id', 'name'])
    .where('status', '<>', 'cancelled')
    .orderBy('start_date', 'desc')
    .orderBy('id')
    .execute();
  const serviceTypes = await db
    .selectFrom('service_types')
    .select(['id', 'name'])
    .orderBy('name')
    .orderBy('id')
    .execute();
  const seminars = (await tableExists(db, 'seminars'))
    ? (
        await sql<{
          id: number;
          name: string;
        }>`select id, title as name from seminars order by id desc limit 500`.execute(db)
      ).rows
    : [];
  return { seasons, service_types: serviceTypes, seminars };
}
