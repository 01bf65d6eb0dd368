import { countOf } from 'shared-contracts';
import type { ServicesReport, ServicesReportTypeRow } from 'shared-contracts/reports';
import { BarChart, DoughnutChart, LineChart } from 'shared-ui/charts';
import {
  LtrText,
  Muted,
  PageLink,
  ReportTable,
  formatDate,
  formatNumber,
  type ReportColumn,
  Figure,
  ReportFigures,
} from 'shared-ui';
import { ParametersNote, ReportSection } from './services-report-parts';

/** Days with one decimal, «—» when nothing was delivered. */
const days = (value: number | null) => formatNumber(value);

interface Group {
  readonly requested: number;
  readonly delivered: number;
  readonly open: number;
  readonly overdue: number;
  readonly average_days: number | null;
  readonly median_days: number | null;
}

/** The count columns every grouping shares (type, department, axis). */
function groupColumns<T extends Group>(): ReportColumn<T>[] {
  return [
    {
      id: 'requested',
      header: 'المطلوبة',
      align: 'end',
      cell: (row) => formatNumber(row.requested),
    },
    {
      id: 'delivered',
      header: 'المنفذة',
      align: 'end',
      cell: (row) => formatNumber(row.delivered),
    },
    { id: 'open', header: 'المفتوحة', align: 'end', cell: (row) => formatNumber(row.open) },
    { id: 'overdue', header: 'المتأخرة', align: 'end', cell: (row) => formatNumber(row.overdue) },
    { id: 'average', header: 'متوسط الأيام', align: 'end', cell: (row) => days(row.average_days) },
    { id: 'median', header: 'وسيط الأيام', align: 'end', cell: (row) => days(row.median_days) },
  ];
}

const TYPE_COLUMNS: readonly ReportColumn<ServicesReportTypeRow>[] = [
  { id: 'type', header: 'نوع الخدمة', rowHeader: true, cell: (row) => row.service_type.name },
  { id: 'department', header: 'القسم', cell: (row) => row.department_name },
  { id: 'axis', header: 'المحور', cell: (row) => row.axis_name },
  ...groupColumns<ServicesReportTypeRow>(),
];

type Department = ServicesReport['by_department'][number];
const DEPARTMENT_COLUMNS: readonly ReportColumn<Department>[] = [
  { id: 'department', header: 'القسم', rowHeader: true, cell: (row) => row.department.name },
  ...groupColumns<Department>(),
];

type Axis = ServicesReport['by_axis'][number];
const AXIS_COLUMNS: readonly ReportColumn<Axis>[] = [
  { id: 'axis', header: 'المحور', rowHeader: true, cell: (row) => row.axis.name },
  ...groupColumns<Axis>(),
];

type Overdue = ServicesReport['overdue'][number];
const OVERDUE_COLUMNS: readonly ReportColumn<Overdue>[] = [
  {
    id: 'family',
    header: 'رب الأسرة',
    rowHeader: true,
    cell: (row) => (
      <PageLink pageId="families.show" params={{ id: row.family.id }}>
        {row.family.head_name}
      </PageLink>
    ),
  },
  { id: 'file', header: 'رقم الملف', cell: (row) => <LtrText>{row.family.file_number}</LtrText> },
  { id: 'type', header: 'نوع الخدمة', cell: (row) => row.service_type_name },
  { id: 'status', header: 'الحالة', cell: (row) => row.status_label },
  { id: 'requested', header: 'تاريخ الطلب', cell: (row) => formatDate(row.request_date) },
  { id: 'expected', header: 'التاريخ المتوقع', cell: (row) => formatDate(row.expected_date) },
  {
    id: 'late',
    header: 'أيام التأخر',
    align: 'end',
    cell: (row) => formatNumber(row.days_overdue),
  },
];

/**
 * A services report as the API answered it (live) or as it was archived (never recomputed):
 * the summary, the statuses (doughnut), the months (lines), the types, departments and axes
 * (bars and tables) and the overdue services.
 */
