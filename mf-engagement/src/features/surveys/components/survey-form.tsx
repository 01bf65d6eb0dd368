import { useWatch } from 'react-hook-form';
import { pathTo } from 'shared-contracts';
import {
  SURVEY_FIELD_LABELS as L,
  SURVEY_GROUP_KINDS,
  SURVEY_STATUSES,
  surveyDetailToInput,
  surveyInputSchema,
  type SurveyDetail,
  type SurveyFormValues,
  type SurveyGroupKind,
  type SurveyOptions,
} from 'shared-contracts/engagement';
import {
  Card,
  DateField,
  FormGrid,
  RecordForm,
  SectionTitle,
  SelectField,
  TextAreaField,
  TextField,
  bindFields,
  useRecordFormSave,
  useSchemaForm,
  codeOptions,
} from 'shared-ui';
import { useSaveSurvey, useSurveyOptions } from '../api/surveys-api';

const CHOOSE = 'اختر...';
const KIND_OPTIONS = codeOptions(SURVEY_GROUP_KINDS);
const STATUS_OPTIONS = codeOptions(SURVEY_STATUSES);

const BLANK: SurveyFormValues = {
  title: '',
  survey_type_id: '',
  template_version_id: '',
  group_kind: 'season',
  group_id: '',
  starts_on: '',
  ends_on: '',
  status: 'open',
  description: '',
};

/** The groups of a kind the form offers (plus the one an edited survey holds). */
function groupOptions(
  options: SurveyOptions | undefined,
  kind: SurveyGroupKind,
  held: SurveyDetail | null,
) {
  const list =
    kind === 'season'
      ? options?.seasons
      : kind === 'service_type'
        ? options?.service_types
        : options?.seminars;
  const rows = [...(list ?? [])];
  if (held && held.group_kind === kind && !rows.some((row) => row.id === held.group.id))
    rows.push(held.group);
  return rows.map((row) => ({ value: row.id, label: row.name }));
}

/**
 * Create (`survey` null) or edit a survey: its type, the template version it applies (the current
 * version of a published template; an edited survey may move to a newer version — responses keep
 * the version they answered), the target group and period, open or closed.
 */
export function SurveyForm({ survey }: { survey: SurveyDetail | null }) {
  const options = useSurveyOptions();
  const save = useSaveSurvey(survey?.id ?? null);
  const form = useSchemaForm(surveyInputSchema, {
    defaultValues: survey ? surveyDetailToInput(survey) : BLANK,
  });
  const fieldProps = bindFields(form.register, form.formState.errors);
  const kind = (useWatch({ control: form.control, name: 'group_kind' }) ??
    'season') as SurveyGroupKind;
  const record = useRecordFormSave({
    form,
    save,
    errorTitle: 'تعذر حفظ الاستبيان',
    onSaved: (answer) => ({
      toast: { title: answer.message ?? 'حُفظ الاستبيان', description: answer.data.title },
      to: pathTo('surveys.show', { id: answer.data.id }),
    }),
  });

  const versions = (options.data?.templates ?? []).map((template) => ({
    value: template.version.id,
    label: `${template.title} — الإصدار ${template.version.version}`,
  }));
  if (survey && !versions.some((option) => option.value === survey.template_version.id)) {
    versions.push({
      value: survey.template_version.id,
      label: `${survey.template.title} — الإصدار ${survey.template_version.version} (الحالي للاستبيان)`,
    });
  }
  const types = (options.data?.types ?? []).map((type) => ({ value: type.id, label: type.name }));
  if (survey && !types.some((option) => option.value === survey.survey_type.id))
    types.push({ value: survey.survey_type.id, label: survey.survey_type.name });

  return (
    <RecordForm
      form={form}
      save={record}
      label={survey ? 'تعديل الاستبيان' : 'إنشاء استبيان'}
      submitLabel={survey ? 'حفظ التعديلات' : 'إنشاء الاستبيان'}
      cancelTo={survey ? pathTo('surveys.show', { id: survey.id }) : pathTo('surveys.list')}
    >
      <Card as="section" aria-labelledby="survey-main">
        <SectionTitle id="survey-main">الاستبيان</SectionTitle>
        <FormGrid>
          <div data-span="full">
            <TextField label={L.title} required {...fieldProps('title')} />
          </div>
          <SelectField
            label={L.survey_type}
            required
            placeholder={CHOOSE}
            options={types}
            {...fieldProps('survey_type_id')}
          />
          <SelectField
            label={`${L.template} (${L.template_version})`}
            required
            placeholder={CHOOSE}
            options={versions}
            hint="الإصدار الحالي لقالب منشور. الردود السابقة تبقى على إصدارها."
            {...fieldProps('template_version_id')}
          />
          <SelectField label={L.status} options={STATUS_OPTIONS} {...fieldProps('status')} />
        </FormGrid>
      </Card>
      <Card as="section" aria-labelledby="survey-group">
        <SectionTitle id="survey-group">المستهدفون والفترة</SectionTitle>
        <FormGrid>
          <SelectField
            label={L.group_kind}
            required
            options={KIND_OPTIONS}
            {...fieldProps('group_kind', { onChange: () => form.setValue('group_id', '') })}
          />
          <SelectField
            label={L.group}
            required
            placeholder={CHOOSE}
            options={groupOptions(options.data, kind, survey)}
            hint={
              kind === 'seminar' && (options.data?.seminars ?? []).length === 0
                ? 'لا توجد ندوات مسجلة بعد.'
                : undefined
            }
            {...fieldProps('group_id')}
          />
          <DateField label={L.starts_on} required {...fieldProps('starts_on')} />
          <DateField label={L.ends_on} required {...fieldProps('ends_on')} />
          <div data-span="full">
            <TextAreaField label={L.description} rows={2} {...fieldProps('description')} />
          </div>
        </FormGrid>
      </Card>
    </RecordForm>
  );
}
