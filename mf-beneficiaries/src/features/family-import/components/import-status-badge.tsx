import { IMPORT_STATUS_LABELS, type ImportStatus } from 'shared-contracts/beneficiaries';
import { Badge, type BadgeTone } from 'shared-ui';

const TONES: Record<ImportStatus, BadgeTone> = {
  validating: 'info',
  ready: 'warning',
  committing: 'info',
  done: 'success',
  failed: 'danger',
};

/** An import's state in words (the colour only repeats it). */
export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  return <Badge tone={TONES[status]}>{IMPORT_STATUS_LABELS[status]}</Badge>;
}
