import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { countOf, pathTo, readApiError } from 'shared-contracts';
import {
  EXISTING_RESPONSE_KEY,
  hasAnswer,
  surveyRateEndpoints,
  surveyRateSchemaFor,
  visibleQuestions,
  type SurveyDetail,
  type SurveyQuestion,
  type SurveyRespondent,
} from 'shared-contracts/engagement';
import {
  Card,
  CheckboxField,
  ChoiceGroup,
  DateField,
  FileNumber,
  FormGrid,
  Muted,
  Notice,
  NumberField,
  PageLink,
  RadioField,
  RecordForm,
  SearchPicker,
  SectionTitle,
  SelectField,
  TextAreaField,
  TextField,
  bindFields,
  errorAt,
  useRecordFormSave,
  useSchemaForm,
  type BoundField,
  type DataTableColumn,
} from 'shared-ui';
import { respondentSearchQuery, useSaveRate } from '../api/surveys-api';

const RATING_LABELS = ['1 — ضعيف جداً', '2 — ضعيف', '3 — مقبول', '4 — جيد', '5 — ممتاز'];

const RESPONDENT_COLUMNS: readonly DataTableColumn<SurveyRespondent>[] = [
  { id: 'head_name', header: 'رب الأسرة', cell: (row) => row.head_name },
  { id: 'file_number', header: 'رقم الملف', cell: (row) => <FileNumber value={row.file_number} /> },
  {
    id: 'answered',
    header: 'الاستبيان',
    cell: (row) => (row.response_id === null ? 'لم تُجب بعد' : 'أجابت من قبل'),
  },
];

/** The form's starting answers: an empty list for multiple choice, blank otherwise. */
function emptyAnswers(questions: readonly SurveyQuestion[]): Record<string, string | string[]> {
  return Object.fromEntries(
    questions.map((question) => [question.key, question.type === 'multiple_choice' ? [] : '']),
  );
}

type Saved =
  | { kind: 'saved'; id: number; message: string | undefined }
  | { kind: 'existing'; id: number; message: string };

/**
 * Fills the survey for one respondent: the respondent picked from the survey's group, then the
 * questions of the version the survey applies, rendered by type with their limits, in order, each
 * shown only while its skip condition holds (a hidden question's answer is cleared, as the API
 * refuses it). Validated with the same schema the API parses (`surveyRateSchemaFor`). A
 * respondent who answered already: the API's 409 names their response, which opens instead.
 */
