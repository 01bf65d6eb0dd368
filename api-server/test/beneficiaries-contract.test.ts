import {
  BENEFICIARY_LOOKUP_NAMES,
  BENEFICIARY_LOOKUPS,
  beneficiaryLookupsResponseSchema,
  distributionListResponseSchema,
  distributionSheetResponseSchema,
  familyDetailSchema,
  familyListResponseSchema,
  familyMemberSchema,
  nationalIdCheckResponseSchema,
  organisationListResponseSchema,
  organisationResponseSchema,
  phoneCheckResponseSchema,
  seasonBeneficiaryListResponseSchema,
  seasonListResponseSchema,
  seasonResponseSchema,
  similarMembersResponseSchema,
  type BeneficiaryLookupName,
} from 'shared-contracts/beneficiaries';
import { activityLogEntrySchema } from 'shared-contracts/admin';
import { isValidSaudiId, listEnvelopeOf, personRefSchema, type Endpoint } from 'shared-contracts';
import { z } from 'zod';
import {
  BENEFICIARY_FIXTURES,
  BENEFICIARY_SEED_COUNTS,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
} from '../src/demo-fixtures';
import { API_MODULES } from '../src/modules';
import { syncLookups } from '../src/modules/lookups';
import { describeEachDatabase } from './support/harness';

/**
 * The contract with the remote: every endpoint of the beneficiaries modules' tables is registered
 * with exactly its declaration, and every response on the demo data parses with the shared schemas.
 */
const BENEFICIARY_ENDPOINTS: Endpoint[] = API_MODULES.filter((module) =>
  ['lookups', 'families', 'family-members', 'organisations', 'seasons'].includes(module.name),
).flatMap((module) => (module.endpoints ?? []).flatMap((table) => Object.values(table)));

