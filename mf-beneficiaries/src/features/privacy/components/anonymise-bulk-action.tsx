import { useState, type ReactNode } from 'react';
import { REASON_REQUIRED_MESSAGE, countOf, hasReason, normaliseDigits } from 'shared-contracts';
import {
  BULK_MAX_ITEMS,
  BULK_MESSAGES,
  bulkActionEndpoints,
} from 'shared-contracts/resources/bulk-actions-contracts';
import {
  BulkActionDialog,
  FormGrid,
  Muted,
  PageLink,
  SelectionBar,
  Stack,
  TextAreaField,
  TextField,
  selectionRequest,
  useCanCall,
  useEndpointCall,
  type SelectionAction,
  type TableSelection,
} from 'shared-ui';
import { useInvalidateAfterErasure } from '../api/privacy-api';

export const ANONYMISE_BULK_LABEL = 'تجهيل بيانات الأسر المحددة';

/**
 * «تجهيل بيانات الأسر المحددة» (docs/personal-data.md#the-privacy-page): for holders of
 * `anonymise_families`, the bar over the due families and the dialog that asks for the reason
 * and, since the erasure cannot be undone, for the number of families selected typed again. The
 * server compares that number with the families it resolves from the selection.
 */
export function useAnonymiseBulkAction(
  selection: TableSelection,
  params: Readonly<Record<string, string>>,
): { enabled: boolean; bar: ReactNode; dialog: ReactNode } {
  const call = useEndpointCall();
  const refresh = useInvalidateAfterErasure();
  const allowed = useCanCall(bulkActionEndpoints.anonymise);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const actions: SelectionAction[] = allowed
    ? [
        {
          id: 'anonymise',
          label: ANONYMISE_BULK_LABEL,
          icon: 'trash',
          onSelect: () => {
            setReason('');
            setTyped('');
            setErrors({});
            setOpen(true);
          },
        },
      ]
    : [];

  const submit = async () => {
    const found: Record<string, string> = {};
    if (!hasReason(reason)) found.reason = REASON_REQUIRED_MESSAGE;
    const count = normaliseDigits(typed).trim();
    if (count === '') found.confirm = BULK_MESSAGES.confirmCountRequired;
    else if (count !== String(selection.count)) found.confirm = BULK_MESSAGES.confirmCountMismatch;
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    return call(bulkActionEndpoints.anonymise, {
      body: {
        action: 'anonymise',
        reason,
        confirm_count: selection.count,
        ...selectionRequest(selection, params),
      },
    });
  };

  const bar = (
    <SelectionBar selection={selection} noun="family" actions={actions} limit={BULK_MAX_ITEMS} />
  );
  const dialog = (
    <BulkActionDialog
      open={open}
      title={ANONYMISE_BULK_LABEL}
      noun="family"
      count={selection.count}
      confirmLabel="تجهيل البيانات نهائيًا"
      destructive
      onClose={() => setOpen(false)}
      onSubmit={submit}
      onDone={() => {
        selection.clear();
        refresh();
      }}
      failedLink={(item) => (
        <PageLink pageId="families.show" params={{ id: item.id }}>
          {item.label ?? 'الأسرة'}
        </PageLink>
      )}
    >
      <Stack $gap="md">
        <Muted>
          تُمحى البيانات الشخصية لـ{countOf(selection.count, 'family', { case: 'oblique' })} نهائيًا
          كما في تجهيل أسرة واحدة: الأسماء وأرقام الهويات والجوالات والعنوان التفصيلي والبيانات
          الصحية والملاحظات والمستندات. يبقى رقم الملف وسجل الحالة والسجلات المالية والخدمات. لا
          يمكن التراجع عن هذا الإجراء.
        </Muted>
        <TextAreaField
          label="سبب التجهيل"
          required
          rows={3}
          value={reason}
          error={errors.reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <FormGrid>
          <TextField
            label="اكتب عدد الأسر المحددة بالأرقام للتأكيد"
            required
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            value={typed}
            error={errors.confirm}
            onChange={(event) => setTyped(event.target.value)}
          />
        </FormGrid>
      </Stack>
    </BulkActionDialog>
  );
  return { enabled: actions.length > 0, bar, dialog };
}
