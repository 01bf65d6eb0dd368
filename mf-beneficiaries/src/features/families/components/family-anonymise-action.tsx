import { useEffect, useState } from 'react';
import {
  FAMILY_ERASURE_MESSAGES,
  familyAnonymiseSchema,
  familyErasureEndpoints,
  isSameFileNumber,
  type FamilyAnonymiseInput,
} from 'shared-contracts/resources/family-erasure-contracts';
import {
  Button,
  FileNumber,
  FormGrid,
  Muted,
  Stack,
  TextAreaField,
  TextField,
  bindFields,
  useCanCall,
  useSchemaForm,
} from 'shared-ui';
import { FormDialog, useDialogSaveFeedback } from '../../../lib/components/form-dialog';
import { useAnonymiseFamily } from '../api/families-api';

const EMPTY: FamilyAnonymiseInput = { reason: '', file_number: '' };

/**
 * «تجهيل بيانات الأسرة» (docs/personal-data.md#erasure): for holders of `anonymise_families`, a
 * dialog that says what is destroyed and what is kept, and asks for the reason and the file
 * number typed again. Irreversible: the server compares the file number and answers the
 * anonymised family, which the page then shows.
 */
export function FamilyAnonymiseAction({
  family,
}: {
  family: { id: number; file_number: string; anonymised_at?: string | null };
}) {
  const allowed = useCanCall(familyErasureEndpoints.anonymise);
  const [open, setOpen] = useState(false);
  const form = useSchemaForm(familyAnonymiseSchema, { defaultValues: EMPTY });
  const { register, formState, handleSubmit, reset, setError } = form;
  const fieldProps = bindFields(register, formState.errors);
  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);
  const close = () => setOpen(false);
  const feedback = useDialogSaveFeedback(setError, 'تعذر تجهيل بيانات الأسرة', close);
  const anonymise = useAnonymiseFamily(family.id);
  if (!allowed || family.anonymised_at) return null;

  return (
    <>
      <Button variant="danger" icon="trash" onClick={() => setOpen(true)}>
        تجهيل بيانات الأسرة
      </Button>
      <FormDialog
        open={open}
        onClose={close}
        title="تجهيل بيانات الأسرة نهائيًا؟"
        description={
          <>
            للأسرة ذات رقم الملف <FileNumber value={family.file_number} />. لا يمكن التراجع عن هذا
            الإجراء.
          </>
        }
        submitLabel="تجهيل البيانات"
        submitIcon="trash"
        busy={anonymise.isPending}
        onSubmit={(event) =>
          void handleSubmit((body) => {
            // Said here at once, without a round trip; the server compares again.
            if (!isSameFileNumber(body.file_number, family.file_number)) {
              setError('file_number', { message: FAMILY_ERASURE_MESSAGES.fileNumberMismatch });
              return;
            }
            anonymise.mutate(body, feedback({ title: 'تم تجهيل بيانات الأسرة' }));
          })(event)
        }
      >
        <Stack $gap="md">
          <Muted>
            تُمحى أسماء الأسرة وأفرادها وأرقام هوياتهم وجوالاتهم وعنوانها التفصيلي وبياناتهم الصحية
            وملاحظاتها ومستنداتها والقيم القديمة والجديدة في سجل نشاطها. يبقى رقم الملف وسجل الحالة
            والجنس وسنة الميلاد والمدينة والحي والسجلات المالية والخدمات بمبالغها وتواريخها.
          </Muted>
          <TextAreaField label="سبب التجهيل" required rows={3} {...fieldProps('reason')} />
          <FormGrid>
            <TextField
              label="اكتب رقم ملف الأسرة للتأكيد"
              required
              dir="ltr"
              autoComplete="off"
              {...fieldProps('file_number')}
            />
          </FormGrid>
        </Stack>
      </FormDialog>
    </>
  );
}
