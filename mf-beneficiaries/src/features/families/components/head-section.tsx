import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { GENDERS, idTypeFor, isFourPartName } from 'shared-contracts/beneficiaries';
import { todayIso } from 'shared-contracts';
import {
  CheckboxField,
  DateField,
  FileNumber,
  FormGrid,
  Identifier,
  PageLink,
  TextField,
  bindFields,
  errorAt,
} from 'shared-ui';
import { useLookups } from '../../../lib/lookups';
import { useNationalIdCheck } from './use-duplicate-checks';
import type { FamilyValues } from './family-form-values';
import { ItemSelect } from '../../../lib/components/item-fields';

export const FOUR_PART_NAME_HINT = 'الاسم الرباعي: الاسم، اسم الأب، اسم الجد، اسم العائلة';

/** The head of family (wizard step 1, first section of the edit form). */
export function HeadSection({ excludeFamilyId }: { excludeFamilyId?: number }) {
  const { register, control, formState, setValue, getValues } = useFormContext<FamilyValues>();
  const fieldProps = bindFields(register, formState.errors);
  const lookups = useLookups();
  const [fullName, nationalId, gender, idType] = useWatch({
    control,
    name: ['head.full_name', 'head.national_id', 'head.gender', 'head.id_type'],
  });
  const idCheck = useNationalIdCheck(nationalId, excludeFamilyId);

  // A stored ID type (edit form) follows a corrected ID, or the hidden field would fail the form.
  useEffect(() => {
    const implied = typeof nationalId === 'string' ? idTypeFor(nationalId) : null;
    if (idType && implied && implied !== idType)
      setValue('head.id_type', implied, { shouldDirty: true });
  }, [idType, nationalId, setValue]);

  // Pregnancy and lactation apply to women only: a hidden tick must not stay behind.
  useEffect(() => {
    if (gender === 'female') return;
    if (getValues('head.is_pregnant')) setValue('head.is_pregnant', false, { shouldDirty: true });
    if (getValues('head.is_lactating')) setValue('head.is_lactating', false, { shouldDirty: true });
  }, [gender, getValues, setValue]);
  const nameError = errorAt(formState.errors, 'head.full_name');
  const idError = errorAt(formState.errors, 'head.national_id') ?? idCheck.takenMessage;
  const nameHint =
    typeof fullName === 'string' &&
    fullName.trim().split(/\s+/).length >= 2 &&
    !isFourPartName(fullName)
      ? `${FOUR_PART_NAME_HINT} (يفضّل إدخال الاسم الرباعي)`
      : FOUR_PART_NAME_HINT;

  return (
    <FormGrid>
      <div data-span="full">
        <TextField
          label="الاسم الكامل لرب الأسرة"
          required
          autoComplete="off"
          hint={nameHint}
          error={nameError}
          {...register('head.full_name')}
        />
      </div>
      <div>
        <TextField
          label="رقم الهوية / الإقامة"
          required
          inputMode="numeric"
          dir="ltr"
          maxLength={14}
          autoComplete="off"
          normaliseDigits
          hint={
            idCheck.checking
              ? 'جارٍ التحقق من عدم تكرار رقم الهوية...'
              : '10 أرقام تبدأ بـ 1 (مواطن) أو 2 (مقيم)'
          }
          error={idError}
          {...register('head.national_id')}
        />
        {idCheck.taken ? (
          <PageLink pageId="families.show" params={{ id: idCheck.taken.id }}>
            فتح ملف الأسرة <FileNumber value={idCheck.taken.file_number} />
          </PageLink>
        ) : null}
      </div>
      <ItemSelect label="الجنس" required items={GENDERS} {...fieldProps('head.gender')} />
      <DateField
        label="تاريخ الميلاد"
        required
        max={todayIso()}
        {...fieldProps('head.birth_date')}
      />
      <ItemSelect
        label="الحالة الاجتماعية"
        items={lookups.marital_statuses}
        {...fieldProps('head.marital_status')}
      />
      <TextField
        label="جوال رب الأسرة"
        type="tel"
        inputMode="tel"
        dir="ltr"
        autoComplete="off"
        normaliseDigits
        hint={
          <>
            مثال: <Identifier value="0512345678" />
          </>
        }
        {...fieldProps('head.phone')}
      />
      <ItemSelect
        label="المستوى التعليمي"
        items={lookups.education_levels}
        {...fieldProps('head.education_level')}
      />
      <ItemSelect
        label="الحالة الوظيفية"
        items={lookups.employment_statuses}
        {...fieldProps('head.employment_status')}
      />
      {gender === 'female' ? (
        <>
          <CheckboxField label="حامل" {...register('head.is_pregnant')} />
          <CheckboxField label="مرضع" {...register('head.is_lactating')} />
        </>
      ) : null}
    </FormGrid>
  );
}
