import { useEffect } from 'react';
import {
  RETENTION_MAX_YEARS,
  RETENTION_MIN_YEARS,
  retentionInputSchema,
  type RetentionInput,
} from 'shared-contracts/resources/privacy-contracts';
import { countOf } from 'shared-contracts';
import { FormGrid, Muted, Stack, TextField, bindFields, useSchemaForm } from 'shared-ui';
import { FormDialog, useDialogSaveFeedback } from '../../../lib/components/form-dialog';
import { useUpdateRetention } from '../api/privacy-api';

/**
 * «تعديل مدة الاحتفاظ»: whole years within the bounds; a 422 lands on the field. Saving lists
 * (or stops listing) families at once, so the dialog says what the number means.
 */
export function RetentionDialog({
  open,
  years,
  onClose,
}: {
  open: boolean;
  years: number;
  onClose: () => void;
}) {
  const form = useSchemaForm(retentionInputSchema, {
    defaultValues: { inactive_years: String(years) } satisfies RetentionInput,
  });
  const { register, formState, handleSubmit, reset, setError } = form;
  const fieldProps = bindFields(register, formState.errors);
  useEffect(() => {
    if (open) reset({ inactive_years: String(years) });
  }, [open, years, reset]);
  const feedback = useDialogSaveFeedback(setError, 'تعذر حفظ مدة الاحتفاظ', onClose);
  const save = useUpdateRetention();

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="تعديل مدة الاحتفاظ بالبيانات"
      submitLabel="حفظ المدة"
      busy={save.isPending}
      onSubmit={(event) =>
        void handleSubmit((body) => {
          save.mutate(body, feedback({ title: 'تم حفظ مدة الاحتفاظ بالبيانات' }));
        })(event)
      }
    >
      <Stack $gap="md">
        <Muted>
          تُدرج الأسرة المؤرشفة أو المرفوضة في قائمة التجهيل متى مضت هذه المدة دون أي نشاط في ملفها.
          المدة بين {countOf(RETENTION_MIN_YEARS, 'year', { case: 'oblique' })} و
          {countOf(RETENTION_MAX_YEARS, 'year', { case: 'oblique' })}.
        </Muted>
        <FormGrid>
          <TextField
            label="المدة بالسنوات"
            required
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            {...fieldProps('inactive_years')}
          />
        </FormGrid>
      </Stack>
    </FormDialog>
  );
}
