import type { DefaultValues } from 'react-hook-form';
import { pathTo } from 'shared-contracts';
import { FAMILY_CATEGORIES, GENDERS } from 'shared-contracts/beneficiaries';
import {
  SEMINAR_FIELD_LABELS,
  seminarInputSchema,
  type SeminarDetail,
  type SeminarFormValues,
} from 'shared-contracts/engagement';
import {
  Card,
  CheckboxField,
  DateTimeField,
  ChoiceGroup,
  FormGrid,
  NumberField,
  RecordForm,
  SectionTitle,
  SelectField,
  TextAreaField,
  TextField,
  bindFields,
  errorAt,
  useRecordFormSave,
  useSchemaForm,
  codeOptions,
} from 'shared-ui';
import { useSaveSeminar, useSeminarOptions, useSeminarSaved } from '../api/seminars-api';

const L = SEMINAR_FIELD_LABELS;
const CHOOSE = 'اختر...';

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The form's defaults: blanks as '' and numbers as text for the inputs. */
export function seminarFormDefaults(
  seminar: SeminarDetail | null,
): DefaultValues<SeminarFormValues> {
  if (!seminar) {
    return {
      title: '',
      seminar_type_id: '',
      axis_id: '',
      presenter: '',
      venue: '',
      online_url: '',
      starts_at: '',
      ends_at: '',
      capacity: '',
      target_gender: null,
      target_age_min: '',
      target_age_max: '',
      target_categories: [],
      description: '',
    };
  }
  return {
    title: seminar.title,
    seminar_type_id: String(seminar.seminar_type.id),
    axis_id: text(seminar.axis?.id),
    presenter: text(seminar.presenter),
    venue: text(seminar.venue),
    online_url: text(seminar.online_url),
    starts_at: seminar.starts_at,
    ends_at: seminar.ends_at,
    capacity: String(seminar.capacity),
    target_gender: seminar.target_gender,
    target_age_min: text(seminar.target_age_min),
    target_age_max: text(seminar.target_age_max),
    target_categories: [...seminar.target_categories],
    description: text(seminar.description),
  };
}

/** Active entries, plus the one the edited seminar already holds (kept even when retired since). */
function choosable(
  items: readonly { id: number; name: string; active: boolean }[] | undefined,
  held: { id: number } | null | undefined,
) {
  return (items ?? [])
    .filter((item) => item.active || item.id === held?.id)
    .map((item) => ({ value: item.id, label: item.name }));
}

/**
 * Add (`seminar` null) or edit a seminar: what, who, where, when, how many places and whom it
 * targets. Validated by the shared schema (end after start, a venue or a link, capacity > 0, age
 * range in order) with the API's 422s on their fields. Status changes are the show page's.
 */
export function SeminarForm({ seminar }: { seminar: SeminarDetail | null }) {
  const options = useSeminarOptions();
  const save = useSaveSeminar(seminar?.id ?? null);
  const saved = useSeminarSaved();
  const form = useSchemaForm(seminarInputSchema, { defaultValues: seminarFormDefaults(seminar) });
  const { register, formState } = form;
  const fieldProps = bindFields(register, formState.errors);
  const formSave = useRecordFormSave({
    form,
    save,
    errorTitle: 'تعذر حفظ الندوة',
    onSaved: (answer) => ({
      toast: {
        title: seminar ? 'حُفظت تعديلات الندوة' : 'أُضيفت الندوة',
        description: answer.data.title,
      },
      to: saved(answer),
    }),
  });

  return (
    <RecordForm
      form={form}
      save={formSave}
      label={seminar ? 'تعديل الندوة' : 'إضافة ندوة'}
      submitLabel={seminar ? 'حفظ التعديلات' : 'إضافة الندوة'}
      cancelTo={seminar ? pathTo('seminars.show', { id: seminar.id }) : pathTo('seminars.list')}
    >
      <Card as="section" aria-labelledby="seminar-main">
        <SectionTitle id="seminar-main">الندوة</SectionTitle>
        <FormGrid>
          <div data-span="full">
            <TextField label={L.title} required {...fieldProps('title')} />
          </div>
          <SelectField
            label={L.seminar_type}
            required
            placeholder={CHOOSE}
            options={choosable(options.data?.types, seminar?.seminar_type)}
            {...fieldProps('seminar_type_id')}
          />
          <SelectField
            label={L.axis}
            placeholder="بدون محور"
            hint="محاور الخدمات في الجمعية."
            options={choosable(options.data?.axes, seminar?.axis)}
            {...fieldProps('axis_id')}
          />
          <TextField label={L.presenter} {...fieldProps('presenter')} />
          <NumberField
            label={L.capacity}
            required
            inputMode="numeric"
            hint="يُضاف من يسجل بعد اكتمال العدد إلى قائمة الانتظار."
            {...fieldProps('capacity')}
          />
        </FormGrid>
      </Card>
      <Card as="section" aria-labelledby="seminar-when">
        <SectionTitle id="seminar-when">الموعد والمكان</SectionTitle>
        <FormGrid>
          {/* The product's date and time fields (day/month/year, ص/م, the Hijri switch), not
            the browser's own control; the value stays the API's local YYYY-MM-DDTHH:MM. */}
          <DateTimeField label={L.starts_at} required {...fieldProps('starts_at')} />
          <DateTimeField
            label={L.ends_at}
            required
            hint="بعد وقت البداية."
            {...fieldProps('ends_at')}
          />
          <TextField label={L.venue} hint="أو أدخل رابط الحضور عن بعد." {...fieldProps('venue')} />
          <TextField label={L.online_url} dir="ltr" inputMode="url" {...fieldProps('online_url')} />
        </FormGrid>
      </Card>
      <Card as="section" aria-labelledby="seminar-target">
        <SectionTitle id="seminar-target">الفئة المستهدفة</SectionTitle>
        <FormGrid>
          <SelectField
            label={L.target_gender}
            placeholder="الجنسان"
            options={codeOptions(GENDERS)}
            {...fieldProps('target_gender')}
          />
          <NumberField
            label={L.target_age_min}
            inputMode="numeric"
            {...fieldProps('target_age_min')}
          />
          <NumberField
            label={L.target_age_max}
            inputMode="numeric"
            {...fieldProps('target_age_max')}
          />
          <div data-span="full">
            <ChoiceGroup
              legend={L.target_categories}
              hint="اتركها فارغة لتشمل كل الأسر."
              error={errorAt(formState.errors, 'target_categories')}
            >
              {FAMILY_CATEGORIES.map((item) => (
                <CheckboxField
                  key={item.code}
                  label={item.label}
                  value={item.code}
                  {...register('target_categories')}
                />
              ))}
            </ChoiceGroup>
          </div>
        </FormGrid>
      </Card>
      <Card as="section" aria-labelledby="seminar-description">
        <SectionTitle id="seminar-description">{L.description}</SectionTitle>
        <TextAreaField label={L.description} rows={4} {...fieldProps('description')} />
      </Card>
    </RecordForm>
  );
}
