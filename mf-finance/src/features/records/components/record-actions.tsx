import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { pathTo } from 'shared-contracts';
import {
  FINANCIAL_RECORD_MESSAGES,
  financialRecordActions,
  financialRecordEndpoints,
  type FinancialRecord,
} from 'shared-contracts/finance';
import {
  Button,
  PageButtonLink,
  ReasonConfirmDialog,
  Row,
  formatCurrency,
  useCanCall,
  useSaveErrorHandler,
  useToast,
} from 'shared-ui';
import { useCancelFinancialRecord, useReverseFinancialRecord } from '../api/records-api';

type Open = 'cancel' | 'reverse' | null;

/**
 * What can be done to a record, by its status (`financialRecordActions`): a pending one is
 * edited or cancelled with a reason; a completed one is never edited — it is reversed, with a
 * reason, by a reversing entry dated today (the page then opens that entry). Closed records and
 * reversing entries offer nothing.
 */
export function RecordActions({ record }: { record: FinancialRecord }) {
  const actions = financialRecordActions(record);
  const canCancel = useCanCall(financialRecordEndpoints.cancel) && actions.cancel;
  const canReverse = useCanCall(financialRecordEndpoints.reverse) && actions.reverse;
  const [open, setOpen] = useState<Open>(null);
  const cancel = useCancelFinancialRecord(record.id);
  const reverse = useReverseFinancialRecord(record.id);
  const navigate = useNavigate();
  const { toast } = useToast();
  // Neither body has a field the dialogs show but the reason: every error is a toast.
  const handleError = useSaveErrorHandler(() => undefined, 'تعذر تنفيذ الإجراء');

  if (!actions.edit && !canCancel && !canReverse) return null;
  return (
    <>
      <Row>
        {actions.edit ? (
          <PageButtonLink
            pageId="financial.edit"
            params={{ id: record.id }}
            icon="edit"
            variant="secondary"
          >
            تعديل
          </PageButtonLink>
        ) : null}
        {canReverse ? (
          <Button icon="refresh" variant="secondary" onClick={() => setOpen('reverse')}>
            قيد عكسي
          </Button>
        ) : null}
        {canCancel ? (
          <Button icon="close" variant="danger" onClick={() => setOpen('cancel')}>
            إلغاء القيد
          </Button>
        ) : null}
      </Row>
      <ReasonConfirmDialog
        open={open === 'cancel'}
        title={`إلغاء القيد رقم ${record.id}`}
        message="يبقى القيد الملغى في السجل بسببه، ولا يدخل في الإجماليات."
        confirmLabel="إلغاء القيد"
        destructive
        busy={cancel.isPending}
        reasonLabel="سبب الإلغاء"
        onCancel={() => setOpen(null)}
        onConfirm={(reason) =>
          cancel.mutate(
            { reason },
            {
              onSuccess: (answer) => {
                setOpen(null);
                toast({ title: answer.message ?? FINANCIAL_RECORD_MESSAGES.cancelled });
              },
              onError: (error) => void handleError(error),
            },
          )
        }
      />
      <ReasonConfirmDialog
        open={open === 'reverse'}
        title={`قيد عكسي للقيد رقم ${record.id}`}
        message={`يُسجَّل اليوم قيد بالمبلغ المعاكس (${formatCurrency(record.amount)} بالسالب) ويصبح هذا القيد «مسترداً»؛ يبقى الاثنان في السجل متجاورين كما يطلب المدققون.`}
        confirmLabel="تسجيل القيد العكسي"
        busy={reverse.isPending}
        reasonLabel="سبب القيد العكسي"
        onCancel={() => setOpen(null)}
        onConfirm={(reason) =>
          reverse.mutate(
            { reason },
            {
              onSuccess: (answer) => {
                setOpen(null);
                toast({ title: answer.message ?? FINANCIAL_RECORD_MESSAGES.reversed });
                void navigate(pathTo('financial.show', { id: answer.data.id }));
              },
              onError: (error) => void handleError(error),
            },
          )
        }
      />
    </>
  );
}
