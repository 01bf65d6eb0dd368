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
import { useSaveOrganisation } from '../api/organisations-api';
import { ItemSelect } from '../../../lib/components/item-fields';
import { AddRowButton, RemoveRowButton } from '../../../lib/components/repeater-buttons';

/**
 * The form's defaults: blanks as '' and amounts as text for the inputs. A new organisation has
 * no type yet: its select starts on the placeholder ('') and the schema asks for one.
 */
export function organisationFormDefaults(
  organisation: OrganisationDetail | null,
): DefaultValues<OrganisationFormValues> {
  if (!organisation) {
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
    name: organisation.name,
    name_en: organisation.name_en ?? '',
    type: organisation.type,
    registration_number: organisation.registration_number ?? '',
    contact_person: organisation.contact_person ?? '',
    phone: organisation.phone ?? '',
    email: organisation.email ?? '',
    city: organisation.city?.code ?? '',
    website: organisation.website ?? '',
    status: organisation.status,
    agreements: organisation.agreements.map((agreement) => ({
      id: agreement.id,
      title: agreement.title,
      start_date: agreement.start_date,
      end_date: agreement.end_date,
      value: agreement.value === null ? '' : String(agreement.value),
      notes: agreement.notes ?? '',
    })),
    notes: organisation.notes ?? '',
  };
}

/** Create (`organisation` null) or edit an organisation, with its agreements as repeating rows. */
export function OrganisationForm({ organisation }: { organisation: OrganisationDetail | null }) {
  const lookups = useLookups();
  const saveOrganisation = useSaveOrganisation(organisation?.id ?? null);
  const recordSaved = useRecordSaved('organisations');
  const form = useSchemaForm(organisationInputSchema, {
    defaultValues: organisationFormDefaults(organisation),
  });
  const { register, control, formState } = form;
  const fieldProps = bindFields(register, formState.errors);
  const agreements = useFieldArray({ control, name: 'agreements', keyName: 'key' });

  const save = useRecordFormSave({
    form,
    save: saveOrganisation,
    errorTitle: 'تعذر حفظ الجهة',
    onSaved: (saved) => ({
      toast: {
        title: organisation ? 'حُفظت تعديلات الجهة' : 'أُضيفت الجهة',
        description: saved.name,
      },
      to: recordSaved(saved.id, { data: saved }),
    }),
  });

  return (
    <RecordForm
      form={form}
      save={save}
      label={organisation ? 'تعديل الجهة' : 'إضافة جهة'}
      submitLabel={organisation ? 'حفظ التعديلات' : 'إضافة الجهة'}
      cancelTo={organisation ? pathTo('orgs.show', { id: organisation.id }) : pathTo('orgs.list')}
    >
      <Card as="section" aria-labelledby="organisation-main">
        <SectionTitle id="organisation-main">بيانات الجهة</SectionTitle>
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
      <Card as="section" aria-labelledby="organisation-agreements">
        <SectionTitle id="organisation-agreements">الاتفاقيات</SectionTitle>
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
