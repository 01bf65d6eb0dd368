import type { Kysely } from 'kysely';
import { todayIso } from 'shared-contracts';
import { FAMILY_STATUSES, labelOf, type FamilyListQuery } from 'shared-contracts/beneficiaries';
import type { Database } from '../../../db/tables';
import { inBatches, type ExportValue } from '../../../http/export';
import type { LookupSet } from '../../lookups';
import { categoriesOf, familyPage, type FamilyListRow } from './families';
import { categoriesFor, toFamilyResource, type Visibility } from './resources';

/** The families export's rows (`FAMILY_EXPORT_COLUMNS`): the filtered list in its order, labels instead of codes. */
export async function* familyExportRows(
  db: Kysely<Database>,
  query: FamilyListQuery,
  today: string,
  lookups: LookupSet,
  visibility: Visibility,
): AsyncGenerator<Record<string, ExportValue>> {
  const pages = inBatches((offset, limit) =>
    familyPage(db, query, today, {
      sort: query.sort,
      order: query.order,
      limit,
      offset,
      reader: { medical: visibility.medical },
    }),
  );
  let batch: FamilyListRow[] = [];
  // Categories are read for 500 families at a time.
  const flush = async function* () {
    const categories = await categoriesOf(
      db,
      batch.map((row) => row.id),
      lookups,
    );
    for (const row of batch) {
      const family = toFamilyResource(
        row,
        categoriesFor(categories.get(row.id) ?? [], visibility),
        lookups,
        today,
      );
      yield {
        file_number: family.file_number,
        head_name: family.head_name,
        head_national_id: family.head_national_id,
        primary_phone: family.primary_phone,
        status: labelOf(FAMILY_STATUSES, family.status),
        categories: family.categories.map((category) => category.label).join('، '),
        city: family.city?.label ?? null,
        district: family.district?.label ?? null,
        members_count: family.members_count,
        total_income: Number(family.total_income),
        per_capita_income:
          family.per_capita_income === null ? null : Number(family.per_capita_income),
        researcher: family.researcher?.name ?? null,
        next_reassessment_date: family.next_reassessment_date,
        created_at: todayIso(new Date(family.created_at)),
      };
    }
    batch = [];
  };
  for await (const row of pages) {
    batch.push(row);
    if (batch.length >= 500) yield* flush();
  }
  yield* flush();
}
