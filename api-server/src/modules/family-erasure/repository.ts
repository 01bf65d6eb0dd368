import { sql, type Transaction } from 'kysely';
import { MEDICAL_FAMILY_CATEGORIES, MEDICAL_NEED_TYPES } from 'shared-contracts/beneficiaries';
import { TEXT_QUESTION_TYPES } from 'shared-contracts/engagement';
import {
  ANONYMISED_DOCUMENT_NAME,
  ANONYMISED_FAMILY_NAME,
  ANONYMISED_MEMBER_NAME,
  ANONYMISED_TEXT,
} from 'shared-contracts/resources/family-erasure-contracts';
import { normaliseArabic } from 'shared-contracts';
import type { Database } from '../../db/tables';

type Trx = Transaction<Database>;

/** The family, locked for its erasure; undefined when there is none. */
export function lockFamily(trx: Trx, id: number) {
  return trx
    .selectFrom('families')
    .select(['id', 'file_number', 'anonymised_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Marks the family anonymised at `now()` (the transaction's time) and names it in this
 * transaction's `ataa.erase_family`: together, the only state in which the activity log's
 * trigger lets its rows about the family be scrubbed.
 */
export async function markAnonymised(trx: Trx, id: number, by: number): Promise<void> {
  await sql`update families set anonymised_at = now(), anonymised_by = ${by} where id = ${id}`.execute(
    trx,
  );
  await sql`select set_config('ataa.erase_family', ${String(id)}, true)`.execute(trx);
}

/**
 * The family row and its members: names, IDs, phones, address, health, notes, search text. Its
 * members are `family_erasure_members` (migration 2026_12_06_activity_log_family_erasure_moves):
 * its memberships and the earlier ones, in another family, of a person who joined it by a move.
 */
export async function eraseFamilyAndMembers(
  trx: Trx,
  id: number,
  fileNumber: string,
  familySearchText: string,
): Promise<void> {
  await trx
    .updateTable('families')
    .set({
      head_name: ANONYMISED_FAMILY_NAME,
      head_national_id: null,
      primary_phone: null,
      alt_phone: null,
      address: null,
      national_address_short_code: null,
      notes: null,
      search_text: familySearchText,
    })
    .where('id', '=', id)
    .execute();
  await sql`
    update families set status_reason = ${ANONYMISED_TEXT}
    where id = ${id} and status_reason is not null`.execute(trx);
  await sql`
    update family_status_history set reason = ${ANONYMISED_TEXT}
    where family_id = ${id} and reason is not null`.execute(trx);
  // The birth date is kept as its year only: 1 January of that year (docs/personal-data.md#erasure).
  await sql`
    update family_members set
      full_name = ${ANONYMISED_MEMBER_NAME},
      name_normalized = ${normaliseArabic(ANONYMISED_MEMBER_NAME)},
      full_name_en = null,
      national_id = null,
      id_expiry_date = null,
      birth_date = case when birth_date is null then null
                        else make_date(extract(year from birth_date)::int, 1, 1) end,
      health_status = null,
      disabilities = '{}',
      is_pregnant = false,
      is_lactating = false,
      phone = null,
      occupation = null
    where id in (select member_id from family_erasure_members(${id}))`.execute(trx);
  await sql`
    update member_moves set reason = ${ANONYMISED_TEXT}
    where from_family_id = ${id} or to_family_id = ${id}
       or to_member_id in (select member_id from family_erasure_members(${id}))`.execute(trx);
  // Medical categories and needs go (their existence is health data); the others stay.
  await trx
    .deleteFrom('family_categories')
    .where('family_id', '=', id)
    .where('category', 'in', [...MEDICAL_FAMILY_CATEGORIES])
    .execute();
  await trx
    .deleteFrom('family_needs')
    .where('family_id', '=', id)
    .where('need_type', 'in', [...MEDICAL_NEED_TYPES])
    .execute();
  await sql`update family_needs set description = null where family_id = ${id}`.execute(trx);
  await sql`update family_income_sources set notes = null where family_id = ${id}`.execute(trx);
}

/**
 * Free text about the family in the other records, which all stay with their types, dates and
 * amounts: visits, services, the ledger, consents, seasons, seminars, surveys, imports.
 */
export async function eraseRelatedText(trx: Trx, id: number): Promise<void> {
  await sql`update visits set notes = null, health_needs_seen = null where family_id = ${id}`.execute(
    trx,
  );
  await sql`
    update services set details = null, follow_up_recommendations = null,
      status_reason = case when status_reason is null then null else ${ANONYMISED_TEXT} end
    where family_id = ${id}`.execute(trx);
  await sql`
    update service_status_history set reason = ${ANONYMISED_TEXT}
    where reason is not null and service_id in (select id from services where family_id = ${id})`.execute(
    trx,
  );
  await sql`
    update financial_records set notes = null,
      cancel_reason = case when cancel_reason is null then null else ${ANONYMISED_TEXT} end
    where family_id = ${id}`.execute(trx);
  await sql`
    update family_consents set witness_name = null, note = null,
      withdrawal_reason = case when withdrawal_reason is null then null else ${ANONYMISED_TEXT} end
    where family_id = ${id}`.execute(trx);
  await sql`
    update season_beneficiaries set
      status_reason = case when status_reason is null then null else ${ANONYMISED_TEXT} end
    where family_id = ${id}`.execute(trx);
  await sql`
    update distributions set received_by_name = ${ANONYMISED_MEMBER_NAME},
      received_by_national_id = null, notes = null
    where family_id = ${id}`.execute(trx);
  await sql`
    update seminar_audience set person_name = ${ANONYMISED_MEMBER_NAME}, guest_phone = null,
      override_note = null
    where family_id = ${id}
       or member_id in (select member_id from family_erasure_members(${id}))`.execute(trx);
  await sql`
    update survey_answers set value = to_jsonb(${ANONYMISED_TEXT}::text)
    where response_id in (select id from survey_responses where family_id = ${id})
      and question_id in (select id from survey_questions
                          where type in (${sql.join([...TEXT_QUESTION_TYPES])}))`.execute(trx);
  // An import's rows keep their state and link; the spreadsheet's cells are the family's data.
  await sql`
    update family_import_rows set cells = '{}'::jsonb, body = null where family_id = ${id}`.execute(
    trx,
  );
}

/** The ledger's search text of the family's records, rebuilt without their notes. */
export async function financeSearchSources(trx: Trx, id: number) {
  return trx
    .selectFrom('financial_records')
    .select(['id', 'reference_number', 'receipt_number', 'restricted_purpose'])
    .where('family_id', '=', id)
    .execute();
}

export async function setFinanceSearchText(trx: Trx, id: number, text: string): Promise<void> {
  await trx
    .updateTable('financial_records')
    .set({ search_text: text })
    .where('id', '=', id)
    .execute();
}

/**
 * Every document of the family (its own, its members', its services' and its records'):
 * tombstones without a name or note; live ones are deleted now. Answers the content keys they
 * held, for the store to drop when nothing else holds them.
 */
export async function tombstoneDocuments(trx: Trx, id: number, by: number): Promise<string[]> {
  const rows = await sql<{ sha256: string; thumbnail_sha256: string | null }>`
    update documents set
      file_name = ${ANONYMISED_DOCUMENT_NAME},
      note = null,
      deleted_at = coalesce(deleted_at, now()),
      deleted_by = coalesce(deleted_by, ${by}),
      delete_reason = ${ANONYMISED_TEXT}
    where family_id = ${id}
       or member_id in (select member_id from family_erasure_members(${id}))
       or service_id in (select id from services where family_id = ${id})
       or financial_record_id in (select id from financial_records where family_id = ${id})
    returning sha256, thumbnail_sha256`.execute(trx);
  return rows.rows.flatMap((row) =>
    row.thumbnail_sha256 ? [row.sha256, row.thumbnail_sha256] : [row.sha256],
  );
}

/** The activity log's rows about the family: values destroyed, labels neutral (see the migration). */
export async function eraseActivity(trx: Trx, id: number): Promise<number> {
  const { rows } = await sql<{ erased: number }>`
    select activity_log_erase_family(${id}) as erased`.execute(trx);
  return rows[0]?.erased ?? 0;
}

/** The names the family's records hold before the erasure (the client reports are searched for them). */
export async function namesOfFamily(trx: Trx, id: number): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select head_name as name from families where id = ${id}
    union select full_name from family_members
      where id in (select member_id from family_erasure_members(${id}))`.execute(trx);
  return rows.map((row) => row.name.trim()).filter((name) => name.length > 0);
}

/**
 * What the jobs left naming the family: a bulk action's refused items keep a label with its
 * head's name (the family, one of its services or season enrolments), and an import's rows keep
 * the registered families they matched with their head's name. Each becomes the label the
 * activity log gives an erased record (`activity_log_erased_label`), or the neutral name. A
 * job's own payload holds ids only.
 */
export async function eraseJobTraces(trx: Trx, id: number): Promise<void> {
  await sql`
    with family as (select file_number from families where id = ${id}),
    item as (
      select 'families'::text as resource, ${id}::int as item_id, 'family'::text as entity
      union all select 'services', s.id, 'service' from services s where s.family_id = ${id}
      union all select 'season_beneficiaries', b.id, 'season_beneficiary'
        from season_beneficiaries b where b.family_id = ${id})
    update bulk_actions a set failed = (
      select jsonb_agg(
               case when i.item_id is null then e
                    else jsonb_set(e, '{label}',
                      to_jsonb(activity_log_erased_label(i.entity, (select file_number from family))))
               end order by n)
      from jsonb_array_elements(a.failed) with ordinality as t(e, n)
      left join item i on i.resource = a.resource and (e ->> 'id')::int = i.item_id)
    where exists (
      select 1 from jsonb_array_elements(a.failed) e
      join item i on i.resource = a.resource and (e ->> 'id')::int = i.item_id)`.execute(trx);
  await sql`
    update family_import_rows r set matches = (
      select jsonb_agg(
               case when e -> 'family' ->> 'id' = ${String(id)}
                    then jsonb_set(e, '{family,head_name}', to_jsonb(${ANONYMISED_FAMILY_NAME}::text), false)
                    else e end order by n)
      from jsonb_array_elements(r.matches) with ordinality as t(e, n))
    where jsonb_typeof(r.matches) = 'array'
      and jsonb_path_exists(r.matches, '$[*].family.id ? (@ == $f)', jsonb_build_object('f', ${id}::int))`.execute(
    trx,
  );
}

/**
 * The browsers' error reports are scrubbed of addresses and long numbers when received (so of
 * IDs and phones), not of names: a report whose message holds a name of the family loses its
 * message (the row, its remote, route and time stay for the counts).
 */
export async function eraseClientReports(trx: Trx, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await sql`
    update client_events set message = ${ANONYMISED_TEXT}
    where message is not null
      and exists (select 1 from unnest(array[${sql.join([...names])}]::text[]) as n(name)
                  where strpos(message, n.name) > 0)`.execute(trx);
}
