import { countOf } from 'shared-contracts';
import type { FinancialServicesFamilyRow, FinancialServicesReport } from 'shared-contracts/reports';
import { BarChart, DoughnutChart } from 'shared-ui/charts';
import {
  LtrText,
  Muted,
  PageLink,
  ReportTable,
  formatCurrency,
  formatDate,
  formatNumber,
  type ReportColumn,
  Figure,
  ReportFigures,
} from 'shared-ui';
import { ParametersNote, ReportSection } from './services-report-parts';

/** An exact decimal string from the API, shown in riyals (never summed here). */
const money = (value: string) => formatCurrency(value);

const FAMILY_COLUMNS: readonly ReportColumn<FinancialServicesFamilyRow>[] = [
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
  { id: 'city', header: 'المدينة', cell: (row) => row.city_label },
  { id: 'services', header: 'الخدمات', align: 'end', cell: (row) => formatNumber(row.services) },
  {
    id: 'beneficiaries',
    header: 'المستفيدون بالاسم',
    align: 'end',
    cell: (row) => formatNumber(row.beneficiaries),
  },
  { id: 'spent', header: 'المصروف', align: 'end', cell: (row) => money(row.spent) },
];

type TypeRow = FinancialServicesReport['by_type'][number];
const TYPE_COLUMNS: readonly ReportColumn<TypeRow>[] = [
  { id: 'type', header: 'نوع الخدمة', rowHeader: true, cell: (row) => row.service_type.name },
  { id: 'department', header: 'القسم', cell: (row) => row.department_name },
  { id: 'axis', header: 'المحور', cell: (row) => row.axis_name },
  { id: 'services', header: 'الخدمات', align: 'end', cell: (row) => formatNumber(row.services) },
  { id: 'spent', header: 'المصروف', align: 'end', cell: (row) => money(row.spent) },
];

type Beneficiary = FinancialServicesReport['by_beneficiary'][number];
const BENEFICIARY_COLUMNS: readonly ReportColumn<Beneficiary>[] = [
  { id: 'member', header: 'المستفيد', rowHeader: true, cell: (row) => row.member.name },
  {
    id: 'file',
    header: 'رقم ملف الأسرة',
    cell: (row) => (
      <PageLink pageId="families.show" params={{ id: row.family.id }}>
        <LtrText>{row.family.file_number}</LtrText>
      </PageLink>
    ),
  },
  { id: 'services', header: 'الخدمات', align: 'end', cell: (row) => formatNumber(row.services) },
  { id: 'spent', header: 'المصروف', align: 'end', cell: (row) => money(row.spent) },
];

type Season = FinancialServicesReport['by_season'][number];
const SEASON_COLUMNS: readonly ReportColumn<Season>[] = [
  { id: 'season', header: 'البرنامج الموسمي', rowHeader: true, cell: (row) => row.season.name },
  {
    id: 'dates',
    header: 'مدته',
    cell: (row) => `${formatDate(row.start_date)} — ${formatDate(row.end_date)}`,
  },
  { id: 'budget', header: 'الميزانية', align: 'end', cell: (row) => money(row.budget) },
  { id: 'spent', header: 'المصروف عبر الخدمات', align: 'end', cell: (row) => money(row.spent) },
  { id: 'remaining', header: 'المتبقي', align: 'end', cell: (row) => money(row.remaining) },
  {
    id: 'used',
    header: 'نسبة الصرف',
    align: 'end',
    cell: (row) => (row.used_percent === null ? '—' : `${formatNumber(row.used_percent)}٪`),
  },
];

/**
 * A financial-services report as the API answered it (live) or as it was archived: the
 * summary, spending by department (doughnut) and type (bars, with tables), against each
 * season's budget, per family and per beneficiary. Every amount is the API's exact decimal.
 */
