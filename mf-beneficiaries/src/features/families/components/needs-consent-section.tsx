import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { NEED_PRIORITIES, researcherOptions } from 'shared-contracts/beneficiaries';
import {
  CheckboxField,
  DateField,
  FormGrid,
  Muted,
  RepeaterRow,
  SelectField,
  SubTitle,
  TextAreaField,
  TextField,
  bindFields,
  errorAt,
} from 'shared-ui';
import { optionsOf, useLookups, useResearchers } from '../../../lib/lookups';
import type { FamilyValues } from './family-form-values';
import { ItemCheckboxes, ItemSelect } from '../../../lib/components/item-fields';
import { AddRowButton, RemoveRowButton } from '../../../lib/components/repeater-buttons';

/** Categories, needs, consent, researcher and reassessment (wizard step 5). */
export function NeedsConsentSection() {
  const { register, control, formState } = useFormContext<FamilyValues>();
  const fieldProps = bindFields(register, formState.errors);
  const lookups = useLookups();
  const researchers = useResearchers();
  const { fields, append, remove } = useFieldArray({ control, name: 'needs' });
  // Controlled: the options arrive after the stored value, which must still show once they do.
  const researcherId = useWatch({ control, name: 'assigned_researcher_id' });

  return (
    <>
      <ItemCheckboxes
        id="family-categories"
        legend="فئات الأسرة"
        required
        error={errorAt(formState.errors, 'categories')}
        items={lookups.family_categories}
        field={register('categories')}
      />

      <SubTitle>الاحتياجات</SubTitle>
      {fields.length === 0 ? <Muted>لم تُسجل احتياجات. أضف كل احتياج بأولويته.</Muted> : null}
      {fields.map((field, index) => (
        <RepeaterRow key={field.id}>
          <ItemSelect
            label={`نوع الاحتياج ${index + 1}`}
            required
            items={lookups.need_types}
            {...fieldProps(`needs.${index}.need_type`)}
          />
          <SelectField
            label="الأولوية"
            options={optionsOf(NEED_PRIORITIES)}
            {...fieldProps(`needs.${index}.priority`)}
          />
          <TextField label="الوصف" {...fieldProps(`needs.${index}.description`)} />
          <RemoveRowButton label={`حذف الاحتياج ${index + 1}`} onClick={() => remove(index)} />
        </RepeaterRow>
      ))}
      <AddRowButton onClick={() => append({ need_type: '', priority: 'medium', description: '' })}>
        إضافة احتياج
      </AddRowButton>

      <SubTitle>الموافقة والمتابعة</SubTitle>
      <FormGrid>
        <div data-span="full">
          <CheckboxField
            label="وافقت الأسرة على معالجة بياناتها لأغراض الجمعية (مطلوب للإرسال للمراجعة)"
            {...fieldProps('consent_data_processing')}
          />
        </div>
        <div data-span="full">
          <CheckboxField
            label="وافقت الأسرة على مشاركة بياناتها مع الجهات الشريكة (اختياري)"
            {...register('consent_share_with_partners')}
          />
        </div>
        <SelectField
          label="الباحث الاجتماعي"
          placeholder={researchers.isLoading ? 'جارٍ التحميل...' : 'بدون تعيين'}
          options={researcherOptions(researchers.data ?? [])}
          hint={researchers.isError ? 'تعذر تحميل قائمة الباحثين' : undefined}
          {...fieldProps('assigned_researcher_id')}
          value={researcherId === null || researcherId === undefined ? '' : String(researcherId)}
        />
        <DateField label="موعد إعادة التقييم القادم" {...fieldProps('next_reassessment_date')} />
        <div data-span="full">
          <TextAreaField label="ملاحظات" rows={3} {...fieldProps('notes')} />
        </div>
      </FormGrid>
    </>
  );
}
