import { useRef, useState } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import {
  CHOICE_QUESTION_TYPES,
  NUMBER_QUESTION_TYPES,
  SURVEY_QUESTION_TYPES,
  TEXT_QUESTION_TYPES,
  skipValuesOf,
  type SurveyQuestionFormValues,
  type SurveyQuestionType,
  type SurveyTemplateFormValues,
  type SurveyTemplateInput,
} from 'shared-contracts/engagement';
import {
  Button,
  Card,
  CheckboxField,
  FormGrid,
  IconButton,
  Muted,
  NumberField,
  RepeaterRow,
  Row,
  SelectField,
  SubTitle,
  TextField,
  VisuallyHidden,
  bindFields,
  errorAt,
} from 'shared-ui';

export type TemplateForm = UseFormReturn<SurveyTemplateFormValues, unknown, SurveyTemplateInput>;

const TYPE_OPTIONS = SURVEY_QUESTION_TYPES.map((type) => ({ value: type.code, label: type.label }));
const YES_NO_LABELS: Record<string, string> = { yes: 'نعم', no: 'لا' };

/** A key no question of the form uses yet (`q1`, `q2`…). */
function freshKey(prefix: string, used: readonly string[]): string {
  for (let n = used.length + 1; ; n += 1) {
    const key = `${prefix}${n}`;
    if (!used.includes(key)) return key;
  }
}

export function blankQuestion(key: string): SurveyQuestionFormValues {
  return {
    key,
    label: '',
    type: 'short_text',
    required: false,
    help_text: null,
    min: null,
    max: null,
    min_length: null,
    max_length: null,
    options: [],
    show_if: null,
  };
}

/** The Arabic text of a skip value of `question` (an option's label, نعم/لا, the score). */
function skipValueLabel(
  question: Pick<SurveyQuestionFormValues, 'type' | 'options'>,
  value: string,
): string {
  if (question.type === 'yes_no') return YES_NO_LABELS[value] ?? value;
  return question.options?.find((option) => option.value === value)?.label || value;
}

/**
 * The question builder of a template form: ordered questions, each with its text, type,
 * required flag, limits (values for numbers, length for texts), options for choices and its skip
 * condition (shown when an earlier question's answer equals a value). Add, remove, and reorder with
 * the up / down buttons — keyboard operable: focus follows the moved question and a live region
 * says where it went.
 */
