import { useParams } from 'react-router-dom';
import { pathTo } from 'shared-contracts';
import {
  __SCAMEL__Endpoints,
  __SCAMEL__InputSchema,
  type __SPASCAL__,
  type __SPASCAL__Input,
} from 'shared-contracts/resources/__NAME__-contracts';
import {
  Card,
  CheckboxField,
  DescriptionList,
  FormGrid,
  PageButtonLink,
  PageHeader,
  RecordForm,
  RecordFromRoute,
  SectionTitle,
  Stack,
  TextAreaField,
  TextField,
  bindFields,
  formatDateTime,
  useEndpointCall,
  useInvalidateEndpoints,
  useRecordFormSave,
  useSchemaForm,
} from 'shared-ui';

/*
 * The record pages of __TITLE__: the show page and the create/edit form (one page, told apart by
 * the route's `:id`). In one file, loaded by the page map's `resourcePages.declared`.
 */

const RECORD = {
  endpoint: __SCAMEL__Endpoints.show,
  loadingLabel: 'جارٍ تحميل __DEFINITE__...',
  notFoundTitle: '__DEFINITE__ __NOT_FOUND__',
};

function __SPASCAL__Form({ record }: { record: __SPASCAL__ | null }) {
  const call = useEndpointCall();
  const invalidate = useInvalidateEndpoints();
  const form = useSchemaForm(__SCAMEL__InputSchema, {
    defaultValues: {
      name: record?.name ?? '',
      description: record?.description ?? '',
      active: record?.active ?? true,
    },
  });
  const fieldProps = bindFields(form.register, form.formState.errors);
  const save = useRecordFormSave({
    form,
    save: async (body: __SPASCAL__Input) => {
      const saved = record
        ? await call(__SCAMEL__Endpoints.update, { params: { id: record.id }, body })
        : await call(__SCAMEL__Endpoints.create, { body });
      // Every cached answer of the resource (its lists and this record) is read again.
      await invalidate(__SCAMEL__Endpoints);
      return saved.data;
    },
    errorTitle: 'تعذر حفظ __DEFINITE__',
    onSaved: (saved) => ({
      toast: { title: record ? 'حُفظت التعديلات' : 'أُضيف __DEFINITE__', description: saved.name },
      to: pathTo('__NAME__.show', { id: saved.id }),
    }),
  });
  return (
    <RecordForm
      form={form}
      save={save}
      label={record ? 'تعديل __DEFINITE__' : 'إضافة __SINGULAR__'}
      submitLabel={record ? 'حفظ التعديلات' : 'إضافة'}
      cancelTo={record ? pathTo('__NAME__.show', { id: record.id }) : pathTo('__NAME__.list')}
    >
      <Card as="section" aria-labelledby="__NAME__-main">
        <SectionTitle id="__NAME__-main">البيانات</SectionTitle>
        <FormGrid>
          <TextField label="الاسم" required {...fieldProps('name')} />
          <CheckboxField label="مفعّل" {...fieldProps('active')} />
          <div data-span="full">
            <TextAreaField label="الوصف" rows={3} {...fieldProps('description')} />
          </div>
        </FormGrid>
      </Card>
    </RecordForm>
  );
}

/** __PATH__/create and __PATH__/edit/:id. */
export function FormPage() {
  if (useParams().id === undefined) {
    return (
      <>
        <PageHeader title="إضافة __SINGULAR__" />
        <__SPASCAL__Form record={null} />
      </>
    );
  }
  return (
    <RecordFromRoute {...RECORD}>
      {(record) => (
        <>
          <PageHeader title={`تعديل __DEFINITE__: ${record.name}`} />
          <__SPASCAL__Form key={record.id} record={record} />
        </>
      )}
    </RecordFromRoute>
  );
}

/** __PATH__/show/:id. */
export function ShowPage() {
  return (
    <RecordFromRoute {...RECORD}>
      {(record) => (
        <Stack>
          <PageHeader
            title={record.name}
            actions={
              <PageButtonLink
                pageId="__NAME__.edit"
                params={{ id: record.id }}
                icon="edit"
                variant="secondary"
              >
                تعديل
              </PageButtonLink>
            }
          />
          <Card as="section" aria-labelledby="__NAME__-details">
            <SectionTitle id="__NAME__-details">البيانات</SectionTitle>
            <DescriptionList
              items={[
                { label: 'الوصف', value: record.description },
                { label: 'الحالة', value: record.active ? 'مفعّل' : 'موقوف' },
                { label: 'آخر تحديث', value: formatDateTime(record.updated_at) },
              ]}
            />
          </Card>
        </Stack>
      )}
    </RecordFromRoute>
  );
}
