import { countOf } from 'shared-contracts';
import { SEMINAR_NOUN } from 'shared-contracts/engagement';
import type { SeminarReport, SeminarReportRow } from 'shared-contracts/reports';
import { BarChart, DoughnutChart } from 'shared-ui/charts';
import {
  LtrText,
  Muted,
  PageLink,
  ReportSection,
  ReportTable,
  formatDate,
  formatNumber,
  type ReportColumn,
} from 'shared-ui';
import {
  ParameterLines,
  ReportSummary,
  TableSection,
  chartDataOf,
  countColumn,
  figureColumn,
  totalsRow,
} from '../kit';

/** A rate in percent, or «—» without a denominator (a seminar not held has no attendance rate). */
const rateText = (value: number | null) => (value === null ? '—' : `${formatNumber(value)}٪`);

/** The attendance and fill rates every row of the report ends with. */
function rateColumns<T extends Pick<SeminarReportRow, 'attendance_rate' | 'fill_rate'>>() {
  return [
    figureColumn<T>('attendance', 'نسبة الحضور', (row) => rateText(row.attendance_rate)),
    figureColumn<T>('fill', 'نسبة الإشغال', (row) => rateText(row.fill_rate)),
  ];
}

const SEMINAR_COLUMNS: readonly ReportColumn<SeminarReportRow>[] = [
  {
    id: 'seminar',
    header: 'الندوة',
    rowHeader: true,
    cell: (row) => (
      <PageLink pageId="seminars.show" params={{ id: row.seminar.id }}>
        {row.seminar.title}
      </PageLink>
    ),
  },
  {
    id: 'when',
    header: 'الموعد',
    cell: (row) => (
      <>
        {formatDate(row.starts_at.slice(0, 10))} <LtrText>{row.starts_at.slice(11, 16)}</LtrText>
      </>
    ),
  },
  { id: 'type', header: 'النوع', cell: (row) => row.seminar_type.name },
  { id: 'axis', header: 'المحور', cell: (row) => row.axis?.name ?? '—' },
  { id: 'status', header: 'الحالة', cell: (row) => row.status_label },
  countColumn('capacity', 'السعة', (row) => row.capacity),
  countColumn('registered', 'المسجلون', (row) => row.registered),
  countColumn('waiting', 'الانتظار', (row) => row.waiting),
  countColumn('attended', 'الحضور', (row) => row.attended),
  countColumn('no_show', 'الغياب', (row) => row.no_show),
  ...rateColumns<SeminarReportRow>(),
];

/** The columns a group (a type, an axis) shares. */
type Group = SeminarReport['by_type'][number] | SeminarReport['by_axis'][number];
function groupColumns<G extends Group>(
  header: string,
  name: (row: G) => string,
): readonly ReportColumn<G>[] {
  return [
    { id: 'name', header, rowHeader: true, cell: name },
    countColumn('seminars', 'الندوات', (row) => row.seminars),
    countColumn('held', 'المنعقدة', (row) => row.held),
    countColumn('registered', 'المسجلون', (row) => row.registered),
    countColumn('attended', 'الحضور', (row) => row.attended),
    ...rateColumns<G>(),
  ];
}
const TYPE_COLUMNS = groupColumns<SeminarReport['by_type'][number]>(
  'نوع الندوة',
  (row) => row.seminar_type.name,
);
const AXIS_COLUMNS = groupColumns<SeminarReport['by_axis'][number]>(
  'المحور',
  (row) => row.axis_label,
);

type Band = SeminarReport['by_age_band'][number];
const BAND_COLUMNS: readonly ReportColumn<Band>[] = [
  { id: 'band', header: 'الفئة العمرية', rowHeader: true, cell: (row) => row.label },
  countColumn('male', 'ذكور', (row) => row.male),
  countColumn('female', 'إناث', (row) => row.female),
  countColumn('unknown', 'غير محدد', (row) => row.unknown),
  countColumn('registered', 'المسجلون', (row) => row.registered),
  countColumn('attended', 'الحضور', (row) => row.attended),
];

/**
 * A seminar report as the API answered it (live) or as archived (the snapshot, never
 * recomputed): the summary, the audience by sex and age band, the figures per type and axis,
 * and one row per seminar.
 */
