import {
  SURVEY_TYPE_FIELD_LABELS as L,
  surveyTypeInputSchema,
  surveyTypeToInput,
  type SurveyType,
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
import { useSaveSurveyType } from '../api/surveys-api';

/**
 * Adds (`type` null) or edits a survey type in the shared lookup dialog: validated with the
 * shared schema, the server's 422 / 409 on their fields, a toast, then it closes. Mounted while open.
 */
export function SurveyTypeDialog({
  type,
  onClose,
}: {
  type: SurveyType | null;
  onClose: () => void;
}) {
  const save = useSaveSurveyType(type?.id ?? null);
  const form = useSchemaForm(surveyTypeInputSchema, {
    defaultValues: type ? surveyTypeToInput(type) : { name: '', description: '', active: true },
  });
  const fieldProps = bindFields(form.register, form.formState.errors);

  return (
    <LookupFormDialog
      form={form}
      save={save}
      title={type ? `تعديل نوع الاستبيان: ${type.name}` : 'إضافة نوع استبيان'}
      submitLabel={type ? 'حفظ التعديلات' : 'إضافة النوع'}
      savedTitle="حُفظ نوع الاستبيان"
      errorTitle="تعذر حفظ نوع الاستبيان"
      onClose={onClose}
    >
      <FormGrid>
        <div data-span="full">
          <TextField label={L.name} required {...fieldProps('name')} />
        </div>
        <div data-span="full">
          <TextAreaField label={L.description} rows={3} {...fieldProps('description')} />
        </div>
        <div data-span="full">
          <CheckboxField
            label={L.active}
            hint="لا يُختار النوع الموقوف للاستبيانات الجديدة."
            {...fieldProps('active')}
          />
        </div>
      </FormGrid>
    </LookupFormDialog>
  );
}
