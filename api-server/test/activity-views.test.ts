import { sql } from 'kysely';
import {
  ACTIVITY_ACTION_LABELS,
  ACTIVITY_ENTITY_LABELS,
  findActivityFieldLabel,
} from 'shared-contracts/admin';
import { BUILT_REPORT_KINDS } from 'shared-contracts/reports';
import { describeEachDatabase, type TestEmployee } from './support/harness';

/**
 * Views leave a trace, as exports do: opening a live report, a report archive, a survey's summary
 * or one survey response writes an activity row — action `view`, what was opened (entity type,
 * id and label), with which parameters, and who — every field with its Arabic label.
 */

type LogRow = {
  id: number;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  entity_label: string | null;
  employee_id: number | null;
  changes: Record<string, [unknown, unknown]> | null;
};

const PERIOD = { from: '2026-01-01', to: '2026-03-31' };

describeEachDatabase(
  'activity log: views of reports and surveys',
  (h) => {
    let reader: TestEmployee;
    let surveyor: TestEmployee;

    const lastId = async () =>
      (await sql<{ id: number | null }>`select max(id)::int as id from activity_log`.execute(h.db))
        .rows[0]?.id ?? 0;
    const rowsAfter = async (id: number) =>
      (
        await sql<LogRow>`select id, action, entity_type, entity_id, entity_label, employee_id, changes::jsonb as changes
          from activity_log where id > ${id} order by id`.execute(h.db)
      ).rows;
    /** Every field of a row has its Arabic label; the action and the entity have their names. */
    const expectLabelled = (row: LogRow) => {
      expect(ACTIVITY_ACTION_LABELS[row.action as keyof typeof ACTIVITY_ACTION_LABELS]).toBe('عرض');
      expect(row.entity_type !== null && row.entity_type in ACTIVITY_ENTITY_LABELS).toBe(true);
      const unlabelled = Object.keys(row.changes ?? {}).filter(
        (field) => findActivityFieldLabel(row.entity_type, field) === undefined,
      );
      expect(unlabelled).toEqual([]);
    };

    beforeAll(async () => {
      reader = await h.createEmployee({ name: 'منيرة التقارير', permissions: ['show_reports'] });
      surveyor = await h.createEmployee({
        name: 'سلمى الاستبيانات',
        permissions: ['show_surveys'],
      });
    });

    describe.each(BUILT_REPORT_KINDS)('report %s', (kind) => {
      const entity = `${kind.replace(/-/g, '_')}_report`;

      test('the live report: one view row with its parameters and its reader', async () => {
        const before = await lastId();
        const response = await h.request('GET', `/api/reports/${kind}`, {
          token: reader.token,
          query: PERIOD,
        });
        expect(response.statusCode).toBe(200);
        const views = (await rowsAfter(before)).filter(
          (row) => row.action === 'view' && row.entity_type === entity,
        );
        expect(views).toHaveLength(1);
        const [view] = views;
        expect(view).toMatchObject({ employee_id: reader.row.id, entity_id: null });
        expect(view?.entity_label).toContain('من 1 يناير 2026 إلى 31 مارس 2026');
        expect(view?.changes).toMatchObject({
          filters: [null, expect.objectContaining({})],
          period_from: [null, PERIOD.from],
          period_to: [null, PERIOD.to],
        });
        if (view) expectLabelled(view);
      });

      test('an archive opened: one view row naming the archive, its kind and parameters, and its reader', async () => {
        const created = await h.request('POST', `/api/reports/${kind}/archives`, {
          token: reader.token,
          body: { ...PERIOD, title: 'نسخة للمراجعة' },
        });
        expect(created.statusCode).toBe(201);
        const id = created.json<{ data: { id: number } }>().data.id;
        const before = await lastId();
        const response = await h.request('GET', `/api/reports/${kind}/archives/${id}`, {
          token: reader.token,
        });
        expect(response.statusCode).toBe(200);
        const views = (await rowsAfter(before)).filter(
          (row) => row.action === 'view' && row.entity_type === 'report_archive',
        );
        expect(views).toHaveLength(1);
        const [view] = views;
        expect(view).toMatchObject({
          employee_id: reader.row.id,
          entity_id: String(id),
          entity_label: 'نسخة للمراجعة',
        });
        expect(view?.changes).toMatchObject({
          kind: [null, kind],
          parameters: [null, expect.objectContaining({})],
          period_from: [null, PERIOD.from],
          period_to: [null, PERIOD.to],
          archive_id: [null, id],
        });
        if (view) expectLabelled(view);
      });
    });

    test('a survey summary: one view row naming the survey, with its responses count and its reader', async () => {
      const survey = (
        await sql<{
          id: number;
          title: string;
        }>`select id, title from surveys order by id limit 1`.execute(h.db)
      ).rows[0];
      expect(survey).toBeDefined();
      const before = await lastId();
      const response = await h.request('GET', `/api/surveys/${survey?.id}/summary`, {
        token: surveyor.token,
      });
      expect(response.statusCode).toBe(200);
      const responses = response.json<{ data: { responses: number } }>().data.responses;
      const views = await rowsAfter(before);
      expect(views).toHaveLength(1);
      expect(views[0]).toMatchObject({
        action: 'view',
        entity_type: 'survey',
        entity_id: String(survey?.id),
        entity_label: `ملخص إجابات الاستبيان: ${survey?.title}`,
        employee_id: surveyor.row.id,
        changes: { responses: [null, responses] },
      });
      if (views[0]) expectLabelled(views[0]);
    });

    test('one survey response: one view row naming the survey and the family, and its reader', async () => {
      const rate = (
        await sql<{ id: number; title: string; file_number: string }>`
          select r.id, s.title, f.file_number from survey_responses r
          join surveys s on s.id = r.survey_id join families f on f.id = r.family_id
          order by r.id limit 1`.execute(h.db)
      ).rows[0];
      expect(rate).toBeDefined();
      const before = await lastId();
      const response = await h.request('GET', `/api/survey-rates/${rate?.id}`, {
        token: surveyor.token,
      });
      expect(response.statusCode).toBe(200);
      const views = await rowsAfter(before);
      expect(views).toHaveLength(1);
      expect(views[0]).toMatchObject({
        action: 'view',
        entity_type: 'survey_response',
        entity_id: String(rate?.id),
        employee_id: surveyor.row.id,
        changes: {
          survey: [null, rate?.title],
          family: [null, expect.stringContaining(String(rate?.file_number))],
          template_version: [null, expect.any(Number)],
        },
      });
      expect(views[0]?.entity_label).toContain(String(rate?.title));
      if (views[0]) expectLabelled(views[0]);
    });

    test('a refused or missing record logs no view', async () => {
      const before = await lastId();
      expect(
        (await h.request('GET', '/api/surveys/999999/summary', { token: surveyor.token }))
          .statusCode,
      ).toBe(404);
      expect(
        (await h.request('GET', '/api/survey-rates/999999', { token: surveyor.token })).statusCode,
      ).toBe(404);
      expect(
        (await h.request('GET', '/api/reports/services/archives/999999', { token: reader.token }))
          .statusCode,
      ).toBe(404);
      expect(
        (await h.request('GET', '/api/reports/services', { token: surveyor.token, query: PERIOD }))
          .statusCode,
      ).toBe(403);
      expect(await rowsAfter(before)).toEqual([]);
    });
  },
  { seedDemo: true },
);
