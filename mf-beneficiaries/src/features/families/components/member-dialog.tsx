import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo } from 'react';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  FAMILY_MESSAGES,
  familyMemberInputSchema,
  idTypeFor,
  normaliseSaudiId,
  todayIso,
} from 'shared-contracts';
import {
  Button,
  CheckboxField,
  ChoiceGroup,
  DateField,
  Dialog,
  FormGrid,
  Notice,
  NumberField,
  SelectField,
  TextField,
  bindFields,
  errorAt,
} from 'shared-ui';
import { optionsOf, useLookups } from '../../../lib/lookups';
import { useNationalIdCheck, useSimilarMembers } from '../hooks/use-duplicate-checks';
import { emptyMember, type MemberValues } from './family-form-values';
import { FOUR_PART_NAME_HINT } from './head-section';
import { GENDER_OPTIONS, MEMBER_RELATIONSHIP_OPTIONS } from './options';

const MEDICAL_FIELDS = ['health_status', 'disabilities'] as const;

/** The schema of one member, refusing an ID already used in this family (head or another member). */
function memberSchemaFor(takenIds: readonly string[]) {
  return familyMemberInputSchema.superRefine((value, ctx) => {
    const id = typeof value.national_id === 'string' ? value.national_id : '';
    if (id !== '' && takenIds.includes(id)) {
      ctx.addIssue({
        code: 'custom',
        message: FAMILY_MESSAGES.duplicateNationalIdInFamily(id),
        path: ['national_id'],
        input: id,
      });
    }
  });
}

/**
 * Adds or edits one family member in a dialog (its own form). Pregnancy and lactation are asked
 * for women only; the live checks warn of a similar person elsewhere and block an ID already
 * registered in another family or in this one.
 */