export function SurveyRateForm({ survey }: { survey: SurveyDetail }) {
  const { version } = survey;
  const schema = useMemo(() => surveyRateSchemaFor(version), [version]);
  const form = useSchemaForm(schema, {
    defaultValues: { family_id: '', member_id: '', answers: emptyAnswers(version.questions) },
  });
  const { register, formState, setValue, control } = form;
  const fieldProps = bindFields(register, formState.errors);
  const watched = useWatch({ control, name: 'answers' });
  const answers = useMemo(() => (watched ?? {}) as Record<string, unknown>, [watched]);
  const visible = visibleQuestions(version.questions, answers);
  const [respondent, setRespondent] = useState<SurveyRespondent | null>(null);
  const saveRate = useSaveRate(survey.id);

  // A question hidden by an answer loses its own answer (the API refuses answers to hidden questions).
  useEffect(() => {
    const shown = visibleQuestions(version.questions, answers);
    for (const question of version.questions) {
      if (shown.has(question.key) || !hasAnswer(answers[question.key])) continue;
      setValue(`answers.${question.key}`, question.type === 'multiple_choice' ? [] : '', {
        shouldDirty: true,
      });
    }
  }, [answers, setValue, version.questions]);

  const record = useRecordFormSave({
    form,
    errorTitle: 'تعذر حفظ الإجابات',
    save: async (values): Promise<Saved> => {
      try {
        const answer = await saveRate(values);
        return { kind: 'saved', id: answer.data.id, message: answer.message };
      } catch (error) {
        const { status, message, fieldErrors } = readApiError(error);
        const existing = Number(fieldErrors[EXISTING_RESPONSE_KEY]?.[0]);
        if (status === 409 && Number.isSafeInteger(existing) && existing > 0)
          return { kind: 'existing', id: existing, message };
        throw error;
      }
    },
    onSaved: (saved) => ({
      toast:
        saved.kind === 'saved'
          ? { title: saved.message ?? 'حُفظت الإجابات', description: survey.title }
          : { title: saved.message, description: 'فُتح الرد السابق' },
      to: pathTo('surveys.rates.show', { id: saved.id }),
    }),
  });

  const pick = (row: SurveyRespondent) => {
    setRespondent(row);
    setValue('family_id', row.id, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setValue('member_id', '', { shouldDirty: true });
  };

  return (
    <RecordForm
      form={form}
      save={record}
      label={`تعبئة الاستبيان: ${survey.title}`}
      submitLabel="حفظ الإجابات"
      cancelTo={pathTo('surveys.show', { id: survey.id })}
    >
      <Card as="section" aria-labelledby="rate-respondent">
        <SectionTitle id="rate-respondent">المستجيب</SectionTitle>
        <SearchPicker
          label="البحث عن الأسرة"
          hint="رقم الملف أو اسم رب الأسرة (حرفان على الأقل)، من الأسر المستهدفة بالاستبيان"
          error={errorAt(formState.errors, 'family_id')}
          endpoint={surveyRateEndpoints.respondents}
          params={{ id: survey.id }}
          query={respondentSearchQuery}
          rows={(answer): readonly SurveyRespondent[] => answer.data}
          caption="الأسر المستهدفة المطابقة"
          columns={RESPONDENT_COLUMNS}
          rowKey="id"
          isSelected={(row) => row.id === respondent?.id}
          onSelect={pick}
          pickLabel={(row) => `اختيار أسرة ${row.head_name} (${row.file_number})`}
          prompt="اكتب للبحث عن الأسرة المستجيبة."
          emptyTitle="لا توجد أسرة مطابقة في المجموعة المستهدفة"
        />
        {respondent ? (
          <Muted role="status">
            الأسرة المختارة: {respondent.head_name} (<FileNumber value={respondent.file_number} />)
          </Muted>
        ) : null}
        {respondent && respondent.response_id !== null && version.target !== 'member' ? (
          <Notice tone="warning">
            أجابت هذه الأسرة عن الاستبيان من قبل.{' '}
            <PageLink pageId="surveys.rates.show" params={{ id: respondent.response_id }}>
              عرض ردها
            </PageLink>
          </Notice>
        ) : null}
        {version.target === 'member' ? (
          <FormGrid>
            <SelectField
              label="فرد الأسرة المستجيب"
              required
              placeholder="اختر..."
              options={(respondent?.members ?? []).map((member) => ({
                value: member.id,
                label: member.name,
              }))}
              {...fieldProps('member_id')}
            />
          </FormGrid>
        ) : null}
      </Card>
      <Card as="section" aria-labelledby="rate-questions">
        <SectionTitle id="rate-questions">الأسئلة</SectionTitle>
        <FormGrid>
          {version.questions
            .filter((question) => visible.has(question.key))
            .map((question) => (
              <div data-span="full" key={question.key}>
                <QuestionField question={question} field={fieldProps(`answers.${question.key}`)} />
              </div>
            ))}
        </FormGrid>
      </Card>
    </RecordForm>
  );
}

/** One question as its type asks: a text box, a number, a date, radios or checkboxes. */
function QuestionField({
  question,
  field: props,
}: {
  question: SurveyQuestion;
  field: BoundField<string>;
}) {
  const error = props.error;
  const hint = question.help_text ?? limitsHint(question);
  const common = { label: question.label, required: question.required, hint };
  switch (question.type) {
    case 'short_text':
      return <TextField {...common} {...props} />;
    case 'long_text':
      return <TextAreaField {...common} rows={3} {...props} />;
    case 'number':
      return <NumberField {...common} inputMode="decimal" {...props} />;
    case 'date':
      return <DateField {...common} {...props} />;
    case 'multiple_choice': {
      const { error: _error, ...field } = props;
      return (
        <ChoiceGroup legend={question.label} required={question.required} hint={hint} error={error}>
          {question.options.map((option) => (
            <CheckboxField
              key={option.value}
              label={option.label}
              value={option.value}
              {...field}
            />
          ))}
        </ChoiceGroup>
      );
    }
    default: {
      const { error: _error, ...field } = props;
      const choices =
        question.type === 'yes_no'
          ? [
              { value: 'yes', label: 'نعم' },
              { value: 'no', label: 'لا' },
            ]
          : question.type === 'rating'
            ? RATING_LABELS.map((label, index) => ({ value: String(index + 1), label }))
            : question.options;
      return (
        <ChoiceGroup legend={question.label} required={question.required} hint={hint} error={error}>
          {choices.map((choice) => (
            <RadioField key={choice.value} label={choice.label} value={choice.value} {...field} />
          ))}
        </ChoiceGroup>
      );
    }
  }
}

/** The limits of a number or a text, in Arabic, as the field's hint. */
function limitsHint(question: SurveyQuestion): string | undefined {
  if (question.type === 'number' && (question.min !== null || question.max !== null)) {
    if (question.min !== null && question.max !== null)
      return `من ${question.min} إلى ${question.max}`;
    return question.min !== null ? `لا تقل عن ${question.min}` : `لا تزيد عن ${question.max}`;
  }
  if (
    (question.type === 'short_text' || question.type === 'long_text') &&
    question.max_length !== null
  )
    return `حتى ${countOf(question.max_length, 'character', { case: 'oblique' })}`;
  return undefined;
}
