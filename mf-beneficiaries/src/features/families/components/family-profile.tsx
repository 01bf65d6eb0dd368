import {
  HOUSING_OWNERSHIPS,
  NEED_PRIORITIES,
  labelOf,
  type FamilyDetail,
} from 'shared-contracts/beneficiaries';
import { ageOf } from 'shared-contracts';
import {
  Badge,
  Card,
  DescriptionList,
  Identifier,
  NationalId,
  PhoneNumber,
  SectionTitle,
  formatCurrency,
  formatDateDual,
  formatDateTime,
} from 'shared-ui';
import { OverdueBadge } from '../../../lib/components/family-status-badge';

const phone = (value: string | null) => <PhoneNumber value={value} />;

/** The family's profile on its show page: head, contact, housing and income, needs, consent. */
export function FamilyProfile({ family }: { family: FamilyDetail }) {
  const head = family.members.find((member) => member.relationship === 'head');
  return (
    <>
      <Card as="section" aria-labelledby="family-head">
        <SectionTitle id="family-head">رب الأسرة</SectionTitle>
        <DescriptionList
          items={[
            { label: 'الاسم', value: family.head_name },
            { label: 'رقم الهوية', value: <NationalId value={family.head_national_id} /> },
            {
              label: 'تاريخ الميلاد',
              value: head
                ? `${formatDateDual(head.birth_date)}${head.age === null ? '' : ` — ${ageOf(head.age)}`}`
                : '',
            },
            { label: 'الحالة الاجتماعية', value: head?.marital_status?.label ?? '' },
            { label: 'جوال رب الأسرة', value: phone(head?.phone ?? null) },
          ]}
        />
      </Card>
      <Card as="section" aria-labelledby="family-contact">
        <SectionTitle id="family-contact">التواصل والعنوان</SectionTitle>
        <DescriptionList
          items={[
            { label: 'الجوال الأساسي', value: phone(family.primary_phone) },
            { label: 'الجوال البديل', value: phone(family.alt_phone) },
            { label: 'المدينة', value: family.city?.label ?? '' },
            { label: 'الحي', value: family.district?.label ?? '' },
            { label: 'العنوان', value: family.address },
            {
              label: 'العنوان الوطني المختصر',
              value: <Identifier value={family.national_address_short_code} />,
            },
          ]}
        />
      </Card>
      <Card as="section" aria-labelledby="family-housing">
        <SectionTitle id="family-housing">السكن والدخل</SectionTitle>
        <DescriptionList
          items={[
            { label: 'نوع السكن', value: family.housing_type?.label ?? '' },
            { label: 'ملكية السكن', value: labelOf(HOUSING_OWNERSHIPS, family.housing_ownership) },
            {
              label: 'الإيجار الشهري',
              value: family.monthly_rent === null ? '' : formatCurrency(family.monthly_rent),
            },
            {
              label: 'مصادر الدخل',
              value:
                family.income_sources.length === 0
                  ? 'لا توجد'
                  : family.income_sources
                      .map(
                        (source) =>
                          `${source.source.label}: ${formatCurrency(source.amount)}${source.verified ? ' (موثق)' : ''}`,
                      )
                      .join('، '),
            },
            { label: 'إجمالي الدخل الشهري', value: formatCurrency(family.total_income) },
            { label: 'دخل الفرد', value: formatCurrency(family.per_capita_income) },
          ]}
        />
      </Card>
      <Card as="section" aria-labelledby="family-needs">
        <SectionTitle id="family-needs">الفئات والاحتياجات والمتابعة</SectionTitle>
        <DescriptionList
          items={[
            {
              label: 'الفئات',
              value: family.categories.map((category) => category.label).join('، '),
            },
            {
              label: 'الاحتياجات',
              value:
                family.needs.length === 0
                  ? 'لا توجد'
                  : family.needs
                      .map(
                        (need) =>
                          `${need.need_type.label} (${labelOf(NEED_PRIORITIES, need.priority)})${need.description ? `: ${need.description}` : ''}${need.fulfilled_at ? ' — تمت تلبيته' : ''}`,
                      )
                      .join('، '),
            },
            {
              label: 'الموافقة على معالجة البيانات',
              // Only «نعم» is the badge (a badge does not wrap): the date and who recorded it
              // are text that may wrap on a phone instead of pushing the page sideways.
              value: family.consent_data_processing ? (
                <>
                  <Badge tone="success">نعم</Badge>
                  {family.consent_date ? ` ${formatDateTime(family.consent_date)}` : ''}
                  {family.consent_by ? ` — ${family.consent_by.name}` : ''}
                </>
              ) : (
                <Badge tone="warning">لم تُسجل الموافقة</Badge>
              ),
            },
            {
              label: 'المشاركة مع الجهات الشريكة',
              value: family.consent_share_with_partners ? 'موافق' : 'غير موافق',
            },
            { label: 'الباحث الاجتماعي', value: family.researcher?.name ?? 'غير معيّن' },
            {
              label: 'موعد إعادة التقييم',
              value: family.next_reassessment_date ? (
                <>
                  {formatDateDual(family.next_reassessment_date)}{' '}
                  {family.reassessment_overdue ? <OverdueBadge /> : null}
                </>
              ) : (
                ''
              ),
            },
            { label: 'ملاحظات', value: family.notes },
          ]}
        />
      </Card>
    </>
  );
}
