import type { ReactNode } from 'react';
import {
  MEDICAL_MESSAGES,
  type MedicalIndividual,
  type MedicalReport,
} from 'shared-contracts/reports';
import { BarChart, DoughnutChart, LineChart } from 'shared-ui/charts';
import {
  LtrText,
  Muted,
  PageLink,
  formatCurrency,
  formatNumber,
  ReportTable,
  type ReportColumn,
  ReportFigures,
} from 'shared-ui';
import { ReportSection } from './services-report-parts';

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
  { id: 'members', header: 'الأفراد', align: 'end', cell: (row) => n(row.members) },
  { id: 'male', header: 'ذكور', align: 'end', cell: (row) => n(row.male) },
  { id: 'female', header: 'إناث', align: 'end', cell: (row) => n(row.female) },
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
  { id: 'members', header: 'الأفراد', align: 'end', cell: (row) => n(row.members) },
  { id: 'condition', header: 'بحالة صحية', align: 'end', cell: (row) => n(row.with_condition) },
  { id: 'disability', header: 'ذوو إعاقة', align: 'end', cell: (row) => n(row.with_disability) },
];

const AREA_COLUMNS: readonly ReportColumn<Area>[] = [
  {
    id: 'area',
    header: 'المدينة — الحي',
    rowHeader: true,
    cell: (row) => `${row.city_label} — ${row.district_label}`,
  },
  { id: 'members', header: 'الأفراد', align: 'end', cell: (row) => n(row.members) },
  { id: 'condition', header: 'بحالة صحية', align: 'end', cell: (row) => n(row.with_condition) },
  { id: 'disability', header: 'ذوو إعاقة', align: 'end', cell: (row) => n(row.with_disability) },
  { id: 'services', header: 'خدمات طبية', align: 'end', cell: (row) => n(row.services) },
];

const TYPE_COLUMNS: readonly ReportColumn<ServiceType>[] = [
  { id: 'type', header: 'نوع الخدمة', rowHeader: true, cell: (row) => row.type_name },
  { id: 'services', header: 'الخدمات', align: 'end', cell: (row) => n(row.services) },
  { id: 'delivered', header: 'المنفذة', align: 'end', cell: (row) => n(row.delivered) },
  { id: 'cost', header: 'تكلفة المنفذة', align: 'end', cell: (row) => formatCurrency(row.cost) },
];

