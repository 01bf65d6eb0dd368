import { countOf } from 'shared-contracts';
import type { FamilyNeedsReport, FamilyNeedsRow } from 'shared-contracts/reports';
import { BarChart } from 'shared-ui/charts';
import {
  LtrText,
  Muted,
  PageLink,
  formatNumber,
  ReportTable,
  type ReportColumn,
  ReportFigures,
} from 'shared-ui';
import { ReportSection } from './services-report-parts';

const kcal = (value: number) => formatNumber(value);

const ROW_COLUMNS: readonly ReportColumn<FamilyNeedsRow>[] = [
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
  { id: 'district', header: 'الحي', cell: (row) => row.district_label },
  { id: 'members', header: 'الأفراد', align: 'end', cell: (row) => formatNumber(row.members) },
  { id: 'daily', header: 'الاحتياج اليومي', align: 'end', cell: (row) => kcal(row.daily_kcal) },
  { id: 'period', header: 'احتياج الفترة', align: 'end', cell: (row) => kcal(row.period_kcal) },
  {
    id: 'planning',
    header: 'رقم التخطيط للفترة',
    align: 'end',
    cell: (row) => kcal(row.planning_period_kcal),
  },
  { id: 'rations', header: 'حصص غذائية', align: 'end', cell: (row) => formatNumber(row.rations) },
  {
    id: 'needs',
    header: 'الاحتياجات المسجلة',
    cell: (row) => (row.recorded_needs.length > 0 ? row.recorded_needs.join('، ') : '—'),
  },
];

type District = FamilyNeedsReport['by_district'][number];
const DISTRICT_COLUMNS: readonly ReportColumn<District>[] = [
  { id: 'district', header: 'الحي', rowHeader: true, cell: (row) => row.district_label },
  { id: 'families', header: 'الأسر', align: 'end', cell: (row) => formatNumber(row.families) },
  { id: 'members', header: 'الأفراد', align: 'end', cell: (row) => formatNumber(row.members) },
  { id: 'daily', header: 'الاحتياج اليومي', align: 'end', cell: (row) => kcal(row.daily_kcal) },
  { id: 'period', header: 'احتياج الفترة', align: 'end', cell: (row) => kcal(row.period_kcal) },
  { id: 'rations', header: 'حصص غذائية', align: 'end', cell: (row) => formatNumber(row.rations) },
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
      <ReportSection id="needs-summary" title="الملخص" keep>
        <ReportFigures>
          <div>
            <dt>الأسر</dt>
            <dd>{formatNumber(t.families)}</dd>
          </div>
          <div>
            <dt>الأفراد</dt>
            <dd>{formatNumber(t.members)}</dd>
          </div>
          <div>
            <dt>الاحتياج اليومي (سعرة)</dt>
            <dd>{kcal(t.daily_kcal)}</dd>
          </div>
          <div>
            <dt>{`احتياج الفترة (${countOf(report.period.days, 'day')})`}</dt>
            <dd>{kcal(t.period_kcal)}</dd>
          </div>
          <div>
            <dt>{`رقم التخطيط (${formatNumber(settings.planning_figure)} × الأفراد) للفترة`}</dt>
            <dd>{kcal(t.planning_period_kcal)}</dd>
          </div>
          <div>
            <dt>حصص غذائية (فرد/يوم)</dt>
            <dd>{formatNumber(t.rations)}</dd>
          </div>
        </ReportFigures>
        <Muted>
          {`احتياج كل فرد من فئته العمرية وجنسه في إعدادات السعرات (الإصدار ${formatNumber(settings.version_number)}) مع زيادة الحمل ${formatNumber(settings.pregnancy_addition)} والرضاعة ${formatNumber(settings.lactation_addition)} سعرة، والعمر في أول يوم من الفترة. الحصة الغذائية = ${formatNumber(settings.planning_figure)} سعرة للفرد في اليوم (سلة برنامج الأغذية العالمي).`}
        </Muted>
        {t.members_unbanded > 0 ? (
          <Muted>{`${formatNumber(t.members_unbanded)} من الأفراد بلا جنس أو تاريخ ميلاد: لم يُحسب احتياجهم.`}</Muted>
        ) : null}
        {report.by_season.map((row) => (
          <Muted key={row.season.id}>{`البرنامج الموسمي: ${row.season.name}`}</Muted>
        ))}
      </ReportSection>
      <ReportSection id="needs-districts" title="حسب الحي">
        {report.by_district.length > 0 ? (
          <BarChart
            title="احتياج الفترة حسب الحي (سعرة)"
            data={{
              labels: report.by_district.map((row) => row.district_label),
              series: [
                {
                  label: 'احتياج الفترة',
                  values: report.by_district.map((row) => row.period_kcal),
                },
                {
                  label: 'رقم التخطيط',
                  values: report.by_district.map((row) => row.planning_period_kcal),
                  tone: 'neutral' as const,
                },
              ],
            }}
            categoryLabel="الحي"
          />
        ) : null}
        <ReportTable
          caption="الاحتياج حسب الحي"
          columns={DISTRICT_COLUMNS}
          rows={report.by_district}
          rowKey={(row) => row.district ?? ''}
          empty="لا توجد أسر معتمدة تطابق المعايير"
        />
      </ReportSection>
      <ReportSection id="needs-basket" title="السلة الغذائية للفترة" keep>
        <ReportTable
          caption={`سلة ${formatNumber(t.rations)} حصة (فرد/يوم)`}
          columns={[
            { id: 'item', header: 'الصنف', rowHeader: true, cell: (row) => row.label },
            {
              id: 'grams',
              header: 'غرام للحصة',
              align: 'end',
              cell: (row) => formatNumber(row.grams_per_ration),
            },
            { id: 'kg', header: 'الكمية (كغ)', align: 'end', cell: (row) => formatNumber(row.kg) },
          ]}
          rows={t.basket}
          rowKey={(row) => row.code}
        />
      </ReportSection>
      <ReportSection id="needs-families" title="الأسر">
        <ReportTable
          caption="احتياج كل أسرة"
          columns={ROW_COLUMNS}
          rows={report.rows}
          total={{ count: report.rows_total, noun: 'family' }}
          rowKey={(row) => row.family.id}
          empty="لا توجد أسر معتمدة تطابق المعايير"
          footer={[
            'الإجمالي',
            '',
            '',
            formatNumber(t.members),
            kcal(t.daily_kcal),
            kcal(t.period_kcal),
            kcal(t.planning_period_kcal),
            formatNumber(t.rations),
            '',
          ]}
        />
      </ReportSection>
    </>
  );
}