export function QuestionBuilder({ form }: { form: TemplateForm }) {
  const { control, register, formState, setValue, getValues } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'questions' });
  const questions = useWatch({ control, name: 'questions' }) ?? [];
  const fieldProps = bindFields(register, formState.errors);
  const [announcement, setAnnouncement] = useState('');
  const root = useRef<HTMLDivElement>(null);

  const focusLater = (selector: string) =>
    window.setTimeout(() => {
      const target = root.current?.querySelector<HTMLElement>(selector);
      target?.focus();
    }, 0);

  const moveQuestion = (from: number, to: number) => {
    move(from, to);
    setAnnouncement(`نُقل السؤال ${from + 1} إلى الموضع ${to + 1}`);
    // Keep the focus on the same button of the moved question (or the other one at an end).
    const direction = to < from ? 'up' : 'down';
    const atEnd =
      (direction === 'up' && to === 0) || (direction === 'down' && to === fields.length - 1);
    focusLater(
      `[data-question="${to}"][data-move="${atEnd ? (direction === 'up' ? 'down' : 'up') : direction}"]`,
    );
  };

  const addQuestion = () => {
    const used = (getValues('questions') ?? []).map((question) => question.key ?? '');
    append(blankQuestion(freshKey('q', used)), { shouldFocus: false });
    setAnnouncement(`أُضيف السؤال ${fields.length + 1}`);
    focusLater(`[data-question-label="${fields.length}"]`);
  };

  const removeQuestion = (index: number) => {
    remove(index);
    setAnnouncement(`حُذف السؤال ${index + 1}`);
    focusLater(index > 0 ? `[data-question-label="${index - 1}"]` : '[data-add-question]');
  };

  const changeType = (index: number, type: SurveyQuestionType) => {
    // A choice question starts with two options to fill.
    if (
      CHOICE_QUESTION_TYPES.includes(type) &&
      (getValues(`questions.${index}.options`) ?? []).length === 0
    ) {
      setValue(`questions.${index}.options`, [
        { value: 'o1', label: '' },
        { value: 'o2', label: '' },
      ]);
    }
  };

  const listError =
    errorAt(formState.errors, 'questions') ?? errorAt(formState.errors, 'questions.root');

  return (
    <div ref={root}>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {listError ? (
        <p role="alert" id="questions-error">
          {listError}
        </p>
      ) : null}
      <ol
        aria-label="أسئلة القالب"
        style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '1rem' }}
      >
        {fields.map((field, index) => {
          const question = questions[index] ?? blankQuestion(field.key ?? '');
          const type = (question.type ?? 'short_text') as SurveyQuestionType;
          const number = index + 1;
          const earlier = questions.slice(0, index).filter((q) => q.key);
          const skipKey = question.show_if?.question_key ?? '';
          const skipTarget = earlier.find((q) => q.key === skipKey);
          const skipValues = skipTarget
            ? skipValuesOf({
                type: skipTarget.type as SurveyQuestionType,
                options: (skipTarget.options ?? []).map((o) => ({
                  value: o.value ?? '',
                  label: o.label ?? '',
                })),
              })
            : null;
          return (
            <li key={field.id}>
              <Card as="section" aria-labelledby={`question-${field.id}-title`}>
                <Row $justify="between">
                  <SubTitle id={`question-${field.id}-title`}>
                    السؤال {number}
                    {question.label ? `: ${question.label}` : ''}
                  </SubTitle>
                  <Row>
                    <IconButton
                      icon="chevron-up"
                      size="sm"
                      label={`نقل السؤال ${number} إلى الأعلى`}
                      data-question={index}
                      data-move="up"
                      disabled={index === 0}
                      onClick={() => moveQuestion(index, index - 1)}
                    />
                    <IconButton
                      icon="chevron-down"
                      size="sm"
                      label={`نقل السؤال ${number} إلى الأسفل`}
                      data-question={index}
                      data-move="down"
                      disabled={index === fields.length - 1}
                      onClick={() => moveQuestion(index, index + 1)}
                    />
                    <IconButton
                      icon="trash"
                      size="sm"
                      label={`حذف السؤال ${number}`}
                      onClick={() => removeQuestion(index)}
                    />
                  </Row>
                </Row>
                <FormGrid>
                  <div data-span="full">
                    <TextField
                      label={`نص السؤال ${number}`}
                      required
                      data-question-label={index}
                      {...fieldProps(`questions.${index}.label`)}
                    />
                  </div>
                  <SelectField
                    label={`نوع السؤال ${number}`}
                    options={TYPE_OPTIONS}
                    {...fieldProps(`questions.${index}.type`, {
                      onChange: (event: { target: { value: string } }) =>
                        changeType(index, event.target.value as SurveyQuestionType),
                    })}
                  />
                  <TextField
                    label={`رمز السؤال ${number}`}
                    dir="ltr"
                    hint="يبقى ثابتاً بين الإصدارات لتتطابق الإجابات."
                    {...fieldProps(`questions.${index}.key`)}
                  />
                  <CheckboxField
                    label={`إجابة السؤال ${number} مطلوبة`}
                    {...fieldProps(`questions.${index}.required`)}
                  />
                  <TextField
                    label={`توضيح للسؤال ${number}`}
                    {...fieldProps(`questions.${index}.help_text`)}
                  />
                  {NUMBER_QUESTION_TYPES.includes(type) ? (
                    <>
                      <NumberField
                        label="أقل قيمة مقبولة"
                        inputMode="numeric"
                        {...fieldProps(`questions.${index}.min`)}
                      />
                      <NumberField
                        label="أعلى قيمة مقبولة"
                        inputMode="numeric"
                        {...fieldProps(`questions.${index}.max`)}
                      />
                    </>
                  ) : null}
                  {TEXT_QUESTION_TYPES.includes(type) ? (
                    <>
                      <NumberField
                        label="أقل عدد من الأحرف"
                        inputMode="numeric"
                        {...fieldProps(`questions.${index}.min_length`)}
                      />
                      <NumberField
                        label="أكبر عدد من الأحرف"
                        inputMode="numeric"
                        {...fieldProps(`questions.${index}.max_length`)}
                      />
                    </>
                  ) : null}
                </FormGrid>
                {CHOICE_QUESTION_TYPES.includes(type) ? (
                  <OptionsEditor form={form} index={index} />
                ) : null}
                <FormGrid>
                  <SelectField
                    label={`شرط ظهور السؤال ${number}`}
                    placeholder="يظهر دائماً"
                    hint="يظهر السؤال فقط عندما تساوي إجابة سؤال سابق قيمة محددة."
                    options={earlier.map((q) => ({
                      value: q.key ?? '',
                      label: `${q.label || q.key}`,
                    }))}
                    value={skipKey}
                    error={errorAt(formState.errors, `questions.${index}.show_if.question_key`)}
                    onChange={(event) =>
                      setValue(
                        `questions.${index}.show_if`,
                        event.target.value
                          ? { question_key: event.target.value, equals: '' }
                          : null,
                        { shouldDirty: true },
                      )
                    }
                  />
                  {skipTarget ? (
                    skipValues ? (
                      <SelectField
                        label={`قيمة الإجابة التي يظهر عندها السؤال ${number}`}
                        placeholder="اختر..."
                        options={skipValues.map((value) => ({
                          value,
                          label: skipValueLabel(
                            { type: skipTarget.type, options: skipTarget.options ?? [] },
                            value,
                          ),
                        }))}
                        {...fieldProps(`questions.${index}.show_if.equals`)}
                      />
                    ) : (
                      <TextField
                        label={`قيمة الإجابة التي يظهر عندها السؤال ${number}`}
                        {...fieldProps(`questions.${index}.show_if.equals`)}
                      />
                    )
                  ) : null}
                </FormGrid>
              </Card>
            </li>
          );
        })}
      </ol>
      {fields.length === 0 ? <Muted>لا توجد أسئلة بعد.</Muted> : null}
      <Row>
        <Button icon="plus" variant="secondary" data-add-question onClick={addQuestion}>
          إضافة سؤال
        </Button>
      </Row>
    </div>
  );
}

