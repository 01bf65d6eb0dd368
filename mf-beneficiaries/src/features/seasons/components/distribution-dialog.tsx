import { useEffect, useMemo } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  DISTRIBUTION_KINDS,
  SEASON_MESSAGES,
  distributionInputSchema,
  normaliseVoucherCode,
  type DistributionFormValues,
  type SeasonBeneficiary,
} from 'shared-contracts/beneficiaries';
import { countOf, todayIso } from 'shared-contracts';
import {
  DateField,
  FileNumber,
  FormGrid,
  Identifier,
  Muted,
  Notice,
  NumberField,
  formatDate,
  RepeaterRow,
  SelectField,
  Stack,
  SubTitle,
  TextAreaField,
  TextField,
  bindFields,
  errorAt,
  useSchemaForm,
} from 'shared-ui';
import { FormDialog, useDialogSaveFeedback } from '../../../lib/components/form-dialog';
import { optionsOf, useLookups } from '../../../lib/lookups';
import { useRecordDistribution } from '../api/seasons-api';
import { ItemSelect } from '../../../lib/components/item-fields';
import { AddRowButton, RemoveRowButton } from '../../../lib/components/repeater-buttons';

type Values = DistributionFormValues;

function defaultsFor(beneficiary: SeasonBeneficiary | null): Values {
  return {
    beneficiary_id: beneficiary?.id ?? '',
    kind: 'items',
    items: [{ item: '', quantity: '1' }],
    cash_amount: '',
    distributed_at: todayIso(),
    received_by_name: beneficiary?.family.head_name ?? '',
    received_by_national_id: beneficiary?.family.head_national_id ?? '',
    voucher_code: '',
    notes: '',
  };
}

/**
 * The handover schema plus: a typed or scanned voucher must be this family's. Only the chosen
 * kind's part is checked and sent, so hidden item rows never block a cash handover.
 */
function schemaFor(beneficiary: SeasonBeneficiary | null) {
  const checked = distributionInputSchema.superRefine((value, ctx) => {
    if (!beneficiary || !value.voucher_code) return;
    if (
      normaliseVoucherCode(value.voucher_code) !== normaliseVoucherCode(beneficiary.voucher_code)
    ) {
      ctx.addIssue({
        code: 'custom',
        message: SEASON_MESSAGES.invalidVoucher,
        path: ['voucher_code'],
        input: value.voucher_code,
      });
    }
  });
  return z
    .custom<Values>()
    .transform((values): Values =>
      values.kind === 'cash' ? { ...values, items: undefined } : { ...values, cash_amount: '' },
    )
    .pipe(checked);
}

/** 'تسجيل صرف': records one handover (items or cash) to an enrolled family. */
export function DistributionDialog({
  seasonId,
  beneficiary,
  onClose,
}: {
  seasonId: number;
  beneficiary: SeasonBeneficiary | null;
  onClose: () => void;
}) {
  const lookups = useLookups();
  const schema = useMemo(() => schemaFor(beneficiary), [beneficiary]);
  const form = useSchemaForm(schema, { defaultValues: defaultsFor(beneficiary) });
  const { register, control, formState, handleSubmit, reset, setError } = form;
  const fieldProps = bindFields(register, formState.errors);
  const items = useFieldArray({ control, name: 'items' });
  const kind = useWatch({ control, name: 'kind' });

  useEffect(() => {
    reset(defaultsFor(beneficiary));
  }, [beneficiary, reset]);

  const feedback = useDialogSaveFeedback(setError, 'تعذر تسجيل الصرف', onClose);
  const save = useRecordDistribution(seasonId);

  return (
    <FormDialog
      open={beneficiary !== null}
      onClose={onClose}
      title="تسجيل صرف"
      description={
        beneficiary ? (
          <>
            {beneficiary.family.head_name} — رقم الملف{' '}
            <FileNumber value={beneficiary.family.file_number} /> — القسيمة{' '}
            <Identifier value={beneficiary.voucher_code} />
          </>
        ) : undefined
      }
      submitLabel="تسجيل الصرف"
      submitIcon="check"
      busy={save.isPending}
      onSubmit={(event) =>
        void handleSubmit((body) =>
          save.mutate(
            body,
            feedback({ title: 'سُجل الصرف', description: beneficiary?.family.head_name }),
          ),
        )(event)
      }
    >
      <Stack $gap="md">
        {beneficiary && beneficiary.distributions_count > 0 ? (
          // Not refused (a programme may hand over more than once), but never silent: a second
          // handover to the same family is the mistake staff most want to catch.
          <Notice tone="warning">
            سبق الصرف لهذه الأسرة في هذا البرنامج{' '}
            {countOf(beneficiary.distributions_count, 'time', { case: 'oblique' })}
            {beneficiary.last_distributed_at
              ? `، آخرها في ${formatDate(beneficiary.last_distributed_at)}`
              : ''}
            . تأكد قبل تسجيل صرف جديد.
          </Notice>
        ) : null}
        <FormGrid>
          <SelectField
            label="نوع الصرف"
            required
            options={optionsOf(DISTRIBUTION_KINDS)}
            {...fieldProps('kind')}
          />
          <DateField
            label="تاريخ التسليم"
            required
            max={todayIso()}
            {...fieldProps('distributed_at')}
          />
          {kind === 'cash' ? (
            <NumberField label="المبلغ النقدي (ريال)" required {...fieldProps('cash_amount')} />
          ) : null}
        </FormGrid>
        {kind === 'items' ? (
          <div>
            <SubTitle>الأصناف</SubTitle>
            {errorAt(formState.errors, 'items') ? (
              <Muted role="alert">{errorAt(formState.errors, 'items')}</Muted>
            ) : null}
            {items.fields.map((field, index) => (
              <RepeaterRow key={field.id}>
                <ItemSelect
                  label={`الصنف ${index + 1}`}
                  required
                  items={lookups.distribution_item_kinds}
                  {...fieldProps(`items.${index}.item`)}
                />
                <NumberField
                  label="الكمية"
                  required
                  inputMode="numeric"
                  {...fieldProps(`items.${index}.quantity`)}
                />
                <RemoveRowButton
                  label={`حذف الصنف ${index + 1}`}
                  onClick={() => items.remove(index)}
                />
              </RepeaterRow>
            ))}
            <AddRowButton onClick={() => items.append({ item: '', quantity: '1' })}>
              إضافة صنف
            </AddRowButton>
          </div>
        ) : null}
        <FormGrid>
          <TextField label="اسم المستلم" required {...fieldProps('received_by_name')} />
          <TextField
            label="هوية المستلم"
            dir="ltr"
            inputMode="numeric"
            normaliseDigits
            {...fieldProps('received_by_national_id')}
          />
          <TextField
            label="رمز القسيمة (اختياري)"
            dir="ltr"
            normaliseDigits
            hint="اكتب الرمز المطبوع أو امسحه للتحقق من المستلم"
            {...fieldProps('voucher_code')}
          />
          <div data-span="full">
            <TextAreaField label="ملاحظات" rows={2} {...fieldProps('notes')} />
          </div>
        </FormGrid>
      </Stack>
    </FormDialog>
  );
}
