import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { countOf, readApiError, type NounName } from 'shared-contracts';
import {
  bulkActionEndpoints,
  bulkSummary,
  isBulkJob,
  type BulkJob,
  type BulkResult,
  type BulkStartResponse,
} from 'shared-contracts/resources/bulk-actions-contracts';
import { useEndpointCall } from '../api/use-endpoint';
import { Button } from '../controls/button';
import { Notice } from '../feedback/notice';
import { formatNumber } from '../format/format';
import { dismissLabelFor } from './confirm-dialog';
import { Dialog } from './dialog';

export const BULK_CLOSE_LABEL = 'تم';
/** How often a queued bulk action's progress is read. */
const POLL_MS = 1000;

/** «تمت معالجة 120 من 250 أسرة». */
export function bulkProgressText(job: Pick<BulkJob, 'processed' | 'total'>, noun: NounName) {
  return `تمت معالجة ${formatNumber(job.processed)} من ${countOf(job.total, noun, { case: 'oblique' })}`;
}

export interface BulkActionDialogProps {
  open: boolean;
  title: string;
  /** What the rows are: every count through the plural helper. */
  noun: NounName;
  /** How many items the action will take. */
  count: number;
  confirmLabel: string;
  destructive?: boolean;
  /** The action's fields (reason, researcher, season, status), with their own errors. */
  children?: ReactNode;
  /**
   * Checks the fields and sends the request: resolves to the API's answer, or null to stay on
   * the form (a field shows its error). A refused request (403, 422) is shown in the dialog.
   */
  onSubmit: () => Promise<BulkStartResponse | null>;
  onClose: () => void;
  /** Called once with the result (refresh the list, clear the selection). */
  onDone?: (result: BulkResult) => void;
  /** A refused item's link to its record (its label as the text). */
  failedLink: (item: BulkResult['failed'][number]) => ReactNode;
}

const Failures = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding-inline-start: ${({ theme }) => theme.space.lg};
  max-block-size: 18rem;
  overflow-y: auto;
`;

const Summary = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`;

type Stage =
  | { kind: 'form'; error?: string }
  | { kind: 'running'; job: BulkJob }
  | { kind: 'summary'; result: BulkResult };

/**
 * A bulk action's dialog (docs/bulk-actions.md): the action's fields, then — once sent — its
 * progress when it runs as a job, then the summary «تم تحديث 38 أسرة، وتعذر تحديث أسرتين» with
 * each refused item's reason and a link to it. Focus stays in the dialog throughout.
 */
export function BulkActionDialog({
  open,
  title,
  noun,
  count,
  confirmLabel,
  destructive = false,
  children,
  onSubmit,
  onClose,
  onDone,
  failedLink,
}: BulkActionDialogProps) {
  const call = useEndpointCall();
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
  const [busy, setBusy] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);
  const closeRef = useRef<HTMLButtonElement>(null);
  const formId = useId();

  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setStage({ kind: 'form' });
      setBusy(false);
    }
  }

  const finish = (result: BulkResult) => {
    setStage({ kind: 'summary', result });
    done.current?.(result);
  };

  // A job: its progress every second until it is done.
  const jobId = stage.kind === 'running' ? stage.job.job_id : null;
  useEffect(() => {
    if (jobId === null) return;
    let stopped = false;
    const timer = setInterval(() => {
      void call(bulkActionEndpoints.show, { params: { id: jobId } })
        .then(({ data }) => {
          if (stopped) return;
          if (data.result && (data.status === 'done' || data.status === 'failed')) {
            stopped = true;
            clearInterval(timer);
            setStage({ kind: 'summary', result: data.result });
            done.current?.(data.result);
          } else setStage({ kind: 'running', job: data });
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [jobId, call]);

  // The summary replaces the form: focus goes to its button, inside the dialog.
  useEffect(() => {
    if (stage.kind === 'summary') closeRef.current?.focus();
  }, [stage.kind]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await onSubmit();
      if (!answer) return;
      if (isBulkJob(answer.data)) setStage({ kind: 'running', job: answer.data });
      else finish(answer.data);
    } catch (error) {
      setStage({ kind: 'form', error: readApiError(error).message });
    } finally {
      setBusy(false);
    }
  };

  const running = stage.kind === 'running';
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy && !running) onClose();
      }}
      title={title}
      description={
        stage.kind === 'form'
          ? `سيُطبَّق الإجراء على ${countOf(count, noun, { case: 'oblique' })}.`
          : undefined
      }
      closeOnBackdrop={!busy && !running}
      dismissible={!running}
      footer={
        stage.kind === 'form' ? (
          <>
            <Button
              type="submit"
              form={formId}
              variant={destructive ? 'danger' : 'primary'}
              loading={busy}
            >
              {confirmLabel}
            </Button>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {dismissLabelFor(confirmLabel)}
            </Button>
          </>
        ) : stage.kind === 'summary' ? (
          <Button ref={closeRef} variant="secondary" onClick={onClose}>
            {BULK_CLOSE_LABEL}
          </Button>
        ) : null
      }
    >
      {stage.kind === 'form' ? (
        <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
          {stage.error ? (
            <Notice tone="danger" role="alert">
              {stage.error}
            </Notice>
          ) : null}
          {children}
        </form>
      ) : null}
      {stage.kind === 'running' ? (
        <div role="status">
          <p>جارٍ التنفيذ في الخلفية، ويمكنك متابعة التقدم هنا.</p>
          <p>{bulkProgressText(stage.job, noun)}</p>
          <progress value={stage.job.processed} max={stage.job.total} aria-label="التقدم" />
        </div>
      ) : null}
      {stage.kind === 'summary' ? (
        <div role="status">
          <Summary>{bulkSummary(stage.result, noun)}</Summary>
          {stage.result.failed.length > 0 ? (
            <Failures aria-label="ما تعذر تنفيذه">
              {stage.result.failed.map((item) => (
                <li key={item.id}>
                  {failedLink(item)}: {item.message}
                </li>
              ))}
            </Failures>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