export function SeminarBody({ report }: { report: SeminarReport }) {
  const t = report.totals;
  return (
    <>
      <ReportSummary
        id="seminar-summary"
        figures={[
          { label: 'الندوات في الفترة', value: formatNumber(t.seminars) },
          { label: 'المنعقدة', value: formatNumber(t.held) },
          { label: 'المسجلون', value: formatNumber(t.registered) },
          { label: 'الحضور', value: formatNumber(t.attended) },
          { label: 'نسبة الحضور', value: rateText(t.attendance_rate) },
          { label: 'نسبة الإشغال', value: rateText(t.fill_rate) },
          { label: 'قائمة الانتظار', value: formatNumber(t.waiting) },
        ]}
      >
        <Muted>
          نسبة الحضور = الحاضرون ÷ المسجلين في الندوات المنعقدة، ونسبة الإشغال = المسجلون ÷ السعة.
          العمر بالسنوات الكاملة يوم الندوة، والضيف من خارج الأسر جنسه وعمره غير محددين.
        </Muted>
        {t.cancelled > 0 ? (
          <Muted>{`ألغيت في الفترة ${countOf(t.cancelled, SEMINAR_NOUN)} (لا تدخل في الأرقام).`}</Muted>
        ) : null}
        <ParameterLines
          lines={[
            ['نوع الندوة', report.parameters.seminar_type_name],
            ['المحور', report.parameters.axis_name],
          ]}
        />
      </ReportSummary>
      <TableSection
        id="seminar-audience"
        title="الجمهور حسب الجنس والفئة العمرية"
        chart={
          <>
            <DoughnutChart
              title="المسجلون حسب الجنس"
              data={chartDataOf(report.by_sex, (row) => row.label, [
                { label: 'المسجلون', value: (row) => row.registered },
              ])}
              categoryLabel="الجنس"
            />
            <BarChart
              title="المسجلون حسب الفئة العمرية"
              stacked
              data={chartDataOf(report.by_age_band, (row) => row.label, [
                { label: 'ذكور', value: (row) => row.male },
                { label: 'إناث', value: (row) => row.female },
                { label: 'غير محدد', value: (row) => row.unknown, tone: 'neutral' },
              ])}
              categoryLabel="الفئة العمرية"
              table="toggle"
            />
          </>
        }
        caption="الجمهور حسب الفئة العمرية"
        columns={BAND_COLUMNS}
        rows={report.by_age_band}
        rowKey={(row) => row.band}
        footer={totalsRow(
          0,
          ...report.by_sex.map((row) => formatNumber(row.registered)),
          formatNumber(t.registered),
          formatNumber(t.attended),
        )}
      />
      <ReportSection id="seminar-types" title="حسب نوع الندوة والمحور">
        {report.by_type.length > 0 ? (
          <BarChart
            title="المسجلون والحضور حسب نوع الندوة"
            data={chartDataOf(report.by_type, (row) => row.seminar_type.name, [
              { label: 'المسجلون', value: (row) => row.registered },
              { label: 'الحضور', value: (row) => row.attended, tone: 'success' },
            ])}
            categoryLabel="نوع الندوة"
            table="toggle"
          />
        ) : null}
        <ReportTable
          caption="حسب نوع الندوة"
          columns={TYPE_COLUMNS}
          rows={report.by_type}
          rowKey={(row) => row.seminar_type.id}
          empty="لا توجد ندوات في هذه الفترة"
        />
        <ReportTable
          caption="حسب المحور"
          columns={AXIS_COLUMNS}
          rows={report.by_axis}
          rowKey={(row) => row.axis?.id ?? 0}
          empty="لا توجد ندوات في هذه الفترة"
        />
      </ReportSection>
      <TableSection
        id="seminar-list"
        title="الندوات"
        caption={countOf(report.rows.length, SEMINAR_NOUN)}
        columns={SEMINAR_COLUMNS}
        rows={report.rows}
        rowKey={(row) => row.seminar.id}
        empty="لا توجد ندوات في هذه الفترة"
        footer={totalsRow(
          4,
          formatNumber(t.capacity),
          formatNumber(t.registered),
          formatNumber(t.waiting),
          formatNumber(t.attended),
          formatNumber(t.no_show),
          rateText(t.attendance_rate),
          rateText(t.fill_rate),
        )}
      />
    </>
  );
}
