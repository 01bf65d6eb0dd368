import { useWatch } from 'react-hook-form';
import { pathTo } from 'shared-contracts';
import {
  FINANCE_DIRECTIONS,
  FINANCIAL_RECORD_FIELD_LABELS as L,
  FINANCIAL_RECORD_STATUSES,
  FINANCIAL_RECORD_INPUT_STATUSES,
  PAYMENT_METHODS,
  financeDirectionLabel,
  financialRecordInputSchema,
  type FinancialRecord,
} from 'shared-contracts/finance';
import {
  Card,
  DateField,
  FormGrid,
  NumberField,
  RecordForm,
  SectionTitle,
  SelectField,
  TextAreaField,
  TextField,
  bindFields,
  formatCurrency,
  useRecordFormSave,
  useSchemaForm,
  codeOptions,
} from 'shared-ui';
import { categoryOptions, useFinancialCategories } from '../../../lib/categories';
import { useFinancialRecordSaved, useSaveFinancialRecord } from '../api/records-api';
import { LINK_KINDS, useCanLink } from './link-pickers';
import { RecordLinkField } from './record-link-field';
import { recordFormDefaults, type RecordPreset } from './record-form-values';

const CHOOSE = 'اختر...';
const INPUT_STATUS_OPTIONS = codeOptions(
  FINANCIAL_RECORD_STATUSES.filter((status) =>
    (FINANCIAL_RECORD_INPUT_STATUSES as readonly string[]).includes(status.code),
  ),
);

/**
 * Record a new income or expense (`record` null) or edit a pending one (a completed record is
 * never edited: its page offers the reversal). The amount is typed as text and sent as the exact
 * decimal string the schema reads (Arabic digits and `٫` accepted); the category list follows
 * the direction; the links are picked by search. The zakat rule is shown before saving and
 * enforced by the API (its 422 lands on the family link).
 */
export function FinancialRecordForm({
  record,
  preset,
}: {
  record: FinancialRecord | null;
  preset?: RecordPreset;
}) {
  const categories = useFinancialCategories();
  const saveRecord = useSaveFinancialRecord(record?.id ?? null);
  const recordSaved = useFinancialRecordSaved();
  const canLink = useCanLink();
  const form = useSchemaForm(financialRecordInputSchema, {
    defaultValues: recordFormDefaults(record, preset),
  });
  const { register, formState, control, setValue, getValues } = form;
  const fieldProps = bindFields(register, formState.errors);
  const direction = useWatch({ control, name: 'direction' });
  const categoryId = String(useWatch({ control, name: 'category_id' }) ?? '');
  const category = categories.data?.find((entry) => String(entry.id) === categoryId);
  const zakatExpense = direction === 'expense' && category?.is_zakat === true;

  // A category of the other direction cannot be kept when the direction changes.
  const directionChanged = () => {
    const chosen = categories.data?.find(
      (entry) => String(entry.id) === String(getValues('category_id')),
    );
    if (chosen && chosen.direction !== getValues('direction'))
      setValue('category_id', '', { shouldDirty: true });
  };

  const save = useRecordFormSave({
    form,
    save: saveRecord,
    errorTitle: 'تعذر حفظ القيد المالي',
    // A completed entry is never edited again (only reversed): saving one is confirmed first.
    confirm: (values) =>
      values.status === 'completed'
        ? {
            title: 'تسجيل القيد مكتملاً؟',
            message: `يُسجَّل القيد (${formatCurrency(values.amount)}) مكتملاً، فلا يُعدَّل ولا يُلغى بعد ذلك، ويُصحَّح بقيد عكسي فقط.`,
            confirmLabel: 'تسجيل القيد مكتملاً',
          }
        : null,
    onSaved: (answer) => ({
      toast: {
        title: answer.message ?? (record ? 'حُفظت تعديلات القيد' : 'سُجّل القيد المالي'),
        description: `${financeDirectionLabel(answer.data.direction)} — ${answer.data.category.name} — ${formatCurrency(answer.data.amount)}`,
      },
      to: recordSaved(answer),
    }),
  });

  return (
    <RecordForm
      form={form}
      save={save}
      label={record ? 'تعديل القيد المالي' : 'تسجيل قيد مالي'}
      submitLabel={record ? 'حفظ التعديلات' : 'تسجيل القيد'}
      cancelTo={record ? pathTo('financial.show', { id: record.id }) : pathTo('financial.list')}
    >
      <Card as="section" aria-labelledby="record-main">
        <SectionTitle id="record-main">القيد</SectionTitle>
        <FormGrid>
          <SelectField
            label={L.direction}
            required
            options={codeOptions(FINANCE_DIRECTIONS)}
            {...fieldProps('direction', { onChange: directionChanged })}
          />
          <NumberField
            label={`${L.amount} (ريال)`}
            required
            hint="أكبر من صفر، بمنزلتين عشريتين على الأكثر."
            {...fieldProps('amount')}
          />
          <DateField label={L.occurred_on} required {...fieldProps('occurred_on')} />
          <SelectField
            label={L.category}
            required
            placeholder={CHOOSE}
            options={categoryOptions(categories.data, direction, record?.category)}
            hint={
              zakatExpense
                ? 'صرف الزكاة: يُربط بأسرة معتمدة فقط.'
                : 'تُعدَّل القائمة من صفحة التصنيفات المالية.'
            }
            {...fieldProps('category_id')}
          />
          <SelectField
            label={L.status}
            required
            options={INPUT_STATUS_OPTIONS}
            hint="«معلّق» لتعهد أو دفعة لم تتم بعد؛ القيد المكتمل لا يُعدَّل لاحقاً."
            {...fieldProps('status')}
          />
          <SelectField
            label={L.payment_method}
            required
            options={codeOptions(PAYMENT_METHODS)}
            {...fieldProps('payment_method')}
          />
          <TextField label={L.reference_number} {...fieldProps('reference_number')} />
          <TextField label={L.receipt_number} {...fieldProps('receipt_number')} />
          <div data-span="full">
            <TextField
              label={L.restricted_purpose}
              hint="للأموال المقيدة بغرض (كفالة الأيتام، سلال رمضان…)؛ اتركه فارغاً لغير المقيدة."
              {...fieldProps('restricted_purpose')}
            />
          </div>
        </FormGrid>
      </Card>
      <Card as="section" aria-labelledby="record-links">
        <SectionTitle id="record-links">الارتباط</SectionTitle>
        <FormGrid>
          {LINK_KINDS.map((kind) => (
            <RecordLinkField
              key={kind}
              kind={kind}
              allowed={canLink[kind]}
              zakatExpense={zakatExpense}
            />
          ))}
        </FormGrid>
      </Card>
      <Card as="section" aria-labelledby="record-notes">
        <SectionTitle id="record-notes">{L.notes}</SectionTitle>
        <TextAreaField label={L.notes} rows={3} {...fieldProps('notes')} />
      </Card>
    </RecordForm>
  );
}
