import {
  FAMILY_WIZARD_STEPS,
  GENDERS,
  HOUSING_OWNERSHIPS,
  NEED_PRIORITIES,
  RELATIONSHIPS,
  familyTotalIncome,
  isRecord,
  labelOf,
  mergeWizardStepsData,
  perCapitaIncome,
  validateWizardForSubmit,
  wizardStepOfField,
  type FamilyWizardDraft,
} from 'shared-contracts/beneficiaries';
import {
  Button,
  Card,
  DescriptionList,
  FormActions,
  Identifier,
  Money,
  NationalId,
  Notice,
  PhoneNumber,
  PREVIOUS_ICON,
  Row,
  Stack,
  SubTitle,
  formatCurrency,
  formatDateDual,
  type DescriptionItem,
} from 'shared-ui';
import styled from 'styled-components';
import { districtsOfCity, useLookups, useResearchers } from '../../../../lib/lookups';

const Issues = styled.ul`
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.space.lg};
`;

const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter(isRecord) : [];

/**
 * The last step: everything entered, step by step, each with a link back to edit it; the
 * problems that would stop the submission; submit for review or save as a server draft.
 */
export function ReviewStep({
  draft,
  submitting,
  savingDraft,
  onEdit,
  onSubmit,
  onSaveDraft,
  onBack,
}: {
  draft: FamilyWizardDraft;
  submitting: boolean;
  savingDraft: boolean;
  onEdit: (step: number) => void;
  onSubmit: () => void;
  onSaveDraft: () => void;
  onBack: () => void;
}) {
  const lookups = useLookups();
  const researchers = useResearchers();
  const body = mergeWizardStepsData(draft);
  const head = isRecord(body.head) ? body.head : {};
  const members = list(body.members);
  const sources = list(body.income_sources);
  // The sources and the head's and members' own incomes, as the API counts them.
  const total = familyTotalIncome(
    sources.map((source) => ({ amount: str(source.amount) })),
    [head, ...members].map((person) => ({ monthly_income: str(person.monthly_income) })),
  );
  const perCapita = perCapitaIncome(total, members.length + 1);
  const validation = validateWizardForSubmit(draft);
  const issues = validation.success
    ? []
    : validation.error.issues.map((issue) => ({
        step: wizardStepOfField(issue.path) ?? 1,
        message: issue.message,
        key: issue.path.join('.'),
      }));
  const researcherId = str(body.assigned_researcher_id);

  const sections: { step: number; items: DescriptionItem[] }[] = [
    {
      step: 1,
      items: [
        { label: 'الاسم', value: str(head.full_name) },
        { label: 'رقم الهوية', value: <NationalId value={str(head.national_id)} /> },
        { label: 'الجنس', value: labelOf(GENDERS, str(head.gender)) },
        {
          label: 'تاريخ الميلاد',
          value: str(head.birth_date) ? formatDateDual(str(head.birth_date)) : '',
        },
        {
          label: 'الحالة الاجتماعية',
          value: labelOf(lookups.marital_statuses, str(head.marital_status)),
        },
        { label: 'الجوال', value: <PhoneNumber value={str(head.phone)} /> },
      ],
    },
    {
      step: 2,
      items: [
        { label: 'الجوال الأساسي', value: <PhoneNumber value={str(body.primary_phone)} /> },
        { label: 'الجوال البديل', value: <PhoneNumber value={str(body.alt_phone)} /> },
        { label: 'المدينة', value: labelOf(lookups.cities, str(body.city)) },
        {
          label: 'الحي',
          value: labelOf(districtsOfCity(lookups, str(body.city)), str(body.district)),
        },
        { label: 'العنوان', value: str(body.address) },
        {
          label: 'العنوان الوطني المختصر',
          value: <Identifier value={str(body.national_address_short_code)} />,
        },
      ],
    },
    {
      step: 3,
      items: [
        { label: 'نوع السكن', value: labelOf(lookups.housing_types, str(body.housing_type)) },
        { label: 'ملكية السكن', value: labelOf(HOUSING_OWNERSHIPS, str(body.housing_ownership)) },
        // Read as the schema reads it ("1,500", "١٬٥٠٠" → 1500): shown as it will be saved.
        { label: 'الإيجار الشهري', value: <Money value={str(body.monthly_rent)} /> },
        {
          label: 'مصادر الدخل',
          value: sources
            .map(
              (source) =>
                `${labelOf(lookups.income_source_types, str(source.source))}: ${formatCurrency(str(source.amount))}`,
            )
            .join('، '),
        },
        { label: 'إجمالي الدخل الشهري', value: formatCurrency(total) },
        { label: 'دخل الفرد', value: formatCurrency(perCapita) },
      ],
    },
    {
      step: 4,
      items: [
        { label: 'عدد الأفراد (مع رب الأسرة)', value: String(members.length + 1) },
        {
          label: 'الأفراد',
          value: members
            .map(
              (member) =>
                `${str(member.full_name)} (${labelOf(RELATIONSHIPS, str(member.relationship))})`,
            )
            .join('، '),
        },
      ],
    },
    {
      step: 5,
      items: [
        {
          label: 'الفئات',
          value: (Array.isArray(body.categories) ? body.categories : [])
            .map((code) => labelOf(lookups.family_categories, str(code)))
            .join('، '),
        },
        {
          label: 'الاحتياجات',
          value: list(body.needs)
            .map(
              (need) =>
                `${labelOf(lookups.need_types, str(need.need_type))} (${labelOf(NEED_PRIORITIES, str(need.priority))})`,
            )
            .join('، '),
        },
        {
          label: 'الموافقة على معالجة البيانات',
          value: body.consent_data_processing === true ? 'نعم' : 'لا',
        },
        {
          label: 'الموافقة على المشاركة مع الجهات الشريكة',
          value: body.consent_share_with_partners === true ? 'نعم' : 'لا',
        },
        {
          label: 'الباحث الاجتماعي',
          value: researcherId
            ? (researchers.data?.find((researcher) => String(researcher.id) === researcherId)
                ?.name ?? `#${researcherId}`)
            : '',
        },
        {
          label: 'موعد إعادة التقييم',
          value: str(body.next_reassessment_date)
            ? formatDateDual(str(body.next_reassessment_date))
            : '',
        },
        { label: 'ملاحظات', value: str(body.notes) },
      ],
    },
  ];

  return (
    <Stack>
      {issues.length > 0 ? (
        <Notice tone="warning" role="status">
          <p>أكمل ما يلي قبل الإرسال للمراجعة (يمكنك الحفظ كمسودة الآن):</p>
          <Issues>
            {issues.map((issue) => (
              <li key={issue.key}>
                {FAMILY_WIZARD_STEPS[issue.step - 1]?.title}: {issue.message}
              </li>
            ))}
          </Issues>
        </Notice>
      ) : null}
      {sections.map((section) => {
        const title = FAMILY_WIZARD_STEPS[section.step - 1]?.title ?? '';
        return (
          <Card as="section" key={section.step} aria-label={title}>
            <Row $justify="between">
              <SubTitle>{title}</SubTitle>
              <Button
                size="sm"
                variant="ghost"
                icon="edit"
                aria-label={`تعديل ${title}`}
                onClick={() => onEdit(section.step)}
              >
                تعديل
              </Button>
            </Row>
            <DescriptionList items={section.items} />
          </Card>
        );
      })}
      <FormActions>
        <Button icon="check" loading={submitting} disabled={savingDraft} onClick={onSubmit}>
          إرسال للمراجعة
        </Button>
        <Button
          variant="secondary"
          icon={PREVIOUS_ICON}
          onClick={onBack}
          disabled={submitting || savingDraft}
        >
          السابق
        </Button>
        <Button variant="ghost" loading={savingDraft} disabled={submitting} onClick={onSaveDraft}>
          حفظ كمسودة
        </Button>
      </FormActions>
    </Stack>
  );
}
