import { useEffect } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import styled from 'styled-components';
import {
  HOUSING_OWNERSHIPS,
  FAMILY_INCOME_NOTE,
  RENTED_OWNERSHIP,
  familyTotalIncome,
  perCapitaIncome,
} from 'shared-contracts/beneficiaries';
import {
  CheckboxField,
  DescriptionList,
  FormGrid,
  Muted,
  NumberField,
  RepeaterRow,
  SubTitle,
  bindFields,
  formatCurrency,
} from 'shared-ui';
import { useLookups } from '../../../lib/lookups';
import type { FamilyValues } from './family-form-values';
import { ItemSelect } from '../../../lib/components/item-fields';
import { AddRowButton, RemoveRowButton } from '../../../lib/components/repeater-buttons';

/** A person of the family with the monthly income recorded on them (a form's text or a number). */
export interface MemberIncome {
  monthly_income?: number | string | null;
}

const Totals = styled.div`
  margin-block-start: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

/**
 * Housing and income (wizard step 3). The rent is asked only when the home is rented; the
 * total and per-capita income follow the rows as they are typed. `membersCount` counts the
 * head too (the wizard knows it from the members step, the edit form from its own rows).
 */
export function HousingIncomeSection({
  membersCount,
  memberIncomes,
}: {
  membersCount: number;
  /**
   * The head's and members' own monthly incomes when they are not in this form (the wizard keeps
   * them in other steps); the edit form's own head and members are read from the form.
   */
  memberIncomes?: readonly MemberIncome[];
}) {
  const { register, control, formState, setValue, getValues } = useFormContext<FamilyValues>();
  const fieldProps = bindFields(register, formState.errors);
  const lookups = useLookups();
  const { fields, append, remove } = useFieldArray({ control, name: 'income_sources' });
  const [ownership, sources, head, members] = useWatch({
    control,
    name: ['housing_ownership', 'income_sources', 'head', 'members'],
  });
  const rented = ownership === RENTED_OWNERSHIP;
  // The members' own incomes count in the family's total, as the API computes it.
  const people = memberIncomes ?? [...(head ? [head] : []), ...(members ?? [])];
  const membersIncome = familyTotalIncome([], people);
  const total = familyTotalIncome(sources ?? [], people);
  const perCapita = perCapitaIncome(total, membersCount);

  // A rent typed before the ownership changed must not be sent for a home that is not rented.
  useEffect(() => {
    if (!rented && getValues('monthly_rent')) setValue('monthly_rent', '', { shouldDirty: true });
  }, [rented, getValues, setValue]);

  return (
    <>
      <FormGrid>
        <ItemSelect
          label="نوع السكن"
          required
          items={lookups.housing_types}
          {...fieldProps('housing_type')}
        />
        <ItemSelect
          label="ملكية السكن"
          required
          items={HOUSING_OWNERSHIPS}
          {...fieldProps('housing_ownership')}
        />
        {rented ? (
          <NumberField label="الإيجار الشهري (ريال)" required {...fieldProps('monthly_rent')} />
        ) : null}
      </FormGrid>

      <SubTitle>مصادر الدخل الشهري</SubTitle>
      <Muted>{FAMILY_INCOME_NOTE}</Muted>
      {fields.length === 0 ? (
        <Muted>لا توجد مصادر دخل مسجلة. أضف كل مصدر بمبلغه الشهري.</Muted>
      ) : null}
      {fields.map((field, index) => (
        <RepeaterRow key={field.id}>
          <ItemSelect
            label={`مصدر الدخل ${index + 1}`}
            required
            items={lookups.income_source_types}
            {...fieldProps(`income_sources.${index}.source`)}
          />
          <NumberField
            label="المبلغ الشهري (ريال)"
            required
            {...fieldProps(`income_sources.${index}.amount`)}
          />
          <CheckboxField
            label="تم التحقق بمستند"
            {...register(`income_sources.${index}.verified`)}
          />
          <RemoveRowButton label={`حذف مصدر الدخل ${index + 1}`} onClick={() => remove(index)} />
        </RepeaterRow>
      ))}
      <AddRowButton onClick={() => append({ source: '', amount: '', verified: false })}>
        إضافة مصدر دخل
      </AddRowButton>

      <Totals aria-live="polite">
        <DescriptionList
          items={[
            { label: 'إجمالي الدخل الشهري', value: formatCurrency(total) },
            { label: `دخل الفرد (عدد الأفراد: ${membersCount})`, value: formatCurrency(perCapita) },
            { label: 'منه دخل الأفراد المسجل لهم', value: formatCurrency(membersIncome) },
          ]}
        />
      </Totals>
    </>
  );
}