/** The options of a choice question: a label each (its stored value is generated), add and remove. */
function OptionsEditor({ form, index }: { form: TemplateForm; index: number }) {
  const { control, register, formState, getValues } = form;
  const { fields, append, remove } = useFieldArray({ control, name: `questions.${index}.options` });
  const fieldProps = bindFields(register, formState.errors);
  const error =
    errorAt(formState.errors, `questions.${index}.options`) ??
    errorAt(formState.errors, `questions.${index}.options.root`);
  const addOption = () => {
    const used = (getValues(`questions.${index}.options`) ?? []).map(
      (option) => option.value ?? '',
    );
    append({ value: freshKey('o', used), label: '' });
  };
  return (
    <fieldset
      style={{ border: 0, padding: 0, margin: 0 }}
      aria-describedby={error ? `options-${index}-error` : undefined}
    >
      <legend>خيارات السؤال {index + 1}</legend>
      {error ? (
        <p role="alert" id={`options-${index}-error`}>
          {error}
        </p>
      ) : null}
      {fields.map((field, optionIndex) => (
        <RepeaterRow key={field.id}>
          <TextField
            label={`الخيار ${optionIndex + 1} للسؤال ${index + 1}`}
            required
            {...fieldProps(`questions.${index}.options.${optionIndex}.label`)}
          />
          <IconButton
            icon="trash"
            size="sm"
            label={`حذف الخيار ${optionIndex + 1} من السؤال ${index + 1}`}
            onClick={() => remove(optionIndex)}
          />
        </RepeaterRow>
      ))}
      <Button size="sm" variant="secondary" icon="plus" onClick={addOption}>
        إضافة خيار للسؤال {index + 1}
      </Button>
    </fieldset>
  );
}
