import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { todayIso } from 'shared-contracts';
import { researcherOptions } from 'shared-contracts/beneficiaries';
import {
  VISIT_ASSESSMENT_PURPOSES,
  VISIT_CHECKLIST,
  VISIT_FIELD_LABELS as L,
  VISIT_OUTCOMES,
  VISIT_PURPOSES,
  visitPlanSchema,
  visitToUpdateInput,
  visitUpdateSchema,
  type Visit,
  type VisitPlanFormValues,
  type VisitPurpose,
} from 'shared-contracts/resources/visits-contracts';
import {
  DateField,
  FileNumber,
  FormGrid,
  SelectField,
  Stack,
  TextAreaField,
  bindFields,
  formatDate,
  useSchemaForm,
} from 'shared-ui';
import styled from 'styled-components';
import { FormDialog, useDialogSaveFeedback } from '../../../lib/components/form-dialog';
import { useResearchers } from '../../../lib/lookups';
import { usePlanVisit, useUpdateVisit } from '../api/visits-api';

const options = (items: readonly { code: string; label: string }[]) =>
  items.map((item) => ({ value: item.code, label: item.label }));

const Checklist = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space.md};
  min-inline-size: 0;

  legend {
    padding-inline: ${({ theme }) => theme.space.xs};
    font-weight: 600;
  }