export function MemberDialog({
  open,
  member,
  takenIds,
  excludeFamilyId,
  onSave,
  onClose,
}: {
  open: boolean;
  /** The member being edited, or null to add one. */
  member: MemberValues | null;
  /** National IDs already used in this family (the head's and the other members'). */
  takenIds: readonly string[];
  excludeFamilyId?: number;
  onSave: (member: MemberValues) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const lookups = useLookups();
  const normalisedTaken = useMemo(
    () => takenIds.filter((id) => id.trim() !== '').map(normaliseSaudiId),
    [takenIds],
  );
  // Medical fields the API withheld (no permission) stay absent: absent means "unchanged".
  const medicalHidden = member !== null && member.id !== undefined && !('health_status' in member);
  const form = useForm<MemberValues>({
    resolver: zodResolver(memberSchemaFor(normalisedTaken)) as unknown as Resolver<MemberValues>,
    defaultValues: { ...emptyMember(), ...member },
  });
  const { register, control, formState, reset, setError, setValue, getValues, handleSubmit } = form;
  const fieldProps = bindFields(register, formState.errors);

  useEffect(() => {
    if (open) reset({ ...emptyMember(), ...member });
  }, [open, member, reset]);

  const [fullName, birthDate, nationalId, gender, idType] = useWatch({
    control,
    name: ['full_name', 'birth_date', 'national_id', 'gender', 'id_type'],
  });
  const idCheck = useNationalIdCheck(nationalId, excludeFamilyId);
  const similar = useSimilarMembers(fullName, birthDate, excludeFamilyId).filter(
    (match) => match.member_id !== member?.id,
  );

  // A stored ID type follows a corrected ID (it is not shown, so it must not fail the form).
  useEffect(() => {
    const implied = typeof nationalId === 'string' ? idTypeFor(nationalId) : null;
    if (idType && implied && implied !== idType) setValue('id_type', implied);
  }, [idType, nationalId, setValue]);

  useEffect(() => {
    if (gender === 'female') return;
    if (getValues('is_pregnant')) setValue('is_pregnant', false);
    if (getValues('is_lactating')) setValue('is_lactating', false);
  }, [gender, getValues, setValue]);

  const save = () => {
    if (idCheck.takenMessage) {
      setError(
        'national_id',
        { type: 'duplicate', message: idCheck.takenMessage },
        { shouldFocus: true },
      );
      return;
    }
    const values = { ...getValues() };
    if (medicalHidden) for (const field of MEDICAL_FIELDS) delete values[field];
    onSave(values);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={member ? 'تعديل بيانات الفرد' : 'إضافة فرد للأسرة'}
      footer={
        <>
          <Button type="submit" form={formId} icon="check">
            حفظ الفرد
          </Button>
          <Button variant="secondary" onClick={onClose}>
            إلغاء
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <form
          id={formId}
          noValidate
          onSubmit={(event) => {
            // The dialog is portalled but still inside the page's React tree: keep its submit
            // from reaching the family form around it.
            event.stopPropagation();
            void handleSubmit(save)(event);
          }}
        >
          {similar.length > 0 ? (
            <Notice tone="warning">
              {similar.map((match) => (
                <p key={match.member_id}>
                  {FAMILY_MESSAGES.similarMember(match.family)} — «{match.full_name}».
                </p>
              ))}
            </Notice>
          ) : null}
          <FormGrid>
            <div data-span="full">
              <TextField
                label="الاسم الكامل"
                required
                autoComplete="off"
                hint={FOUR_PART_NAME_HINT}
                {...fieldProps('full_name')}
              />
            </div>
            <SelectField
              label="صلة القرابة برب الأسرة"
              required
              placeholder="اختر..."
              options={MEMBER_RELATIONSHIP_OPTIONS}
              {...fieldProps('relationship')}
            />
            <SelectField
              label="الجنس"
              required
              placeholder="اختر..."
              options={GENDER_OPTIONS}
              {...fieldProps('gender')}
            />
            <DateField
              label="تاريخ الميلاد"
              required
              max={todayIso()}
              {...fieldProps('birth_date')}
            />
            <TextField
              label="رقم الهوية / الإقامة"
              inputMode="numeric"
              dir="ltr"
              autoComplete="off"
              normaliseDigits
              hint={
                idCheck.checking
                  ? 'جارٍ التحقق من عدم التكرار...'
                  : 'اختياري للمواليد ومن لا يحمل هوية'
              }
              error={errorAt(formState.errors, 'national_id') ?? idCheck.takenMessage}
              {...register('national_id')}
            />
            <SelectField
              label="الحالة الاجتماعية"
              placeholder="اختر..."
              options={optionsOf(lookups.marital_statuses)}
              {...register('marital_status')}
            />
            <SelectField
              label="المستوى التعليمي"
              placeholder="اختر..."
              options={optionsOf(lookups.education_levels)}
              {...register('education_level')}
            />
            <SelectField
              label="الحالة الوظيفية"
              placeholder="اختر..."
              options={optionsOf(lookups.employment_statuses)}
              {...register('employment_status')}
            />
            <TextField label="المهنة" {...fieldProps('occupation')} />
            <NumberField label="الدخل الشهري (ريال)" {...fieldProps('monthly_income')} />
            <TextField
              label="الجوال"
              type="tel"
              inputMode="tel"
              dir="ltr"
              normaliseDigits
              {...fieldProps('phone')}
            />
            {medicalHidden ? null : (
              <>
                <SelectField
                  label="الحالة الصحية"
                  placeholder="اختر..."
                  options={optionsOf(lookups.health_statuses)}
                  {...register('health_status')}
                />
                <div data-span="full">
                  <ChoiceGroup legend="الإعاقات">
                    {lookups.disability_types.map((item) => (
                      <CheckboxField
                        key={item.code}
                        label={item.label}
                        value={item.code}
                        {...register('disabilities')}
                      />
                    ))}
                  </ChoiceGroup>
                </div>
              </>
            )}
            {gender === 'female' ? (
              <>
                <CheckboxField label="حامل" {...fieldProps('is_pregnant')} />
                <CheckboxField label="مرضع" {...fieldProps('is_lactating')} />
              </>
            ) : null}
          </FormGrid>
        </form>
      </FormProvider>
    </Dialog>
  );
}
