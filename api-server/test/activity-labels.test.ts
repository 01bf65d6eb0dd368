import { sql } from 'kysely';
import {
  ACTIVITY_ACTION_LABELS,
  ACTIVITY_ENTITY_LABELS,
  findActivityFieldLabel,
} from 'shared-contracts/admin';
import { BENEFICIARY_KEYS, createFamily, familyBody, setStatus } from './support/beneficiaries';
import { describeEachDatabase } from './support/harness';

/**
 * A readable history: every field the API writes into an activity row's `changes` has
 * an Arabic label for its entity type (shared-contracts `ACTIVITY_FIELD_LABELS`), and every
 * action and entity type has its Arabic name. Read from the rows the API really wrote (the demo
 * seed plus family writes through the API), not from a list kept by hand, so a module that
 * starts logging a new field fails here until the label is added.
 */
describeEachDatabase(
  'activity log labels',
  (h) => {
    beforeAll(async () => {
      const researcher = await h.createEmployee({
        name: 'نورة الباحثة',
        permissions: ['show_index', ...BENEFICIARY_KEYS],
      });
      const family = await createFamily(h, researcher.token);
      const body = familyBody();
      const [head, spouse, son] = family.members;
      const update = await h.request('PUT', `/api/families/${family.id}`, {
        token: researcher.token,
        body: {
          ...body,
          head: { ...(body.head as object), id: head?.id, national_id: head?.national_id },
          alt_phone: '0551234567',
          city: 'jeddah',
          district: 'jeddah_safa',
          housing_type: 'villa',
          housing_ownership: 'owned',
          monthly_rent: null,
          assigned_researcher_id: researcher.row.id,
          next_reassessment_date: '2030-01-01',
          notes: 'زيارة ميدانية',
          categories: ['low_income', 'large_family'],
          needs: [{ need_type: 'rent', priority: 'urgent' }],
          members: [
            {
              id: spouse?.id,
              full_name: spouse?.full_name,
              relationship: 'spouse',
              gender: 'female',
              birth_date: '1985-09-01',
              national_id: spouse?.national_id,
              is_lactating: true,
              phone: '0559876543',
            },
            {
              id: son?.id,
              full_name: son?.full_name,
              relationship: 'son',
              gender: 'male',
              birth_date: '2015-02-20',
              national_id: son?.national_id,
              education_level: 'primary',
            },
          ],
        },
      });
      expect(update.statusCode === 200 ? 200 : update.payload).toBe(200);
      expect((await setStatus(h, researcher.token, family.id, 'approved')).statusCode).toBe(200);
      const exported = await h.request('GET', '/api/families/export', {
        token: researcher.token,
        query: { 'filter[city]': 'jeddah', format: 'csv' },
      });
      expect(exported.statusCode).toBe(200);
    }, 120_000);

    test('every logged field has an Arabic label for its entity type', async () => {
      const rows = await sql<{ entity_type: string | null; field: string }>`
        select distinct entity_type, jsonb_object_keys(changes::jsonb) as field
        from activity_log where changes is not null`.execute(h.db);
      expect(rows.rows.length).toBeGreaterThan(20);
      const unlabelled = rows.rows
        .filter((row) => findActivityFieldLabel(row.entity_type, row.field) === undefined)
        .map((row) => `${row.entity_type ?? '-'}.${row.field}`);
      expect(unlabelled).toEqual([]);
      // The researcher is logged by name, not by id.
      expect(rows.rows.map((row) => row.field)).not.toContain('assigned_researcher_id');
    });

    test('every logged action and entity type has an Arabic name', async () => {
      const rows = await sql<{ action: string; entity_type: string | null }>`
        select distinct action, entity_type from activity_log`.execute(h.db);
      expect(
        rows.rows.filter((row) => !(row.action in ACTIVITY_ACTION_LABELS)).map((row) => row.action),
      ).toEqual([]);
      expect(
        rows.rows
          .filter((row) => row.entity_type !== null && !(row.entity_type in ACTIVITY_ENTITY_LABELS))
          .map((row) => row.entity_type),
      ).toEqual([]);
    });
  },
  { seedDemo: true },
);