`;

function ResearcherSelect(props: ReturnType<ReturnType<typeof bindFields>>) {
  const researchers = useResearchers();
  return (
    <SelectField
      label={L.researcher}
      required
      placeholder={researchers.isLoading ? 'جارٍ التحميل...' : 'اختر الباحث'}
      options={researcherOptions(researchers.data ?? [])}
      {...props}
    />
  );
}

export interface PlanVisitTarget {
  familyId: number;
  /** The purpose the form starts with (a due reassessment proposes «إعادة تقييم»). */
  purpose?: VisitPurpose;
  /** The researcher the form starts with (the family's own, when it has one). */
  researcherId?: number | null;
}

function planDefaults(target: PlanVisitTarget | null): VisitPlanFormValues {
  return {
    planned_date: todayIso(),
    researcher_id: target?.researcherId ? String(target.researcherId) : '',
    purpose: target?.purpose ?? 'follow_up',
    notes: '',
  };
}

/** «خطط زيارة»: plans a field visit to a family (date, researcher, purpose). */
export function PlanVisitDialog({
  target,
  onClose,
}: {
  target: PlanVisitTarget | null;
  onClose: () => void;
}) {
  const form = useSchemaForm(visitPlanSchema, { defaultValues: planDefaults(target) });
  const { register, formState, handleSubmit, reset, setError } = form;
  const fieldProps = bindFields(register, formState.errors);
  // Again once the researchers arrive: a select shows its value only among its options.
  const researchers = useResearchers();
  useEffect(() => reset(planDefaults(target)), [target, reset, researchers.data]);
  const feedback = useDialogSaveFeedback(setError, 'تعذر تخطيط الزيارة', onClose);
  const save = usePlanVisit(target?.familyId ?? 0);

  return (
    <FormDialog
      open={target !== null}
      onClose={onClose}
      title="تخطيط زيارة ميدانية"
      submitLabel="حفظ الزيارة"
      submitIcon="calendar"
      busy={save.isPending}
      onSubmit={(event) =>
        void handleSubmit((body) =>
          save.mutate(
            body,
            feedback({ title: 'تم تخطيط الزيارة', description: formatDate(body.planned_date) }),
          ),
        )(event)
      }
    >
      <FormGrid>
        <DateField label={L.planned_date} required {...fieldProps('planned_date')} />
        <ResearcherSelect {...fieldProps('researcher_id')} />
        <SelectField
          label={L.purpose}
          required
          options={options(VISIT_PURPOSES)}
          {...fieldProps('purpose')}
        />
      </FormGrid>
      <TextAreaField label={L.notes} rows={2} {...fieldProps('notes')} />
    </FormDialog>
  );
}

export type VisitDialogMode = 'record' | 'reschedule';

/**
 * «تسجيل الزيارة» (the outcome, the day, notes and the checklist; the family's next reassessment
 * date after an assessment visit) or «إعادة جدولة» (date, researcher, purpose) of one visit. The
 * fields stack in one column on a phone. The checklist's health item is shown only when the API
 * sent it, i.e. to an employee who sees medical fields.
 */
export function VisitDialog({
  visit,
  mode,
  onClose,
}: {
  visit: Visit | null;
  mode: VisitDialogMode;
  onClose: () => void;
}) {
  const defaults = (current: Visit | null) =>
    current
      ? {
          ...visitToUpdateInput(current),
          visited_on: mode === 'record' ? (current.visited_on ?? todayIso()) : current.visited_on,
          outcome: mode === 'record' ? (current.outcome ?? 'visited') : current.outcome,
        }
      : undefined;
  const form = useSchemaForm(visitUpdateSchema, { defaultValues: defaults(visit) });
  const { register, control, formState, handleSubmit, reset, setError } = form;
  const fieldProps = bindFields(register, formState.errors);
  const researchers = useResearchers();
  // A new form each time another visit opens, and once the researchers (the select's options) arrive.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `defaults` reads `visit` and `mode`
  useEffect(() => reset(defaults(visit)), [visit, mode, reset, researchers.data]);
  const [outcome, purpose] = useWatch({ control, name: ['outcome', 'purpose'] });
  const feedback = useDialogSaveFeedback(
    setError,
    mode === 'record' ? 'تعذر تسجيل الزيارة' : 'تعذر إعادة جدولة الزيارة',
    onClose,
  );
  const save = useUpdateVisit(visit?.id ?? 0);
  const showsHealth = visit !== null && 'health_needs_seen' in visit;
  const visited = outcome === 'visited';
  const assessment = (VISIT_ASSESSMENT_PURPOSES as readonly string[]).includes(
    typeof purpose === 'string' ? purpose : '',
  );

  return (
    <FormDialog
      open={visit !== null}
      onClose={onClose}
      title={mode === 'record' ? 'تسجيل الزيارة' : 'إعادة جدولة الزيارة'}
      description={
        visit ? (
          <>
            {visit.family.head_name} — رقم الملف <FileNumber value={visit.family.file_number} />
          </>
        ) : undefined
      }
      submitLabel={mode === 'record' ? 'حفظ النتيجة' : 'حفظ الموعد'}
      submitIcon="check"
      busy={save.isPending}
      onSubmit={(event) =>
        void handleSubmit((body) => {
          // The checklist belongs to a visit that took place: another outcome clears it.
          const sent = visited
            ? body
            : {
                ...body,
                housing_condition: null,
                furniture: null,
                appliances: null,
                health_needs_seen: null,
                children_schooling: null,
                next_reassessment_date: null,
              };
          save.mutate(
            sent,
            feedback({
              title: mode === 'record' ? 'تم تسجيل الزيارة' : 'تمت إعادة جدولة الزيارة',
              description: visit?.family.head_name,
            }),
          );
        })(event)
      }
    >
      {mode === 'reschedule' ? (
        <FormGrid>
          <DateField label={L.planned_date} required {...fieldProps('planned_date')} />
          <ResearcherSelect {...fieldProps('researcher_id')} />
          <SelectField
            label={L.purpose}
            required
            options={options(VISIT_PURPOSES)}
            {...fieldProps('purpose')}
          />
        </FormGrid>
      ) : (
        <Stack $gap="md">
          <FormGrid>
            <SelectField
              label={L.outcome}
              required
              options={options(VISIT_OUTCOMES)}
              {...fieldProps('outcome')}
            />
            <DateField
              label={L.visited_on}
              required
              max={todayIso()}
              {...fieldProps('visited_on')}
            />
          </FormGrid>
          {visited ? (
            <Checklist>
              <legend>ملاحظات الزيارة</legend>
              <FormGrid>
                {VISIT_CHECKLIST.filter((item) => !item.medical || showsHealth).map((item) => (
                  <SelectField
                    key={item.key}
                    label={item.label}
                    placeholder="لم يُلاحظ"
                    options={options(item.options)}
                    {...fieldProps(item.key)}
                  />
                ))}
              </FormGrid>
            </Checklist>
          ) : null}
          {visited && assessment ? (
            <DateField
              label={L.next_reassessment_date}
              hint="يُحفظ موعدًا لإعادة تقييم الأسرة"
              {...fieldProps('next_reassessment_date')}
            />
          ) : null}
          <TextAreaField label={L.notes} rows={3} {...fieldProps('notes')} />
        </Stack>
      )}
    </FormDialog>
  );
}
