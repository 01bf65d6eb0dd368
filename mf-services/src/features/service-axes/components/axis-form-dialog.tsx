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
} from 'shared-ui';
import { CatalogueFormDialog, type CatalogueNames } from '../../../lib/components/catalogue-page';
import { useSaveAxis } from '../api/service-axes-api';

/** How the axes page and this dialog name an entry. */
export const AXIS_NAMES: CatalogueNames = {
  definite: 'المحور',
  indefinite: 'محور',
  definitePlural: 'المحاور',
  indefinitePlural: 'محاور',
};

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

  return (
    <CatalogueFormDialog names={AXIS_NAMES} entry={axis} form={form} save={save} onClose={onClose}>
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
    </CatalogueFormDialog>
  );
}
