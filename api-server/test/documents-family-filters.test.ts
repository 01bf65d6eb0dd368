import { todayIso } from 'shared-contracts';
import { describeEachDatabase, json, type TestEmployee } from './support/harness';
import { pdf, upload } from './support/documents';

interface FamilyListBody {
  data: { id: number }[];
  meta: { total: number };
}

function inDays(days: number): string {
  const date = new Date(`${todayIso()}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The families list's documents filters (docs/documents.md): «بلا وثيقة هوية وطنية»
 * (`filter[missing_national_id]`) and «وثائق تنتهي قريبًا» (`filter[documents_expiring]`, from
 * today to 30 days ahead), deleted documents ignored, a medical document counted only for who may
 * see medical fields — in the list, its total and the export.
 */
describeEachDatabase(
  'families list: documents filters',
  (h) => {
    let researcher: TestEmployee; // edits families: sees medical documents
    let viewer: TestEmployee; // only opens families: no medical fields
    let families: number[];

    beforeAll(async () => {
      researcher = await h.createEmployee({
        name: 'سارة الباحثة',
        permissions: ['show_families', 'edit_families'],
      });
      viewer = await h.createEmployee({ name: 'خالد المطلع', permissions: ['show_families'] });
      families = (
        await h.db
          .selectFrom('families')
          .select('id')
          .where('status', '=', 'approved')
          .orderBy('id')
          .limit(4)
          .execute()
      ).map((row) => row.id);
      expect(families).toHaveLength(4);
    });

    async function listed(
      token: string,
      filter: string,
    ): Promise<{ ids: number[]; total: number }> {
      const response = await h.request('GET', '/api/families', {
        token,
        query: { [`filter[${filter}]`]: 'true', per_page: '100' },
      });
      expect(response.statusCode).toBe(200);
      const body = json<FamilyListBody>(response);
      return { ids: body.data.map((row) => row.id), total: body.meta.total };
    }

    async function add(familyId: number, kind: string, expiresOn?: string): Promise<number> {
      const response = await upload(h, `families/${familyId}`, {
        token: researcher.token,
        kind,
        file: pdf(),
        fileName: 'مستند.pdf',
        fields: expiresOn ? { expires_on: expiresOn } : {},
      });
      expect(response.statusCode).toBe(201);
      return json<{ data: { id: number } }>(response).data.id;
    }

    test('without a national ID document: deleted ones do not count', async () => {
      const [withId, withDeletedId, withOther] = families as [number, number, number];
      await add(withId, 'national_id');
      const deleted = await add(withDeletedId, 'national_id');
      await add(withOther, 'lease');
      const removed = await h.request('DELETE', `/api/documents/${deleted}`, {
        token: researcher.token,
        body: { reason: 'رُفعت بالخطأ' },
      });
      expect(removed.statusCode).toBe(200);

      const { ids, total } = await listed(researcher.token, 'missing_national_id');
      expect(ids).not.toContain(withId);
      expect(ids).toContain(withDeletedId);
      expect(ids).toContain(withOther);
      expect(total).toBe(ids.length);
    });

    test('documents expiring within 30 days; a medical one only for who may see it', async () => {
      const [soon, later, , medical] = families as [number, number, number, number];
      await add(soon, 'lease', inDays(12));
      await add(later, 'lease', inDays(31));
      await add(later, 'income_proof', inDays(-1));
      await add(medical, 'medical_report', inDays(5));

      const forResearcher = await listed(researcher.token, 'documents_expiring');
      expect(forResearcher.ids).toContain(soon);
      expect(forResearcher.ids).toContain(medical);
      expect(forResearcher.ids).not.toContain(later);
      expect(forResearcher.total).toBe(forResearcher.ids.length);

      const forViewer = await listed(viewer.token, 'documents_expiring');
      expect(forViewer.ids).toContain(soon);
      expect(forViewer.ids).not.toContain(medical);
      expect(forViewer.total).toBe(forViewer.ids.length);
    });
  },
  { seedDemo: true },
);