describeEachDatabase(
  'beneficiaries contract on the demo data',
  (h) => {
    let token = '';
    beforeAll(async () => {
      token = await h.adminToken();
    });

    const get = async <T>(
      url: string,
      schema: z.ZodType<T>,
      query?: Record<string, string>,
    ): Promise<T> => {
      const response = await h.request('GET', url, { token, query });
      expect([url, response.statusCode]).toEqual([url, 200]);
      const parsed = schema.safeParse(response.json());
      if (!parsed.success)
        throw new Error(`${url}: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
      return parsed.data;
    };

    test('every endpoint of the shared table is registered with its exact access declaration', () => {
      expect(BENEFICIARY_ENDPOINTS.length).toBe(31);
      for (const endpoint of BENEFICIARY_ENDPOINTS) {
        const declaration = h.app.routeDeclarations.find(
          (d) => d.method === endpoint.method && d.url === `/api${endpoint.path}`,
        );
        const access = endpoint.access;
        if (access.kind !== 'permissions')
          throw new Error(`${endpoint.id} is not permission-guarded`);
        expect([endpoint.id, declaration?.access, declaration?.endpointId]).toEqual([
          endpoint.id,
          access.anyOf
            ? { kind: 'permissions', permissions: [...access.all], anyOf: [...access.anyOf] }
            : { kind: 'permissions', permissions: [...access.all] },
          endpoint.id,
        ]);
      }
    });

    test('the seed: 40 families, 6 organisations, 2 seasons, the named fixtures', async () => {
      const families = await get('/api/families', familyListResponseSchema, { per_page: '100' });
      expect(families.meta.total).toBe(BENEFICIARY_SEED_COUNTS.families);
      const statuses = new Set(families.data.map((family) => family.status));
      for (const status of [
        'approved',
        'pending_review',
        'suspended',
        'draft',
        'rejected',
        'archived',
      ])
        expect(statuses).toContain(status);
      expect(
        families.data.filter((family) => family.reassessment_overdue).length,
      ).toBeGreaterThanOrEqual(3);
      for (const fixture of [
        BENEFICIARY_FIXTURES.ahmadFamily,
        BENEFICIARY_FIXTURES.mustafaFamily,
        BENEFICIARY_FIXTURES.fatimaFamily,
      ]) {
        const found = families.data.find((family) => family.file_number === fixture.file_number);
        expect(found).toMatchObject({
          head_name: fixture.head_name,
          head_national_id: fixture.head_national_id,
          primary_phone: fixture.primary_phone,
          status: fixture.status,
        });
        expect(isValidSaudiId(fixture.head_national_id)).toBe(true);
      }
      expect(
        families.data.find(
          (family) => family.file_number === BENEFICIARY_FIXTURES.suspendedFamily.file_number,
        )?.status,
      ).toBe('suspended');
      expect(
        families.data.find(
          (family) => family.file_number === BENEFICIARY_FIXTURES.draftFamily.file_number,
        )?.status,
      ).toBe('draft');

      const orgs = await get('/api/orgs', organisationListResponseSchema);
      expect(orgs.meta.total).toBe(BENEFICIARY_SEED_COUNTS.organisations);
      expect(new Set(orgs.data.map((org) => org.type)).size).toBe(5);
      expect(
        orgs.data.find((org) => org.name === BENEFICIARY_FIXTURES.donorOrganisation.name)
          ?.agreements_count,
      ).toBe(2);

      const seasons = await get('/api/seasons', seasonListResponseSchema);
      expect(seasons.data.map((season) => [season.name, season.status]).sort()).toEqual(
        [
          [BENEFICIARY_FIXTURES.ramadanSeason.name, 'distributing'],
          [BENEFICIARY_FIXTURES.eidSeason.name, 'approved'],
        ].sort(),
      );
      const ramadan = seasons.data.find(
        (season) => season.name === BENEFICIARY_FIXTURES.ramadanSeason.name,
      );
      expect(ramadan?.beneficiaries_count).toBeGreaterThan(5);
      expect(ramadan?.received_count).toBe(5);
      expect(ramadan?.cash_distributed_total).toBe(500);
      const distributions = await get(
        `/api/seasons/${ramadan?.id}/distributions`,
        distributionListResponseSchema,
      );
      const researcher = DEMO_ACCOUNTS.find((account) => account.key === 'researcher');
      expect(
        distributions.data.every(
          (distribution) => distribution.handed_over_by.name === researcher?.name,
        ),
      ).toBe(true);
    });

    test('every family detail, and every list and sub-resource, parses with the shared schemas', async () => {
      const families = await get('/api/families', familyListResponseSchema, { per_page: '100' });
      for (const family of families.data) {
        const detail = await get(
          `/api/families/${family.id}`,
          z.object({ data: familyDetailSchema }),
        );
        expect(detail.data.members.length).toBe(family.members_count);
        await get(`/api/families/${family.id}/timeline`, listEnvelopeOf(activityLogEntrySchema));
      }
      const members = await get('/api/family-members', listEnvelopeOf(familyMemberSchema), {
        per_page: '200',
      });
      expect(members.meta.total).toBeGreaterThan(100);
      const orgs = await get('/api/orgs', organisationListResponseSchema);
      for (const org of orgs.data) await get(`/api/orgs/${org.id}`, organisationResponseSchema);
      const seasons = await get('/api/seasons', seasonListResponseSchema);
      for (const season of seasons.data) {
        await get(`/api/seasons/${season.id}`, seasonResponseSchema);
        await get(`/api/seasons/${season.id}/beneficiaries`, seasonBeneficiaryListResponseSchema, {
          per_page: '100',
        });
        await get(`/api/seasons/${season.id}/distributions`, distributionListResponseSchema);
        await get(`/api/seasons/${season.id}/distribution-list`, distributionSheetResponseSchema);
      }
      await get('/api/families/researchers', listEnvelopeOf(personRefSchema));
      const fixture = BENEFICIARY_FIXTURES.ahmadFamily;
      const idCheck = await get(
        '/api/families/checks/national-id',
        z.object({ data: nationalIdCheckResponseSchema }),
        { national_id: fixture.head_national_id },
      );
      expect(idCheck.data).toMatchObject({
        available: false,
        family: { file_number: fixture.file_number, head_name: fixture.head_name },
      });
      const phoneCheck = await get(
        '/api/families/checks/phone',
        z.object({ data: phoneCheckResponseSchema }),
        { phone: '0551234567' },
      );
      expect(phoneCheck.data.families.map((family) => family.file_number)).toEqual([
        fixture.file_number,
      ]);
      await get(
        '/api/families/checks/similar-members',
        z.object({ data: similarMembersResponseSchema }),
        { full_name: fixture.head_name, birth_date: '1980-01-01' },
      );
    });

    test('the lookups: every list of BENEFICIARY_LOOKUPS, seeded, editable labels kept on restart', async () => {
      const lookups = await get('/api/lookups/beneficiaries', beneficiaryLookupsResponseSchema);
      for (const name of BENEFICIARY_LOOKUP_NAMES) {
        const definition = BENEFICIARY_LOOKUPS[name];
        expect(lookups.data[name]?.map((item) => item.code)).toEqual(
          definition.items.map((item) => item.code),
        );
        expect(lookups.meta.lists[name]).toEqual({
          label: definition.label,
          editable: definition.editable,
        });
      }
      expect(lookups.data.districts?.find((item) => item.code === 'riyadh_olaya')).toMatchObject({
        city: 'riyadh',
        label: 'العليا',
        is_active: true,
      });
      expect(lookups.data.cities?.[0]).not.toHaveProperty('city');
      // An admin's relabelling survives the start-up sync, which only adds missing codes.
      await h.db
        .updateTable('lookups')
        .set({ label_ar: 'أيتام (معدل)' })
        .where('name', '=', 'family_categories' satisfies BeneficiaryLookupName)
        .where('code', '=', 'orphans')
        .execute();
      expect(await syncLookups(h.db)).toBe(0);
      const after = await get('/api/lookups/beneficiaries', beneficiaryLookupsResponseSchema);
      expect(after.data.family_categories?.find((item) => item.code === 'orphans')?.label).toBe(
        'أيتام (معدل)',
      );
      const fatima = await get('/api/families', familyListResponseSchema, {
        search: 'فاطمه العتيبى',
      });
      expect(fatima.data[0]?.categories).toContainEqual({ code: 'orphans', label: 'أيتام (معدل)' });
    });

    test('the demo researcher signs in and works with families; the seeded search finds the fixtures', async () => {
      const login = await h.login('researcher@ataa.local', DEMO_PASSWORD);
      expect(login.statusCode).toBe(200);
      const researcherToken = login.json<{ data: { token: string } }>().data.token;
      const response = await h.request('GET', '/api/families', {
        token: researcherToken,
        query: { search: 'احمد الشهري' },
      });
      expect(
        familyListResponseSchema.parse(response.json()).data.map((family) => family.file_number),
      ).toEqual([BENEFICIARY_FIXTURES.ahmadFamily.file_number]);
      const mustafa = await h.request('GET', '/api/families', {
        token: researcherToken,
        query: { search: 'مصطفي الغامدى' },
      });
      expect(
        familyListResponseSchema.parse(mustafa.json()).data.map((family) => family.file_number),
      ).toEqual([BENEFICIARY_FIXTURES.mustafaFamily.file_number]);
    });

    test('every route with an id answers 404 in Arabic for an unknown record (valid bodies)', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const families = await get('/api/families', familyListResponseSchema, {
        per_page: '1',
        'filter[status]': 'approved',
      });
      const familyId = families.data[0]?.id ?? 1;
      const seasons = await get('/api/seasons', seasonListResponseSchema, {
        'filter[status]': 'distributing',
      });
      const seasonId = seasons.data[0]?.id ?? 1;
      const bodies: Record<string, unknown> = {
        'families.update': { save_as_draft: true, head: { full_name: 'اسم ثنائي' } },
        'families.status': { status: 'approved' },
        'family-members.move': { to_family_id: familyId, relationship: 'other', reason: 'سبب كاف' },
        'orgs.update': { name: 'جهة جديدة', type: 'donor' },
        'seasons.update': {
          name: 'برنامج',
          kind: 'other',
          hijri_year: 1448,
          start_date: today,
          end_date: today,
        },
        'seasons.status': { status: 'approved' },
        'seasons.enrol': { mode: 'all_eligible' },
        'seasons.excludeBeneficiary': { reason: 'سبب كاف' },
        'seasons.distribute': {
          family_id: familyId,
          kind: 'cash',
          cash_amount: 10,
          distributed_at: today,
          received_by_name: 'مستلم الحصة',
        },
      };
      const withIds = BENEFICIARY_ENDPOINTS.filter((endpoint) => endpoint.path.includes(':'));
      expect(withIds.length).toBeGreaterThan(15);
      for (const endpoint of withIds) {
        const name = endpoint.id;
        // The beneficiary route: a real season, an unknown beneficiary; the others: unknown ids.
        const url = `/api${endpoint.path}`
          .replace(':beneficiaryId', '999999')
          .replace(':id', name === 'seasons.excludeBeneficiary' ? String(seasonId) : '999999');
        const response = await h.request(endpoint.method, url, {
          token,
          body: endpoint.method === 'GET' ? undefined : bodies[name],
        });
        expect([name, response.statusCode]).toEqual([name, 404]);
        expect(response.json<{ message: string }>().message).toMatch(/غير (موجود|موجودة|مسجل)/);
      }
    });

    test('OpenAPI describes the beneficiaries routes with their permissions', async () => {
      const document = (await h.request('GET', '/api/openapi.json')).json<{
        paths: Record<string, Record<string, Record<string, unknown>>>;
      }>();
      expect(document.paths['/families/{id}']?.get?.['x-permissions']).toEqual(['show_families']);
      expect(document.paths['/lookups/beneficiaries']?.get?.['x-any-of']).toEqual([
        'show_families',
        'show_orgs',
        'show_seasonal',
      ]);
      expect(
        document.paths['/seasons/{id}/beneficiaries/{beneficiaryId}/exclude']?.post,
      ).toBeDefined();
    });
  },
  { seedDemo: true },
);
