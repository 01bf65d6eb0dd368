import { countOf } from 'shared-contracts';
import { SEMINAR_NOUN } from 'shared-contracts/engagement';
import type { SeminarReport, SeminarReportRow } from 'shared-contracts/reports';
import { BarChart, DoughnutChart } from 'shared-ui/charts';
import {
  LtrText,
  Muted,
  PageLink,
  formatDate,
  formatNumber,
  ReportTable,
  type ReportColumn,
  ReportFigures,
} from 'shared-ui';
import { ReportSection } from './services-report-parts';

/** A rate in percent, or «—» without a denominator (a seminar not held has no attendance rate). */
const rateText = (value: number | null) => (value === null ? '—' : `${formatNumber(value)}٪`);

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
  { id: 'capacity', header: 'السعة', align: 'end', cell: (row) => formatNumber(row.capacity) },
  {
    id: 'registered',
    header: 'المسجلون',
    align: 'end',
    cell: (row) => formatNumber(row.registered),
  },
  { id: 'waiting', header: 'الانتظار', align: 'end', cell: (row) => formatNumber(row.waiting) },
  { id: 'attended', header: 'الحضور', align: 'end', cell: (row) => formatNumber(row.attended) },
  { id: 'no_show', header: 'الغياب', align: 'end', cell: (row) => formatNumber(row.no_show) },
  {
    id: 'attendance',
    header: 'نسبة الحضور',
    align: 'end',
    cell: (row) => rateText(row.attendance_rate),
  },
  { id: 'fill', header: 'نسبة الإشغال', align: 'end', cell: (row) => rateText(row.fill_rate) },
];

