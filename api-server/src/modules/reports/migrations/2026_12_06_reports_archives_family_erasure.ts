import { sql } from 'kysely';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * The one exception to the archives' immutability: erasing a family (docs/personal-data.md#erasure)
 * rewrites, inside every archived snapshot, the values that name that family or its members —
 * never a figure. The law's right to erasure reaches a frozen report too; what the archive is kept
 * for (its figures and totals, as computed that day) does not change.
 *
 * As narrow as the activity log's exception (2026_12_06_activity_log_family_erasure):
 * - UPDATE is refused unless the transaction's local setting `ataa.erase_family` names a family
 *   whose `anonymised_at` equals `now()` (anonymised by this very transaction);
 * - only `snapshot` may change, and only to exactly `report_archive_erase_family(old snapshot,
 *   family)`: nothing can be written into an archive, and a second pass changes nothing;
 * - DELETE is not touched (the API never deletes an archive).
 *
 * The rewrite is generic over the report kinds: in every top-level list of the snapshot, a row
 * whose `family.id` is the family loses its personal values where the row has them —
 * `family.head_name` and `member.name` (the neutral names the erasure gives), `full_name`, and
 * the medical list's `health_status`, `disabilities` and their labels (cleared as in the family's
 * own record), and the medical needs among its `recorded_needs`. Ids, file numbers, counts,
 * amounts and other lookups' labels stay.
 */

// The erasure's neutral texts (shared-contracts' family-erasure contracts), frozen here as this
// migration wrote them.
const FAMILY_NAME = 'أسرة مجهّلة';
const MEMBER_NAME = 'فرد مجهّل';
const ERASED_TEXT = 'حُذف النص عند تجهيل بيانات الأسرة';
// The medical needs' labels (`medical`, `medical_devices`) as the family-needs report stores them
// in a row's `recorded_needs`: the erasure deletes those needs, so the archive's row drops them.
const MEDICAL_NEED_LABELS = ['علاج', 'أجهزة طبية'];

export const reportsArchivesFamilyErasure: NamedMigration = {
  name: '2026_12_06_reports_archives_family_erasure',
  async up(db) {
    // One list: each row of the family gets `value` at `path` when the row has that path.
    await sql`
      create function report_archive_erase_list(list jsonb, family integer, path text[], value jsonb)
      returns jsonb language sql immutable as $$
        select case when jsonb_typeof(list) is distinct from 'array' then list else coalesce((
          select jsonb_agg(
                   case when e -> 'family' ->> 'id' = family::text and e #> path is not null
                        then jsonb_set(e, path, value, false) else e end
                   order by i)
          from jsonb_array_elements(list) with ordinality as t(e, i)), '[]'::jsonb) end
      $$
    `.execute(db);
    // One list: each row of the family without the medical needs among its recorded needs.
    await sql`
      create function report_archive_erase_needs(list jsonb, family integer)
      returns jsonb language sql immutable as $$
        select case when jsonb_typeof(list) is distinct from 'array' then list else coalesce((
          select jsonb_agg(
                   case when e -> 'family' ->> 'id' = family::text
                             and jsonb_typeof(e -> 'recorded_needs') = 'array'
                        then jsonb_set(e, '{recorded_needs}', coalesce((
                          select jsonb_agg(n order by k)
                          from jsonb_array_elements(e -> 'recorded_needs') with ordinality as x(n, k)
                          where (n #>> '{}') <> all
                                (array[${sql.join(MEDICAL_NEED_LABELS.map((label) => sql.lit(label)))}])),
                          '[]'::jsonb))
                        else e end
                   order by i)
          from jsonb_array_elements(list) with ordinality as t(e, i)), '[]'::jsonb) end
      $$
    `.execute(db);
    await sql`
      create function report_archive_erase_family(snapshot jsonb, family integer)
      returns jsonb language plpgsql immutable as $$
      declare
        result jsonb := snapshot;
        list_key text;
        list jsonb;
      begin
        if jsonb_typeof(snapshot) is distinct from 'object' then
          return snapshot;
        end if;
        for list_key, list in select key, value from jsonb_each(snapshot)
          where jsonb_typeof(value) = 'array' loop
          list := report_archive_erase_list(list, family, '{family,head_name}', to_jsonb(${sql.lit(FAMILY_NAME)}::text));
          list := report_archive_erase_list(list, family, '{member,name}', to_jsonb(${sql.lit(MEMBER_NAME)}::text));
          list := report_archive_erase_list(list, family, '{full_name}', to_jsonb(${sql.lit(MEMBER_NAME)}::text));
          list := report_archive_erase_list(list, family, '{health_status}', 'null'::jsonb);
          list := report_archive_erase_list(list, family, '{health_status_label}', to_jsonb(${sql.lit(ERASED_TEXT)}::text));
          list := report_archive_erase_list(list, family, '{disabilities}', '[]'::jsonb);
          list := report_archive_erase_list(list, family, '{disability_labels}', '[]'::jsonb);
          list := report_archive_erase_needs(list, family);
          result := jsonb_set(result, array[list_key], list);
        end loop;
        return result;
      end;
      $$
    `.execute(db);
    // Whether the snapshot has a row of the family (cheap: the erasure rewrites only those).
    await sql`
      create function report_archive_names_family(snapshot jsonb, family integer)
      returns boolean language sql immutable as $$
        select jsonb_path_exists(snapshot, '$.*[*].family.id ? (@ == $f)',
                                 jsonb_build_object('f', family))
      $$
    `.execute(db);
    await sql`
      create function report_archives_guard_update() returns trigger language plpgsql as $$
      declare
        family integer := nullif(current_setting('ataa.erase_family', true), '')::integer;
      begin
        if family is null
          or not exists (select 1 from families f where f.id = family and f.anonymised_at = now())
          or new.snapshot is distinct from report_archive_erase_family(old.snapshot, family)
          or (new.id, new.kind, new.title, new.parameters, new.period_from, new.period_to,
              new.row_count, new.calorie_settings_version_id, new.created_by, new.created_at)
             is distinct from
             (old.id, old.kind, old.title, old.parameters, old.period_from, old.period_to,
              old.row_count, old.calorie_settings_version_id, old.created_by, old.created_at) then
          raise exception 'report archives are immutable';
        end if;
        return new;
      end;
      $$
    `.execute(db);
    await sql`drop trigger report_archives_no_update on report_archives`.execute(db);
    await sql`
      create trigger report_archives_no_update before update on report_archives
      for each row execute function report_archives_guard_update()`.execute(db);
  },
  async down(db) {
    await sql`drop trigger if exists report_archives_no_update on report_archives`.execute(db);
    await sql`
      create trigger report_archives_no_update before update on report_archives
      for each row execute function report_archives_immutable()`.execute(db);
    await sql`drop function if exists report_archives_guard_update()`.execute(db);
    await sql`drop function if exists report_archive_names_family(jsonb, integer)`.execute(db);
    await sql`drop function if exists report_archive_erase_family(jsonb, integer)`.execute(db);
    await sql`drop function if exists report_archive_erase_needs(jsonb, integer)`.execute(db);
    await sql`drop function if exists report_archive_erase_list(jsonb, integer, text[], jsonb)`.execute(
      db,
    );
  },
};
