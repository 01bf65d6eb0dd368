import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { FormProvider, useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import {
  ORGANISATION_STATUSES,
  ORGANISATION_TYPES,
  organisationInputSchema,
  pathTo,
  readApiError,
  type OrganisationDetail,
  type OrganisationFormValues,
  type OrganisationInput,
} from 'shared-contracts';
import {
  Button,
  ButtonLink,
  Card,
  DateField,
  FormActions,
  FormGrid,
  IconButton,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
  useToast,
} from 'shared-ui';
import { useApiClient } from '../../../lib/api-client';
import { Muted, Notice, RepeaterRow, SectionTitle, Stack } from '../../../lib/components/layout';
import { errorAt } from '../../../lib/field-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { optionsOf, useLookups } from '../../../lib/lookups';
import { beneficiariesKeys } from '../../../lib/query-keys';
import { UnsavedChangesGuard } from '../../../lib/unsaved-changes-guard';
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
  const navigate = useNavigate();
  const { toast } = useToast();
  const lookups = useLookups();
  const [leaving, setLeaving] = useState(false);
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<OrgValues>({
    resolver: zodResolver(organisationInputSchema) as unknown as Resolver<OrgValues>,
    defaultValues: orgFormDefaults(org),
  });
  const { register, control, formState, handleSubmit, setError } = form;
  const agreements = useFieldArray({ control, name: 'agreements', keyName: 'key' });

  const save = useMutation({
    mutationFn: (body: OrganisationInput) =>
      org ? updateOrg(client, org.id, body) : createOrg(client, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(beneficiariesKeys.orgs.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: beneficiariesKeys.orgs.all });
      toast({ title: org ? 'حُفظت تعديلات الجهة' : 'أُضيفت الجهة', description: saved.name });
      flushSync(() => setLeaving(true));
      navigate(pathTo('orgs.show', { id: saved.id }));
    },
    onError: (error) => {
      const { message, fieldErrors } = readApiError(error, 'تعذر حفظ الجهة');
      setFormMessages(applyServerErrors(setError, fieldErrors));
      toast({ variant: 'destructive', title: 'تعذر حفظ الجهة', description: message });
    },
  });

  const submit = handleSubmit(
    (body) => {
      setFormMessages([]);
      save.mutate(body as unknown as OrganisationInput);
    },
    () => setFormMessages(['يوجد حقول تحتاج إلى تصحيح، وهي مظللة في النموذج.']),
  );

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label={org ? 'تعديل الجهة' : 'إضافة جهة'}
      >
        <Stack>
          {formMessages.length > 0 ? (
            <Notice tone="danger" role="alert">
              {formMessages.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </Notice>
          ) : null}
          <Card as="section" aria-labelledby="org-main">
            <SectionTitle id="org-main">بيانات الجهة</SectionTitle>
            <FormGrid>
              <TextField
                label="اسم الجهة"
                required
                error={errorAt(formState.errors, 'name')}
                {...register('name')}
              />
              <TextField
                label="الاسم بالإنجليزية"
                dir="ltr"
                error={errorAt(formState.errors, 'name_en')}
                {...register('name_en')}
              />
              <SelectField
                label="نوع الجهة"
                required
                placeholder="اختر..."
                options={optionsOf(ORGANISATION_TYPES)}
                error={errorAt(formState.errors, 'type')}
                {...register('type')}
              />
              <SelectField
                label="الحالة"
                options={optionsOf(ORGANISATION_STATUSES)}
                error={errorAt(formState.errors, 'status')}
                {...register('status')}
              />
              <TextField
                label="رقم التسجيل / الترخيص"
                dir="ltr"
                normaliseDigits
                hint="الرقم الموحد أو السجل التجاري أو ترخيص المركز الوطني"
                error={errorAt(formState.errors, 'registration_number')}
                {...register('registration_number')}
              />
              <SelectField
                label="المدينة"
                placeholder="اختر..."
                options={optionsOf(lookups.cities)}
                error={errorAt(formState.errors, 'city')}
                {...register('city')}
              />
              <TextField
                label="مسؤول التواصل"
                error={errorAt(formState.errors, 'contact_person')}
                {...register('contact_person')}
              />
              <TextField
                label="الهاتف"
                type="tel"
                dir="ltr"
                normaliseDigits
                hint="جوال أو هاتف ثابت أو رقم موحد"
                error={errorAt(formState.errors, 'phone')}
                {...register('phone')}
              />
              <TextField
                label="البريد الإلكتروني"
                type="email"
                dir="ltr"
                error={errorAt(formState.errors, 'email')}
                {...register('email')}
              />
              <TextField
                label="الموقع الإلكتروني"
                dir="ltr"
                placeholder="https://example.org.sa"
                error={errorAt(formState.errors, 'website')}
                {...register('website')}
              />
              <div data-span="full">
                <TextAreaField
                  label="ملاحظات"
                  rows={3}
                  error={errorAt(formState.errors, 'notes')}
                  {...register('notes')}
                />
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
                  error={errorAt(formState.errors, `agreements.${index}.title`)}
                  {...register(`agreements.${index}.title`)}
                />
                <DateField
                  label="تاريخ البداية"
                  required
                  error={errorAt(formState.errors, `agreements.${index}.start_date`)}
                  {...register(`agreements.${index}.start_date`)}
                />
                <DateField
                  label="تاريخ النهاية"
                  required
                  error={errorAt(formState.errors, `agreements.${index}.end_date`)}
                  {...register(`agreements.${index}.end_date`)}
                />
                <NumberField
                  label="القيمة (ريال)"
                  error={errorAt(formState.errors, `agreements.${index}.value`)}
                  {...register(`agreements.${index}.value`)}
                />
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
          <FormActions>
            <Button type="submit" icon="check" loading={save.isPending}>
              {org ? 'حفظ التعديلات' : 'إضافة الجهة'}
            </Button>
            <ButtonLink
              to={org ? pathTo('orgs.show', { id: org.id }) : pathTo('orgs.list')}
              variant="secondary"
            >
              إلغاء
            </ButtonLink>
          </FormActions>
        </Stack>
      </form>
      <UnsavedChangesGuard when={formState.isDirty && !leaving && !save.isPending} />
    </FormProvider>
  );
}
