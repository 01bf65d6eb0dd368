import { countOf } from 'shared-contracts';
import {
  placeLabelOf,
  type FamilyNeedsReport,
  type FamilyNeedsRow,
} from 'shared-contracts/reports';
import { BarChart } from 'shared-ui/charts';
import { Muted, formatNumber, type ReportColumn } from 'shared-ui';
import {
  ReportSummary,
  TableSection,
  chartDataOf,
  countColumn,
  familyColumns,
  figureColumn,
  totalsRow,
} from '../kit';

const kcal = (value: number) => formatNumber(value);

/** The figures a family and a district share: need per day and per period, the rations. */
function needColumns<T extends Pick<FamilyNeedsRow, 'members' | 'daily_kcal' | 'period_kcal'>>() {
  return [
    countColumn<T>('members', 'الأفراد', (row) => row.members),
    figureColumn<T>('daily', 'الاحتياج اليومي', (row) => kcal(row.daily_kcal)),
    figureColumn<T>('period', 'احتياج الفترة', (row) => kcal(row.period_kcal)),
  ];
}

const rationsColumn = <T extends Pick<FamilyNeedsRow, 'rations'>>() =>
  countColumn<T>('rations', 'حصص غذائية', (row) => row.rations);

const ROW_COLUMNS: readonly ReportColumn<FamilyNeedsRow>[] = [
  ...familyColumns<FamilyNeedsRow>(),
  { id: 'district', header: 'المدينة والحي', cell: (row) => placeLabelOf(row) },
  ...needColumns<FamilyNeedsRow>(),
  figureColumn('planning', 'رقم التخطيط للفترة', (row) => kcal(row.planning_period_kcal)),
  rationsColumn<FamilyNeedsRow>(),
  {
    id: 'needs',
    header: 'الاحتياجات المسجلة',
    cell: (row) => (row.recorded_needs.length > 0 ? row.recorded_needs.join('، ') : '—'),
  },
];

type District = FamilyNeedsReport['by_district'][number];
const DISTRICT_COLUMNS: readonly ReportColumn<District>[] = [
  // A district's name repeats across cities («الروضة»): it always reads with its city.
  { id: 'district', header: 'المدينة والحي', rowHeader: true, cell: (row) => placeLabelOf(row) },
  countColumn('families', 'الأسر', (row) => row.families),
  ...needColumns<District>(),
  rationsColumn<District>(),
];

type BasketItem = FamilyNeedsReport['totals']['basket'][number];
const BASKET_COLUMNS: readonly ReportColumn<BasketItem>[] = [
  { id: 'item', header: 'الصنف', rowHeader: true, cell: (row) => row.label },
  countColumn('grams', 'غرام للحصة', (row) => row.grams_per_ration),
  countColumn('kg', 'الكمية (كغ)', (row) => row.kg),
];

/**
 * A family-needs report as the API answered it (live) or as it was archived (the snapshot,
 * never recomputed): the summary, the calorie need per district (bar chart with its table), the
 * food basket and one row per family.
 */
export function FamilyNeedsBody({ report }: { report: FamilyNeedsReport }) {
  const t = report.totals;
  const settings = report.calorie_settings;
  return (
    <>
      <ReportSummary
        id="needs-summary"
        figures={[
          { label: 'الأسر', value: formatNumber(t.families) },
          { label: 'الأفراد', value: formatNumber(t.members) },
          { label: 'الاحتياج اليومي (سعرة)', value: kcal(t.daily_kcal) },
          {
            label: `احتياج الفترة (${countOf(report.period.days, 'day')})`,
            value: kcal(t.period_kcal),
          },
          {
            label: `رقم التخطيط (${formatNumber(settings.planning_figure)} × الأفراد) للفترة`,
            value: kcal(t.planning_period_kcal),
          },
          { label: 'حصص غذائية (فرد/يوم)', value: formatNumber(t.rations) },
        ]}
      >
        <Muted>
          {`احتياج كل فرد من فئته العمرية وجنسه في إعدادات السعرات (الإصدار ${formatNumber(settings.version_number)}) مع زيادة الحمل ${formatNumber(settings.pregnancy_addition)} والرضاعة ${formatNumber(settings.lactation_addition)} سعرة، والعمر في أول يوم من الفترة. الحصة الغذائية = ${formatNumber(settings.planning_figure)} سعرة للفرد في اليوم (سلة برنامج الأغذية العالمي).`}
        </Muted>
        {t.members_unbanded > 0 ? (
          <Muted>{`${formatNumber(t.members_unbanded)} من الأفراد بلا جنس أو تاريخ ميلاد: لم يُحسب احتياجهم.`}</Muted>
        ) : null}
        {report.by_season.map((row) => (
          <Muted key={row.season.id}>{`البرنامج الموسمي: ${row.season.name}`}</Muted>
        ))}
      </ReportSummary>
      <TableSection
        id="needs-districts"
        title="حسب المدينة والحي"
        chart={
          report.by_district.length > 0 ? (
            <BarChart
              title="احتياج الفترة حسب المدينة والحي (سعرة)"
              data={chartDataOf(report.by_district, placeLabelOf, [
                { label: 'احتياج الفترة', value: (row) => row.period_kcal },
                {
                  label: 'رقم التخطيط',
                  value: (row) => row.planning_period_kcal,
                  tone: 'neutral',
                },
              ])}
              categoryLabel="المدينة والحي"
            />
          ) : null
        }
        caption="الاحتياج حسب المدينة والحي"
        columns={DISTRICT_COLUMNS}
        rows={report.by_district}
        rowKey={(row) => `${row.city ?? ''}|${row.district ?? ''}`}
        empty="لا توجد أسر معتمدة تطابق المعايير"
      />
      <TableSection
        id="needs-basket"
        title="السلة الغذائية للفترة"
        keep
        caption={`سلة ${formatNumber(t.rations)} حصة (فرد/يوم)`}
        columns={BASKET_COLUMNS}
        rows={t.basket}
        rowKey={(row) => row.code}
      />
      <TableSection
        id="needs-families"
        title="الأسر"
        caption="احتياج كل أسرة"
        columns={ROW_COLUMNS}
        rows={report.rows}
        total={{ count: report.rows_total, noun: 'family' }}
        rowKey={(row) => row.family.id}
        empty="لا توجد أسر معتمدة تطابق المعايير"
        footer={totalsRow(
          2,
          formatNumber(t.members),
          kcal(t.daily_kcal),
          kcal(t.period_kcal),
          kcal(t.planning_period_kcal),
          formatNumber(t.rations),
          '',
        )}
      />
    </>
  );
}
