import { countOf } from '../../src/core/plural';
import {
  BUILT_REPORT_KINDS,
  REPORT_MESSAGES,
  SURVEY_NOUN,
  SURVEY_REPORT_EXPORT_COLUMNS,
  surveyReportArchiveInputSchema,
  surveyReportEndpoints,
  surveyReportExportQuerySchema,
  surveyReportQuerySchema,
  surveyReportSchema,
} from '../../src/reports';

describe('survey report: filters, answer and endpoints', () => {
  test('the query: a period, a template and a survey; blanks are no filter', () => {
    expect(
      surveyReportQuerySchema.parse({
        from: '2026-01-01',
        to: '2026-03-31',
        template_id: '4',
        survey_id: '',
      }),
    ).toEqual({ from: '2026-01-01', to: '2026-03-31', template_id: 4 });
    const reversed = surveyReportQuerySchema.safeParse({ from: '2026-04-01', to: '2026-03-01' });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]).toMatchObject({
      path: ['to'],
      message: REPORT_MESSAGES.periodOrder,
    });
    expect(
      surveyReportQuerySchema.safeParse({ from: '2026-01-01', to: '2026-01-31', survey_id: 'x' })
        .success,
    ).toBe(false);
  });

  test('the export defaults to XLSX; an archive takes an optional title', () => {
    expect(
      surveyReportExportQuerySchema.parse({ from: '2026-01-01', to: '2026-01-31' }).format,
    ).toBe('xlsx');
    expect(
      surveyReportArchiveInputSchema.parse({
        from: '2026-01-01',
        to: '2026-01-31',
        title: 'استبيانات يناير',
      }).title,
    ).toBe('استبيانات يناير');
  });

  test('an answer reads back through the schema; percentages stay within 0–100', () => {
    const report = {
      kind: 'survey',
      period: { from: '2026-01-01', to: '2026-01-31', days: 31 },
      parameters: { template_id: null, template_title: null, survey_id: null, survey_title: null },
      rows: [],
      by_month: [{ month: '2026-01', responses: 0, rating_answers: 0, satisfaction: null }],
      totals: { surveys: 0, responses: 0, rating_answers: 0, satisfaction: null },
    };
    expect(surveyReportSchema.parse(report)).toEqual(report);
    expect(surveyReportSchema.safeParse({ ...report, kind: 'seminar' }).success).toBe(false);
  });

  test('six literal endpoints under /reports/survey, built, exported with Arabic headers', () => {
    expect(surveyReportEndpoints.show.path).toBe('/reports/survey');
    expect(surveyReportEndpoints.archiveExport.path).toBe('/reports/survey/archives/:id/export');
    expect(BUILT_REPORT_KINDS).toContain('survey');
    for (const column of SURVEY_REPORT_EXPORT_COLUMNS)
      expect(column.header).toMatch(/[\u0600-\u06FF]/);
    expect(countOf(3, SURVEY_NOUN)).toBe('3 استبيانات');
    expect(countOf(2, SURVEY_NOUN)).toBe('استبيانان');
  });
});