const INDIVIDUAL_COLUMNS: readonly ReportColumn<MedicalIndividual>[] = [
  { id: 'name', header: 'الاسم', rowHeader: true, cell: (row) => row.full_name },
  {
    id: 'file',
    header: 'رقم الملف',
    cell: (row) => (
      <PageLink pageId="families.show" params={{ id: row.family.id }}>
        <LtrText>{row.family.file_number}</LtrText>
      </PageLink>
    ),
  },
  { id: 'sex', header: 'الجنس', cell: (row) => row.sex_label },
  {
    id: 'age',
    header: 'العمر',
    align: 'end',
    cell: (row) => (row.age === null ? '—' : n(row.age)),
  },
  { id: 'condition', header: 'الحالة الصحية', cell: (row) => row.health_status_label },
  {
    id: 'disabilities',
    header: 'الإعاقات',
    cell: (row) => (row.disability_labels.length > 0 ? row.disability_labels.join('، ') : '—'),
  },
  { id: 'district', header: 'الحي', cell: (row) => row.district_label },
  { id: 'services', header: 'خدمات طبية', align: 'end', cell: (row) => n(row.services) },
];

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

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
      <ReportSection id="medical-summary" title="الملخص" keep>
        <ReportFigures>
          <Figure label="الأسر">{n(s.families)}</Figure>
          <Figure label="الأفراد">{n(s.members)}</Figure>
          <Figure label="أفراد بحالة صحية">{n(s.members_with_condition)}</Figure>
          <Figure label="أفراد ذوو إعاقة">{n(s.members_with_disability)}</Figure>
          <Figure label="أسر فيها حالة صحية أو إعاقة">{n(s.families_affected)}</Figure>
          <Figure label="الخدمات الطبية">{n(s.services)}</Figure>
          <Figure label="الخدمات الطبية المنفذة">{n(s.services_delivered)}</Figure>
          <Figure label="تكلفة الخدمات المنفذة">{formatCurrency(s.services_cost)}</Figure>
        </ReportFigures>
        <Muted>
          {`الحالة الصحية كما هي مسجلة لأفراد الأسر المعتمدة، والعمر في آخر يوم من الفترة؛ الخدمات الطبية ما طُلب منها في الفترة. أفراد بلا حالة صحية مسجلة: ${n(s.members_unrecorded)}، خدمات مفتوحة: ${n(s.services_open)}، أسر مخدومة: ${n(s.families_served)}.`}
        </Muted>
      </ReportSection>
      <ReportSection id="medical-conditions" title="حسب الحالة الصحية">
        {report.by_condition.length > 0 ? (
          <DoughnutChart
            title="الأفراد حسب الحالة الصحية"
            data={{
              labels: report.by_condition.map((row) => row.label),
              series: [{ label: 'الأفراد', values: report.by_condition.map((row) => row.members) }],
            }}
            categoryLabel="الحالة الصحية"
            table="toggle"
          />
        ) : null}
        <ReportTable
          caption="الأفراد حسب الحالة الصحية والجنس"
          columns={CONDITION_COLUMNS}
          rows={report.by_condition}
          rowKey={(row) => row.code ?? ''}
          empty="لا يوجد أفراد يطابقون المعايير"
        />
      </ReportSection>
      <ReportSection id="medical-disabilities" title="حسب نوع الإعاقة">
        {report.by_disability.length > 0 ? (
          <BarChart
            title="الأفراد ذوو الإعاقة حسب نوعها"
            data={{
              labels: report.by_disability.map((row) => row.label),
              series: [
                { label: 'ذكور', values: report.by_disability.map((row) => row.male) },
                { label: 'إناث', values: report.by_disability.map((row) => row.female) },
              ],
            }}
            categoryLabel="نوع الإعاقة"
            table="toggle"
          />
        ) : null}
        <ReportTable
          caption="الأفراد حسب نوع الإعاقة والجنس"
          columns={DISABILITY_COLUMNS}
          rows={report.by_disability}
          rowKey={(row) => row.code}
          empty="لا توجد إعاقات مسجلة"
        />
      </ReportSection>
      <ReportSection id="medical-sex-age" title="حسب الجنس والفئة العمرية">
        <BarChart
          title="الأفراد بحالة صحية حسب الفئة العمرية والجنس"
          data={sexAgeChart(report.by_sex_age)}
          categoryLabel="الفئة العمرية"
          table="toggle"
        />
        <ReportTable
          caption="الأفراد حسب الجنس والفئة العمرية"
          columns={SEX_AGE_COLUMNS}
          rows={report.by_sex_age}
          rowKey={(row) => `${row.sex ?? ''}|${row.age_band ?? ''}`}
        />
      </ReportSection>
      <ReportSection id="medical-areas" title="حسب المدينة والحي">
        <ReportTable
          caption="الحالات والخدمات حسب المدينة والحي"
          columns={AREA_COLUMNS}
          rows={report.by_area}
          rowKey={(row) => `${row.city ?? ''}|${row.district ?? ''}`}
          empty="لا يوجد أفراد أو خدمات تطابق المعايير"
        />
      </ReportSection>
      <ReportSection id="medical-services" title="الخدمات الطبية">
        <LineChart
          title="الخدمات الطبية حسب الشهر"
          data={{
            labels: report.services_by_month.map((row) => row.month),
            series: [
              { label: 'المطلوبة', values: report.services_by_month.map((row) => row.services) },
              {
                label: 'المنفذة',
                values: report.services_by_month.map((row) => row.delivered),
                tone: 'success' as const,
              },
            ],
          }}
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
          columns={[
            { id: 'status', header: 'الحالة', rowHeader: true, cell: (row) => row.label },
            { id: 'services', header: 'الخدمات', align: 'end', cell: (row) => n(row.services) },
          ]}
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
