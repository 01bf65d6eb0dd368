import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import {
  FAMILY_STATUSES,
  SEASON_KINDS,
  SEASON_TARGET_FAMILY_STATUSES,
  hijriYearOf,
  labelOf,
  pathTo,
  readApiError,
  seasonInputSchema,
  seasonToInput,
  todayIso,
  type Season,
  type SeasonFormValues,
  type SeasonInput,
} from 'shared-contracts';
import {
  Button,
  ButtonLink,
  Card,
  CheckboxField,
  DateField,
  FormActions,
  FormGrid,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
  useToast,
} from 'shared-ui';
import { useApiClient } from '../../../lib/api-client';
import { ChoiceGroup, Notice, SectionTitle, Stack } from '../../../lib/components/layout';
import { errorAt } from '../../../lib/field-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { optionsOf, useLookups } from '../../../lib/lookups';
import { beneficiariesKeys } from '../../../lib/query-keys';
import { UnsavedChangesGuard } from '../../../lib/unsaved-changes-guard';
import { createSeason, updateSeason, useFundingOrgs } from '../api/seasons-api';

type SeasonValues = SeasonFormValues;

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function seasonFormDefaults(season: Season | null): SeasonValues {
  if (!season) {
    return {
      name: '',
      kind: '' as SeasonValues['kind'],
      hijri_year: String(hijriYearOf(todayIso())),
      start_date: '',
      end_date: '',
      budget: '',
      funding_org_id: '',
      eligibility: {
        categories: [],
        max_per_capita_income: '',
        member_min_age: '',
        member_max_age: '',
        statuses: ['approved'],
      },
      notes: '',
    };
  }
  const input = seasonToInput(season);
  return {
    ...input,
    hijri_year: text(input.hijri_year),
    budget: text(input.budget),
    funding_org_id: text(input.funding_org_id),
    notes: input.notes ?? '',
    eligibility: {
      categories: input.eligibility?.categories ?? [],
      statuses: input.eligibility?.statuses ?? ['approved'],
      max_per_capita_income: text(input.eligibility?.max_per_capita_income),
      member_min_age: text(input.eligibility?.member_min_age),
      member_max_age: text(input.eligibility?.member_max_age),
    },
  };
}

