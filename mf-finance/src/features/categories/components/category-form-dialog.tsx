import {
  FINANCE_DIRECTIONS,
  FINANCIAL_CATEGORY_FIELD_LABELS as L,
  financialCategoryInputSchema,
  financialCategoryToInput,
  type FinanceDirection,
  type FinancialCategory,
} from 'shared-contracts/finance';
import {
  CheckboxField,
  FormGrid,
  LookupFormDialog,
  SelectField,
  TextAreaField,
  TextField,
  bindFields,
  codeOptions,
  useSchemaForm,
} from 'shared-ui';
import { useSaveFinancialCategory } from '../api/categories-api';

/**
 * Adds (`category` null, in `direction`) or edits a financial category in the shared lookup dialog: validated
 * with the shared schema before sending, the server's 422 / 409 errors (a used category keeps
 * its direction and zakat flag) on their fields or above them, a toast, then the dialog closes.
 */
export function CategoryFormDialog({
  category,
  direction,
  onClose,
}: {
  category: FinancialCategory | null;
  direction: FinanceDirection;
  onClose: () => void;
}) {
  const save = useSaveFinancialCategory(category?.id ?? null);
  const form = useSchemaForm(financialCategoryInputSchema, {
    defaultValues: category
      ? { ...financialCategoryToInput(category), description: category.description ?? '' }
      : { name: '', direction, is_zakat: false, active: true, description: '' },
  });
  const fieldProps = bindFields(form.register, form.formState.errors);

  return (
    <LookupFormDialog
      form={form}
      save={save}
      title={category ? `تعديل التصنيف: ${category.name}` : 'إضافة تصنيف مالي'}
      submitLabel={category ? 'حفظ التعديلات' : 'إضافة التصنيف'}
      savedTitle={category ? 'حُفظ التصنيف' : 'أُضيف التصنيف'}
      errorTitle="تعذر حفظ التصنيف"
      onClose={onClose}
    >
      <FormGrid>
        <div data-span="full">
          <TextField label={L.name} required {...fieldProps('name')} />
        </div>
        <SelectField
          label={L.direction}
          required
          options={codeOptions(FINANCE_DIRECTIONS)}
          hint={category && category.records_count > 0 ? 'لا يتغير نوع تصنيف مستخدم.' : undefined}
          {...fieldProps('direction')}
        />
        <CheckboxField
          label="تصنيف زكاة"
          hint="صرف الزكاة لا يكون إلا لأسرة معتمدة."
          {...fieldProps('is_zakat')}
        />
        <CheckboxField
          label={L.active}
          hint="لا يُعرض التصنيف الموقوف للقيود الجديدة."
          {...fieldProps('active')}
        />
        <div data-span="full">
          <TextAreaField label={L.description} rows={2} {...fieldProps('description')} />
        </div>
      </FormGrid>
    </LookupFormDialog>
  );
}
