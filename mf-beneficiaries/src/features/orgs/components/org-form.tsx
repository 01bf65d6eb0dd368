import { useFieldArray, type DefaultValues } from 'react-hook-form';
import {
  ORGANISATION_STATUSES,
  ORGANISATION_TYPES,
  organisationInputSchema,
  type OrganisationDetail,
  type OrganisationFormValues,
} from 'shared-contracts/beneficiaries';
import { pathTo } from 'shared-contracts';
import {
  Card,
  DateField,
  FormGrid,
  Muted,
  NumberField,
  RecordForm,
  RepeaterRow,
  SectionTitle,
  SelectField,
  TextAreaField,
  TextField,
  bindFields,
  useRecordFormSave,
  useSchemaForm,
} from 'shared-ui';
import { optionsOf, useLookups } from '../../../lib/lookups';
import { useRecordSaved } from '../../../lib/record-cache';
import { useSaveOrg } from '../api/orgs-api';
import { ItemSelect } from '../../../lib/components/item-fields';
import { AddRowButton, RemoveRowButton } from '../../../lib/components/repeater-buttons';

/**
 * The form's defaults: blanks as '' and amounts as text for the inputs. A new organisation has
 * no type yet: its select starts on the placeholder ('') and the schema asks for one.
 */
export function orgFormDefaults(
  org: OrganisationDetail | null,
): DefaultValues<OrganisationFormValues> {
  if (!org) {
    return {
      name: '',
      name_en: '',
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
  const lookups = useLookups();
  const saveOrg = useSaveOrg(org?.id ?? null);
  const recordSaved = useRecordSaved('orgs');
  const form = useSchemaForm(organisationInputSchema, { defaultValues: orgFormDefaults(org) });
  const { register, control, formState } = form;
  const fieldProps = bindFields(register, formState.errors);
  const agreements = useFieldArray({ control, name: 'agreements', keyName: 'key' });

  const save = useRecordFormSave({
    form,
    save: saveOrg,
    errorTitle: 'تعذر حفظ الجهة',
    onSaved: (saved) => ({
      toast: { title: org ? 'حُفظت تعديلات الجهة' : 'أُضيفت الجهة', description: saved.name },
      to: recordSaved(saved.id, { data: saved }),
    }),
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
          <ItemSelect
            label="نوع الجهة"
            required
            items={ORGANISATION_TYPES}
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
          <ItemSelect label="المدينة" items={lookups.cities} {...fieldProps('city')} />
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
            <RemoveRowButton
              label={`حذف الاتفاقية ${index + 1}`}
              onClick={() => agreements.remove(index)}
            />
          </RepeaterRow>
        ))}
        <AddRowButton
          onClick={() =>
            agreements.append({ title: '', start_date: '', end_date: '', value: '', notes: '' })
          }
        >
          إضافة اتفاقية
        </AddRowButton>
      </Card>
    </RecordForm>
  );
}