export function ServicesBody({ report }: { report: ServicesReport }) {
  const t = report.totals;
  return (
    <>
      <ReportSection id="services-summary" title="الملخص" keep>
        <ReportFigures>
          <Figure label="الخدمات المطلوبة" value={formatNumber(t.requested)} />
          <Figure label="المنفذة" value={formatNumber(t.delivered)} />
          <Figure label="المفتوحة" value={formatNumber(t.open)} />
          <Figure label="المتأخرة" value={formatNumber(t.overdue)} />
          <Figure label="الأسر المستفيدة" value={formatNumber(t.families)} />
          <Figure label="متوسط أيام التنفيذ" value={days(t.average_days)} />
          <Figure label="وسيط أيام التنفيذ" value={days(t.median_days)} />
        </ReportFigures>
        <Muted>
          {`الخدمات المطلوبة في الفترة: ${countOf(t.requested, 'service')}. مدة التنفيذ من تاريخ الطلب إلى تاريخ التنفيذ للخدمات المنفذة، والمتأخرة هي المفتوحة بعد تاريخها المتوقع في ${formatDate(report.as_of)}.`}
        </Muted>
        <ParametersNote parameters={report.parameters} />
      </ReportSection>
      <ReportSection id="services-statuses" title="حسب الحالة">
        <DoughnutChart
          title="الخدمات حسب الحالة"
          categoryLabel="الحالة"
          data={{
            labels: report.by_status.map((row) => row.label),
            series: [{ label: 'عدد الخدمات', values: report.by_status.map((row) => row.count) }],
          }}
        />
      </ReportSection>
      <ReportSection id="services-months" title="حسب الشهر">
        <LineChart
          title="الخدمات حسب شهر الطلب"
          categoryLabel="الشهر"
          data={{
            labels: report.by_month.map((row) => row.label),
            series: [
              { label: 'المطلوبة', values: report.by_month.map((row) => row.requested) },
              {
                label: 'المنفذة',
                values: report.by_month.map((row) => row.delivered),
                tone: 'success' as const,
              },
            ],
          }}
        />
      </ReportSection>
      <ReportSection id="services-types" title="حسب نوع الخدمة">
        <ReportTable
          caption="الخدمات حسب النوع"
          columns={TYPE_COLUMNS}
          rows={report.by_type}
          rowKey={(row) => row.service_type.id}
          empty="لا توجد خدمات تطابق المعايير"
          footer={[
            'الإجمالي',
            '',
            '',
            formatNumber(t.requested),
            formatNumber(t.delivered),
            formatNumber(t.open),
            formatNumber(t.overdue),
            days(t.average_days),
            days(t.median_days),
          ]}
        />
      </ReportSection>
      <ReportSection id="services-departments" title="حسب القسم">
        {report.by_department.length > 0 ? (
          <BarChart
            title="الخدمات حسب القسم"
            categoryLabel="القسم"
            table="toggle"
            data={{
              labels: report.by_department.map((row) => row.department.name),
              series: [
                { label: 'المطلوبة', values: report.by_department.map((row) => row.requested) },
                {
                  label: 'المنفذة',
                  values: report.by_department.map((row) => row.delivered),
                  tone: 'success' as const,
                },
              ],
            }}
          />
        ) : null}
        <ReportTable
          caption="الخدمات في كل قسم"
          columns={DEPARTMENT_COLUMNS}
          rows={report.by_department}
          rowKey={(row) => row.department.id}
          empty="لا توجد خدمات تطابق المعايير"
        />
      </ReportSection>
      <ReportSection id="services-axes" title="حسب المحور">
        <ReportTable
          caption="الخدمات في كل محور"
          columns={AXIS_COLUMNS}
          rows={report.by_axis}
          rowKey={(row) => row.axis.id}
          empty="لا توجد خدمات تطابق المعايير"
        />
      </ReportSection>
      <ReportSection id="services-overdue" title="الخدمات المتأخرة">
        <ReportTable
          caption={`الخدمات المتأخرة (${countOf(t.overdue, 'service')})`}
          columns={OVERDUE_COLUMNS}
          rows={report.overdue}
          rowKey={(row) => row.service_id}
          empty="لا توجد خدمات متأخرة"
        />
        {report.overdue.length < t.overdue ? (
          <Muted>{`تُعرض أقدم ${formatNumber(report.overdue.length)} خدمة متأخرة.`}</Muted>
        ) : null}
      </ReportSection>
    </>
  );
}
