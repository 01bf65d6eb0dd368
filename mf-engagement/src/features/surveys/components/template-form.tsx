import { pathTo } from 'shared-contracts';
import {
  SURVEY_PURPOSES,
  SURVEY_TARGETS,
  SURVEY_TEMPLATE_FIELD_LABELS as L,
  surveyTemplateInputSchema,
  surveyTemplateToInput,
  type SurveyTemplateDetail,
  type SurveyTemplateFormValues,
} from 'shared-contracts/engagement';
import {
  Card,
  FormGrid,
  Notice,
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
import { useSaveTemplate } from '../api/surveys-api';
import { QuestionBuilder, blankQuestion } from './question-builder';

const PURPOSE_OPTIONS = codeOptions(SURVEY_PURPOSES);
const TARGET_OPTIONS = codeOptions(SURVEY_TARGETS);

const BLANK: SurveyTemplateFormValues = {
  title: '',
  purpose: 'satisfaction',
  target: 'family',
  description: '',
  questions: [blankQuestion('q1')],
};

/**
 * Create (`template` null) or edit a template: its title, purpose, target and questions. A
 * published template is not changed in place: saving it writes a new version (the notice says
 * so, the toast names the version), and the answers already given stay with the old one.
 */
export function TemplateForm({ template }: { template: SurveyTemplateDetail | null }) {
  const save = useSaveTemplate(template?.id ?? null);
  const form = useSchemaForm(surveyTemplateInputSchema, {
    defaultValues: template ? surveyTemplateToInput(template) : BLANK,
  });
  const fieldProps = bindFields(form.register, form.formState.errors);
  const record = useRecordFormSave({
    form,
    save,
    errorTitle: 'تعذر حفظ القالب',
    onSaved: (answer) => ({
      toast: { title: answer.message ?? 'حُفظ القالب', description: answer.data.title },
      to: pathTo('surveys.templates.edit', { id: answer.data.id }),
    }),
  });
  return (
    <RecordForm
      form={form}
      save={record}
      label={template ? 'تعديل قالب الاستبيان' : 'إنشاء قالب استبيان'}
      submitLabel={template ? 'حفظ القالب' : 'إنشاء القالب'}
      cancelTo={pathTo('surveys.templates')}
    >
      {template?.status === 'published' ? (
        <Notice tone="info">
          {`القالب منشور، ولا يتغير الإصدار المنشور (الإصدار ${template.current_version.version}): حفظ تعديل على الأسئلة ينشئ إصداراً جديداً، وتبقى الإجابات السابقة مرتبطة بإصدارها.`}
        </Notice>
      ) : null}
      <Card as="section" aria-labelledby="template-main">
        <SectionTitle id="template-main">بيانات القالب</SectionTitle>
        <FormGrid>
          <div data-span="full">
            <TextField label={L.title} required {...fieldProps('title')} />
          </div>
          <SelectField
            label={L.purpose}
            required
            options={PURPOSE_OPTIONS}
            {...fieldProps('purpose')}
          />
          <SelectField
            label={L.target}
            required
            options={TARGET_OPTIONS}
            hint="المستجيب أسرة، أو فرد منها عند اختيار «فرد من الأسرة»."
            {...fieldProps('target')}
          />
          <div data-span="full">
            <TextAreaField label={L.description} rows={2} {...fieldProps('description')} />
          </div>
        </FormGrid>
      </Card>
      <Card as="section" aria-labelledby="template-questions">
        <SectionTitle id="template-questions">{L.questions}</SectionTitle>
        <QuestionBuilder form={form} />
      </Card>
    </RecordForm>
  );
}
