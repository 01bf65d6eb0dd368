import { useEffect, useMemo } from 'react';
import { FormProvider, type DefaultValues } from 'react-hook-form';
import {
  FAMILY_WIZARD_STEPS,
  FAMILY_WIZARD_STEP_SCHEMAS,
  familyWizardMembersStepSchema,
  isRecord,
  wizardStepOfField,
} from 'shared-contracts/beneficiaries';
import { isValidSaudiId, normaliseSaudiId } from 'shared-contracts';
import {
  Button,
  FormActions,
  NEXT_ICON,
  PREVIOUS_ICON,
  applyServerErrors,
  fieldPathOf,
  useSchemaForm,
} from 'shared-ui';
import { useFetchNationalIdCheck } from '../../api/families-api';
import { ContactSection } from '../contact-section';
import { emptyFamily, emptyHead, familyFormSchema, type FamilyValues } from '../family-form-values';
import { HeadSection } from '../head-section';
import { HousingIncomeSection, type MemberIncome } from '../housing-income-section';
import { MembersSection } from '../members-section';
import { NeedsConsentSection } from '../needs-consent-section';
import { checkQuery, nationalIdTakenMessage } from '../use-duplicate-checks';

/**
 * The draft holds, for each step, the values its form last had (written from this form's
 * `getValues()` by useWizardDraft), and the step's schema checks them again before moving on:
 * they are read back as this form's values.
 */
function isStoredStepValues(data: unknown): data is DefaultValues<FamilyValues> {
  return isRecord(data);
}

function copyField<T extends object, K extends keyof T>(target: T, source: T, key: K) {
  target[key] = source[key];
}

/** A step's form values: its own fields from the stored data, blanks for the rest. */
export function stepDefaults(step: number, stored: unknown): DefaultValues<FamilyValues> {
  const saved = isStoredStepValues(stored) ? stored : {};
  const empty = emptyFamily();
  const values: DefaultValues<FamilyValues> = {};
  for (const field of FAMILY_WIZARD_STEPS[step - 1]?.fields ?? []) {
    copyField(values, field in saved ? saved : empty, field);
  }
  if (step === 1) values.head = { ...emptyHead(), ...values.head };
  return values;
}

/** The errors (API or review) that belong to this step's fields. */
function errorsOfStep(
  errors: Record<string, string[]> | null,
  step: number,
): Record<string, string[]> {
  if (!errors) return {};
  return Object.fromEntries(
    Object.entries(errors).filter(([key]) => wizardStepOfField(fieldPathOf(key)) === step),
  );
}

export interface WizardStepFormProps {
  /** 1…5 (the review step has no form). */
  step: number;
  storedData: unknown;
  /** The head's national ID (step 1), for the members step's duplicate rule. */
  headNationalId: string | null;
  /** Head + members, for the per-capita income. */
  membersCount: number;
  /** The head's and members' own monthly incomes, counted in the family's total. */
  memberIncomes: readonly MemberIncome[];
  /** Field errors to show when the step opens (from the API or the review). */
  initialErrors: Record<string, string[]> | null;
  savingDraft: boolean;
  onChange: (values: FamilyValues) => void;
  onNext: (values: FamilyValues) => void;
  onBack: (values: FamilyValues) => void;
  onSaveDraft: (values: FamilyValues) => void;
}

/** One wizard step: its section of the family form, validated with the step's own schema. */
export function WizardStepForm({
  step,
  storedData,
  headNationalId,
  membersCount,
  memberIncomes,
  initialErrors,
  savingDraft,
  onChange,
  onNext,
  onBack,
  onSaveDraft,
}: WizardStepFormProps) {
  const fetchNationalIdCheck = useFetchNationalIdCheck();
  const definition = FAMILY_WIZARD_STEPS[step - 1];
  const schema = useMemo(
    () =>
      familyFormSchema(
        definition?.id === 'members'
          ? familyWizardMembersStepSchema(headNationalId)
          : FAMILY_WIZARD_STEP_SCHEMAS[definition?.id ?? 'review'],
      ),
    [definition, headNationalId],
  );
  const form = useSchemaForm(schema, { defaultValues: stepDefaults(step, storedData) });
  const { getValues, handleSubmit, setError, subscribe } = form;

  // Every change goes to the draft (debounced by the caller).
  useEffect(
    () => subscribe({ formState: { values: true }, callback: () => onChange(getValues()) }),
    [getValues, onChange, subscribe],
  );

  // Errors that sent the user back here are shown on their fields.
  useEffect(() => {
    const errors = errorsOfStep(initialErrors, step);
    if (Object.keys(errors).length > 0) applyServerErrors(setError, errors);
  }, [initialErrors, setError, step]);

  const next = handleSubmit(async () => {
    const values = getValues();
    if (step === 1) {
      // A national ID held by another family blocks the registration.
      const id = normaliseSaudiId(String(values.head?.national_id ?? ''));
      if (isValidSaudiId(id)) {
        try {
          const check = await fetchNationalIdCheck(checkQuery({ national_id: id }));
          if (!check.available) {
            setError(
              'head.national_id',
              {
                type: 'duplicate',
                message: check.family
                  ? nationalIdTakenMessage(check.family)
                  : 'رقم الهوية مسجل مسبقاً لدى أسرة أخرى',
              },
              { shouldFocus: true },
            );
            return;
          }
        } catch {
          // The check is unreachable: the API refuses a duplicate on submit anyway (409).
        }
      }
    }
    onNext(values);
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void next(event)} aria-label={definition?.title}>
        {definition?.id === 'head' ? <HeadSection /> : null}
        {definition?.id === 'contact' ? <ContactSection /> : null}
        {definition?.id === 'housing_income' ? (
          <HousingIncomeSection membersCount={membersCount} memberIncomes={memberIncomes} />
        ) : null}
        {definition?.id === 'members' ? <MembersSection headNationalId={headNationalId} /> : null}
        {definition?.id === 'needs_consent' ? <NeedsConsentSection /> : null}
        <FormActions>
          {/* Right to left: «التالي» points left after its text, «السابق» right before it. */}
          <Button type="submit" iconEnd={NEXT_ICON}>
            التالي
          </Button>
          {step > 1 ? (
            <Button variant="secondary" icon={PREVIOUS_ICON} onClick={() => onBack(getValues())}>
              السابق
            </Button>
          ) : null}
          <Button variant="ghost" loading={savingDraft} onClick={() => onSaveDraft(getValues())}>
            حفظ كمسودة
          </Button>
        </FormActions>
      </form>
    </FormProvider>
  );
}
