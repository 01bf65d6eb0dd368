import { sql } from 'kysely';
import type { NamedMigration } from '../../../db/migrations/types';
import type { MigrationDb } from '../../../db/ddl';

/**
 * Extends the log's erasure exception (2026_12_06_activity_log_family_erasure) to the rows of
 * ANOTHER family's timeline that name the erased family: a member's move between the two. The
 * move writes one row on each family's timeline, and the other family's row names the erased one
 * — `انضمام <name> منقولاً من أسرة F-… — <head>` (a member who left the erased family) or
 * `نقل <name> (أسرة F-…) إلى أسرة F-… — <head>` (a member who joined it, now erased) — and its
 * `changes.reason` is the move's reason, which the erasure neutralises in `member_moves`.
 *
 * A member who joined the family by a move is the same person as the other family's earlier
 * membership (`member_moves.to_member_id` ← `from_member_id`): erasing the family erases that
 * person, so those earlier memberships are the family's members for the erasure too
 * (`family_erasure_members`, which the erasure's own statements use as well), and the log's rows
 * about them are erased like the family's own. That family's own rows listing its members
 * (`changes.members`, as `<name> (<relationship>)`: its registration, an edit of its members)
 * keep every entry but theirs, which takes the neutral name; nothing else of them changes. A
 * member who left the family for another is not followed: the person is the other family's now.
 *
 * Such a row is the other family's history, so it keeps its values except the reason: its label
 * becomes a fixed text naming the erased family by its file number only, and `changes.reason`
 * becomes `[null, <the erasure's neutral text>]`. Every check of the first migration stays: the
 * transaction must have anonymised that very family, every other column must be unchanged, the
 * new label and changes must be exactly the ones these functions give; any other update,
 * DELETE and TRUNCATE are refused as before.
 */

// The erasure's neutral texts (shared-contracts' family-erasure contracts), frozen here.
const ERASED_TEXT = 'حُذف النص عند تجهيل بيانات الأسرة';
const MEMBER_NAME = 'فرد مجهّل';

const NOT_APPEND_ONLY = 'activity_log is append-only';

async function createGuard(db: MigrationDb, withMoves: boolean): Promise<void> {
  const moves = withMoves
    ? sql`
        elsif old.entity_type = 'family_member' and exists (
          select 1 from activity_log_family_moves(family, v_file_number) m
          where m.entity_id = old.entity_id and m.action = old.action
            and m.family_id = old.family_id
            and m.label = new.entity_label) then
          if new.changes is distinct from activity_log_erased_move_changes(old.changes) then
            raise exception ${sql.lit(NOT_APPEND_ONLY)};
          end if;
        elsif old.family_id in (select p.family_id from activity_log_people_families(family) p)
          and new.entity_label is not distinct from old.entity_label
          and new.changes is distinct from old.changes
          and new.changes is not distinct from
              activity_log_erased_members_changes(old.changes, family) then
          null;`
    : sql``;
  await sql`
    create or replace function activity_log_guard_update() returns trigger language plpgsql as $$
    declare
      family integer := nullif(current_setting('ataa.erase_family', true), '')::integer;
      v_file_number text;
    begin
      if family is null then
        raise exception ${sql.lit(NOT_APPEND_ONLY)};
      end if;
      select f.file_number into v_file_number from families f
        where f.id = family and f.anonymised_at = now();
      if v_file_number is null
        or (new.id, new.occurred_at, new.employee_id, new.action, new.entity_type, new.entity_id,
            new.ip, new.user_agent, new.family_id)
           is distinct from
           (old.id, old.occurred_at, old.employee_id, old.action, old.entity_type, old.entity_id,
            old.ip, old.user_agent, old.family_id) then
        raise exception ${sql.lit(NOT_APPEND_ONLY)};
      end if;
      if activity_log_row_of_family(old, family) then
        if new.changes is not null
          or new.entity_label is distinct from
             activity_log_erased_label(old.entity_type, v_file_number) then
          raise exception ${sql.lit(NOT_APPEND_ONLY)};
        end if;
      ${moves}
      else
        raise exception ${sql.lit(NOT_APPEND_ONLY)};
      end if;
      return new;
    end;
    $$
  `.execute(db);
}

