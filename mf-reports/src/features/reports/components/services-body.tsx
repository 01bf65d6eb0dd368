import { countOf } from 'shared-contracts';
import type { ServicesReport, ServicesReportTypeRow } from 'shared-contracts/reports';
import { BarChart, DoughnutChart, LineChart } from 'shared-ui/charts';
import { Muted, ReportSection, formatDate, formatNumber, type ReportColumn } from 'shared-ui';
import {
  ReportSummary,
  TableSection,
  chartDataOf,
  countColumn,
  familyColumns,
  totalsRow,
} from '../kit';
import { ParametersNote } from './services-parameters-note';

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
    countColumn('requested', 'المطلوبة', (row) => row.requested),
    countColumn('delivered', 'المنفذة', (row) => row.delivered),
    countColumn('open', 'المفتوحة', (row) => row.open),
    countColumn('overdue', 'المتأخرة', (row) => row.overdue),
    countColumn('average', 'متوسط الأيام', (row) => row.average_days),
    countColumn('median', 'وسيط الأيام', (row) => row.median_days),
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
  ...familyColumns<Overdue>(),
  { id: 'type', header: 'نوع الخدمة', cell: (row) => row.service_type_name },
  { id: 'status', header: 'الحالة', cell: (row) => row.status_label },
  {
    id: 'requested',
    header: 'تاريخ الطلب',
    nowrap: true,
    cell: (row) => formatDate(row.request_date),
  },
  {
    id: 'expected',
    header: 'التاريخ المتوقع',
    nowrap: true,
    cell: (row) => formatDate(row.expected_date),
  },
  countColumn('late', 'أيام التأخر', (row) => row.days_overdue),
];

/** The requested and delivered series of a grouping's bars or a month's lines. */
const REQUESTED_DELIVERED = [
  { label: 'المطلوبة', value: (row: Pick<Group, 'requested'>) => row.requested },
  { label: 'المنفذة', value: (row: Pick<Group, 'delivered'>) => row.delivered, tone: 'success' },
] as const;

/**
 * A services report as the API answered it (live) or as it was archived (never recomputed):
 * the summary, the statuses (doughnut), the months (lines), the types, departments and axes
 * (bars and tables) and the overdue services.
 */
export function ServicesBody({ report }: { report: ServicesReport }) {
  const t = report.totals;
  return (
    <>
      <ReportSummary
        id="services-summary"
        figures={[
          { label: 'الخدمات المطلوبة', value: formatNumber(t.requested) },
          { label: 'المنفذة', value: formatNumber(t.delivered) },
          { label: 'المفتوحة', value: formatNumber(t.open) },
          { label: 'المتأخرة', value: formatNumber(t.overdue) },
          { label: 'الأسر المستفيدة', value: formatNumber(t.families) },
          { label: 'متوسط أيام التنفيذ', value: days(t.average_days) },
          { label: 'وسيط أيام التنفيذ', value: days(t.median_days) },
        ]}
      >
        <Muted>
          {`الخدمات المطلوبة في الفترة: ${countOf(t.requested, 'service')}. مدة التنفيذ من تاريخ الطلب إلى تاريخ التنفيذ للخدمات المنفذة، والمتأخرة هي المفتوحة بعد تاريخها المتوقع في ${formatDate(report.as_of)}.`}
        </Muted>
        <ParametersNote parameters={report.parameters} />
      </ReportSummary>
      <ReportSection id="services-statuses" title="حسب الحالة">
        <DoughnutChart
          title="الخدمات حسب الحالة"
          categoryLabel="الحالة"
          data={chartDataOf(report.by_status, (row) => row.label, [
            { label: 'عدد الخدمات', value: (row) => row.count },
          ])}
        />
      </ReportSection>
      <ReportSection id="services-months" title="حسب الشهر">
        <LineChart
          title="الخدمات حسب شهر الطلب"
          categoryLabel="الشهر"
          data={chartDataOf(report.by_month, (row) => row.label, REQUESTED_DELIVERED)}
        />
      </ReportSection>
      <TableSection
        id="services-types"
        title="حسب نوع الخدمة"
        caption="الخدمات حسب النوع"
        columns={TYPE_COLUMNS}
        rows={report.by_type}
        rowKey={(row) => row.service_type.id}
        empty="لا توجد خدمات تطابق المعايير"
        footer={totalsRow(
          2,
          formatNumber(t.requested),
          formatNumber(t.delivered),
          formatNumber(t.open),
          formatNumber(t.overdue),
          days(t.average_days),
          days(t.median_days),
        )}
      />
      <TableSection
        id="services-departments"
        title="حسب القسم"
        chart={
          report.by_department.length > 0 ? (
            <BarChart
              title="الخدمات حسب القسم"
              categoryLabel="القسم"
              table="toggle"
              data={chartDataOf(
                report.by_department,
                (row) => row.department.name,
                REQUESTED_DELIVERED,
              )}
            />
          ) : null
        }
        caption="الخدمات في كل قسم"
        columns={DEPARTMENT_COLUMNS}
        rows={report.by_department}
        rowKey={(row) => row.department.id}
        empty="لا توجد خدمات تطابق المعايير"
      />
      <TableSection
        id="services-axes"
        title="حسب المحور"
        caption="الخدمات في كل محور"
        columns={AXIS_COLUMNS}
        rows={report.by_axis}
        rowKey={(row) => row.axis.id}
        empty="لا توجد خدمات تطابق المعايير"
      />
      <TableSection
        id="services-overdue"
        title="الخدمات المتأخرة"
        caption={`الخدمات المتأخرة (${countOf(t.overdue, 'service')})`}
        columns={OVERDUE_COLUMNS}
        rows={report.overdue}
        rowKey={(row) => row.service_id}
        empty="لا توجد خدمات متأخرة"
      >
        {report.overdue.length < t.overdue ? (
          <Muted>{`تُعرض أقدم ${countOf(report.overdue.length, 'service')} متأخرة.`}</Muted>
        ) : null}
      </TableSection>
    </>
  );
}
