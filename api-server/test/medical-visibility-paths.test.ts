import { todayIso } from 'shared-contracts';
import {
  MEDICAL_FAMILY_CATEGORIES,
  MEDICAL_NEED_TYPES,
  MEDICAL_RULE_MESSAGES,
} from 'shared-contracts/beneficiaries';
import {
  familyNeedsReportEndpoints,
  financialServicesReportArchiveSchema,
  financialServicesReportEndpoints,
  servicesReportEndpoints,
  type FinancialServicesReport,
  type ServicesReport,
} from 'shared-contracts/reports';
import { parseCsv } from './support/beneficiaries';
import { describeDemoData } from './support/harness';

/**
 * The three paths by which medical facts reached staff who may not see medical fields, each
 * closed by the medical rule (shared-contracts/beneficiaries/medical.ts): a report filtered by a
 * medical service type naming who received it, the services report's overdue list, and the
 * families' medical categories (filter, list, record). The generated walk over every endpoint is
 * medical-visibility.test.ts; these pin the filtered paths it does not take.
 */
describeDemoData(
  'medical fields: the filtered paths',
  ['show_reports', 'show_families', 'show_financial'],
  (h, viewer) => {
    let medical = '';
    let medicalTypeId = 0;
    const period = { from: '2020-01-01', to: todayIso() };
    const get = (token: string, url: string, query: Record<string, string> = {}) =>
      h.request('GET', `/api${url}`, { token, query });

    beforeAll(async () => {
      medical = (
        await h.createEmployee({
          permissions: ['show_reports', 'show_families', 'edit_families', 'show_financial'],
        })
      ).token;
      // The medical type most delivered with a member named in the demo data.
      const type = await h.db
        .selectFrom('services as s')
        .innerJoin('service_types as t', 't.id', 's.service_type_id')
        .select(['t.id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('t.is_medical', '=', true)
        .where('s.status', '=', 'delivered')
        .where('s.member_id', 'is not', null)
        .groupBy('t.id')
        .orderBy('n', 'desc')
        .executeTakeFirstOrThrow();
      medicalTypeId = type.id;
      // A medical service overdue (its expected date passed, still open).
      const admin = await h.adminToken();
      const family = await h.db
        .selectFrom('families')
        .select('id')
        .where('status', '=', 'approved')
        .executeTakeFirstOrThrow();
      const created = await h.request('POST', '/api/services', {
        token: admin,
        body: {
          service_type_id: medicalTypeId,
          family_id: family.id,
          request_date: '2026-01-02',
          expected_date: '2026-01-10',
        },
      });
      expect(created.statusCode).toBe(201);
    }, 120_000);

    describe('the financial-services report filtered by a medical service type', () => {
      const query = () => ({ ...period, service_type_id: String(medicalTypeId) });
      const report = async (token: string) => {
        const response = await get(token, financialServicesReportEndpoints.show.path, query());
        expect(response.statusCode).toBe(200);
        return response.json<{ data: FinancialServicesReport }>().data;
      };

      test('names nobody to a report reader without medical fields; its totals still count the spending', async () => {
        const answer = await report(viewer.token);
        expect(answer.totals.services).toBeGreaterThan(0);
        expect(answer.totals.beneficiaries).toBeGreaterThan(0);
        expect(answer.by_beneficiary).toEqual([]);
        expect(answer.by_family).toEqual([]);
        expect([answer.by_beneficiary_total, answer.by_family_total]).toEqual([0, 0]);
      });

      test('names the members to a reader who may see medical fields, each row marked medical', async () => {
        const answer = await report(medical);
        expect(answer.by_beneficiary.length).toBeGreaterThan(0);
        expect(answer.by_beneficiary.every((row) => row.medical === true)).toBe(true);
        expect(answer.by_family.length).toBeGreaterThan(0);
      });

      test('an archive made by a medical reader shows the others no named row, on screen or exported', async () => {
        const archived = await h.request(
          'POST',
          `/api${financialServicesReportEndpoints.archive.path}`,
          { token: medical, body: query() },
        );
        expect(archived.statusCode).toBe(201);
        const id = archived.json<{ data: { id: number } }>().data.id;
        const shown = financialServicesReportArchiveSchema.parse(
          (
            await get(
              viewer.token,
              financialServicesReportEndpoints.archiveShow.path.replace(':id', String(id)),
            )
          ).json<{ data: unknown }>().data,
        );
        expect(shown.snapshot.by_beneficiary).toEqual([]);
        expect(shown.snapshot.by_family).toEqual([]);
        expect(shown.snapshot.by_family_total).toBe(0);
        const file = await get(
          viewer.token,
          financialServicesReportEndpoints.archiveExport.path.replace(':id', String(id)),
          { format: 'csv' },
        );
        expect(file.statusCode).toBe(200);
        expect(
          parseCsv(file.payload.replace(/^\uFEFF/, '')).filter((row) =>
            row.some((cell) => /F-\d{4}-\d+/.test(cell)),
          ),
        ).toEqual([]);
        // The medical reader still sees what was archived.
        const own = financialServicesReportArchiveSchema.parse(
          (
            await get(
              medical,
              financialServicesReportEndpoints.archiveShow.path.replace(':id', String(id)),
            )
          ).json<{ data: unknown }>().data,
        );
        expect(own.snapshot.by_beneficiary.length).toBeGreaterThan(0);
      });
    });

    test('the services report’s overdue list holds a medical service only for who may see it', async () => {
      const overdue = async (token: string) => {
        const response = await get(token, servicesReportEndpoints.show.path, period);
        expect(response.statusCode).toBe(200);
        return response.json<{ data: ServicesReport }>().data.overdue;
      };
      const seen = await overdue(medical);
      expect(seen.some((row) => row.medical === true)).toBe(true);
      const hidden = await overdue(viewer.token);
      expect(hidden.length).toBeGreaterThan(0);
      expect(hidden.every((row) => row.medical === false)).toBe(true);
      expect(hidden.map((row) => row.service_id)).toEqual(
        seen
          .filter((row) => row.medical === false)
          .map((row) => row.service_id)
          .slice(0, hidden.length),
      );
    });

    describe('medical family categories and needs', () => {
      test('a filter on a medical category is refused in Arabic, as the members’ health filter; others still filter', async () => {
        for (const category of ['chronic_illness', 'disabled', 'orphans,chronic_illness']) {
          const refused = await get(viewer.token, '/families', { 'filter[category]': category });
          expect(refused.statusCode).toBe(403);
          expect(refused.json()).toEqual({ message: MEDICAL_RULE_MESSAGES.filterForbidden });
        }
        expect(
          (await get(viewer.token, '/families', { 'filter[category]': 'orphans' })).statusCode,
        ).toBe(200);
        // The family-needs report lists the families of a category: the same refusal there.
        const report = await get(viewer.token, familyNeedsReportEndpoints.show.path, {
          ...period,
          category: 'disabled',
        });
        expect([report.statusCode, report.json()]).toEqual([
          403,
          { message: MEDICAL_RULE_MESSAGES.filterForbidden },
        ]);
        expect(
          (
            await get(medical, familyNeedsReportEndpoints.show.path, {
              ...period,
              category: 'disabled',
            })
          ).statusCode,
        ).toBe(200);
        const allowed = await get(medical, '/families', { 'filter[category]': 'chronic_illness' });
        expect(allowed.statusCode).toBe(200);
        expect(allowed.json<{ data: unknown[] }>().data.length).toBeGreaterThan(0);
      });

      test('lists and the family record leave out medical categories and needs; a researcher sees them', async () => {
        const families = await h.db
          .selectFrom('family_categories')
          .select('family_id')
          .where('category', 'in', [...MEDICAL_FAMILY_CATEGORIES])
          .limit(5)
          .execute();
        const withNeed = await h.db
          .selectFrom('family_needs')
          .select('family_id')
          .where('need_type', 'in', [...MEDICAL_NEED_TYPES])
          .limit(3)
          .execute();
        const ids = [...new Set([...families, ...withNeed].map((row) => row.family_id))];
        expect(ids.length).toBeGreaterThan(0);
        const codes = (values: { code: string }[]) => values.map((value) => value.code);
        let medicalSeen = 0;
        for (const id of ids) {
          type Detail = {
            categories: { code: string }[];
            needs: { need_type: { code: string } }[];
          };
          const hidden = (await get(viewer.token, `/families/${id}`)).json<{ data: Detail }>().data;
          expect(
            codes(hidden.categories).filter((code) => MEDICAL_FAMILY_CATEGORIES.includes(code)),
          ).toEqual([]);
          expect(
            hidden.needs.filter((need) => MEDICAL_NEED_TYPES.includes(need.need_type.code)),
          ).toEqual([]);
          const shown = (await get(medical, `/families/${id}`)).json<{ data: Detail }>().data;
          medicalSeen +=
            codes(shown.categories).filter((code) => MEDICAL_FAMILY_CATEGORIES.includes(code))
              .length +
            shown.needs.filter((need) => MEDICAL_NEED_TYPES.includes(need.need_type.code)).length;
          // Everything else is the same family.
          expect(codes(hidden.categories)).toEqual(
            codes(shown.categories).filter((code) => !MEDICAL_FAMILY_CATEGORIES.includes(code)),
          );
        }
        expect(medicalSeen).toBeGreaterThan(0);
        const list = (await get(viewer.token, '/families', { per_page: '100' })).json<{
          data: { categories: { code: string }[] }[];
        }>().data;
        expect(
          list
            .flatMap((family) => codes(family.categories))
            .filter((code) => MEDICAL_FAMILY_CATEGORIES.includes(code)),
        ).toEqual([]);
      });
    });
  },
);
