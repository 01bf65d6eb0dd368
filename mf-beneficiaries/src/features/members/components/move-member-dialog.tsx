import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { memberMoveSchema, type FamilyMember } from 'shared-contracts/beneficiaries';
import { todayIso } from 'shared-contracts';
import {
  DateField,
  FileNumber,
  FormGrid,
  Notice,
  Stack,
  TextAreaField,
  bindFields,
  errorAt,
  isolatedText,
  useSchemaForm,
} from 'shared-ui';
import { FamilyPicker } from '../../../lib/components/family-picker';
import { FormDialog, useDialogSaveFeedback } from '../../../lib/components/form-dialog';
import { useMoveMember } from '../api/members-api';
import { ItemSelect } from '../../../lib/components/item-fields';
import { MEMBER_RELATIONSHIPS } from '../../../lib/options';

/**
 * Moves a member to another family (POST /family-members/{id}/move): the target family is
 * picked by search, the relationship is to the new head, and the reason is recorded.
 */
export function MoveMemberDialog({
  member,
  onClose,
}: {
  member: FamilyMember | null;
  onClose: () => void;
}) {
  const [target, setTarget] = useState<{ id: number; label: string } | null>(null);
  // No relationship yet: its select starts on the placeholder and the schema asks for one.
  const form = useSchemaForm(memberMoveSchema, {
    defaultValues: { to_family_id: '', reason: '', effective_date: '' },
  });
  const { register, control, formState, handleSubmit, reset, setError, setValue } = form;
  const fieldProps = bindFields(register, formState.errors);

  // Another member: start from an empty form.
  const [shownMember, setShownMember] = useState(member);
  if (shownMember !== member) {
    setShownMember(member);
    setTarget(null);
  }
  useEffect(() => {
    reset();
  }, [member, reset]);

  const feedback = useDialogSaveFeedback(setError, 'تعذر نقل الفرد', onClose);
  const move = useMoveMember(member?.id ?? 0);

  return (
    <FormDialog
      open={member !== null}
      onClose={onClose}
      title="نقل إلى أسرة أخرى"
      description={
        member ? (
          <>
            {member.full_name} — من الأسرة <FileNumber value={member.family_file_number} />
          </>
        ) : undefined
      }
      submitLabel="نقل الفرد"
      busy={move.isPending}
      onSubmit={(event) =>
        void handleSubmit((body) =>
          move.mutate(
            body,
            feedback({
              title: 'نُقل الفرد إلى الأسرة الجديدة',
              description: `${member?.full_name ?? ''} ← ${target?.label ?? ''}`,
            }),
          ),
        )(event)
      }
    >
      <Stack $gap="md">
        {target ? <Notice tone="info">الأسرة المختارة: {target.label}</Notice> : null}
        <Controller
          control={control}
          name="to_family_id"
          render={({ field }) => (
            <FamilyPicker
              label="الأسرة الجديدة"
              selectedId={typeof field.value === 'number' ? field.value : null}
              excludeId={member?.family_id}
              error={errorAt(formState.errors, 'to_family_id')}
              onSelect={(family) => {
                setTarget({
                  id: family.id,
                  // The file number isolated (LRI … PDI) in the notice and the toast's text.
                  label: `${family.head_name} (${isolatedText(family.file_number)})`,
                });
                setValue('to_family_id', family.id, { shouldValidate: formState.isSubmitted });
              }}
            />
          )}
        />
        <FormGrid>
          <ItemSelect
            label="صلة القرابة برب الأسرة الجديدة"
            required
            items={MEMBER_RELATIONSHIPS}
            {...fieldProps('relationship')}
          />
          <DateField
            label="تاريخ النقل"
            max={todayIso()}
            hint="اليوم إن تُرك فارغاً"
            {...fieldProps('effective_date')}
          />
          <div data-span="full">
            <TextAreaField label="سبب النقل" required rows={3} {...fieldProps('reason')} />
          </div>
        </FormGrid>
      </Stack>
    </FormDialog>
  );
}