/** Create (`season` null) or edit a seasonal programme with its eligibility rule. */
export function SeasonForm({ season }: { season: Season | null }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const lookups = useLookups();
  const orgs = useFundingOrgs();
  const [leaving, setLeaving] = useState(false);
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<SeasonValues>({
    resolver: zodResolver(seasonInputSchema) as unknown as Resolver<SeasonValues>,
    defaultValues: seasonFormDefaults(season),
  });
  const { register, control, formState, handleSubmit, setError } = form;
  const fundingOrgId = useWatch({ control, name: 'funding_org_id' });
  const orgOptions = (orgs.data ?? []).map((org) => ({ value: String(org.id), label: org.name }));
  // The current funder stays selectable even if it is now inactive (not in the active list).
  if (
    season?.funding_org &&
    !orgOptions.some((option) => option.value === String(season.funding_org?.id))
  ) {
    orgOptions.unshift({ value: String(season.funding_org.id), label: season.funding_org.name });
  }

  const save = useMutation({
    mutationFn: (body: SeasonInput) =>
      season ? updateSeason(client, season.id, body) : createSeason(client, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(beneficiariesKeys.seasons.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: beneficiariesKeys.seasons.all });
      toast({
        title: season ? 'حُفظت تعديلات البرنامج' : 'أُضيف البرنامج الموسمي',
        description: saved.name,
      });
      flushSync(() => setLeaving(true));
      navigate(pathTo('seasons.show', { id: saved.id }));
    },
    onError: (error) => {
      const { message, fieldErrors } = readApiError(error, 'تعذر حفظ البرنامج');
      setFormMessages(applyServerErrors(setError, fieldErrors));
      toast({ variant: 'destructive', title: 'تعذر حفظ البرنامج', description: message });
    },
  });

  const submit = handleSubmit(
    (body) => {
      setFormMessages([]);
      save.mutate(body as unknown as SeasonInput);
    },
    () => setFormMessages(['يوجد حقول تحتاج إلى تصحيح، وهي مظللة في النموذج.']),
  );

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label={season ? 'تعديل البرنامج' : 'إضافة برنامج'}
      >
        <Stack>
          {formMessages.length > 0 ? (
            <Notice tone="danger" role="alert">
              {formMessages.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </Notice>
          ) : null}
          <Card as="section" aria-labelledby="season-main">
            <SectionTitle id="season-main">بيانات البرنامج</SectionTitle>
            <FormGrid>
              <div data-span="full">
                <TextField
                  label="اسم البرنامج"
                  required
                  error={errorAt(formState.errors, 'name')}
                  {...register('name')}
                />
              </div>
              <SelectField
                label="نوع البرنامج"
                required
                placeholder="اختر..."
                options={optionsOf(SEASON_KINDS)}
                error={errorAt(formState.errors, 'kind')}
                {...register('kind')}
              />
              <NumberField
                label="السنة الهجرية"
                required
                inputMode="numeric"
                hint="مثال: 1447"
                error={errorAt(formState.errors, 'hijri_year')}
                {...register('hijri_year')}
              />
              <DateField
                label="تاريخ البداية"
                required
                error={errorAt(formState.errors, 'start_date')}
                {...register('start_date')}
              />
              <DateField
                label="تاريخ النهاية"
                required
                error={errorAt(formState.errors, 'end_date')}
                {...register('end_date')}
              />
              <NumberField
                label="الميزانية (ريال)"
                error={errorAt(formState.errors, 'budget')}
                {...register('budget')}
              />
              <SelectField
                label="الجهة الممولة"
                placeholder={orgs.isLoading ? 'جارٍ التحميل...' : 'بدون جهة ممولة'}
                options={orgOptions}
                hint={orgs.isError ? 'تعذر تحميل قائمة الجهات' : undefined}
                error={errorAt(formState.errors, 'funding_org_id')}
                {...register('funding_org_id')}
                value={text(fundingOrgId)}
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
          <Card as="section" aria-labelledby="season-eligibility">
            <SectionTitle id="season-eligibility">شروط الاستحقاق</SectionTitle>
            <Stack $gap="md">
              <ChoiceGroup
                legend="فئات الأسر المستهدفة (فارغة: كل الفئات)"
                error={errorAt(formState.errors, 'eligibility.categories')}
              >
                {lookups.family_categories.map((category) => (
                  <CheckboxField
                    key={category.code}
                    label={category.label}
                    value={category.code}
                    {...register('eligibility.categories')}
                  />
                ))}
              </ChoiceGroup>
              <ChoiceGroup
                legend="حالات الأسر المؤهلة"
                required
                error={errorAt(formState.errors, 'eligibility.statuses')}
              >
                {SEASON_TARGET_FAMILY_STATUSES.map((status) => (
                  <CheckboxField
                    key={status}
                    label={labelOf(FAMILY_STATUSES, status)}
                    value={status}
                    {...register('eligibility.statuses')}
                  />
                ))}
              </ChoiceGroup>
              <FormGrid>
                <NumberField
                  label="الحد الأعلى لدخل الفرد الشهري (ريال)"
                  error={errorAt(formState.errors, 'eligibility.max_per_capita_income')}
                  {...register('eligibility.max_per_capita_income')}
                />
                <div />
                <NumberField
                  label="عمر أحد الأفراد من (سنة)"
                  inputMode="numeric"
                  error={errorAt(formState.errors, 'eligibility.member_min_age')}
                  {...register('eligibility.member_min_age')}
                />
                <NumberField
                  label="إلى (سنة)"
                  inputMode="numeric"
                  error={errorAt(formState.errors, 'eligibility.member_max_age')}
                  {...register('eligibility.member_max_age')}
                />
              </FormGrid>
            </Stack>
          </Card>
          <FormActions>
            <Button type="submit" icon="check" loading={save.isPending}>
              {season ? 'حفظ التعديلات' : 'إضافة البرنامج'}
            </Button>
            <ButtonLink
              to={season ? pathTo('seasons.show', { id: season.id }) : pathTo('seasons.list')}
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
