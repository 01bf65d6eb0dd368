import { sql } from 'kysely';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * The one exception to the log's append-only rule: erasing a family (docs/personal-data.md#erasure)
 * destroys the old and new values of the rows about it and replaces their labels, which held its
 * name. The rows themselves stay: who did what, when, to which record.
 *
 * The exception is as narrow as the database can make it:
 * - UPDATE is still refused unless the transaction anonymised that very family: the session
 *   setting `ataa.erase_family` (set locally, for this transaction only) names it AND the
 *   family's `anonymised_at` equals `now()`, i.e. was set by this transaction. A later
 *   transaction cannot reuse an old erasure to rewrite the family's log.
 * - Only `changes` (to null) and `entity_label` (to the fixed label `activity_log_erased_label`
 *   gives) may change; every other column must be equal. Nothing can be written into the log.
 * - Only rows about that family (`activity_log_row_of_family`): its own rows, and rows about its
 *   members, documents, services, financial records, visits, consents, survey responses,
 *   seminar seats, season enrolments and distributions.
 * - DELETE and TRUNCATE stay refused for everyone.
 * - The API's own role still has no UPDATE on the table (database-roles.md): it reaches the rows
 *   only through `activity_log_erase_family`, a SECURITY DEFINER function owned by the owner role
 *   whose search path is pinned, which itself goes through the trigger's checks.
 */
export const activityLogFamilyErasure: NamedMigration = {
  name: '2026_12_06_activity_log_family_erasure',
  async up(db) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const schema = rows[0]?.schema ?? 'public';
    // PL/pgSQL: a body is checked when it runs, so the tables of later migrations may be named.
    // The records whose log rows are about a family, as the log names them (entity type, id).
    await sql`
      create function activity_log_family_entities(family integer)
      returns table (entity_type text, entity_id text) language plpgsql stable as $$
      begin
        return query
          select 'family'::text, family::text
          union all select 'family_member', m.id::text from family_members m where m.family_id = family
          union all select 'document', d.id::text from documents d
            where d.family_id = family
               or d.member_id in (select m.id from family_members m where m.family_id = family)
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
            where a.family_id = family
               or a.member_id in (select m.id from family_members m where m.family_id = family)
          union all select 'season_beneficiary', b.id::text from season_beneficiaries b
            where b.family_id = family
          union all select 'distribution', d.id::text from distributions d where d.family_id = family;
      end;
      $$
    `.execute(db);
    await sql`
      create function activity_log_row_of_family(entry activity_log, family integer)
      returns boolean language plpgsql stable as $$
      begin
        return entry.family_id = family or exists (
          select 1 from activity_log_family_entities(family) t
          where t.entity_type = entry.entity_type and t.entity_id = entry.entity_id);
      end;
      $$
    `.execute(db);
    // The only label an erased row may carry: the family's file number, nothing else.
    await sql`
      create function activity_log_erased_label(entity_type text, file_number text)
      returns text language sql immutable as $$
        select case entity_type
          when 'family' then 'أسرة مجهّلة (' || file_number || ')'
          when 'family_member' then 'فرد مجهّل (' || file_number || ')'
          else 'سجل أسرة مجهّلة (' || file_number || ')'
        end
      $$
    `.execute(db);
    await sql`
      create function activity_log_guard_update() returns trigger language plpgsql as $$
      declare
        family integer := nullif(current_setting('ataa.erase_family', true), '')::integer;
        v_file_number text;
      begin
        if family is null then
          raise exception 'activity_log is append-only';
        end if;
        select f.file_number into v_file_number from families f
          where f.id = family and f.anonymised_at = now();
        if v_file_number is null
          or not activity_log_row_of_family(old, family)
          or new.changes is not null
          or new.entity_label is distinct from activity_log_erased_label(old.entity_type, v_file_number)
          or (new.id, new.occurred_at, new.employee_id, new.action, new.entity_type, new.entity_id,
              new.ip, new.user_agent, new.family_id)
             is distinct from
             (old.id, old.occurred_at, old.employee_id, old.action, old.entity_type, old.entity_id,
              old.ip, old.user_agent, old.family_id) then
          raise exception 'activity_log is append-only';
        end if;
        return new;
      end;
      $$
    `.execute(db);
    await sql`drop trigger activity_log_no_update_or_delete on activity_log`.execute(db);
    await sql`
      create trigger activity_log_no_delete
      before delete on activity_log
      for each row execute function activity_log_append_only()
    `.execute(db);
    await sql`
      create trigger activity_log_no_update
      before update on activity_log
      for each row execute function activity_log_guard_update()
    `.execute(db);
    // Runs as its owner (the API's role has no UPDATE on the log); pinned search path so a
    // temporary table of the caller cannot stand in for a real one.
    await sql`
      create function activity_log_erase_family(family integer) returns integer
      language plpgsql security definer
      set search_path = ${sql.id(schema)}, public, pg_temp
      as $$
      declare
        v_file_number text;
        erased integer;
      begin
        if current_setting('ataa.erase_family', true) is distinct from family::text then
          raise exception 'activity_log is append-only';
        end if;
        select f.file_number into v_file_number from families f
          where f.id = family and f.anonymised_at = now();
        if v_file_number is null then
          raise exception 'activity_log is append-only';
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
        return erased;
      end;
      $$
    `.execute(db);
  },
  async down(db) {
    await sql`drop function if exists activity_log_erase_family(integer)`.execute(db);
    await sql`drop trigger if exists activity_log_no_update on activity_log`.execute(db);
    await sql`drop trigger if exists activity_log_no_delete on activity_log`.execute(db);
    await sql`
      create trigger activity_log_no_update_or_delete
      before update or delete on activity_log
      for each row execute function activity_log_append_only()
    `.execute(db);
    await sql`drop function if exists activity_log_guard_update()`.execute(db);
    await sql`drop function if exists activity_log_erased_label(text, text)`.execute(db);
    await sql`drop function if exists activity_log_row_of_family(activity_log, integer)`.execute(
      db,
    );
    await sql`drop function if exists activity_log_family_entities(integer)`.execute(db);
  },
};
