import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import styled from 'styled-components';
import { Button } from '../controls/button';
import { ButtonLink } from '../controls/button-link';
import { FormErrorSummary } from '../feedback/notice';
import { CONFIRM_CANCEL_LABEL, ConfirmDialog, IRREVERSIBLE_NOTE } from '../overlays/confirm-dialog';
import { FormActions } from './form-layout';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import type { RecordFormSave } from './use-record-form-save';

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

export interface RecordFormProps<TValues extends FieldValues, TSubmitted> {
  form: UseFormReturn<TValues, unknown, TSubmitted>;
  /** What `useRecordFormSave` returned for this form. */
  save: RecordFormSave;
  /** The form's accessible name ('تعديل الجهة'). */
  label: string;
  submitLabel: string;
  /** Where Cancel goes (the record, or the list for a new one). */
  cancelTo: string;
  cancelLabel?: string;
  /** The sections (Cards of fields); fields may use react-hook-form's useFormContext. */
  children: ReactNode;
}

/**
 * A create/edit page form: the errors that name no field above the sections, submit (spinning
 * and disabled while saving) and Cancel below, the unsaved-changes guard, and the question asked
 * before an irreversible save (`confirm` of `useRecordFormSave`).
 */
export function RecordForm<TValues extends FieldValues, TSubmitted>({
  form,
  save,
  label,
  submitLabel,
  cancelTo,
  cancelLabel = CONFIRM_CANCEL_LABEL,
  children,
}: RecordFormProps<TValues, TSubmitted>) {
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={save.onSubmit} aria-label={label}>
        <Sections>
          <FormErrorSummary messages={save.messages} />
          {children}
        </Sections>
        <FormActions>
          <Button type="submit" icon="check" loading={save.saving}>
            {submitLabel}
          </Button>
          <ButtonLink to={cancelTo} variant="secondary">
            {cancelLabel}
          </ButtonLink>
        </FormActions>
      </form>
      {save.confirmation ? (
        <ConfirmDialog
          open
          title={save.confirmation.question.title}
          message={`${save.confirmation.question.message} ${IRREVERSIBLE_NOTE}`}
          confirmLabel={save.confirmation.question.confirmLabel}
          busy={save.saving}
          onConfirm={save.confirmation.onConfirm}
          onCancel={save.confirmation.onCancel}
        />
      ) : null}
      <UnsavedChangesGuard when={save.unsaved} />
    </FormProvider>
  );
}
