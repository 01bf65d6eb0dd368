import { useState } from 'react';
import { readApiError } from 'shared-contracts';
import { Button } from '../controls/button';
import { Row } from '../layout/page-layout';
import { useToast } from '../toast/toast-context';
import { ConfirmDialog } from './confirm-dialog';
import { ReasonConfirmDialog } from './reason-confirm-dialog';

/**
 * Workflow status changes (families, seasons, season beneficiaries, services, seminars): the
 * confirming dialog — a plain ConfirmDialog, or the ReasonConfirmDialog when the target status
 * needs a reason the API records — its body, its toasts, and `StatusActions`, the row of
 * next-status buttons every workflow's show page has.
 */

export interface StatusChangeRequest {
  title: string;
  message: string;
  confirmLabel: string;
  /** The target needs a reason (reject, suspend, archive, cancel, exclude). */
  requireReason: boolean;
  destructive?: boolean;
}

export function StatusChangeDialog({
  request,
  busy,
  onConfirm,
  onCancel,
}: {
  request: StatusChangeRequest | null;
  busy: boolean;
  onConfirm: (reason: string | null) => void;
  onCancel: () => void;
}) {
  if (!request) return null;
  const shared = {
    open: true,
    title: request.title,
    message: request.message,
    confirmLabel: request.confirmLabel,
    destructive: request.destructive,
    busy,
    onCancel,
  };
  return request.requireReason ? (
    <ReasonConfirmDialog {...shared} onConfirm={onConfirm} />
  ) : (
    <ConfirmDialog {...shared} onConfirm={() => onConfirm(null)} />
  );
}

/** The body of a status change: the status, and the reason when one was given. */
export function statusChangeBody<S extends string>(status: S, reason: string | null) {
  return reason ? { status, reason } : { status };
}

/**
 * The callbacks of a status change: toast the new status ('تم تغيير حالة الأسرة') and close, or
 * toast why it failed.
 */
export function useStatusChangeFeedback<S extends string>(
  title: string,
  statusLabel: (status: S) => string,
  done: () => void,
) {
  const { toast } = useToast();
  return {
    onSuccess: (answer: { data: { status: S } }) => {
      toast({ title, description: `الحالة الآن: ${statusLabel(answer.data.status)}` });
      done();
    },
    onError: (error: unknown) =>
      toast({
        variant: 'destructive',
        title: 'تعذر تغيير الحالة',
        description: readApiError(error).message,
      }),
  };
}

/** The status-change mutation of a record (react-query's `useMutation` result fits). */
export interface StatusChangeMutation<S extends string> {
  readonly isPending: boolean;
  readonly mutate: (
    body: { status: S; reason?: string },
    callbacks: ReturnType<typeof useStatusChangeFeedback<S>>,
  ) => void;
}

export interface StatusActionsProps<S extends string> {
  /** The group's name for assistive technology ('إجراءات حالة الخدمة'). */
  readonly label: string;
  /** The statuses the record may move to now (the workflow's transitions). */
  readonly next: readonly S[];
  /** The button's and dialog's verb per target status ('اعتماد الخدمة'). */
  readonly verbs: Readonly<Record<S, string>>;
  /** What confirming does, per target status. */
  readonly messages: Readonly<Record<S, string>>;
  readonly needsReason: (status: S) => boolean;
  readonly isDestructive: (status: S) => boolean;
  /** The success toast's title ('تم تغيير حالة الخدمة') and the status names. */
  readonly changedTitle: string;
  readonly statusLabel: (status: S) => string;
  readonly change: StatusChangeMutation<S>;
}

/**
 * The record's next statuses as buttons, each confirmed first; a status that needs a reason asks
 * for it. The page shows this only to an employee who may call the status endpoint.
 */
export function StatusActions<S extends string>({
  label,
  next,
  verbs,
  messages,
  needsReason,
  isDestructive,
  changedTitle,
  statusLabel,
  change,
}: StatusActionsProps<S>) {
  const [target, setTarget] = useState<S | null>(null);
  const feedback = useStatusChangeFeedback(changedTitle, statusLabel, () => setTarget(null));
  if (next.length === 0) return null;
  return (
    <>
      <Row role="group" aria-label={label}>
        {next.map((status) => (
          <Button
            key={status}
            size="sm"
            variant={isDestructive(status) ? 'danger' : 'primary'}
            onClick={() => setTarget(status)}
          >
            {verbs[status]}
          </Button>
        ))}
      </Row>
      <StatusChangeDialog
        request={
          target
            ? {
                title: `${verbs[target]}؟`,
                message: messages[target],
                confirmLabel: verbs[target],
                requireReason: needsReason(target),
                destructive: isDestructive(target),
              }
            : null
        }
        busy={change.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={(reason) => {
          if (target) change.mutate(statusChangeBody(target, reason), feedback);
        }}
      />
    </>
  );
}
