import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import {
  ORGANISATION_STATUSES,
  ORGANISATION_TYPES,
  organisationInputSchema,
  pathTo,
  type OrganisationDetail,
  type OrganisationFormValues,
  type OrganisationInput,
} from 'shared-contracts';
import {
  Button,
  Card,
  DateField,
  FormGrid,
  IconButton,
  NumberField,
  RecordForm,
  SelectField,
  TextAreaField,
  TextField,
  bindFields,
  useApiClient,
  useRecordFormSave,
} from 'shared-ui';
import { Muted, RepeaterRow, SectionTitle } from '../../../lib/components/layout';
import { optionsOf, useLookups } from '../../../lib/lookups';
import { beneficiariesKeys } from '../../../lib/query-keys';
import { createOrg, updateOrg } from '../api/orgs-api';

export type OrgValues = OrganisationFormValues;

function emptyOrg(): OrgValues {
  return {
    name: '',
    name_en: '',
    type: '' as OrgValues['type'],
    registration_number: '',
    contact_person: '',
    phone: '',
    email: '',
    city: '',
    website: '',
    status: 'active',
    agreements: [],
    notes: '',
  };
}

/** The edit form's defaults: blanks as '' and amounts as text for the inputs. */
export function orgFormDefaults(org: OrganisationDetail | null): OrgValues {
  if (!org) return emptyOrg();
  return {
    name: org.name,
    name_en: org.name_en ?? '',
    type: org.type,
    registration_number: org.registration_number ?? '',
    contact_person: org.contact_person ?? '',
    phone: org.phone ?? '',
    email: org.email ?? '',
    city: org.city?.code ?? '',
    website: org.website ?? '',
    status: org.status,
    agreements: org.agreements.map((agreement) => ({
      id: agreement.id,
      title: agreement.title,
      start_date: agreement.start_date,
      end_date: agreement.end_date,
      value: agreement.value === null ? '' : String(agreement.value),
      notes: agreement.notes ?? '',
    })),
    notes: org.notes ?? '',
  };
}

/** Create (`org` null) or edit an organisation, with its agreements as repeating rows. */
export function OrgForm({ org }: { org: OrganisationDetail | null }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const lookups = useLookups();
  const form = useForm<OrgValues>({
    resolver: zodResolver(organisationInputSchema) as unknown as Resolver<OrgValues>,
    defaultValues: orgFormDefaults(org),
  });
  const { register, control, formState } = form;
  const fieldProps = bindFields(register, formState.errors);
  const agreements = useFieldArray({ control, name: 'agreements', keyName: 'key' });

  const save = useRecordFormSave({
    form,
    // The resolver has turned the form's strings into the API's input.
    save: (values) => {
      const body = values as unknown as OrganisationInput;
      return org ? updateOrg(client, org.id, body) : createOrg(client, body);
    },
    errorTitle: 'تعذر حفظ الجهة',
    onSaved: (saved) => {
      queryClient.setQueryData(beneficiariesKeys.orgs.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: beneficiariesKeys.orgs.all });
      return {
        toast: { title: org ? 'حُفظت تعديلات الجهة' : 'أُضيفت الجهة', description: saved.name },
        to: pathTo('orgs.show', { id: saved.id }),
      };
    },
  });

  return (
    <RecordForm
      form={form}
      save={save}
      label={org ? 'تعديل الجهة' : 'إضافة جهة'}
      submitLabel={org ? 'حفظ التعديلات' : 'إضافة الجهة'}
      cancelTo={org ? pathTo('orgs.show', { id: org.id }) : pathTo('orgs.list')}
    >
      <Card as="section" aria-labelledby="org-main">
        <SectionTitle id="org-main">بيانات الجهة</SectionTitle>
        <FormGrid>
          <TextField label="اسم الجهة" required {...fieldProps('name')} />
          <TextField label="الاسم بالإنجليزية" dir="ltr" {...fieldProps('name_en')} />
          <SelectField
            label="نوع الجهة"
            required
            placeholder="اختر..."
            options={optionsOf(ORGANISATION_TYPES)}
            {...fieldProps('type')}
          />
          <SelectField
            label="الحالة"
            options={optionsOf(ORGANISATION_STATUSES)}
            {...fieldProps('status')}
          />
          <TextField
            label="رقم التسجيل / الترخيص"
            dir="ltr"
            normaliseDigits
            hint="الرقم الموحد أو السجل التجاري أو ترخيص المركز الوطني"
            {...fieldProps('registration_number')}
          />
          <SelectField
            label="المدينة"
            placeholder="اختر..."
            options={optionsOf(lookups.cities)}
            {...fieldProps('city')}
          />
          <TextField label="مسؤول التواصل" {...fieldProps('contact_person')} />
          <TextField
            label="الهاتف"
            type="tel"
            dir="ltr"
            normaliseDigits
            hint="جوال أو هاتف ثابت أو رقم موحد"
            {...fieldProps('phone')}
          />
          <TextField label="البريد الإلكتروني" type="email" dir="ltr" {...fieldProps('email')} />
          <TextField
            label="الموقع الإلكتروني"
            dir="ltr"
            placeholder="https://example.org.sa"
            {...fieldProps('website')}
          />
          <div data-span="full">
            <TextAreaField label="ملاحظات" rows={3} {...fieldProps('notes')} />
          </div>
        </FormGrid>
      </Card>
      <Card as="section" aria-labelledby="org-agreements">
        <SectionTitle id="org-agreements">الاتفاقيات</SectionTitle>
        {agreements.fields.length === 0 ? <Muted>لا توجد اتفاقيات مسجلة.</Muted> : null}
        {agreements.fields.map((field, index) => (
          <RepeaterRow key={field.key} role="group" aria-label={`الاتفاقية ${index + 1}`}>
            <TextField
              label="عنوان الاتفاقية"
              required
              {...fieldProps(`agreements.${index}.title`)}
            />
            <DateField
              label="تاريخ البداية"
              required
              {...fieldProps(`agreements.${index}.start_date`)}
            />
            <DateField
              label="تاريخ النهاية"
              required
              {...fieldProps(`agreements.${index}.end_date`)}
            />
            <NumberField label="القيمة (ريال)" {...fieldProps(`agreements.${index}.value`)} />
            <IconButton
              icon="trash"
              label={`حذف الاتفاقية ${index + 1}`}
              onClick={() => agreements.remove(index)}
            />
          </RepeaterRow>
        ))}
        <Button
          variant="secondary"
          size="sm"
          icon="plus"
          onClick={() =>
            agreements.append({ title: '', start_date: '', end_date: '', value: '', notes: '' })
          }
        >
          إضافة اتفاقية
        </Button>
      </Card>
    </RecordForm>
  );
}
