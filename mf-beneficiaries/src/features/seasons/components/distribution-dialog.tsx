import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo } from 'react';
import { useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  DISTRIBUTION_KINDS,
  SEASON_MESSAGES,
  distributionInputSchema,
  normaliseVoucherCode,
  todayIso,
  type DistributionFormValues,
  type DistributionInput,
  type SeasonBeneficiary,
} from 'shared-contracts';
import {
  Button,
  DateField,
  Dialog,
  FormGrid,
  IconButton,
  LtrText,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
  bindFields,
  errorAt,
  useApiClient,
  useSaveErrorHandler,
  useToast,
} from 'shared-ui';
import { Muted, RepeaterRow, Stack, SubTitle } from '../../../lib/components/layout';
import { optionsOf, useLookups } from '../../../lib/lookups';
import { beneficiariesKeys } from '../../../lib/query-keys';
import { recordDistribution } from '../api/seasons-api';

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

/** The handover schema plus: a typed or scanned voucher must be this family's. */
function schemaFor(beneficiary: SeasonBeneficiary | null) {
  return distributionInputSchema.superRefine((value, ctx) => {
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
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const lookups = useLookups();
  const formId = useId();
  const resolver = useMemo((): Resolver<Values> => {
    const validate = zodResolver(schemaFor(beneficiary)) as unknown as Resolver<Values>;
    // Only the chosen kind's part is sent: hidden item rows must not block a cash handover.
    return (values, context, options) =>
      validate(
        values.kind === 'cash' ? { ...values, items: undefined } : { ...values, cash_amount: '' },
        context,
        options,
      );
  }, [beneficiary]);
  const form = useForm<Values>({ resolver, defaultValues: defaultsFor(beneficiary) });
  const { register, control, formState, handleSubmit, reset, setError } = form;
  const fieldProps = bindFields(register, formState.errors);
  const items = useFieldArray({ control, name: 'items' });
  const kind = useWatch({ control, name: 'kind' });

  useEffect(() => {
    reset(defaultsFor(beneficiary));
  }, [beneficiary, reset]);

  const handleSaveError = useSaveErrorHandler(setError, 'تعذر تسجيل الصرف');
  const save = useMutation({
    mutationFn: (body: DistributionInput) => recordDistribution(client, seasonId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: beneficiariesKeys.seasons.detail(seasonId) });
      toast({
        title: 'سُجل الصرف',
        description: beneficiary ? `${beneficiary.family.head_name}` : undefined,
      });
      onClose();
    },
    onError: handleSaveError,
  });

  return (
    <Dialog
      open={beneficiary !== null}
      onClose={() => {
        if (!save.isPending) onClose();
      }}
      size="lg"
      title="تسجيل صرف"
      description={
        beneficiary ? (
          <>
            {beneficiary.family.head_name} — رقم الملف{' '}
            <LtrText>{beneficiary.family.file_number}</LtrText> — القسيمة{' '}
            <LtrText>{beneficiary.voucher_code}</LtrText>
          </>
        ) : undefined
      }
      footer={
        <>
          <Button type="submit" form={formId} loading={save.isPending} icon="check">
            تسجيل الصرف
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            إلغاء
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.stopPropagation();
          void handleSubmit((body) => save.mutate(body as unknown as DistributionInput))(event);
        }}
      >
        <Stack $gap="md">
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
                  <SelectField
                    label={`الصنف ${index + 1}`}
                    required
                    placeholder="اختر..."
                    options={optionsOf(lookups.distribution_item_kinds)}
                    {...fieldProps(`items.${index}.item`)}
                  />
                  <NumberField
                    label="الكمية"
                    required
                    inputMode="numeric"
                    {...fieldProps(`items.${index}.quantity`)}
                  />
                  <IconButton
                    icon="trash"
                    label={`حذف الصنف ${index + 1}`}
                    onClick={() => items.remove(index)}
                  />
                </RepeaterRow>
              ))}
              <Button
                size="sm"
                variant="secondary"
                icon="plus"
                onClick={() => items.append({ item: '', quantity: '1' })}
              >
                إضافة صنف
              </Button>
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
      </form>
    </Dialog>
  );
}