/**
 * The records whose log rows are about a family (as the first migration wrote it), its members
 * being `family_erasure_members` with the moves, or only its own memberships without.
 */
async function createEntities(db: MigrationDb, withMoves: boolean): Promise<void> {
  const members = withMoves
    ? sql`select member_id from family_erasure_members(family)`
    : sql`select m.id from family_members m where m.family_id = family`;
  await sql`
    create or replace function activity_log_family_entities(family integer)
    returns table (entity_type text, entity_id text) language plpgsql stable as $$
    begin
      return query
        select 'family'::text, family::text
        union all select 'family_member', m.id::text from family_members m
          where m.id in (${members})
        union all select 'document', d.id::text from documents d
          where d.family_id = family
             or d.member_id in (${members})
             or d.service_id in (select s.id from services s where s.family_id = family)
             or d.financial_record_id in
                  (select r.id from financial_records r where r.family_id = family)
        union all select 'service', s.id::text from services s where s.family_id = family
        union all select 'financial_record', r.id::text from financial_records r
          where r.family_id = family
        union all select 'visit', v.id::text from visits v where v.family_id = family
        union all select 'consent', c.id::text from family_consents c where c.family_id = family
        union all select 'survey_response', r.id::text from survey_responses r
          where r.family_id = family
        union all select 'seminar_audience', a.id::text from seminar_audience a
          where a.family_id = family or a.member_id in (${members})
        union all select 'season_beneficiary', b.id::text from season_beneficiaries b
          where b.family_id = family
        union all select 'distribution', d.id::text from distributions d where d.family_id = family;
    end;
    $$
  `.execute(db);
}

async function createEraseFamily(db: MigrationDb, schema: string, withMoves: boolean) {
  const moves = withMoves
    ? sql`
        update activity_log a
          set entity_label = m.label,
              changes = activity_log_erased_move_changes(a.changes)
          from activity_log_family_moves(family, v_file_number) m
          where a.entity_type = 'family_member' and a.entity_id = m.entity_id
            and a.action = m.action and a.family_id = m.family_id
            -- Already erased with its own family: left as that erasure made it.
            and a.changes is not null;
        get diagnostics moved = row_count;
        erased := erased + moved;
        update activity_log a
          set changes = activity_log_erased_members_changes(a.changes, family)
          where a.family_id in (select p.family_id from activity_log_people_families(family) p)
            and a.changes -> 'members' is not null
            and not activity_log_row_of_family(a, family)
            and a.changes is distinct from activity_log_erased_members_changes(a.changes, family);
        get diagnostics moved = row_count;
        erased := erased + moved;`
    : sql``;
  await sql`
    create or replace function activity_log_erase_family(family integer) returns integer
    language plpgsql security definer
    set search_path = ${sql.id(schema)}, public, pg_temp
    as $$
    declare
      v_file_number text;
      erased integer;
      moved integer;
    begin
      if current_setting('ataa.erase_family', true) is distinct from family::text then
        raise exception ${sql.lit(NOT_APPEND_ONLY)};
      end if;
      select f.file_number into v_file_number from families f
        where f.id = family and f.anonymised_at = now();
      if v_file_number is null then
        raise exception ${sql.lit(NOT_APPEND_ONLY)};
      end if;
      update activity_log a
        set changes = null,
            entity_label = activity_log_erased_label(a.entity_type, v_file_number)
        where a.id in (
          select l.id from activity_log l where l.family_id = family
          union
          select l.id from activity_log l
            join activity_log_family_entities(family) t
              on l.entity_type = t.entity_type and l.entity_id = t.entity_id
        );
      get diagnostics erased = row_count;
      ${moves}
      return erased;
    end;
    $$
  `.execute(db);
}

