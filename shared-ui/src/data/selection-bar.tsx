import { useState } from 'react';
import styled from 'styled-components';
import { countOf, type ArabicNoun, type NounName } from 'shared-contracts';
import { Button } from '../controls/button';
import type { IconName } from '../controls/icon-paths';
import { formatNumber } from '../format/format';
import { ConfirmDialog } from '../overlays/confirm-dialog';
import type { TableSelection } from './table-selection';

export const SELECTION_BAR_LABEL = 'الإجراءات الجماعية';
export const SELECTION_HINT = 'حدد صفوفاً من القائمة لتنفيذ إجراء عليها معاً';
export const CLEAR_SELECTION_LABEL = 'إلغاء التحديد';
export const SELECT_ALL_MATCHING_TITLE = 'تحديد كل النتائج المطابقة';

/** «تم تحديد 3 أسر», «تم تحديد أسرتين»: the selection's count, through the plural helper. */
export function selectedCountText(count: number, noun: ArabicNoun | NounName): string {
  return `تم تحديد ${countOf(count, noun, { case: 'oblique' })}`;
}

/** «تحديد كل النتائج المطابقة (1,234)». */
export function selectAllMatchingLabel(total: number): string {
  return `${SELECT_ALL_MATCHING_TITLE} (${formatNumber(total)})`;
}

export interface SelectionAction {
  id: string;
  label: string;
  icon?: IconName;
  onSelect: () => void;
}

export interface SelectionBarProps {
  selection: TableSelection;
  /** What the rows are («أسرة»): every count through the plural helper. */
  noun: ArabicNoun | NounName;
  /** The bulk actions the employee may take on this list (the page leaves out the others). */
  actions: readonly SelectionAction[];
  /** The most a bulk action takes: «كل النتائج المطابقة» is offered only up to it. */
  limit?: number;
  className?: string;
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  /* Always there, one line high: ticking the first row never moves the table down. */
  min-block-size: 2.75rem;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  margin-block-end: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Count = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin-inline-start: auto;
`;

/**
 * The bar above a selectable table (docs/bulk-actions.md): what is selected («تم تحديد 3 أسر»),
 * «تحديد كل النتائج المطابقة (N)» after a confirmation, «إلغاء التحديد», and the actions the
 * employee may take, disabled while nothing is selected. Its count is a polite live region.
 */
export function SelectionBar({ selection, noun, actions, limit, className }: SelectionBarProps) {
  const [confirming, setConfirming] = useState(false);
  const { count, total, mode } = selection;
  const canSelectAll =
    mode === 'ids' && count > 0 && total > count && (limit === undefined || total <= limit);
  return (
    <Bar role="group" aria-label={SELECTION_BAR_LABEL} className={className}>
      <Count role="status">
        {count === 0 ? (
          <Hint as="span">{SELECTION_HINT}</Hint>
        ) : mode === 'all' ? (
          `${selectedCountText(count, noun)} (كل النتائج المطابقة)`
        ) : (
          selectedCountText(count, noun)
        )}
      </Count>
      {canSelectAll ? (
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
          {selectAllMatchingLabel(total)}
        </Button>
      ) : null}
      {count > 0 ? (
        <Button size="sm" variant="ghost" onClick={selection.clear}>
          {CLEAR_SELECTION_LABEL}
        </Button>
      ) : null}
      <Actions>
        {actions.map((action) => (
          <Button
            key={action.id}
            size="sm"
            variant="secondary"
            icon={action.icon}
            disabled={count === 0}
            onClick={action.onSelect}
          >
            {action.label}
          </Button>
        ))}
      </Actions>
      <ConfirmDialog
        open={confirming}
        title={SELECT_ALL_MATCHING_TITLE}
        message={`سيُحدَّد ${countOf(total, noun)} مما يطابق التصفية الحالية، في كل الصفحات.`}
        confirmLabel="تحديد الكل"
        onConfirm={() => {
          selection.selectAllMatching();
          setConfirming(false);
        }}
        onCancel={() => setConfirming(false)}
      />
    </Bar>
  );
}
