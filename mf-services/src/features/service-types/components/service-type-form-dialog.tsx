import {
  serviceTypeInputSchema,
  serviceTypeToInput,
  type ServiceType,
} from 'shared-contracts/services';
import {
  CheckboxField,
  FormGrid,
  NumberField,
  SelectField,
  TextField,
  bindFields,
  useSchemaForm,
} from 'shared-ui';
import { choosableOptions, useAxisCatalogue, useDepartmentCatalogue } from '../../../lib/catalogue';
import { CatalogueFormDialog, type CatalogueNames } from '../../../lib/components/catalogue-page';
import { useSaveServiceType } from '../api/service-types-api';

/** How the service types page and this dialog name an entry. */
export const SERVICE_TYPE_NAMES: CatalogueNames = {
  definite: 'نوع الخدمة',
  indefinite: 'نوع خدمة',
  definitePlural: 'أنواع الخدمات',
  indefinitePlural: 'أنواع خدمات',
};

/**
 * Add (`type` null) or edit a service type: its name, department and axis (active ones), default
 * cost per unit, unit, whether it is medical and whether it can still be requested.
 */
export function ServiceTypeFormDialog({
  type,
  onClose,
}: {
  type: ServiceType | null;
  onClose: () => void;
}) {
  const departments = useDepartmentCatalogue();
  const axes = useAxisCatalogue();
  const save = useSaveServiceType(type?.id ?? null);
  const form = useSchemaForm(serviceTypeInputSchema, {
    defaultValues: type
      ? serviceTypeToInput(type)
      : {
          name: '',
          department_id: '',
          axis_id: '',
          default_cost: '',
          unit: '',
          is_medical: false,
          active: true,
        },
  });
  const fieldProps = bindFields(form.register, form.formState.errors);
  const departmentOptions = choosableOptions(departments.data, type?.department);
  const axisOptions = choosableOptions(axes.data, type?.axis);

  return (
    <CatalogueFormDialog
      names={SERVICE_TYPE_NAMES}
      entry={type}
      form={form}
      save={save}
      onClose={onClose}
    >
      <FormGrid>
        <div data-span="full">
          <TextField label="اسم نوع الخدمة" required {...fieldProps('name')} />
        </div>
        <SelectField
          label="القطاع"
          required
          placeholder="اختر..."
          options={departmentOptions}
          {...fieldProps('department_id')}
        />
        <SelectField
          label="المحور"
          required
          placeholder="اختر..."
          options={axisOptions}
          {...fieldProps('axis_id')}
        />
        <NumberField
          label="التكلفة الافتراضية (ريال)"
          hint="لكل وحدة؛ تُقترح تكلفةُ الخدمة منها عند طلبها."
          {...fieldProps('default_cost')}
        />
        <TextField label="الوحدة" placeholder="مثال: سلة، جلسة، شهر" {...fieldProps('unit')} />
        <CheckboxField label="خدمة طبية" {...fieldProps('is_medical')} />
        <CheckboxField
          label="مفعّل"
          hint="لا تُطلب للأسر إلا أنواع الخدمات المفعّلة."
          {...fieldProps('active')}
        />
      </FormGrid>
    </CatalogueFormDialog>
  );
}
