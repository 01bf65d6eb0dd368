import {
  serviceAxisInputSchema,
  serviceAxisToInput,
  type ServiceAxis,
} from 'shared-contracts/services';
import {
  CheckboxField,
  FormGrid,
  TextAreaField,
  TextField,
  bindFields,
  useSchemaForm,
  LookupFormDialog,
} from 'shared-ui';
import { useSaveAxis } from '../api/service-axes-api';

/** Add (`axis` null) or edit an axis: its name, description and whether it is active. */
export function AxisFormDialog({
  axis,
  onClose,
}: {
  axis: ServiceAxis | null;
  onClose: () => void;
}) {
  const save = useSaveAxis(axis?.id ?? null);
  const form = useSchemaForm(serviceAxisInputSchema, {
    defaultValues: axis ? serviceAxisToInput(axis) : { name: '', description: '', active: true },
  });
  const fieldProps = bindFields(form.register, form.formState.errors);
  const title = axis ? `تعديل المحور: ${axis.name}` : 'إضافة محور';

  return (
    <LookupFormDialog
      form={form}
      save={save}
      title={title}
      submitLabel={axis ? 'حفظ التعديلات' : 'إضافة المحور'}
      savedTitle={axis ? 'حُفظت تعديلات المحور' : 'أُضيف المحور'}
      errorTitle="تعذر حفظ المحور"
      onClose={onClose}
    >
      <FormGrid>
        <div data-span="full">
          <TextField label="اسم المحور" required {...fieldProps('name')} />
        </div>
        <div data-span="full">
          <TextAreaField
            label="الوصف"
            rows={3}
            hint="الركيزة الاستراتيجية التي يخدمها المحور."
            {...fieldProps('description')}
          />
        </div>
        <div data-span="full">
          <CheckboxField
            label="مفعّل"
            hint="لا يُختار المحور الموقوف لأنواع الخدمات الجديدة."
            {...fieldProps('active')}
          />
        </div>
      </FormGrid>
    </LookupFormDialog>
  );
}
