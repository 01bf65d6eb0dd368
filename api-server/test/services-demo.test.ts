import { sql } from 'kysely';
import {
  SERVICE_STATUS_CODES,
  serviceListResponseSchema,
  serviceSummaryResponseSchema,
  serviceTypeListResponseSchema,
} from 'shared-contracts/services';
import { FAMILY_FIXTURES } from '../src/modules/families';
import { SERVICE_CATALOGUE_FIXTURES } from '../src/modules/service-catalogue';
import { DEMO_SERVICE_COUNT } from '../src/modules/services/seed';
import { describeDemoData } from './support/harness';

/** The demo data (SEED_DEMO): the catalogue, a few hundred services in every status, some overdue, each with its history. */
describeDemoData('services demo data', ['show_services'], (h, viewer) => {
  test('four departments, four axes and about twenty types (one inactive)', async () => {
    const types = serviceTypeListResponseSchema.parse(
      (
        await h.request('GET', '/api/service-types', {
          token: viewer.token,
          query: { per_page: '100' },
        })
      ).json(),
    );
    expect(types.meta.total).toBeGreaterThanOrEqual(20);
    expect(types.data.filter((type) => !type.active).map((type) => type.name)).toEqual([
      SERVICE_CATALOGUE_FIXTURES.retiredType,
    ]);
    expect(new Set(types.data.map((type) => type.department.name))).toEqual(
      new Set([
        SERVICE_CATALOGUE_FIXTURES.socialCare,
        SERVICE_CATALOGUE_FIXTURES.health,
        SERVICE_CATALOGUE_FIXTURES.education,
        SERVICE_CATALOGUE_FIXTURES.housing,
      ]),
    );
    const counts = await sql<{
      d: number;
      x: number;
    }>`select (select count(*)::int from service_departments) as d, (select count(*)::int from service_axes) as x`.execute(
      h.db,
    );
    expect(counts.rows[0]).toEqual({ d: 4, x: 4 });
  });

  test('services in every status, some overdue, each with a history that starts with the request', async () => {
    const summary = serviceSummaryResponseSchema.parse(
      (await h.request('GET', '/api/services/summary', { token: viewer.token })).json(),
    ).data;
    expect(summary.total).toBe(DEMO_SERVICE_COUNT);
    for (const status of SERVICE_STATUS_CODES)
      expect([status, summary.by_status[status]]).toEqual([status, expect.any(Number) as number]);
    expect(
      Math.min(...SERVICE_STATUS_CODES.map((status) => summary.by_status[status])),
    ).toBeGreaterThan(0);
    expect(summary.overdue).toBeGreaterThan(0);
    expect(summary.delivered_cost).toBeGreaterThan(0);
    const broken = await sql<{ n: number }>`
      select count(*)::int as n from services s
      where (select h.to_status from service_status_history h where h.service_id = s.id order by h.id limit 1) <> 'requested'
         or (select h.to_status from service_status_history h where h.service_id = s.id order by h.id desc limit 1) <> s.status`.execute(
      h.db,
    );
    expect(broken.rows[0]?.n).toBe(0);
  });

  test('the fixture family has services, and only approved or suspended families have any', async () => {
    const family = await h.db
      .selectFrom('families')
      .select('id')
      .where('file_number', '=', FAMILY_FIXTURES.ahmadFamily.file_number)
      .executeTakeFirstOrThrow();
    const list = serviceListResponseSchema.parse(
      (
        await h.request('GET', '/api/services', {
          token: viewer.token,
          query: { 'filter[family_id]': String(family.id) },
        })
      ).json(),
    );
    expect(list.meta.total).toBeGreaterThan(0);
    const statuses = await h.db
      .selectFrom('services as s')
      .innerJoin('families as f', 'f.id', 's.family_id')
      .select('f.status')
      .distinct()
      .execute();
    expect(statuses.map((row) => row.status).sort()).toEqual(expect.arrayContaining(['approved']));
    expect(statuses.every((row) => row.status === 'approved' || row.status === 'suspended')).toBe(
      true,
    );
  });
});
