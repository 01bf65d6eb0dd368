import { useWatch, type DefaultValues } from 'react-hook-form';
import {
  FAMILY_STATUSES,
  SEASON_KINDS,
  SEASON_TARGET_FAMILY_STATUSES,
  hijriYearOf,
  labelOf,
  seasonInputSchema,
  seasonToInput,
  type Season,
  type SeasonFormValues,
} from 'shared-contracts/beneficiaries';
import { pathTo, todayIso } from 'shared-contracts';
import {
  Card,
  DateField,
  FormGrid,
  NumberField,
  RecordForm,
  SectionTitle,
  SelectField,
  Stack,
  TextAreaField,
  TextField,
  bindFields,
  errorAt,
  useRecordFormSave,
  useSchemaForm,
} from 'shared-ui';
import { useLookups } from '../../../lib/lookups';
import { useRecordSaved } from '../../../lib/record-cache';
import { useFundingOrgs, useSaveSeason } from '../api/seasons-api';
import { ItemCheckboxes, ItemSelect } from '../../../lib/components/item-fields';

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The family statuses a programme may target, in their workflow order. */
const TARGET_STATUSES = SEASON_TARGET_FAMILY_STATUSES.map((code) => ({
  code,
  label: labelOf(FAMILY_STATUSES, code),
}));

/** The form's defaults; a new programme has no kind yet (its select starts on the placeholder). */
export function seasonFormDefaults(season: Season | null): DefaultValues<SeasonFormValues> {
  if (!season) {
    return {
      name: '',
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
  const lookups = useLookups();
  const orgs = useFundingOrgs();
  const saveSeason = useSaveSeason(season?.id ?? null);
  const recordSaved = useRecordSaved('seasons');
  const form = useSchemaForm(seasonInputSchema, { defaultValues: seasonFormDefaults(season) });
  const { register, control, formState } = form;
  const fieldProps = bindFields(register, formState.errors);
  const fundingOrgId = useWatch({ control, name: 'funding_org_id' });
  const orgOptions = (orgs.data ?? []).map((org) => ({ value: String(org.id), label: org.name }));
  // The current funder stays selectable even if it is now inactive (not in the active list).
  if (
    season?.funding_org &&
    !orgOptions.some((option) => option.value === String(season.funding_org?.id))
  ) {
    orgOptions.unshift({ value: String(season.funding_org.id), label: season.funding_org.name });
  }

  const save = useRecordFormSave({
    form,
    save: saveSeason,
    errorTitle: 'تعذر حفظ البرنامج',
    onSaved: (saved) => ({
      toast: {
        title: season ? 'حُفظت تعديلات البرنامج' : 'أُضيف البرنامج الموسمي',
        description: saved.name,
      },
      to: recordSaved(saved.id, { data: saved }),
    }),
  });

  return (
    <RecordForm
      form={form}
      save={save}
      label={season ? 'تعديل البرنامج' : 'إضافة برنامج'}
      submitLabel={season ? 'حفظ التعديلات' : 'إضافة البرنامج'}
      cancelTo={season ? pathTo('seasons.show', { id: season.id }) : pathTo('seasons.list')}
    >
      <Card as="section" aria-labelledby="season-main">
        <SectionTitle id="season-main">بيانات البرنامج</SectionTitle>
        <FormGrid>
          <div data-span="full">
            <TextField label="اسم البرنامج" required {...fieldProps('name')} />
          </div>
          <ItemSelect label="نوع البرنامج" required items={SEASON_KINDS} {...fieldProps('kind')} />
          <NumberField
            label="السنة الهجرية"
            required
            inputMode="numeric"
            hint="مثال: 1447"
            {...fieldProps('hijri_year')}
          />
          <DateField label="تاريخ البداية" required {...fieldProps('start_date')} />
          <DateField label="تاريخ النهاية" required {...fieldProps('end_date')} />
          <NumberField label="الميزانية (ريال)" {...fieldProps('budget')} />
          <SelectField
            label="الجهة الممولة"
            placeholder={orgs.isLoading ? 'جارٍ التحميل...' : 'بدون جهة ممولة'}
            options={orgOptions}
            hint={orgs.isError ? 'تعذر تحميل قائمة الجهات' : undefined}
            {...fieldProps('funding_org_id')}
            value={text(fundingOrgId)}
          />
          <div data-span="full">
            <TextAreaField label="ملاحظات" rows={3} {...fieldProps('notes')} />
          </div>
        </FormGrid>
      </Card>
      <Card as="section" aria-labelledby="season-eligibility">
        <SectionTitle id="season-eligibility">شروط الاستحقاق</SectionTitle>
        <Stack $gap="md">
          <ItemCheckboxes
            legend="فئات الأسر المستهدفة (فارغة: كل الفئات)"
            error={errorAt(formState.errors, 'eligibility.categories')}
            items={lookups.family_categories}
            field={register('eligibility.categories')}
          />
          <ItemCheckboxes
            legend="حالات الأسر المؤهلة"
            required
            error={errorAt(formState.errors, 'eligibility.statuses')}
            items={TARGET_STATUSES}
            field={register('eligibility.statuses')}
          />
          <FormGrid>
            <NumberField
              label="الحد الأعلى لدخل الفرد الشهري (ريال)"
              {...fieldProps('eligibility.max_per_capita_income')}
            />
            <div />
            <NumberField
              label="عمر أحد الأفراد من (سنة)"
              inputMode="numeric"
              {...fieldProps('eligibility.member_min_age')}
            />
            <NumberField
              label="إلى (سنة)"
              inputMode="numeric"
              {...fieldProps('eligibility.member_max_age')}
            />
          </FormGrid>
        </Stack>
      </Card>
    </RecordForm>
  );
}
