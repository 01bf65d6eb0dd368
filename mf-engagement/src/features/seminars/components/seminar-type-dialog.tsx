import {
  SEMINAR_TYPE_FIELD_LABELS,
  seminarTypeInputSchema,
  type SeminarType,
} from 'shared-contracts/engagement';
import {
  CheckboxField,
  FormGrid,
  LookupFormDialog,
  TextAreaField,
  TextField,
  bindFields,
  useSchemaForm,
} from 'shared-ui';
import { useSaveSeminarType } from '../api/seminars-api';

/**
 * Adds (`type` null) or edits a seminar type in the shared lookup dialog: the shared schema
 * first, the API's 422 / 409 on their fields, a toast, then it closes. Mounted while open (keyed
 * per type).
 */
export function SeminarTypeDialog({
  type,
  onClose,
}: {
  type: SeminarType | null;
  onClose: () => void;
}) {
  const form = useSchemaForm(seminarTypeInputSchema, {
    defaultValues: {
      name: type?.name ?? '',
      description: type?.description ?? '',
      active: type?.active ?? true,
    },
  });
  const fieldProps = bindFields(form.register, form.formState.errors);
  const save = useSaveSeminarType(type?.id ?? null);

  return (
    <LookupFormDialog
      form={form}
      save={save}
      title={type ? `تعديل نوع الندوة: ${type.name}` : 'إضافة نوع ندوة'}
      submitLabel={type ? 'حفظ التعديلات' : 'إضافة النوع'}
      savedTitle="حُفظ نوع الندوة"
      errorTitle="تعذر حفظ نوع الندوة"
      onClose={onClose}
    >
      <FormGrid>
        <div data-span="full">
          <TextField label={SEMINAR_TYPE_FIELD_LABELS.name} required {...fieldProps('name')} />
        </div>
        <div data-span="full">
          <TextAreaField
            label={SEMINAR_TYPE_FIELD_LABELS.description}
            rows={2}
            {...fieldProps('description')}
          />
        </div>
        <CheckboxField label="مفعّل (يظهر عند إضافة ندوة)" {...fieldProps('active')} />
      </FormGrid>
    </LookupFormDialog>
  );
}
