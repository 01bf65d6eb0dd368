import { useEffect, useId, useMemo } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import {
  FAMILY_MESSAGES,
  GENDERS,
  familyMemberInputSchema,
  idTypeFor,
} from 'shared-contracts/beneficiaries';
import { normaliseSaudiId, todayIso } from 'shared-contracts';
import {
  Button,
  CheckboxField,
  DateField,
  Dialog,
  FormGrid,
  Notice,
  NumberField,
  TextField,
  bindFields,
  errorAt,
  useSchemaForm,
} from 'shared-ui';
import { useLookups } from '../../../lib/lookups';
import { useNationalIdCheck, useSimilarMembers } from './use-duplicate-checks';
import { emptyMember, type MemberValues } from './family-form-values';
import { FOUR_PART_NAME_HINT } from './head-section';
import { ItemCheckboxes, ItemSelect } from '../../../lib/components/item-fields';
import { MEMBER_RELATIONSHIPS } from '../../../lib/options';

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

interface MemberFormProps {
  formId: string;
  /** The member being edited, or null to add one. */
  member: MemberValues | null;
  /** National IDs already used in this family (the head's and the other members'). */
  takenIds: readonly string[];
  excludeFamilyId?: number | undefined;
  onSave: (member: MemberValues) => void;
}

/**
 * Adds or edits one family member in a dialog (its own form). Pregnancy and lactation are asked
 * for women only; the live checks warn of a similar person elsewhere and block an ID already
 * registered in another family or in this one.
 */
export function MemberDialog({
  open,
  onClose,
  ...props
}: Omit<MemberFormProps, 'formId'> & { open: boolean; onClose: () => void }) {
  const formId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={props.member ? 'تعديل بيانات الفرد' : 'إضافة فرد للأسرة'}
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
      {/* A new form each time the dialog opens: it starts from this member (or blank). */}
      {open ? <MemberForm formId={formId} {...props} /> : null}
    </Dialog>
  );
}

function MemberForm({ formId, member, takenIds, excludeFamilyId, onSave }: MemberFormProps) {
  const lookups = useLookups();
  const schema = useMemo(
    () => memberSchemaFor(takenIds.filter((id) => id.trim() !== '').map(normaliseSaudiId)),
    [takenIds],
  );
  // Medical fields the API withheld (no permission) stay absent: absent means "unchanged".
  const medicalHidden = member !== null && member.id !== undefined && !('health_status' in member);
  const form = useSchemaForm(schema, { defaultValues: { ...emptyMember(), ...member } });
  const { register, control, formState, setError, setValue, getValues, handleSubmit } = form;
  const fieldProps = bindFields(register, formState.errors);

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
          <ItemSelect
            label="صلة القرابة برب الأسرة"
            required
            items={MEMBER_RELATIONSHIPS}
            {...fieldProps('relationship')}
          />
          <ItemSelect label="الجنس" required items={GENDERS} {...fieldProps('gender')} />
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
          <ItemSelect
            label="الحالة الاجتماعية"
            items={lookups.marital_statuses}
            {...register('marital_status')}
          />
          <ItemSelect
            label="المستوى التعليمي"
            items={lookups.education_levels}
            {...register('education_level')}
          />
          <ItemSelect
            label="الحالة الوظيفية"
            items={lookups.employment_statuses}
            {...register('employment_status')}
          />
          <TextField label="المهنة" {...fieldProps('occupation')} />
          <NumberField
            label="الدخل الشهري (ريال)"
            hint="يُحسب ضمن إجمالي دخل الأسرة ودخل الفرد، فلا يُدخل مرة ثانية في مصادر الدخل."
            {...fieldProps('monthly_income')}
          />
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
              <ItemSelect
                label="الحالة الصحية"
                items={lookups.health_statuses}
                {...register('health_status')}
              />
              <div data-span="full">
                <ItemCheckboxes
                  legend="الإعاقات"
                  items={lookups.disability_types}
                  field={register('disabilities')}
                />
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
  );
}
