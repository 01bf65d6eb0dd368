import {
  serviceDepartmentInputSchema,
  serviceDepartmentToInput,
  type ServiceDepartment,
} from 'shared-contracts/services';
import {
  CheckboxField,
  FormGrid,
  SelectField,
  TextField,
  bindFields,
  useSchemaForm,
  LookupFormDialog,
  namedOptionsWith,
} from 'shared-ui';
import { useDepartmentManagers, useSaveDepartment } from '../api/service-departments-api';

/** Add (`department` null) or edit a department: its name, manager and whether it is active. */
export function DepartmentFormDialog({
  department,
  onClose,
}: {
  department: ServiceDepartment | null;
  onClose: () => void;
}) {
  const managers = useDepartmentManagers();
  const save = useSaveDepartment(department?.id ?? null);
  const form = useSchemaForm(serviceDepartmentInputSchema, {
    defaultValues: department
      ? serviceDepartmentToInput(department)
      : { name: '', manager_id: '', active: true },
  });
  const fieldProps = bindFields(form.register, form.formState.errors);
  const title = department ? `تعديل القطاع: ${department.name}` : 'إضافة قطاع';

  return (
    <LookupFormDialog
      form={form}
      save={save}
      title={title}
      submitLabel={department ? 'حفظ التعديلات' : 'إضافة القطاع'}
      savedTitle={department ? 'حُفظت تعديلات القطاع' : 'أُضيف القطاع'}
      errorTitle="تعذر حفظ القطاع"
      onClose={onClose}
    >
      <FormGrid>
        <TextField label="اسم القطاع" required {...fieldProps('name')} />
        <SelectField
          label="مدير القطاع"
          placeholder="بدون مدير"
          options={namedOptionsWith(managers.data ?? [], department?.manager)}
          hint={managers.isError ? 'تعذر تحميل قائمة الموظفين' : undefined}
          {...fieldProps('manager_id')}
        />
        <div data-span="full">
          <CheckboxField
            label="مفعّل"
            hint="لا يُختار القطاع الموقوف لأنواع الخدمات الجديدة."
            {...fieldProps('active')}
          />
        </div>
      </FormGrid>
    </LookupFormDialog>
  );
}