export const activityLogErasureMoves: NamedMigration = {
  name: '2026_12_06_activity_log_family_erasure_moves',
  async up(db) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const schema = rows[0]?.schema ?? 'public';
    // The family's memberships, and every earlier membership (in another family) of a person
    // who is in the family now: walked back through the moves that brought each one in. A
    // membership that moved out is the family's, but not walked back (the person left).
    await sql`
      create function family_erasure_people(family integer)
      returns table (member_id integer) language sql stable as $$
        with recursive person(id) as (
          select m.id from family_members m
          where m.family_id = family
            and not exists (select 1 from member_moves mv where mv.from_member_id = m.id)
          union
          select mv.from_member_id from member_moves mv join person p on mv.to_member_id = p.id)
        select id from person
      $$
    `.execute(db);
    await sql`
      create function family_erasure_members(family integer)
      returns table (member_id integer) language sql stable as $$
        select member_id from family_erasure_people(family)
        union
        select m.id from family_members m where m.family_id = family
      $$
    `.execute(db);
    // An entry of a members list (`<name> (<relationship>)`) naming one of the people, with the
    // neutral name instead; any other entry as it is. Read while the names are still there: the
    // erasure scrubs the log before the members.
    await sql`
      create function activity_log_erased_member_entry(entry text, family integer)
      returns text language sql stable as $$
        select coalesce((
          select ${sql.lit(MEMBER_NAME)} || substr(entry, length(m.full_name) + 1)
          from family_members m
          where m.id in (select member_id from family_erasure_people(family))
            and (entry = m.full_name or starts_with(entry, m.full_name || ' ('))
          order by length(m.full_name) desc limit 1), entry)
      $$
    `.execute(db);
    await sql`
      create function activity_log_erased_members_changes(changes jsonb, family integer)
      returns jsonb language sql stable as $$
        select case when jsonb_typeof(changes -> 'members') is distinct from 'array' then changes
          else jsonb_set(changes, '{members}', (
            select coalesce(jsonb_agg(
                case when jsonb_typeof(side) = 'array' then (
                  select coalesce(jsonb_agg(
                      case when jsonb_typeof(e) = 'string'
                           then to_jsonb(activity_log_erased_member_entry(e #>> '{}', family))
                           else e end order by j), '[]'::jsonb)
                  from jsonb_array_elements(side) with ordinality as u(e, j))
                else side end order by i), '[]'::jsonb)
            from jsonb_array_elements(changes -> 'members') with ordinality as t(side, i)))
          end
      $$
    `.execute(db);
    // The other families where one of the people was a member before joining the family.
    await sql`
      create function activity_log_people_families(family integer)
      returns table (family_id integer) language sql stable as $$
        select distinct m.family_id from family_members m
        where m.id in (select member_id from family_erasure_people(family))
          and m.family_id <> family
      $$
    `.execute(db);
    await createEntities(db, true);
    // The other family's row of each move to or from the family, and the label it must take.
    await sql`
      create function activity_log_family_moves(family integer, file_number text)
      returns table (entity_id text, action text, family_id integer, label text)
      language plpgsql stable as $$
      begin
        return query
          select mv.to_member_id::text, 'move_in'::text, mv.to_family_id,
                 'انضمام فرد منقولاً من ' || activity_log_erased_label('family', file_number)
          from member_moves mv
          where mv.from_family_id = family and mv.to_family_id <> family
          union all
          select mv.from_member_id::text, 'move_out'::text, mv.from_family_id,
                 'نقل فرد إلى ' || activity_log_erased_label('family', file_number)
          from member_moves mv
          where mv.to_family_id = family and mv.from_family_id <> family;
      end;
      $$
    `.execute(db);
    await sql`
      create function activity_log_erased_move_changes(changes jsonb)
      returns jsonb language sql immutable as $$
        select case when changes -> 'reason' is null then changes
                    else jsonb_set(changes, '{reason}',
                                   jsonb_build_array(null, ${sql.lit(ERASED_TEXT)}::text)) end
      $$
    `.execute(db);
    await createGuard(db, true);
    await createEraseFamily(db, schema, true);
  },
  async down(db) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const schema = rows[0]?.schema ?? 'public';
    await createEraseFamily(db, schema, false);
    await createGuard(db, false);
    await createEntities(db, false);
    await sql`drop function if exists activity_log_people_families(integer)`.execute(db);
    await sql`drop function if exists activity_log_erased_members_changes(jsonb, integer)`.execute(
      db,
    );
    await sql`drop function if exists activity_log_erased_member_entry(text, integer)`.execute(db);
    await sql`drop function if exists family_erasure_members(integer)`.execute(db);
    await sql`drop function if exists family_erasure_people(integer)`.execute(db);
    await sql`drop function if exists activity_log_erased_move_changes(jsonb)`.execute(db);
    await sql`drop function if exists activity_log_family_moves(integer, text)`.execute(db);
  },
};
