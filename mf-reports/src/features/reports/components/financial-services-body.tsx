import { countOf } from 'shared-contracts';
import type { FinancialServicesFamilyRow, FinancialServicesReport } from 'shared-contracts/reports';
import { BarChart, DoughnutChart } from 'shared-ui/charts';
import {
  Muted,
  ReportSection,
  formatCurrency,
  formatDate,
  formatNumber,
  type ReportColumn,
} from 'shared-ui';
import {
  ReportSummary,
  TableSection,
  chartDataOf,
  countColumn,
  familyColumns,
  familyFileLinkColumn,
  figureColumn,
  totalsRow,
} from '../kit';
import { ParametersNote } from './services-parameters-note';

/** An exact decimal string from the API, shown in riyals (never summed here). */
const money = (value: string) => formatCurrency(value);

/** The services a row counts and what they cost. */
function servicesSpentColumns<T extends { services: number; spent: string }>(): ReportColumn<T>[] {
  return [
    countColumn('services', 'الخدمات', (row) => row.services),
    figureColumn('spent', 'المصروف', (row) => money(row.spent)),
  ];
}

const FAMILY_COLUMNS: readonly ReportColumn<FinancialServicesFamilyRow>[] = [
  ...familyColumns<FinancialServicesFamilyRow>(),
  { id: 'city', header: 'المدينة', cell: (row) => row.city_label },
  countColumn('services', 'الخدمات', (row) => row.services),
  countColumn('beneficiaries', 'المستفيدون بالاسم', (row) => row.beneficiaries),
  figureColumn('spent', 'المصروف', (row) => money(row.spent)),
];

type TypeRow = FinancialServicesReport['by_type'][number];
const TYPE_COLUMNS: readonly ReportColumn<TypeRow>[] = [
  { id: 'type', header: 'نوع الخدمة', rowHeader: true, cell: (row) => row.service_type.name },
  { id: 'department', header: 'القسم', cell: (row) => row.department_name },
  { id: 'axis', header: 'المحور', cell: (row) => row.axis_name },
  ...servicesSpentColumns<TypeRow>(),
];

type Beneficiary = FinancialServicesReport['by_beneficiary'][number];
const BENEFICIARY_COLUMNS: readonly ReportColumn<Beneficiary>[] = [
  { id: 'member', header: 'المستفيد', rowHeader: true, cell: (row) => row.member.name },
  familyFileLinkColumn<Beneficiary>('رقم ملف الأسرة'),
  ...servicesSpentColumns<Beneficiary>(),
];

type Season = FinancialServicesReport['by_season'][number];
const SEASON_COLUMNS: readonly ReportColumn<Season>[] = [
  { id: 'season', header: 'البرنامج الموسمي', rowHeader: true, cell: (row) => row.season.name },
  {
    id: 'dates',
    header: 'مدته',
    cell: (row) => `${formatDate(row.start_date)} — ${formatDate(row.end_date)}`,
  },
  figureColumn('budget', 'الميزانية', (row) => money(row.budget)),
  figureColumn('spent', 'المصروف عبر الخدمات', (row) => money(row.spent)),
  figureColumn('remaining', 'المتبقي', (row) => money(row.remaining)),
  figureColumn('used', 'نسبة الصرف', (row) =>
    row.used_percent === null ? '—' : `${formatNumber(row.used_percent)}٪`,
  ),
];

/** The one series of the spending charts. */
const SPENT = [{ label: 'المصروف', value: (row: { spent: string }) => row.spent }];

/**
 * A financial-services report as the API answered it (live) or as it was archived: the
 * summary, spending by department (doughnut) and type (bars, with tables), against each
 * season's budget, per family and per beneficiary. Every amount is the API's exact decimal.
 */
export function FinancialServicesBody({ report }: { report: FinancialServicesReport }) {
  const t = report.totals;
  return (
    <>
      <ReportSummary
        id="financial-summary"
        figures={[
          { label: 'المصروف عبر الخدمات', value: money(t.spent) },
          { label: 'الخدمات المنفذة', value: formatNumber(t.services) },
          { label: 'الأسر المستفيدة', value: formatNumber(t.families) },
          { label: 'المستفيدون بالاسم', value: formatNumber(t.beneficiaries) },
          { label: 'متوسط الأسرة', value: money(t.average_per_family) },
        ]}
      >
        <Muted>
          {`تكلفة الخدمات المنفذة في الفترة (بتاريخ التنفيذ): ${countOf(t.services, 'service')} ، ${countOf(t.families, 'family')}.`}
        </Muted>
        {t.unpriced > 0 ? (
          <Muted>{`${countOf(t.unpriced, 'service')} منفذة بلا تكلفة مسجلة: لم تدخل في المصروف.`}</Muted>
        ) : null}
        <ParametersNote parameters={report.parameters} />
      </ReportSummary>
      <TableSection
        id="financial-seasons"
        title="مقابل ميزانيات البرامج الموسمية"
        keep
        caption="الصرف مقابل الميزانية"
        columns={SEASON_COLUMNS}
        rows={report.by_season}
        rowKey={(row) => row.season.id}
        empty="لا توجد برامج موسمية بميزانية في هذه الفترة"
      />
      <ReportSection id="financial-departments" title="حسب القسم والمحور">
        {report.by_department.length > 0 ? (
          <DoughnutChart
            title="المصروف حسب القسم"
            categoryLabel="القسم"
            valueFormat="currency"
            data={chartDataOf(report.by_department, (row) => row.department.name, SPENT)}
          />
        ) : null}
        {report.by_axis.length > 0 ? (
          <BarChart
            title="المصروف حسب المحور"
            categoryLabel="المحور"
            valueFormat="currency"
            data={chartDataOf(report.by_axis, (row) => row.axis.name, SPENT)}
          />
        ) : null}
      </ReportSection>
      <TableSection
        id="financial-types"
        title="حسب نوع الخدمة"
        caption="المصروف حسب نوع الخدمة"
        columns={TYPE_COLUMNS}
        rows={report.by_type}
        rowKey={(row) => row.service_type.id}
        empty="لا توجد خدمات منفذة تطابق المعايير"
        footer={totalsRow(2, formatNumber(t.services), money(t.spent))}
      />
      <TableSection
        id="financial-families"
        title="الأسر"
        caption="المصروف لكل أسرة"
        columns={FAMILY_COLUMNS}
        rows={report.by_family}
        total={{ count: report.by_family_total, noun: 'family' }}
        rowKey={(row) => row.family.id}
        empty="لا توجد خدمات منفذة تطابق المعايير"
        footer={totalsRow(
          2,
          formatNumber(t.services),
          formatNumber(t.beneficiaries),
          money(t.spent),
        )}
      />
      <TableSection
        id="financial-beneficiaries"
        title="المستفيدون"
        caption="المصروف لكل مستفيد"
        columns={BENEFICIARY_COLUMNS}
        rows={report.by_beneficiary}
        total={{ count: report.by_beneficiary_total, noun: 'beneficiary' }}
        rowKey={(row) => row.member.id}
        empty="لا توجد خدمات منفذة لأفراد بأسمائهم"
      >
        <Muted>الخدمات المقدمة للأسرة كاملة تُحسب للأسرة لا لفرد منها.</Muted>
      </TableSection>
    </>
  );
}
