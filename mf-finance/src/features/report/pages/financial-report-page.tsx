import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  FINANCIAL_REPORT_SECTIONS as SECTIONS,
  financeDirectionLabel,
  financialReportEndpoints,
  type FinancialReport,
} from 'shared-contracts/finance';
import { BarChart, LineChart } from 'shared-ui/charts';
import {
  Button,
  Card,
  ExportButton,
  FileNumber,
  LoadingState,
  Money,
  Muted,
  PageButtonLink,
  PageHeader,
  PageLink,
  PRINT_ROOT,
  QueryErrorState,
  ReportFigures,
  ReportPrintHeader,
  ReportPrintStyles,
  ReportSection,
  ReportTable,
  Stack,
  formatDate,
  formatNumber,
  monthLabel,
  pageTitle,
  type ReportColumn,
} from 'shared-ui';
import { useFinancialReport } from '../api/report-api';
import {
  ReportPeriodPicker,
  periodFromParams,
  type ReportPeriod,
} from '../components/report-period';

const Charts = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};

  @media screen and (min-width: 1100px) {
    grid-template-columns: 1fr 1fr;
  }
`;

type Month = FinancialReport['by_month'][number];
type CategoryRow = FinancialReport['by_category'][number];
type Restricted = FinancialReport['restricted'][number];
type Beneficiary = FinancialReport['top_beneficiaries'][number];

const money = (value: string) => <Money value={value} />;

const CATEGORY_COLUMNS: readonly ReportColumn<CategoryRow>[] = [
  { id: 'category', header: 'التصنيف', rowHeader: true, cell: (row) => row.category.name },
  {
    id: 'direction',
    header: 'النوع',
    cell: (row) => financeDirectionLabel(row.category.direction),
  },
  { id: 'records', header: 'عدد القيود', align: 'end', cell: (row) => formatNumber(row.records) },
  { id: 'amount', header: 'المبلغ', align: 'end', cell: (row) => money(row.amount) },
];

const RESTRICTED_COLUMNS: readonly ReportColumn<Restricted>[] = [
  { id: 'purpose', header: 'الغرض المقيد', rowHeader: true, cell: (row) => row.purpose },
  { id: 'received', header: 'الوارد', align: 'end', cell: (row) => money(row.received) },
  { id: 'spent', header: 'المنصرف', align: 'end', cell: (row) => money(row.spent) },
  { id: 'balance', header: 'الرصيد', align: 'end', cell: (row) => money(row.balance) },
];

const BENEFICIARY_COLUMNS: readonly ReportColumn<Beneficiary>[] = [
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
  { id: 'file', header: 'رقم الملف', cell: (row) => <FileNumber value={row.family.file_number} /> },
  { id: 'records', header: 'عدد القيود', align: 'end', cell: (row) => formatNumber(row.records) },
  { id: 'zakat', header: 'منها زكاة', align: 'end', cell: (row) => money(row.zakat_amount) },
  { id: 'amount', header: 'إجمالي المصروف لها', align: 'end', cell: (row) => money(row.amount) },
];

/** The figures of a loaded report, section by section, charts with their tables beneath. */
function ReportBody({ report }: { report: FinancialReport }) {
  const months = report.by_month.map((row: Month) => monthLabel(row.month));
  const flow = {
    labels: months,
    series: [
      {
        label: 'الإيرادات',
        values: report.by_month.map((row) => row.income),
        tone: 'success' as const,
      },
      {
        label: 'المصروفات',
        values: report.by_month.map((row) => row.expense),
        tone: 'danger' as const,
      },
    ],
  };
  const balance = {
    labels: months,
    series: [{ label: 'الرصيد', values: report.by_month.map((row) => row.balance) }],
  };
  const income = report.by_category.filter((row) => row.category.direction === 'income');
  const expense = report.by_category.filter((row) => row.category.direction === 'expense');

  return (
    <>
      <ReportSection id="report-totals" title={SECTIONS.totals} keep>
        <ReportFigures>
          <div>
            <dt>الإيرادات</dt>
            <dd>{money(report.totals.income)}</dd>
          </div>
          <div>
            <dt>المصروفات</dt>
            <dd>{money(report.totals.expense)}</dd>
          </div>
          <div>
            <dt>الرصيد</dt>
            <dd>{money(report.totals.balance)}</dd>
          </div>
          <div>
            <dt>القيود المحسوبة</dt>
            <dd>{formatNumber(report.totals.counted_records)}</dd>
          </div>
        </ReportFigures>
        <Muted>
          تُحسب القيود المكتملة والمستردة مع قيودها العكسية (يتقابل القيد وعكسه فيصير أثرهما صفراً)؛
          لا تدخل المعلّقة ولا الملغاة.
        </Muted>
      </ReportSection>
      <ReportSection id="report-months" title={SECTIONS.months}>
        <Charts>
          <BarChart
            title="الإيرادات والمصروفات حسب الشهر"
            data={flow}
            valueFormat="currency"
            categoryLabel="الشهر"
          />
          <LineChart
            title="الرصيد حسب الشهر"
            description="الإيرادات ناقص المصروفات في كل شهر."
            data={balance}
            valueFormat="currency"
            categoryLabel="الشهر"
          />
        </Charts>
      </ReportSection>
      <ReportSection id="report-categories" title={SECTIONS.categories}>
        {income.length + expense.length > 0 ? (
          <BarChart
            title="المبالغ حسب التصنيف"
            data={{
              labels: report.by_category.map(
                (row) => `${row.category.name} (${financeDirectionLabel(row.category.direction)})`,
              ),
              series: [{ label: 'المبلغ', values: report.by_category.map((row) => row.amount) }],
            }}
            valueFormat="currency"
            categoryLabel="التصنيف"
            table="toggle"
          />
        ) : null}
        <ReportTable
          caption="الإيرادات حسب التصنيف"
          columns={CATEGORY_COLUMNS}
          rows={income}
          rowKey={(row) => row.category.id}
          footer={['إجمالي الإيرادات', '', '', money(report.totals.income)]}
        />
        <ReportTable
          caption="المصروفات حسب التصنيف"
          columns={CATEGORY_COLUMNS}
          rows={expense}
          rowKey={(row) => row.category.id}
          footer={['إجمالي المصروفات', '', '', money(report.totals.expense)]}
        />
      </ReportSection>
      <ReportSection id="report-restricted" title={SECTIONS.restricted}>
        <ReportTable
          caption="الأموال المقيدة: الوارد مقابل المنصرف لكل غرض"
          columns={RESTRICTED_COLUMNS}
          rows={report.restricted}
          rowKey={(row) => row.purpose}
          empty="لا توجد أموال مقيدة في هذه الفترة"
        />
      </ReportSection>
      <ReportSection id="report-zakat" title={SECTIONS.zakat} keep>
        <ReportFigures>
          <div>
            <dt>الزكاة الواردة</dt>
            <dd>{money(report.zakat.received)}</dd>
          </div>
          <div>
            <dt>الزكاة المصروفة</dt>
            <dd>{money(report.zakat.spent)}</dd>
          </div>
          <div>
            <dt>رصيد الزكاة</dt>
            <dd>{money(report.zakat.balance)}</dd>
          </div>
        </ReportFigures>
      </ReportSection>
      <ReportSection id="report-beneficiaries" title={SECTIONS.beneficiaries}>
        <ReportTable
          caption="الأسر الأكثر استفادة من المصروفات في الفترة"
          columns={BENEFICIARY_COLUMNS}
          rows={report.top_beneficiaries}
          rowKey={(row) => row.family.id}
          empty="لا توجد مصروفات مرتبطة بأسر في هذه الفترة"
        />
      </ReportSection>
    </>
  );
}

/**
 * /financial/report: the report of a period (in the address, the last twelve months by
 * default): totals, income and expense by month (bar and line charts, right to left, with their
 * tables beneath) and by category, restricted funds received versus spent, the zakat fund, the
 * top beneficiaries; its XLSX export; and an A4 print layout (only the report prints, with a
 * header naming the organisation, period, who printed it and when, and page numbers).
 */
export default function FinancialReportPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const period = periodFromParams(searchParams);
  const query = useFinancialReport(period);
  const setPeriod = (next: ReportPeriod) => setSearchParams({ from: next.from, to: next.to });

  return (
    <Stack {...{ [PRINT_ROOT]: '' }}>
      <ReportPrintStyles />
      <ReportPrintHeader title="التقرير المالي" from={period.from} to={period.to} />
      <div data-print-hide="">
        <PageHeader
          title={pageTitle('financial.report')}
          description={`من ${formatDate(period.from)} إلى ${formatDate(period.to)}`}
          actions={
            <>
              <Button icon="print" variant="secondary" onClick={() => window.print()}>
                طباعة
              </Button>
              <ExportButton
                endpoint={financialReportEndpoints.export}
                filePrefix="financial-report"
                params={{ from: period.from, to: period.to }}
              />
              <PageButtonLink pageId="financial.list" icon="finance" variant="secondary">
                السجلات المالية
              </PageButtonLink>
            </>
          }
        />
      </div>
      <Card data-print-hide="">
        <ReportPeriodPicker period={period} onChange={setPeriod} />
      </Card>
      {query.isPending ? (
        <LoadingState label="جارٍ إعداد التقرير المالي..." />
      ) : query.isError && !query.data ? (
        <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <ReportBody report={query.data.data} />
      ) : null}
    </Stack>
  );
}