export function FinancialServicesBody({ report }: { report: FinancialServicesReport }) {
  const t = report.totals;
  return (
    <>
      <ReportSection id="financial-summary" title="الملخص" keep>
        <ReportFigures>
          <Figure label="المصروف عبر الخدمات" value={money(t.spent)} />
          <Figure label="الخدمات المنفذة" value={formatNumber(t.services)} />
          <Figure label="الأسر المستفيدة" value={formatNumber(t.families)} />
          <Figure label="المستفيدون بالاسم" value={formatNumber(t.beneficiaries)} />
          <Figure label="متوسط الأسرة" value={money(t.average_per_family)} />
        </ReportFigures>
        <Muted>
          {`تكلفة الخدمات المنفذة في الفترة (بتاريخ التنفيذ): ${countOf(t.services, 'service')} ، ${countOf(t.families, 'family')}.`}
        </Muted>
        {t.unpriced > 0 ? (
          <Muted>{`${countOf(t.unpriced, 'service')} منفذة بلا تكلفة مسجلة: لم تدخل في المصروف.`}</Muted>
        ) : null}
        <ParametersNote parameters={report.parameters} />
      </ReportSection>
      <ReportSection id="financial-seasons" title="مقابل ميزانيات البرامج الموسمية" keep>
        <ReportTable
          caption="الصرف مقابل الميزانية"
          columns={SEASON_COLUMNS}
          rows={report.by_season}
          rowKey={(row) => row.season.id}
          empty="لا توجد برامج موسمية بميزانية في هذه الفترة"
        />
      </ReportSection>
      <ReportSection id="financial-departments" title="حسب القسم والمحور">
        {report.by_department.length > 0 ? (
          <DoughnutChart
            title="المصروف حسب القسم"
            categoryLabel="القسم"
            valueFormat="currency"
            data={{
              labels: report.by_department.map((row) => row.department.name),
              series: [{ label: 'المصروف', values: report.by_department.map((row) => row.spent) }],
            }}
          />
        ) : null}
        {report.by_axis.length > 0 ? (
          <BarChart
            title="المصروف حسب المحور"
            categoryLabel="المحور"
            valueFormat="currency"
            data={{
              labels: report.by_axis.map((row) => row.axis.name),
              series: [{ label: 'المصروف', values: report.by_axis.map((row) => row.spent) }],
            }}
          />
        ) : null}
      </ReportSection>
      <ReportSection id="financial-types" title="حسب نوع الخدمة">
        <ReportTable
          caption="المصروف حسب نوع الخدمة"
          columns={TYPE_COLUMNS}
          rows={report.by_type}
          rowKey={(row) => row.service_type.id}
          empty="لا توجد خدمات منفذة تطابق المعايير"
          footer={['الإجمالي', '', '', formatNumber(t.services), money(t.spent)]}
        />
      </ReportSection>
      <ReportSection id="financial-families" title="الأسر">
        <ReportTable
          caption="المصروف لكل أسرة"
          columns={FAMILY_COLUMNS}
          rows={report.by_family}
          total={{ count: report.by_family_total, noun: 'family' }}
          rowKey={(row) => row.family.id}
          empty="لا توجد خدمات منفذة تطابق المعايير"
          footer={[
            'الإجمالي',
            '',
            '',
            formatNumber(t.services),
            formatNumber(t.beneficiaries),
            money(t.spent),
          ]}
        />
      </ReportSection>
      <ReportSection id="financial-beneficiaries" title="المستفيدون">
        <ReportTable
          caption="المصروف لكل مستفيد"
          columns={BENEFICIARY_COLUMNS}
          rows={report.by_beneficiary}
          total={{ count: report.by_beneficiary_total, noun: 'beneficiary' }}
          rowKey={(row) => row.member.id}
          empty="لا توجد خدمات منفذة لأفراد بأسمائهم"
        />
        <Muted>الخدمات المقدمة للأسرة كاملة تُحسب للأسرة لا لفرد منها.</Muted>
      </ReportSection>
    </>
  );
}
