import { useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import styled from 'styled-components';
import {
  CALORIE_SEXES,
  CALORIE_SEX_LABELS,
  calorieBandSchema,
  calorieCoverageProblems,
  calorieSettingsInputSchema,
  type CalorieBand,
  type CalorieSettingsFormValues,
  type CalorieVersion,
} from 'shared-contracts/admin';
import {
  Button,
  Card,
  FormErrorSummary,
  FormGrid,
  IconButton,
  Notice,
  NumberField,
  SectionTitle,
  SelectField,
  TextAreaField,
  TextField,
  bindFields,
  useSaveErrorHandler,
  useSchemaForm,
  useToast,
} from 'shared-ui';
import { useSaveCalorieSettings } from '../api/calorie-settings-api';

const BandRow = styled.div`
  display: grid;
  grid-template-columns: minmax(7rem, 1fr) repeat(3, minmax(6rem, 1fr)) auto;
  gap: ${({ theme }) => theme.space.sm};
  align-items: end;
`;

const Bands = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const SEX_OPTIONS = CALORIE_SEXES.map((sex) => ({ value: sex, label: CALORIE_SEX_LABELS[sex] }));

/** The active version as the form's starting values (the note is new each time). */
function startingValues(version: CalorieVersion): CalorieSettingsFormValues {
  return {
    note: '',
    source: version.source ?? '',
    planning_figure: version.planning_figure,
    pregnancy_addition: version.pregnancy_addition,
    lactation_addition: version.lactation_addition,
    bands: version.bands.map((band) => ({ ...band })),
  };
}

/** The bands typed so far that are whole, for the live coverage check. */
function wholeBands(values: readonly unknown[]): CalorieBand[] {
  return values.flatMap((value) => {
    const parsed = calorieBandSchema.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * A new version of the calorie table: starts from the active one; every band editable, added or
 * removed; a note is required. The gaps and overlaps of each sex's bands are named live (the
 * API refuses the same with the same words).
 */
export function CalorieSettingsForm({
  active,
  onDone,
}: {
  active: CalorieVersion;
  onDone: () => void;
}) {
  const { toast } = useToast();
  const save = useSaveCalorieSettings();
  const form = useSchemaForm(calorieSettingsInputSchema, { defaultValues: startingValues(active) });
  const { control, register, handleSubmit, setError, formState } = form;
  const fieldProps = bindFields(register, formState.errors);
  const bands = useFieldArray({ control, name: 'bands' });
  const watched = useWatch({ control, name: 'bands' }) as unknown[] | undefined;
  const coverage = calorieCoverageProblems(wholeBands(watched ?? []));
  const handleError = useSaveErrorHandler(setError, 'تعذر حفظ إعدادات السعرات');
  const [messages, setMessages] = useState<string[]>([]);

  const onSubmit = handleSubmit(
    async (body) => {
      setMessages([]);
      try {
        const answer = await save.mutateAsync(body);
        toast({
          title: answer.message ?? 'حُفظ الإصدار',
          description: `الإصدار ${answer.data.version_number} هو المعمول به الآن`,
        });
        onDone();
      } catch (error) {
        setMessages(handleError(error));
      }
    },
    () => setMessages(['راجع الحقول المظللة قبل الحفظ']),
  );

  const bandErrors = formState.errors.bands;
  return (
    <form
      noValidate
      aria-label="إصدار جديد من إعدادات السعرات"
      onSubmit={(event) => void onSubmit(event)}
    >
      <Card as="section" aria-labelledby="calorie-settings-edit">
        <SectionTitle id="calorie-settings-edit">إصدار جديد من جدول السعرات</SectionTitle>
        <FormErrorSummary messages={messages} />
        <FormGrid>
          <div data-span="full">
            <TextAreaField
              label="ملاحظة التعديل"
              required
              rows={2}
              hint="لماذا تغير الجدول؟ تظهر مع الإصدار في السجل."
              {...fieldProps('note')}
            />
          </div>
          <TextField label="المصدر" {...fieldProps('source')} />
          <NumberField
            label="رقم التخطيط (سعرة للفرد يومياً)"
            inputMode="numeric"
            required
            {...fieldProps('planning_figure')}
          />
          <NumberField
            label="زيادة الحمل"
            inputMode="numeric"
            required
            {...fieldProps('pregnancy_addition')}
          />
          <NumberField
            label="زيادة الرضاعة"
            inputMode="numeric"
            required
            {...fieldProps('lactation_addition')}
          />
        </FormGrid>
      </Card>
      <Card as="section" aria-labelledby="calorie-settings-bands">
        <SectionTitle id="calorie-settings-bands">الفئات العمرية</SectionTitle>
        {coverage.length > 0 ? (
          <Notice tone="warning">{`الفئات العمرية غير مكتملة: ${coverage.join('، ')}`}</Notice>
        ) : null}
        {bandErrors?.message || bandErrors?.root?.message ? (
          <Notice tone="danger" role="alert">
            {bandErrors.message ?? bandErrors.root?.message}
          </Notice>
        ) : null}
        <Bands>
          {bands.fields.map((band, index) => (
            <BandRow key={band.id} role="group" aria-label={`الفئة العمرية ${index + 1}`}>
              <SelectField
                label={`الجنس (الفئة ${index + 1})`}
                options={SEX_OPTIONS}
                {...fieldProps(`bands.${index}.sex`)}
              />
              <NumberField
                label="من عمر"
                inputMode="numeric"
                {...fieldProps(`bands.${index}.age_from`)}
              />
              <NumberField
                label="إلى عمر"
                inputMode="numeric"
                {...fieldProps(`bands.${index}.age_to`)}
              />
              <NumberField
                label="السعرات اليومية"
                inputMode="numeric"
                {...fieldProps(`bands.${index}.kcal`)}
              />
              <IconButton
                icon="trash"
                label={`حذف الفئة ${index + 1}`}
                onClick={() => bands.remove(index)}
              />
            </BandRow>
          ))}
        </Bands>
        <Actions>
          <Button
            variant="secondary"
            icon="plus"
            onClick={() => bands.append({ sex: 'male', age_from: 0, age_to: 0, kcal: 2000 })}
          >
            إضافة فئة
          </Button>
        </Actions>
      </Card>
      <Actions>
        <Button type="submit" icon="check" loading={save.isPending}>
          حفظ كإصدار جديد
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          إلغاء
        </Button>
      </Actions>
    </form>
  );
}
