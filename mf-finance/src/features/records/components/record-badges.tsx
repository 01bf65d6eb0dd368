import {
  FINANCE_DIRECTIONS,
  FINANCIAL_RECORD_STATUSES,
  type FinanceDirection,
  type FinancialRecordStatus,
} from 'shared-contracts/finance';
import { Badge, StatusBadge } from 'shared-ui';

/** A record's status: completed green, pending amber, cancelled red, refunded neutral. */
export function RecordStatusBadge({ status }: { status: FinancialRecordStatus }) {
  return (
    <StatusBadge
      choices={FINANCIAL_RECORD_STATUSES}
      value={status}
      tones={{ completed: 'success', pending: 'warning', cancelled: 'danger', refunded: 'neutral' }}
    />
  );
}

/** Income or expense (the label says it; the colour only repeats it). */
export function DirectionBadge({ direction }: { direction: FinanceDirection }) {
  return (
    <StatusBadge
      choices={FINANCE_DIRECTIONS}
      value={direction}
      tones={{ income: 'success', expense: 'info' }}
    />
  );
}

/** Marks a reversing entry (قيد عكسي), which the list shows right after its original. */
export function ReversalBadge() {
  return <Badge tone="warning">قيد عكسي</Badge>;
}

export function ZakatBadge() {
  return <Badge tone="info">زكاة</Badge>;
}
