import { countOf } from 'shared-contracts';
import {
  SURVEY_NOUN,
  SURVEY_REPORT_EXPORT_COLUMNS,
  SURVEY_REPORT_TITLE,
  surveyReportEndpoints,
  surveyReportSchema,
  type SurveyReport,
  type SurveyReportQuery,
} from 'shared-contracts/reports';
import type { ExportValue } from '../../../../http/export';
import { defineReportKind, exportHeading } from '../report-kind';
import { surveyReport } from '../../repository';

/**
 * The export's rows: the heading block, then per survey a line (its responses and satisfaction),
 * a line per question (answered, average) and a line per option (count, percent), then the months.
 */
function* exportRows(
  report: SurveyReport,
  archivedOn?: string,
): Generator<Record<string, ExportValue>> {
  yield* exportHeading(
    SURVEY_REPORT_EXPORT_COLUMNS,
    SURVEY_REPORT_TITLE,
    report.period,
    archivedOn,
  );
  for (const row of report.rows) {
    yield {
      survey: row.survey.title,
      question: `${row.template.title} — ${row.status_label}`,
      type: 'الردود',
      count: row.responses,
      average: row.satisfaction,
    };
    for (const question of row.questions) {
      yield {
        survey: row.survey.title,
        question: question.label,
        type: question.type_label,
        count: question.answered,
        average: question.average,
      };
      for (const choice of question.distribution) {
        yield {
          survey: row.survey.title,
          question: question.label,
          type: question.type_label,
          choice: choice.label,
          count: choice.count,
          percent: choice.percent,
        };
      }
    }
  }
  for (const month of report.by_month) {
    yield {
      survey: 'الرضا حسب الشهر',
      question: month.month,
      type: 'الردود',
      count: month.responses,
      average: month.satisfaction,
    };
  }
  const t = report.totals;
  yield {
    survey: 'الإجمالي',
    question: countOf(t.surveys, SURVEY_NOUN),
    type: 'الردود',
    count: t.responses,
    average: t.satisfaction,
  };
}

/** The survey report: per survey, responses and per-question results; satisfaction by month. */
export const surveyKind = defineReportKind<SurveyReportQuery, SurveyReport>({
  kind: 'survey',
  title: SURVEY_REPORT_TITLE,
  endpoints: surveyReportEndpoints,
  filters: surveyReportEndpoints.show.query,
  report: surveyReportSchema,
  exportEntity: 'survey_report',
  fileStem: 'survey',
  fileStemAr: 'الاستبيانات',
  compute: (db, filters) => surveyReport(db, filters),
  exportColumns: SURVEY_REPORT_EXPORT_COLUMNS,
  exportRows,
  rowCount: (report) => report.rows.length,
});
