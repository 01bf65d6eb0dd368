import {
  MEDICAL_MESSAGES,
  type MedicalIndividual,
  type MedicalReport,
} from 'shared-contracts/reports';
import { BarChart, DoughnutChart, LineChart } from 'shared-ui/charts';
import {
  Muted,
  ReportSection,
  ReportTable,
  formatCurrency,
  formatNumber,
  type ReportColumn,
} from 'shared-ui';
import {
  ReportSummary,
  TableSection,
  chartDataOf,
  countColumn,
  familyFileLinkColumn,
  figureColumn,
} from '../kit';

const n = (value: number) => formatNumber(value);

type Condition = MedicalReport['by_condition'][number];
type Disability = MedicalReport['by_disability'][number];
type Area = MedicalReport['by_area'][number];
type ServiceType = MedicalReport['services_by_type'][number];
type SexAge = MedicalReport['by_sex_age'][number];

const sexSplit = <T extends { members: number; male: number; female: number }>(
  first: ReportColumn<T>,
): readonly ReportColumn<T>[] => [
  first,
  countColumn('members', 'الأفراد', (row) => row.members),
  countColumn('male', 'ذكور', (row) => row.male),
  countColumn('female', 'إناث', (row) => row.female),
];

/** The members of a group (a sex and age band, an area) and how many have a condition or a disability. */
const affectedColumns = <
  T extends Pick<SexAge, 'members' | 'with_condition' | 'with_disability'>,
>() => [
  countColumn<T>('members', 'الأفراد', (row) => row.members),
  countColumn<T>('condition', 'بحالة صحية', (row) => row.with_condition),
  countColumn<T>('disability', 'ذوو إعاقة', (row) => row.with_disability),
];

const CONDITION_COLUMNS = sexSplit<Condition>({
  id: 'condition',
  header: 'الحالة الصحية',
  rowHeader: true,
  cell: (row) => row.label,
});

const DISABILITY_COLUMNS = sexSplit<Disability>({
  id: 'disability',
  header: 'نوع الإعاقة',
  rowHeader: true,
  cell: (row) => row.label,
});

const SEX_AGE_COLUMNS: readonly ReportColumn<SexAge>[] = [
  {
    id: 'group',
    header: 'الفئة',
    rowHeader: true,
    cell: (row) => `${row.sex_label} — ${row.age_band_label}`,
  },
  ...affectedColumns<SexAge>(),
];

const AREA_COLUMNS: readonly ReportColumn<Area>[] = [
  {
    id: 'area',
    header: 'المدينة — الحي',
    rowHeader: true,
    cell: (row) => `${row.city_label} — ${row.district_label}`,
  },
  ...affectedColumns<Area>(),
  countColumn('services', 'خدمات طبية', (row) => row.services),
];

const TYPE_COLUMNS: readonly ReportColumn<ServiceType>[] = [
  { id: 'type', header: 'نوع الخدمة', rowHeader: true, cell: (row) => row.type_name },
  countColumn('services', 'الخدمات', (row) => row.services),
  countColumn('delivered', 'المنفذة', (row) => row.delivered),
  figureColumn('cost', 'تكلفة المنفذة', (row) => formatCurrency(row.cost)),
];

type ServiceStatus = MedicalReport['services_by_status'][number];
const STATUS_COLUMNS: readonly ReportColumn<ServiceStatus>[] = [
  { id: 'status', header: 'الحالة', rowHeader: true, cell: (row) => row.label },
  countColumn('services', 'الخدمات', (row) => row.services),
];

const INDIVIDUAL_COLUMNS: readonly ReportColumn<MedicalIndividual>[] = [
  { id: 'name', header: 'الاسم', rowHeader: true, cell: (row) => row.full_name },
  familyFileLinkColumn<MedicalIndividual>('رقم الملف'),
  { id: 'sex', header: 'الجنس', cell: (row) => row.sex_label },
  figureColumn('age', 'العمر', (row) => (row.age === null ? '—' : n(row.age))),
  { id: 'condition', header: 'الحالة الصحية', cell: (row) => row.health_status_label },
  {
    id: 'disabilities',
    header: 'الإعاقات',
    cell: (row) => (row.disability_labels.length > 0 ? row.disability_labels.join('، ') : '—'),
  },
  { id: 'district', header: 'الحي', cell: (row) => row.district_label },
  countColumn('services', 'خدمات طبية', (row) => row.services),
];

/** Bars of one band per sex: a series per sex, a category per age band. */
function sexAgeChart(cells: readonly SexAge[]) {
  const bands = [...new Set(cells.map((cell) => cell.age_band_label))];
  const sexes = [...new Set(cells.map((cell) => cell.sex_label))];
  return {
    labels: bands,
    series: sexes.map((sex) => ({
      label: sex,
      values: bands.map(
        (band) =>
          cells.find((cell) => cell.sex_label === sex && cell.age_band_label === band)
            ?.with_condition ?? 0,
      ),
    })),
  };
}

/**
 * A medical report as the API answered it (live) or as it was archived (the snapshot, never
 * recomputed): the summary, conditions and disabilities, sex × age band, areas, the medical
 * services by type, status and month, and — only when the answer holds them — the individuals.
 */