/** The columns a group (a type, an axis) shares. */
type Group = SeminarReport['by_type'][number] | SeminarReport['by_axis'][number];
function groupColumns<G extends Group>(
  header: string,
  name: (row: G) => string,
): readonly ReportColumn<G>[] {
  return [
    { id: 'name', header, rowHeader: true, cell: name },
    { id: 'seminars', header: 'الندوات', align: 'end', cell: (row) => formatNumber(row.seminars) },
    { id: 'held', header: 'المنعقدة', align: 'end', cell: (row) => formatNumber(row.held) },
    {
      id: 'registered',
      header: 'المسجلون',
      align: 'end',
      cell: (row) => formatNumber(row.registered),
    },
    { id: 'attended', header: 'الحضور', align: 'end', cell: (row) => formatNumber(row.attended) },
    {
      id: 'attendance',
      header: 'نسبة الحضور',
      align: 'end',
      cell: (row) => rateText(row.attendance_rate),
    },
    { id: 'fill', header: 'نسبة الإشغال', align: 'end', cell: (row) => rateText(row.fill_rate) },
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
  { id: 'male', header: 'ذكور', align: 'end', cell: (row) => formatNumber(row.male) },
  { id: 'female', header: 'إناث', align: 'end', cell: (row) => formatNumber(row.female) },
  { id: 'unknown', header: 'غير محدد', align: 'end', cell: (row) => formatNumber(row.unknown) },
  {
    id: 'registered',
    header: 'المسجلون',
    align: 'end',
    cell: (row) => formatNumber(row.registered),
  },
  { id: 'attended', header: 'الحضور', align: 'end', cell: (row) => formatNumber(row.attended) },
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
      <ReportSection id="seminar-summary" title="الملخص" keep>
        <ReportFigures>
          <div>
            <dt>الندوات في الفترة</dt>
            <dd>{formatNumber(t.seminars)}</dd>
          </div>
          <div>
            <dt>المنعقدة</dt>
            <dd>{formatNumber(t.held)}</dd>
          </div>
          <div>
            <dt>المسجلون</dt>
            <dd>{formatNumber(t.registered)}</dd>
          </div>
          <div>
            <dt>الحضور</dt>
            <dd>{formatNumber(t.attended)}</dd>
          </div>
          <div>
            <dt>نسبة الحضور</dt>
            <dd>{rateText(t.attendance_rate)}</dd>
          </div>
          <div>
            <dt>نسبة الإشغال</dt>
            <dd>{rateText(t.fill_rate)}</dd>
          </div>
          <div>
            <dt>قائمة الانتظار</dt>
            <dd>{formatNumber(t.waiting)}</dd>
          </div>
        </ReportFigures>
        <Muted>
          نسبة الحضور = الحاضرون ÷ المسجلين في الندوات المنعقدة، ونسبة الإشغال = المسجلون ÷ السعة.
          العمر بالسنوات الكاملة يوم الندوة، والضيف من خارج الأسر جنسه وعمره غير محددين.
        </Muted>
        {t.cancelled > 0 ? (
          <Muted>{`ألغيت في الفترة ${countOf(t.cancelled, SEMINAR_NOUN)} (لا تدخل في الأرقام).`}</Muted>
        ) : null}
        {report.parameters.seminar_type_name ? (
          <Muted>{`نوع الندوة: ${report.parameters.seminar_type_name}`}</Muted>
        ) : null}
        {report.parameters.axis_name ? (
          <Muted>{`المحور: ${report.parameters.axis_name}`}</Muted>
        ) : null}
      </ReportSection>
      <ReportSection id="seminar-audience" title="الجمهور حسب الجنس والفئة العمرية">
        <DoughnutChart
          title="المسجلون حسب الجنس"
          data={{
            labels: report.by_sex.map((row) => row.label),
            series: [{ label: 'المسجلون', values: report.by_sex.map((row) => row.registered) }],
          }}
          categoryLabel="الجنس"
        />
        <BarChart
          title="المسجلون حسب الفئة العمرية"
          stacked
          data={{
            labels: report.by_age_band.map((row) => row.label),
            series: [
              { label: 'ذكور', values: report.by_age_band.map((row) => row.male) },
              { label: 'إناث', values: report.by_age_band.map((row) => row.female) },
              {
                label: 'غير محدد',
                values: report.by_age_band.map((row) => row.unknown),
                tone: 'neutral' as const,
              },
            ],
          }}
          categoryLabel="الفئة العمرية"
          table="toggle"
        />
        <ReportTable
          caption="الجمهور حسب الفئة العمرية"
          columns={BAND_COLUMNS}
          rows={report.by_age_band}
          rowKey={(row) => row.band}
          footer={[
            'الإجمالي',
            ...report.by_sex.map((row) => formatNumber(row.registered)),
            formatNumber(t.registered),
            formatNumber(t.attended),
          ]}
        />
      </ReportSection>
      <ReportSection id="seminar-types" title="حسب نوع الندوة والمحور">
        {report.by_type.length > 0 ? (
          <BarChart
            title="المسجلون والحضور حسب نوع الندوة"
            data={{
              labels: report.by_type.map((row) => row.seminar_type.name),
              series: [
                { label: 'المسجلون', values: report.by_type.map((row) => row.registered) },
                {
                  label: 'الحضور',
                  values: report.by_type.map((row) => row.attended),
                  tone: 'success' as const,
                },
              ],
            }}
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
      <ReportSection id="seminar-list" title="الندوات">
        <ReportTable
          caption={countOf(report.rows.length, SEMINAR_NOUN)}
          columns={SEMINAR_COLUMNS}
          rows={report.rows}
          rowKey={(row) => row.seminar.id}
          empty="لا توجد ندوات في هذه الفترة"
          footer={[
            'الإجمالي',
            '',
            '',
            '',
            '',
            formatNumber(t.capacity),
            formatNumber(t.registered),
            formatNumber(t.waiting),
            formatNumber(t.attended),
            formatNumber(t.no_show),
            rateText(t.attendance_rate),
            rateText(t.fill_rate),
          ]}
        />
      </ReportSection>
    </>
  );
}
