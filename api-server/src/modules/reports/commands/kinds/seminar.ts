import { countOf } from 'shared-contracts';
import { SEMINAR_NOUN } from 'shared-contracts/engagement';
import {
  SEMINAR_REPORT_EXPORT_COLUMNS,
  SEMINAR_REPORT_TITLE,
  seminarReportEndpoints,
  seminarReportSchema,
  type SeminarReport,
  type SeminarReportQuery,
} from 'shared-contracts/reports';
import type { ExportValue } from '../../../../http/export';
import { defineReportKind, exportHeading } from '../report-kind';
import { seminarReport } from '../../repository';

/** The export's rows: the heading block, one row per seminar, the totals, then per type and axis. */
function* exportRows(
  report: SeminarReport,
  archivedOn?: string,
): Generator<Record<string, ExportValue>> {
  yield* exportHeading(
    SEMINAR_REPORT_EXPORT_COLUMNS,
    SEMINAR_REPORT_TITLE,
    report.period,
    archivedOn,
  );
  for (const row of report.rows) {
    yield {
      title: row.seminar.title,
      starts_at: row.starts_at.replace('T', ' '),
      status: row.status_label,
      type: row.seminar_type.name,
      axis: row.axis?.name ?? '',
      capacity: row.capacity,
      registered: row.registered,
      waiting: row.waiting,
      attended: row.attended,
      no_show: row.no_show,
      attendance_rate: row.attendance_rate,
      fill_rate: row.fill_rate,
    };
  }
  const t = report.totals;
  const figures = (
    f: Pick<
      SeminarReport['totals'],
      | 'capacity'
      | 'registered'
      | 'waiting'
      | 'attended'
      | 'no_show'
      | 'attendance_rate'
      | 'fill_rate'
    >,
  ) => ({
    capacity: f.capacity,
    registered: f.registered,
    waiting: f.waiting,
    attended: f.attended,
    no_show: f.no_show,
    attendance_rate: f.attendance_rate,
    fill_rate: f.fill_rate,
  });
  yield {
    title: 'الإجمالي',
    starts_at: countOf(t.seminars, SEMINAR_NOUN),
    status: `منعقدة: ${t.held}، ملغاة: ${t.cancelled}`,
    ...figures(t),
  };
  for (const row of report.by_type) {
    yield {
      title: 'حسب النوع',
      type: row.seminar_type.name,
      starts_at: countOf(row.seminars, SEMINAR_NOUN),
      ...figures(row),
    };
  }
  for (const row of report.by_axis) {
    yield {
      title: 'حسب المحور',
      axis: row.axis_label,
      starts_at: countOf(row.seminars, SEMINAR_NOUN),
      ...figures(row),
    };
  }
}

/** The seminar report: seminars held, registrations, attendance, audience by sex and age. */
export const seminarKind = defineReportKind<SeminarReportQuery, SeminarReport>({
  kind: 'seminar',
  title: SEMINAR_REPORT_TITLE,
  endpoints: seminarReportEndpoints,
  filters: seminarReportEndpoints.show.query,
  report: seminarReportSchema,
  exportEntity: 'seminar_report',
  fileStem: 'seminar',
  fileStemAr: 'الندوات',
  compute: (db, filters) => seminarReport(db, filters),
  exportColumns: SEMINAR_REPORT_EXPORT_COLUMNS,
  exportRows,
  rowCount: (report) => report.rows.length,
});