export function MedicalBody({ report }: { report: MedicalReport }) {
  const s = report.summary;
  return (
    <>
      <ReportSummary
        id="medical-summary"
        figures={[
          { label: 'الأسر', value: n(s.families) },
          { label: 'الأفراد', value: n(s.members) },
          { label: 'أفراد بحالة صحية', value: n(s.members_with_condition) },
          { label: 'أفراد ذوو إعاقة', value: n(s.members_with_disability) },
          { label: 'أسر فيها حالة صحية أو إعاقة', value: n(s.families_affected) },
          { label: 'الخدمات الطبية', value: n(s.services) },
          { label: 'الخدمات الطبية المنفذة', value: n(s.services_delivered) },
          { label: 'تكلفة الخدمات المنفذة', value: formatCurrency(s.services_cost) },
        ]}
      >
        <Muted>
          {`الحالة الصحية كما هي مسجلة لأفراد الأسر المعتمدة، والعمر في آخر يوم من الفترة؛ الخدمات الطبية ما طُلب منها في الفترة. أفراد بلا حالة صحية مسجلة: ${n(s.members_unrecorded)}، خدمات مفتوحة: ${n(s.services_open)}، أسر مخدومة: ${n(s.families_served)}.`}
        </Muted>
      </ReportSummary>
      <TableSection
        id="medical-conditions"
        title="حسب الحالة الصحية"
        chart={
          report.by_condition.length > 0 ? (
            <DoughnutChart
              title="الأفراد حسب الحالة الصحية"
              data={chartDataOf(report.by_condition, (row) => row.label, [
                { label: 'الأفراد', value: (row) => row.members },
              ])}
              categoryLabel="الحالة الصحية"
              table="toggle"
            />
          ) : null
        }
        caption="الأفراد حسب الحالة الصحية والجنس"
        columns={CONDITION_COLUMNS}
        rows={report.by_condition}
        rowKey={(row) => row.code ?? ''}
        empty="لا يوجد أفراد يطابقون المعايير"
      />
      <TableSection
        id="medical-disabilities"
        title="حسب نوع الإعاقة"
        chart={
          report.by_disability.length > 0 ? (
            <BarChart
              title="الأفراد ذوو الإعاقة حسب نوعها"
              data={chartDataOf(report.by_disability, (row) => row.label, [
                { label: 'ذكور', value: (row) => row.male },
                { label: 'إناث', value: (row) => row.female },
              ])}
              categoryLabel="نوع الإعاقة"
              table="toggle"
            />
          ) : null
        }
        caption="الأفراد حسب نوع الإعاقة والجنس"
        columns={DISABILITY_COLUMNS}
        rows={report.by_disability}
        rowKey={(row) => row.code}
        empty="لا توجد إعاقات مسجلة"
      />
      <TableSection
        id="medical-sex-age"
        title="حسب الجنس والفئة العمرية"
        chart={
          <BarChart
            title="الأفراد بحالة صحية حسب الفئة العمرية والجنس"
            data={sexAgeChart(report.by_sex_age)}
            categoryLabel="الفئة العمرية"
            table="toggle"
          />
        }
        caption="الأفراد حسب الجنس والفئة العمرية"
        columns={SEX_AGE_COLUMNS}
        rows={report.by_sex_age}
        rowKey={(row) => `${row.sex ?? ''}|${row.age_band ?? ''}`}
      />
      <TableSection
        id="medical-areas"
        title="حسب المدينة والحي"
        caption="الحالات والخدمات حسب المدينة والحي"
        columns={AREA_COLUMNS}
        rows={report.by_area}
        rowKey={(row) => `${row.city ?? ''}|${row.district ?? ''}`}
        empty="لا يوجد أفراد أو خدمات تطابق المعايير"
      />
      <ReportSection id="medical-services" title="الخدمات الطبية">
        <LineChart
          title="الخدمات الطبية حسب الشهر"
          data={chartDataOf(report.services_by_month, (row) => row.month, [
            { label: 'المطلوبة', value: (row) => row.services },
            { label: 'المنفذة', value: (row) => row.delivered, tone: 'success' },
          ])}
          categoryLabel="الشهر"
          table="toggle"
        />
        <ReportTable
          caption="الخدمات الطبية حسب النوع"
          columns={TYPE_COLUMNS}
          rows={report.services_by_type}
          rowKey={(row) => row.type_id}
          empty="لا توجد خدمات طبية في هذه الفترة"
        />
        <ReportTable
          caption="الخدمات الطبية حسب الحالة"
          columns={STATUS_COLUMNS}
          rows={report.services_by_status}
          rowKey={(row) => row.status}
        />
      </ReportSection>
      <ReportSection id="medical-individuals" title="الأفراد">
        {report.individuals === null ? (
          <Muted>{MEDICAL_MESSAGES.individualsHidden}</Muted>
        ) : (
          <ReportTable
            caption="الأفراد ذوو الحالات الصحية والإعاقات"
            columns={INDIVIDUAL_COLUMNS}
            rows={report.individuals}
            total={{ count: report.individuals_total ?? report.individuals.length, noun: 'member' }}
            rowKey={(row) => row.member_id}
            empty="لا يوجد أفراد بحالة صحية أو إعاقة"
          />
        )}
      </ReportSection>
    </>
  );
}
